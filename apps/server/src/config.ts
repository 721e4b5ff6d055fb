import { isIP } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { CAPTCHA_KINDS } from '@chain/contract';
import * as z from 'zod';
import { REPO_ROOT } from './paths';

const flag = z
  .enum(['1', '0', 'true', 'false', 'on', 'off', 'yes', 'no'], { error: 'must be 1 or 0' })
  .transform((value) => ['1', 'true', 'on', 'yes'].includes(value));

/**
 * A list of https origins for the CSP. `https://*.tiles.example.com` covers the sharded hosts of
 * one service; a wildcard over a whole domain (`https://*.example.com`) is refused (issue 11.12).
 */
const originList = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .pipe(
    z.array(
      z.string().regex(/^https:\/\/(\*\.[a-z0-9-]+\.[a-z0-9-]+\.[a-z0-9.-]+|[a-z0-9.-]+)(:\d+)?$/i, {
        error:
          "must be a comma-separated list of https origins, e.g. https://maps.example.com (a wildcard only below a service's own domain, e.g. https://*.tiles.example.com)",
      }),
    ),
  );

/** Exact https origins only: where scripts may come from (issue 11.12). */
const exactOriginList = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .pipe(
    z.array(
      z.string().regex(/^https:\/\/[a-z0-9.-]+(:\d+)?$/i, {
        error: 'must be a comma-separated list of exact https origins, no wildcard, e.g. https://api-maps.example.com',
      }),
    ),
  );

/**
 * Which proxies in front may speak for the client in X-Forwarded-For: `hops`, how many proxies
 * append to it (a load balancer is 1), or `addresses`, the proxies' own addresses and networks.
 * False: none, the socket's address is the client's. docs/load-balancer.md.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** More proxies than this in front of one server is a mistake in the variable, not a network. */
const MAX_PROXY_HOPS = 10;
const NAMED_NETWORKS = ['loopback', 'linklocal', 'uniquelocal'];
const TRUST_PROXY_FORMAT =
  'must be the number of proxies in front (0 none, 1 for one load balancer) or a comma-separated list of their addresses or networks, e.g. 10.0.0.2,10.0.1.0/24';

/** An IPv4/IPv6 address, optionally as a network (`/prefix`), or a named range of proxy-addr. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_NETWORKS.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (['false', 'off', 'no'].includes(text)) return false;
  if (['true', 'on', 'yes'].includes(text)) {
    // "Trust every hop" lets a client choose the address its limits are counted on (issue 11).
    ctx.addIssue({ code: 'custom', message: `no longer trusts every proxy: ${TRUST_PROXY_FORMAT}` });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_PROXY_HOPS) {
      ctx.addIssue({ code: 'custom', message: `must be at most ${MAX_PROXY_HOPS} proxies` });
      return z.NEVER;
    }
    return hops === 0 ? false : { hops };
  }
  const addresses = text.split(/[\s,]+/).filter(Boolean);
  if (addresses.length === 0 || !addresses.every(isProxyAddress)) {
    ctx.addIssue({ code: 'custom', message: TRUST_PROXY_FORMAT });
    return z.NEVER;
  }
  return { addresses };
});

/** Every variable the server reads, with its default. The only reader of process.env. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// or postgresql:// URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  // Issue 11.11: a frozen database must not hold calls. Together they answer 503 within 5 s.
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be milliseconds' })
    .int()
    .min(100)
    .max(60_000)
    .default(3000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
    .number({ error: 'must be milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(3500),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce
    .number({ error: 'must be milliseconds' })
    .int()
    .min(100)
    .max(600_000)
    .default(4000),
  // Slow clients (issue 11, second read): the whole request within this, or 408 and closed. Long
  // enough for rate/add's three photos (8.2 MB) at 0.6 Mbit/s.
  HTTP_REQUEST_TIMEOUT_MS: z.coerce
    .number({ error: 'must be milliseconds' })
    .int()
    .min(1000)
    .max(3_600_000)
    .default(120_000),
  // A connection on which nothing arrives or leaves for this long is closed.
  HTTP_CONNECTION_TIMEOUT_MS: z.coerce
    .number({ error: 'must be milliseconds' })
    .int()
    .min(1000)
    .max(3_600_000)
    .default(60_000),
  DATA_DIR: z.string().min(1).optional(),
  SANDBOX: flag.optional(),
  DEMO_DATA: flag.optional(),
  WEB_DIST: z.string().min(1).optional(),
  PHOTO_CACHE_DIR: z.string().min(1).optional(),
  // The Yandex Maps JS API 2.1 (issue 11.12): the loader and its modules come from
  // api-maps.yandex.ru and the address suggestions (JSONP) from suggest-maps.yandex.ru, so
  // scripts need two exact origins; the tiles, pictures and data calls come from the sharded
  // *.maps.yandex.net hosts and the API's own origins (images and connections only).
  MAPS_SCRIPT_HOSTS: exactOriginList.default(['https://api-maps.yandex.ru', 'https://suggest-maps.yandex.ru']),
  MAPS_HOSTS: originList.default([
    'https://api-maps.yandex.ru',
    'https://suggest-maps.yandex.ru',
    'https://*.maps.yandex.net',
    'https://yandex.ru',
  ]),
  TIPS_HOSTS: originList.default(['https://pay.cloudtips.ru']),
  // The tips service (decision 025): its API, the partner's key, and the base of its tips pages.
  TIPS_API_URL: z.url({ error: 'must be a URL' }).optional(),
  TIPS_API_KEY: z.string().min(1).optional(),
  TIPS_PAGE_URL: z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?\/[^\s?#]*$/i, {
      error:
        'must be the base URL of the tips pages, a tips id follows it, e.g. https://pay.cloudtips.ru/p/ (no query)',
    })
    .optional(),
  API_DOCS: flag.optional(),
  REST_PATH: z
    .string()
    .regex(/^\/[\w\-/]*$/, { error: 'must be a path starting with /' })
    .default('/rest/'),
  TRUST_PROXY: trustProxy.optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SHUTDOWN_READY_DELAY_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  KITCHEN_STEP_SECONDS: z.coerce.number({ error: 'must be a number of seconds' }).int().min(1).max(86_400).default(60),
  AUTH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMSRU_API_ID: z.string().min(1).optional(),
  SMSRU_BASE_URL: z.url({ error: 'must be a URL' }).optional(),
  MAIL_BASE_URL: z.url({ error: 'must be a URL' }).optional(),
  MAIL_API_KEY: z.string().min(1).optional(),
  MAIL_DOMAIN: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).optional(),
  PUBLIC_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i, {
      error: 'must be an origin the guests open, e.g. https://order.example.ru (no path)',
    })
    .optional(),
  ACQUIRING_BASE_URL: z.url({ error: 'must be a URL' }).optional(),
  ACQUIRING_USERNAME: z.string().min(1).optional(),
  ACQUIRING_PASSWORD: z.string().min(1).optional(),
  ACQUIRING_CALLBACK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  // Maps and addresses (issue 13): the server's geocoder adapter and what the web map draws.
  GEOCODER: z.enum(['yandex', 'photon'], { error: 'must be yandex or photon' }).default('photon'),
  GEOCODER_URL: z.url({ error: 'must be a URL' }).optional(),
  GEOCODER_KEY: z.string().min(1).optional(),
  GEOCODER_TIMEOUT_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(200).max(30_000).default(3000),
  YANDEX_MAPS_KEY: z
    .string()
    .regex(/^[\w-]{8,100}$/, { error: 'must be the key of the Yandex Maps JS API' })
    .optional(),
  MAP_TILES_URL: z
    .string()
    .regex(/^(https:\/\/[a-z0-9.-]+(:\d+)?)?\/[^\s]*\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/i, {
      error:
        'must be an https tile URL template with {z}, {x} and {y} (and {r} where the server has @2x tiles), e.g. https://tiles.example.com/{z}/{x}/{y}{r}.png (or a path on this server)',
    })
    .optional(),
  MAP_TILES_ATTRIBUTION: z.string().min(1).max(300).optional(),
  MAP_TILES_MAX_ZOOM: z.coerce.number({ error: 'must be a zoom level' }).int().min(1).max(22).default(19),
  // The captcha before a sign-in code (decision 061): SPEC 7's picture, or Yandex SmartCaptcha's
  // widget whose token the server checks at {SMARTCAPTCHA_URL}/validate with the server key.
  CAPTCHA_PROVIDER: z.enum(CAPTCHA_KINDS, { error: `must be ${CAPTCHA_KINDS.join(' or ')}` }).default('image'),
  SMARTCAPTCHA_CLIENT_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, { error: "must be the captcha's client key (8 to 200 printable characters)" })
    .optional(),
  SMARTCAPTCHA_SERVER_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{8,200}$/, { error: "must be the captcha's server key (8 to 200 printable characters)" })
    .optional(),
  SMARTCAPTCHA_URL: z
    .string()
    .regex(/^https?:\/\/[a-z0-9.-]+(:\d+)?(\/[^\s?#]*)?$/i, {
      error: "must be the service's base URL, e.g. https://smartcaptcha.yandexcloud.net (no query)",
    })
    .optional(),
  SMARTCAPTCHA_TIMEOUT_MS: z.coerce.number({ error: 'must be milliseconds' }).int().min(200).max(30_000).default(3000),
  // Metrics (issue 32): /metrics answers only with this bearer token; unset, it answers 404.
  METRICS_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{16,200}$/, { error: 'must be 16 to 200 printable characters without spaces' })
    .optional(),
  METRICS_LISTEN: z
    .string()
    .regex(/^((\[[0-9a-f:.]+\]|[a-z0-9.-]+):)?\d{1,5}$/i, {
      error: 'must be a port or host:port, e.g. 9464 or 127.0.0.1:9464',
    })
    .optional(),
  // Backups of PGlite (issue 32, decision 058): POST /operator/backup answers only with this
  // bearer token; unset, it answers 404. PostgreSQL is backed up with pg_dump instead.
  BACKUP_TOKEN: z
    .string()
    .regex(/^[\x21-\x7e]{32,200}$/, { error: 'must be 32 to 200 printable characters without spaces' })
    .optional(),
});

/** Variables that must be set when the sandbox is off: the real providers need their keys. */
const REQUIRED_WITHOUT_SANDBOX = [
  'AUTH_SECRET',
  'SMSRU_API_ID',
  'MAIL_API_KEY',
  'MAIL_DOMAIN',
  'PUBLIC_ORIGIN',
  'ACQUIRING_USERNAME',
  'ACQUIRING_PASSWORD',
  'ACQUIRING_CALLBACK_SECRET',
] as const;

/** The sandbox's own tiles (src/sandbox/tiles.ts): the open map's default with SANDBOX=1 only. */
export const SANDBOX_TILES_URL = '/sandbox/tiles/{z}/{x}/{y}{r}.png';
/** The deepest zoom the sandbox draws tiles for. */
export const SANDBOX_TILES_MAX_ZOOM = 19;
const SANDBOX_TILES_ATTRIBUTION = 'Песочница: демо-город, не настоящая карта';

/** Yandex SmartCaptcha's own address: its script (/captcha.js) and its check (/validate). */
const SMARTCAPTCHA_URL = 'https://smartcaptcha.yandexcloud.net';
/** The sandbox captcha service's keys (sandbox on only; src/sandbox/smartcaptcha.ts). */
export const SANDBOX_SMARTCAPTCHA_KEYS = {
  client: 'sandbox-smartcaptcha-client',
  server: 'sandbox-smartcaptcha-server',
} as const;

/** Used only in development and tests (sandbox on): codes there are not secret anyway. */
const DEVELOPMENT_AUTH_SECRET = 'development-only-secret-never-used-in-production';
/** The sandbox acquirer's callback key (sandbox on only). */
const DEVELOPMENT_CALLBACK_SECRET = 'sandbox-acquiring-callback-secret';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  database: { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  /** PostgreSQL only (PGlite is in-process): how long to wait for a connection, a statement, an answer. */
  databaseTimeouts: DatabaseTimeouts;
  /**
   * Slow clients (issue 11, second read): `requestMs`, the whole request (head and body) must
   * arrive within it, else 408 and the connection is closed; `connectionMs`, a connection on which
   * nothing moves for this long is closed. Without them a body trickling in, or stopped halfway,
   * within the 1 MB limit held its connection for ever.
   */
  httpTimeouts: { requestMs: number; connectionMs: number };
  /** The documented test mode: provider counterparts and the outbox under /sandbox/. Only with SANDBOX=1. */
  sandbox: boolean;
  /** Load the demo chain into an empty database at start-up. Only with DEMO_DATA=1. */
  demoData: boolean;
  /** The built web app; served with SPA fallback when the folder exists. */
  webDist: string;
  /**
   * Where the menu photos' renditions are kept once made (decision 034): any folder this process
   * may write, emptied at will; instances may share one.
   */
  photoCacheDir: string;
  /**
   * Origins the CSP allows besides the product's own: `mapsScripts` for scripts (exact origins),
   * `maps` for the map's tiles, pictures and data calls, `tips` for the tips page.
   */
  cspHosts: { mapsScripts: string[]; maps: string[]; tips: string[] };
  /** Serve /api/docs and its openapi.json; off in production unless API_DOCS=1 (issue 11.12). */
  apiDocs: boolean;
  restPath: string;
  /** The proxies whose X-Forwarded-For entries are believed; request.ip is the first address they did not add. */
  trustProxy: TrustProxy;
  shutdownTimeoutMs: number;
  /**
   * After SIGTERM, how long readiness answers 503 while every request is still served, so the
   * balancer takes the instance out before it stops taking connections (issue 32).
   */
  shutdownReadyDelayMs: number;
  /** The sandbox kitchen's pace: a paid order moves one status after this many seconds (docs/orders.md). */
  kitchenStepSeconds: number;
  /** HMAC key for one-time codes and captcha answers; the same on every instance. */
  authSecret: string;
  /**
   * The origin guests open (payment return pages, the sandbox's bank pages). Null (sandbox
   * only): http://localhost:{the port the server listens on}.
   */
  publicOrigin: string | null;
  providers: {
    /** SMS.ru: SMS, robot-call codes and inbound-call checks. baseUrl null: the sandbox's own. */
    smsru: { baseUrl: string | null; apiId: string };
    /** Mailgun-compatible HTTP e-mail API. baseUrl null: the sandbox's own. */
    mail: { baseUrl: string | null; apiKey: string; domain: string; from: string };
    /**
     * Card acquiring and SBP QR over the RBS REST API (Sberbank / Alfa-Bank; decision 011).
     * baseUrl null: the sandbox's own /sandbox/acquiring. callbackSecret: the HMAC key of the
     * bank's callbacks.
     */
    acquiring: { baseUrl: string | null; userName: string; password: string; callbackSecret: string };
    /**
     * The tips service (decision 025): `baseUrl` its API (null: the sandbox's own,
     * /sandbox/tips/api/…), `pageUrl` the base of its tips pages that settings' tips_url gives the
     * web (null: the sandbox's own {public origin}/sandbox/tips/). Null as a whole: no tips
     * service (production without TIPS_API_KEY): orders get no tips_id and no tips link shows.
     */
    tips: { baseUrl: string | null; apiKey: string; pageUrl: string | null } | null;
    /**
     * The geocoder (issue 13): the Yandex Geocoder HTTP API or a Photon-compatible service.
     * baseUrl null (photon, sandbox only): the sandbox's own /sandbox/providers/photon.
     */
    geocoder: { kind: 'yandex' | 'photon'; baseUrl: string | null; key: string; timeoutMs: number };
  };
  /**
   * How the web app draws maps (contract mapConfig): Yandex Maps when `yandexKey` is set, else the
   * tile server `tiles` (MAP_TILES_URL; with SANDBOX=1 and none set, the sandbox's own tiles).
   */
  maps: { yandexKey: string; tiles: { url: string; attribution: string; maxZoom: number } };
  /**
   * The captcha before a sign-in code (decision 061): `image`, SPEC 7's picture; `smartcaptcha`,
   * Yandex SmartCaptcha's widget (script {baseUrl}/captcha.js, `clientKey` its sitekey) whose token
   * is checked at {baseUrl}/validate with `serverKey`, given up after `timeoutMs`. baseUrl null
   * (sandbox only): the sandbox's own counterpart under /sandbox/smartcaptcha.
   */
  captcha:
    | { kind: 'image' }
    | { kind: 'smartcaptcha'; baseUrl: string | null; clientKey: string; serverKey: string; timeoutMs: number };
  /**
   * Prometheus metrics (issue 32, decision 057). Null (no METRICS_TOKEN): no /metrics at all.
   * `listen` null: /metrics on the server's own port; else only on this address of its own.
   */
  metrics: { token: string; listen: { host: string; port: number } | null } | null;
  /**
   * A running PGlite server's consistent copy (issue 32, decision 058): `POST /operator/backup`
   * with this bearer token, which `npm run backup` calls. Null (no BACKUP_TOKEN): no such route.
   */
  backup: { token: string } | null;
}

/**
 * The database's time limits (issue 11.11). `connectMs`: a connection from the pool or a new
 * one. `statementMs`: PostgreSQL cancels a statement running longer (a slow query, a long lock
 * wait). `queryMs`: the client gives up waiting for any answer — a frozen server enforces
 * nothing itself — so it is longer than `statementMs`, which a live server enforces first.
 * Start-up work (migrations, the demo data) runs without them (DatabaseHandle.runLong).
 */
export interface DatabaseTimeouts {
  connectMs: number;
  statementMs: number;
  queryMs: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; throws a ConfigError whose message is one line naming the variable. */
export function parseConfig(env: Record<string, string | undefined>, { forTool = false } = {}): Config {
  // An empty variable means "not set", as shells and .env files often leave it.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    // Values that may carry credentials are named, never echoed.
    const got = /URL|SECRET|KEY|TOKEN|PASSWORD/.test(name) ? undefined : present[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${got === undefined ? '' : ` (got "${got}")`}`,
    );
  }
  const e = result.data;
  if (e.DATABASE_QUERY_TIMEOUT_MS <= e.DATABASE_STATEMENT_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration: DATABASE_QUERY_TIMEOUT_MS must be longer than DATABASE_STATEMENT_TIMEOUT_MS (the server cancels a slow statement first)',
    );
  }
  const production = e.NODE_ENV === 'production';
  // Off unless asked (issue 32): forgetting a variable never mounts the unauthenticated /sandbox/*.
  const sandbox = e.SANDBOX ?? false;
  if (!sandbox && !forTool) {
    const missing: string[] = REQUIRED_WITHOUT_SANDBOX.filter((name) => e[name] === undefined);
    // No public tile server or geocoder is used unasked: their terms, load and privacy are the chain's choice.
    if (e.YANDEX_MAPS_KEY === undefined && e.MAP_TILES_URL === undefined)
      missing.push('YANDEX_MAPS_KEY or MAP_TILES_URL');
    if (e.GEOCODER === 'photon' && e.GEOCODER_URL === undefined) missing.push('GEOCODER_URL (GEOCODER is photon)');
    // Everything missing in one line, so a first production start names all of it at once.
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration: SANDBOX is off, so the real providers need ${missing.join(', ')} (not set); set them, or SANDBOX=1 for the test mode (docs/sandbox.md)`,
      );
    }
    if (
      e.CAPTCHA_PROVIDER === 'smartcaptcha' &&
      (e.SMARTCAPTCHA_CLIENT_KEY === undefined || e.SMARTCAPTCHA_SERVER_KEY === undefined)
    ) {
      throw new ConfigError(
        'Invalid configuration: CAPTCHA_PROVIDER is smartcaptcha, so SMARTCAPTCHA_CLIENT_KEY and SMARTCAPTCHA_SERVER_KEY are required when SANDBOX is off',
      );
    }
    if (e.SMARTCAPTCHA_URL !== undefined && !e.SMARTCAPTCHA_URL.startsWith('https://')) {
      throw new ConfigError('Invalid configuration: SMARTCAPTCHA_URL must be an https URL when SANDBOX is off');
    }
    // Tips are optional (decision 025): none of their variables, no tips; half of them is a mistake.
    if (e.TIPS_API_KEY !== undefined && e.TIPS_PAGE_URL === undefined) {
      throw new ConfigError(
        'Invalid configuration: TIPS_PAGE_URL is required when TIPS_API_KEY is set and SANDBOX is off',
      );
    }
    if (e.TIPS_API_KEY === undefined && (e.TIPS_PAGE_URL !== undefined || e.TIPS_API_URL !== undefined)) {
      throw new ConfigError(
        'Invalid configuration: TIPS_API_KEY is required when TIPS_PAGE_URL or TIPS_API_URL is set and SANDBOX is off',
      );
    }
    if (e.TIPS_PAGE_URL !== undefined && !e.TIPS_PAGE_URL.startsWith('https://')) {
      throw new ConfigError('Invalid configuration: TIPS_PAGE_URL must be an https URL when SANDBOX is off');
    }
  }
  const geocoderKey = e.GEOCODER_KEY ?? e.YANDEX_MAPS_KEY;
  const metricsListen = e.METRICS_LISTEN === undefined ? null : parseListen(e.METRICS_LISTEN);
  if (metricsListen !== null && e.METRICS_TOKEN === undefined) {
    throw new ConfigError('Invalid configuration: METRICS_TOKEN is required when METRICS_LISTEN is set');
  }
  if (metricsListen !== null && metricsListen.port === e.PORT) {
    throw new ConfigError('Invalid configuration: METRICS_LISTEN must be another port than PORT');
  }
  if (e.BACKUP_TOKEN !== undefined && e.DATABASE_URL !== undefined) {
    throw new ConfigError(
      'Invalid configuration: BACKUP_TOKEN is for PGlite (DATA_DIR) only; back up PostgreSQL with pg_dump (docs/operations.md, «Backups and restore»)',
    );
  }
  if (e.GEOCODER === 'yandex' && geocoderKey === undefined) {
    throw new ConfigError(
      'Invalid configuration: GEOCODER_KEY (or YANDEX_MAPS_KEY) is required when GEOCODER is yandex',
    );
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : // Unset: the repository's ./data whatever the working folder; set: relative to it.
        { kind: 'pglite', dataDir: e.DATA_DIR ? resolve(e.DATA_DIR) : resolve(REPO_ROOT, 'data') },
    databaseTimeouts: {
      connectMs: e.DATABASE_CONNECT_TIMEOUT_MS,
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      queryMs: e.DATABASE_QUERY_TIMEOUT_MS,
    },
    httpTimeouts: { requestMs: e.HTTP_REQUEST_TIMEOUT_MS, connectionMs: e.HTTP_CONNECTION_TIMEOUT_MS },
    sandbox,
    demoData: e.DEMO_DATA ?? false,
    webDist: resolve(e.WEB_DIST ?? resolve(REPO_ROOT, 'apps/web/dist')),
    photoCacheDir: e.PHOTO_CACHE_DIR ? resolve(e.PHOTO_CACHE_DIR) : join(tmpdir(), 'chain-photos'),
    // A configured tile server's origin is where the map's images come from.
    cspHosts: {
      mapsScripts: e.MAPS_SCRIPT_HOSTS,
      maps: withTileOrigin(e.MAPS_HOSTS, e.MAP_TILES_URL),
      tips: e.TIPS_HOSTS,
    },
    apiDocs: e.API_DOCS ?? !production,
    restPath: e.REST_PATH.endsWith('/') ? e.REST_PATH : `${e.REST_PATH}/`,
    trustProxy: e.TRUST_PROXY ?? false,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    shutdownReadyDelayMs: e.SHUTDOWN_READY_DELAY_MS,
    kitchenStepSeconds: e.KITCHEN_STEP_SECONDS,
    authSecret: e.AUTH_SECRET ?? DEVELOPMENT_AUTH_SECRET,
    publicOrigin: e.PUBLIC_ORIGIN ?? null,
    providers: {
      smsru: { baseUrl: e.SMSRU_BASE_URL ?? (sandbox ? null : 'https://sms.ru'), apiId: e.SMSRU_API_ID ?? 'sandbox' },
      mail: {
        baseUrl: e.MAIL_BASE_URL ?? (sandbox ? null : 'https://api.mailgun.net'),
        apiKey: e.MAIL_API_KEY ?? 'sandbox',
        domain: e.MAIL_DOMAIN ?? 'mg.example.test',
        from: e.MAIL_FROM ?? 'Заказ еды <no-reply@example.test>',
      },
      acquiring: {
        baseUrl: e.ACQUIRING_BASE_URL?.replace(/\/+$/, '') ?? (sandbox ? null : 'https://securepayments.sberbank.ru'),
        userName: e.ACQUIRING_USERNAME ?? 'sandbox-api',
        password: e.ACQUIRING_PASSWORD ?? 'sandbox',
        callbackSecret: e.ACQUIRING_CALLBACK_SECRET ?? DEVELOPMENT_CALLBACK_SECRET,
      },
      tips:
        sandbox || e.TIPS_API_KEY !== undefined
          ? {
              baseUrl: e.TIPS_API_URL?.replace(/\/+$/, '') ?? (sandbox ? null : 'https://api.cloudtips.ru'),
              apiKey: e.TIPS_API_KEY ?? 'sandbox',
              pageUrl: e.TIPS_PAGE_URL ?? null,
            }
          : null,
      geocoder: {
        kind: e.GEOCODER,
        baseUrl:
          e.GEOCODER_URL?.replace(/\/+$/, '') ?? (e.GEOCODER === 'yandex' ? 'https://geocode-maps.yandex.ru' : null),
        key: geocoderKey ?? '',
        timeoutMs: e.GEOCODER_TIMEOUT_MS,
      },
    },
    maps: {
      yandexKey: e.YANDEX_MAPS_KEY ?? '',
      tiles: {
        url: e.MAP_TILES_URL ?? (sandbox ? SANDBOX_TILES_URL : ''),
        attribution:
          e.MAP_TILES_ATTRIBUTION ?? (e.MAP_TILES_URL === undefined && sandbox ? SANDBOX_TILES_ATTRIBUTION : ''),
        // The sandbox's own tiles stop at its deepest zoom; a configured tile server says its own.
        maxZoom:
          e.MAP_TILES_URL === undefined ? Math.min(e.MAP_TILES_MAX_ZOOM, SANDBOX_TILES_MAX_ZOOM) : e.MAP_TILES_MAX_ZOOM,
      },
    },
    captcha:
      e.CAPTCHA_PROVIDER === 'image'
        ? { kind: 'image' }
        : {
            kind: 'smartcaptcha',
            baseUrl: e.SMARTCAPTCHA_URL?.replace(/\/+$/, '') ?? (sandbox ? null : SMARTCAPTCHA_URL),
            clientKey: e.SMARTCAPTCHA_CLIENT_KEY ?? SANDBOX_SMARTCAPTCHA_KEYS.client,
            serverKey: e.SMARTCAPTCHA_SERVER_KEY ?? SANDBOX_SMARTCAPTCHA_KEYS.server,
            timeoutMs: e.SMARTCAPTCHA_TIMEOUT_MS,
          },
    metrics: e.METRICS_TOKEN === undefined ? null : { token: e.METRICS_TOKEN, listen: metricsListen },
    backup: e.BACKUP_TOKEN === undefined ? null : { token: e.BACKUP_TOKEN },
  };
}

/** METRICS_LISTEN: `9464` (every interface, as HOST's default) or `host:port` (`[::1]:9464`). */
function parseListen(value: string): { host: string; port: number } {
  const colon = value.lastIndexOf(':');
  const port = Number(colon === -1 ? value : value.slice(colon + 1));
  if (!Number.isInteger(port) || port < 1 || port > 65535)
    throw new ConfigError('Invalid configuration: METRICS_LISTEN must name a port from 1 to 65535');
  const host = colon === -1 ? '0.0.0.0' : value.slice(0, colon).replace(/^\[(.*)\]$/, '$1');
  return { host, port };
}

/** MAPS_HOSTS plus the origin of an https MAP_TILES_URL (a path on this server needs none). */
function withTileOrigin(hosts: string[], tilesUrl: string | undefined): string[] {
  const origin = tilesUrl?.startsWith('https://') ? new URL(tilesUrl).origin : undefined;
  return origin === undefined || hosts.includes(origin) ? hosts : [...hosts, origin];
}

/**
 * The server's first log line (issue 32): whether the sandbox and the demo data are on, so a
 * deployment that has them by mistake says so before anything else.
 */
export function describeModes(config: Pick<Config, 'sandbox' | 'demoData'>): string {
  const sandbox = config.sandbox
    ? 'sandbox on (SANDBOX=1): test mode with provider counterparts under /sandbox/, never for real guests'
    : 'sandbox off: real providers';
  return `${sandbox}; ${config.demoData ? 'demo data on (DEMO_DATA=1)' : 'demo data off'}`;
}

/**
 * The tools' configuration (the seed and the CLIs of kiosk codes, pages, staff, the catalogue):
 * the database only, from the same variables as the server; the providers' keys are not needed.
 */
export function parseDatabaseConfig(env: Record<string, string | undefined>): Config['database'] {
  return parseConfig(env, { forTool: true }).database;
}

/** What `npm start`, the end-to-end journeys and the API tests set: the sandbox and the demo data on. */
export const SANDBOX_ENV = { SANDBOX: '1', DEMO_DATA: '1' } as const;

/** A configuration for tests: defaults plus overrides, no environment read; the sandbox on. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...SANDBOX_ENV }), ...overrides };
}
