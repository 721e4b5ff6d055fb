import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeModes, parseConfig, parseDatabaseConfig, SANDBOX_ENV } from './config';
import { RATE_ADD_BODY_LIMIT } from '@chain/contract';

/** Production with every provider's key but the maps' and the geocoder's. */
const PRODUCTION_PROVIDERS = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'x'.repeat(32),
  SMSRU_API_ID: 'id',
  MAIL_API_KEY: 'key',
  MAIL_DOMAIN: 'mg.chain.ru',
  PUBLIC_ORIGIN: 'https://order.chain.ru',
  ACQUIRING_USERNAME: 'chain-api',
  ACQUIRING_PASSWORD: 'secret',
  ACQUIRING_CALLBACK_SECRET: 'c'.repeat(32),
};

describe('configuration', () => {
  it('runs a fresh clone as npm start does (SANDBOX=1 DEMO_DATA=1): PGlite, sandbox and demo data on, port 3000', () => {
    const config = parseConfig(SANDBOX_ENV);
    expect(config).toMatchObject({ port: 3000, sandbox: true, demoData: true, restPath: '/rest/' });
    expect(config.database.kind).toBe('pglite');
    expect(config.providers.smsru.baseUrl).toBeNull();
    expect(describeModes(config)).toBe(
      'sandbox on (SANDBOX=1): test mode with provider counterparts under /sandbox/, never for real guests; demo data on (DEMO_DATA=1)',
    );
  });

  it('keeps the sandbox and the demo data off unless set, whatever NODE_ENV says (issue 32), and names every missing key in one line', () => {
    for (const env of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }, { NODE_ENV: 'production' }]) {
      expect(() => parseConfig(env)).toThrow(
        new ConfigError(
          'Invalid configuration: SANDBOX is off, so the real providers need AUTH_SECRET, SMSRU_API_ID, MAIL_API_KEY, MAIL_DOMAIN, PUBLIC_ORIGIN, ACQUIRING_USERNAME, ACQUIRING_PASSWORD, ACQUIRING_CALLBACK_SECRET, YANDEX_MAPS_KEY or MAP_TILES_URL, GEOCODER_URL (GEOCODER is photon) (not set); set them, or SANDBOX=1 for the test mode (docs/sandbox.md)',
        ),
      );
    }
    const { NODE_ENV: _production, ...keys } = PRODUCTION_PROVIDERS;
    const config = parseConfig({
      ...keys,
      MAP_TILES_URL: 'https://tiles.chain.ru/{z}/{x}/{y}.png',
      GEOCODER_URL: 'https://photon.chain.ru',
    });
    expect(config).toMatchObject({ env: 'development', sandbox: false, demoData: false });
    expect(describeModes(config)).toBe('sandbox off: real providers; demo data off');
    expect(parseConfig({ ...SANDBOX_ENV, DEMO_DATA: '0' })).toMatchObject({ sandbox: true, demoData: false });
    // The tools need the database only (npm run seed, the CLIs).
    expect(parseDatabaseConfig({ DATABASE_URL: 'postgres://app@db:5432/chain' })).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db:5432/chain',
      poolSize: 10,
    });
  });

  it("keeps the menu photos' renditions in the OS temp folder unless PHOTO_CACHE_DIR names one (decision 034)", () => {
    expect(parseConfig(SANDBOX_ENV).photoCacheDir).toBe(join(tmpdir(), 'chain-photos'));
    expect(parseConfig({ ...SANDBOX_ENV, PHOTO_CACHE_DIR: 'var/photos' }).photoCacheDir).toBe(resolve('var/photos'));
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(parseConfig({ ...SANDBOX_ENV, DATABASE_URL: 'postgres://app@db:5432/chain' }).database).toEqual({
      kind: 'postgres',
      url: 'postgres://app@db:5432/chain',
      poolSize: 10,
    });
  });

  it('turns the sandbox and demo data off in production, and then needs the real providers’ keys', () => {
    expect(() => parseConfig({ ...PRODUCTION_PROVIDERS, AUTH_SECRET: undefined })).toThrow(
      /^Invalid configuration: SANDBOX is off, so the real providers need AUTH_SECRET, YANDEX_MAPS_KEY/,
    );
    const config = parseConfig({
      ...PRODUCTION_PROVIDERS,
      MAP_TILES_URL: 'https://tiles.chain.ru/{z}/{x}/{y}.png',
      GEOCODER_URL: 'https://photon.chain.ru',
    });
    expect(config).toMatchObject({ sandbox: false, demoData: false, publicOrigin: 'https://order.chain.ru' });
    expect(config.providers.acquiring.baseUrl).toBe('https://securepayments.sberbank.ru');
    expect(config.providers.smsru.baseUrl).toBe('https://sms.ru');
    expect(config.providers.mail.baseUrl).toBe('https://api.mailgun.net');
  });

  it("maps and geocoding (issue 13): the sandbox's own tiles and geocoder by default; outside it, nothing public unasked", () => {
    const sandbox = parseConfig(SANDBOX_ENV);
    expect(sandbox.maps).toEqual({
      yandexKey: '',
      tiles: {
        url: '/sandbox/tiles/{z}/{x}/{y}{r}.png',
        attribution: 'Песочница: демо-город, не настоящая карта',
        maxZoom: 19,
      },
    });
    expect(sandbox.providers.geocoder).toEqual({ kind: 'photon', baseUrl: null, key: '', timeoutMs: 3000 });
    const production = PRODUCTION_PROVIDERS;
    expect(() => parseConfig(production)).toThrow(
      'the real providers need YANDEX_MAPS_KEY or MAP_TILES_URL, GEOCODER_URL (GEOCODER is photon) (not set)',
    );
    expect(() => parseConfig({ ...production, MAP_TILES_URL: 'https://tiles.chain.ru/{z}/{x}/{y}.png' })).toThrow(
      'the real providers need GEOCODER_URL (GEOCODER is photon) (not set)',
    );
    const yandex = parseConfig({ ...production, YANDEX_MAPS_KEY: 'abcdef12-3456', GEOCODER: 'yandex' });
    expect(yandex.maps.yandexKey).toBe('abcdef12-3456');
    expect(yandex.providers.geocoder).toMatchObject({
      kind: 'yandex',
      baseUrl: 'https://geocode-maps.yandex.ru',
      key: 'abcdef12-3456',
    });
    const tiles = parseConfig({
      ...production,
      MAP_TILES_URL: 'https://tiles.chain.ru/{z}/{x}/{y}.png',
      GEOCODER_URL: 'https://photon.chain.ru/',
    });
    expect(tiles.maps.tiles).toEqual({ url: 'https://tiles.chain.ru/{z}/{x}/{y}.png', attribution: '', maxZoom: 19 });
    expect(tiles.cspHosts.maps).toContain('https://tiles.chain.ru');
    expect(tiles.providers.geocoder.baseUrl).toBe('https://photon.chain.ru');
    expect(() => parseConfig({ ...SANDBOX_ENV, GEOCODER: 'yandex' })).toThrow(
      'GEOCODER_KEY (or YANDEX_MAPS_KEY) is required when GEOCODER is yandex',
    );
  });

  it("tips (decision 025): the sandbox's own service by default; outside it optional, but never half configured", () => {
    expect(parseConfig(SANDBOX_ENV).providers.tips).toEqual({ baseUrl: null, apiKey: 'sandbox', pageUrl: null });
    const production = {
      ...PRODUCTION_PROVIDERS,
      MAP_TILES_URL: 'https://tiles.chain.ru/{z}/{x}/{y}.png',
      GEOCODER_URL: 'https://photon.chain.ru',
    };
    // No tips variables: the server starts, orders simply get no tips_id.
    expect(parseConfig(production).providers.tips).toBeNull();
    expect(
      parseConfig({ ...production, TIPS_API_KEY: 'k', TIPS_PAGE_URL: 'https://pay.cloudtips.ru/p/' }).providers.tips,
    ).toEqual({
      baseUrl: 'https://api.cloudtips.ru',
      apiKey: 'k',
      pageUrl: 'https://pay.cloudtips.ru/p/',
    });
    expect(() => parseConfig({ ...production, TIPS_API_KEY: 'k' })).toThrow(
      'TIPS_PAGE_URL is required when TIPS_API_KEY is set',
    );
    expect(() => parseConfig({ ...production, TIPS_PAGE_URL: 'https://pay.cloudtips.ru/p/' })).toThrow(
      'TIPS_API_KEY is required',
    );
    expect(() =>
      parseConfig({ ...production, TIPS_API_KEY: 'k', TIPS_PAGE_URL: 'http://pay.cloudtips.ru/p/' }),
    ).toThrow('TIPS_PAGE_URL must be an https URL');
    expect(() => parseConfig({ ...SANDBOX_ENV, TIPS_PAGE_URL: 'https://pay.cloudtips.ru/p/?a=1' })).toThrow(
      'Invalid configuration: TIPS_PAGE_URL must be the base URL',
    );
  });

  it.each([
    [{ MAP_TILES_URL: 'http://tiles.example.com/{z}/{x}/{y}.png' }, 'MAP_TILES_URL'],
    [{ MAP_TILES_URL: 'https://tiles.example.com/tile.png' }, 'MAP_TILES_URL'],
    [{ GEOCODER: 'google' }, 'GEOCODER'],
    [{ PORT: '70000' }, 'PORT'],
    [{ SANDBOX: 'maybe' }, 'SANDBOX'],
    [{ MAPS_HOSTS: 'http://maps.example.com' }, 'MAPS_HOSTS'],
    [{ AUTH_SECRET: 'short' }, 'AUTH_SECRET'],
    [{ REST_PATH: 'rest' }, 'REST_PATH'],
    [{ PUBLIC_ORIGIN: 'https://order.chain.ru/app' }, 'PUBLIC_ORIGIN'],
  ])('stops on %o with one line naming %s', (env, name) => {
    try {
      parseConfig(env);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(new RegExp(`^Invalid configuration: ${name} `));
      expect((error as Error).message).not.toContain('\n');
    }
  });

  it('reads TRUST_PROXY as a number of proxies in front or a list of their addresses, off by default (issue 11.5)', () => {
    expect(parseConfig(SANDBOX_ENV).trustProxy).toBe(false);
    expect(parseConfig({ ...SANDBOX_ENV, TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(parseConfig({ ...SANDBOX_ENV, TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    // "1" keeps meaning one load balancer: it now trusts that one hop, not every hop.
    expect(parseConfig({ ...SANDBOX_ENV, TRUST_PROXY: '1' }).trustProxy).toEqual({ hops: 1 });
    expect(parseConfig({ ...SANDBOX_ENV, TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(parseConfig({ ...SANDBOX_ENV, TRUST_PROXY: '10.0.0.2, 10.0.1.0/24 fd00::/8,loopback' }).trustProxy).toEqual({
      addresses: ['10.0.0.2', '10.0.1.0/24', 'fd00::/8', 'loopback'],
    });
  });

  it.each(['true', 'yes', '11', '10.0.0.300', '10.0.0.0/33', '10.0.0.1/8/8', 'balancer.internal', ','])(
    'stops on TRUST_PROXY=%s, which would trust every hop or names no proxy',
    (value) => {
      expect(() => parseConfig({ ...SANDBOX_ENV, TRUST_PROXY: value })).toThrow(/^Invalid configuration: TRUST_PROXY /);
    },
  );

  it('bounds PostgreSQL by a connect, a statement and a query timeout that answer within 5 s, the query one longest (issue 11.11)', () => {
    const { databaseTimeouts } = parseConfig(SANDBOX_ENV);
    expect(databaseTimeouts).toEqual({ connectMs: 3000, statementMs: 3500, queryMs: 4000 });
    expect(Math.max(databaseTimeouts.connectMs, databaseTimeouts.queryMs)).toBeLessThan(5000);
    expect(
      parseConfig({ ...SANDBOX_ENV, DATABASE_STATEMENT_TIMEOUT_MS: '20000', DATABASE_QUERY_TIMEOUT_MS: '25000' })
        .databaseTimeouts.statementMs,
    ).toBe(20_000);
    expect(() => parseConfig({ ...SANDBOX_ENV, DATABASE_STATEMENT_TIMEOUT_MS: '5000' })).toThrow(
      /^Invalid configuration: DATABASE_QUERY_TIMEOUT_MS must be longer than DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, DATABASE_CONNECT_TIMEOUT_MS: 'soon' })).toThrow(
      /^Invalid configuration: DATABASE_CONNECT_TIMEOUT_MS /,
    );
  });

  it('bounds how long a client may take to send a request and how long a connection may idle, long enough for a photo upload on a slow line (issue 11, second read)', () => {
    const { httpTimeouts } = parseConfig(SANDBOX_ENV);
    expect(httpTimeouts).toEqual({ requestMs: 120_000, connectionMs: 60_000 });
    // rate/add's largest body (three 2 MB photos as data URLs) at 0.6 Mbit/s fits in the request timeout.
    expect((RATE_ADD_BODY_LIMIT * 8) / 600_000).toBeLessThan(httpTimeouts.requestMs / 1000);
    expect(
      parseConfig({ ...SANDBOX_ENV, HTTP_REQUEST_TIMEOUT_MS: '300000', HTTP_CONNECTION_TIMEOUT_MS: '5000' })
        .httpTimeouts,
    ).toEqual({ requestMs: 300_000, connectionMs: 5000 });
    expect(() => parseConfig({ ...SANDBOX_ENV, HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(
      /^Invalid configuration: HTTP_REQUEST_TIMEOUT_MS /,
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, HTTP_CONNECTION_TIMEOUT_MS: 'never' })).toThrow(
      /^Invalid configuration: HTTP_CONNECTION_TIMEOUT_MS /,
    );
  });

  it('never echoes a secret value', () => {
    expect(() => parseConfig({ ...SANDBOX_ENV, AUTH_SECRET: 'short-secret' })).toThrow(/AUTH_SECRET/);
    expect(() => parseConfig({ ...SANDBOX_ENV, AUTH_SECRET: 'short-secret' })).not.toThrow(/short-secret/);
  });

  it("serves metrics only with METRICS_TOKEN, on the server's port or on METRICS_LISTEN (issue 32, decision 057)", () => {
    const token = 'm'.repeat(24);
    expect(parseConfig({ ...SANDBOX_ENV }).metrics).toBeNull();
    expect(parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: token }).metrics).toEqual({ token, listen: null });
    expect(parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: token, METRICS_LISTEN: '9464' }).metrics?.listen).toEqual({
      host: '0.0.0.0',
      port: 9464,
    });
    expect(
      parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: token, METRICS_LISTEN: '127.0.0.1:9464' }).metrics?.listen,
    ).toEqual({ host: '127.0.0.1', port: 9464 });
    expect(parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: token, METRICS_LISTEN: '[::1]:9464' }).metrics?.listen).toEqual(
      { host: '::1', port: 9464 },
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: 'short' })).toThrow(
      /^Invalid configuration: METRICS_TOKEN must be 16/,
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: 'short' })).not.toThrow(/short"/);
    expect(() => parseConfig({ ...SANDBOX_ENV, METRICS_LISTEN: '9464' })).toThrow(
      'Invalid configuration: METRICS_TOKEN is required when METRICS_LISTEN is set',
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: token, METRICS_LISTEN: '3000' })).toThrow(
      'Invalid configuration: METRICS_LISTEN must be another port than PORT',
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: token, METRICS_LISTEN: '70000' })).toThrow(
      /METRICS_LISTEN must name a port/,
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, METRICS_TOKEN: token, METRICS_LISTEN: 'http://x:1' })).toThrow(
      /METRICS_LISTEN must be a port or host:port/,
    );
  });

  it("offers PGlite's running copy only with BACKUP_TOKEN, and refuses it with PostgreSQL, pg_dump's work (issue 32, decision 058)", () => {
    const token = 'b'.repeat(32);
    expect(parseConfig({ ...SANDBOX_ENV }).backup).toBeNull();
    expect(parseConfig({ ...SANDBOX_ENV, BACKUP_TOKEN: token }).backup).toEqual({ token });
    expect(() => parseConfig({ ...SANDBOX_ENV, BACKUP_TOKEN: 'b'.repeat(31) })).toThrow(
      /^Invalid configuration: BACKUP_TOKEN must be 32 to 200 printable characters/,
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, BACKUP_TOKEN: 'b'.repeat(31) })).not.toThrow(/bbbb/);
    expect(() =>
      parseConfig({ ...SANDBOX_ENV, BACKUP_TOKEN: token, DATABASE_URL: 'postgres://u@localhost/db' }),
    ).toThrow(/^Invalid configuration: BACKUP_TOKEN is for PGlite \(DATA_DIR\) only; back up PostgreSQL with pg_dump/);
  });
});
