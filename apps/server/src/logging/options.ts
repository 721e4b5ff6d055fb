import type { FastifyServerOptions } from 'fastify';
import { APP_ROUTES, captchaImage, orderFollowCall } from '@chain/contract';
import type { Config } from '../config';

/** Where the app's log lines go: one JSON line per write (pino's destination). */
export interface LogDestination {
  write(line: string): void;
}

/**
 * Keys whose values never reach a log line (issue 32, docs/operations.md «Logs»): contacts,
 * secrets and tokens, at the top of a line or one object down (`{ body: { phone } }`). Pino
 * replaces the value with "[redacted]". Not `code`: an error's code (a database's, the bank's)
 * is what the reader needs; a sign-in code is never put in a line.
 */
const SECRET_KEYS = [
  'phone',
  'email',
  'contact',
  'recipient',
  'password',
  'token',
  'authorization',
  'cookie',
  'secret',
  'authSecret',
  'apiKey',
  'api_id',
  'push_token',
  'pushToken',
  'subscription',
] as const;

const REDACTED_PATHS: readonly string[] = [
  ...SECRET_KEYS.flatMap((key) => [key, `*.${key}`]),
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

/**
 * A contact that slipped into a message (a provider's error that echoes the number it refused,
 * an address in a validation message) is masked in the written line: e-mail addresses and
 * Russian phone numbers as +7 …, 7 …, 8 … (with or without spaces, brackets and dashes) or ten
 * digits from 9. Ids, sums and times are other shapes of digits and pass.
 */
const EMAIL = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const PHONES: readonly RegExp[] = [/(?:\+7|\b[78])[\s(-]*\d{3}[\s)-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}\b/g, /\b9\d{9}\b/g];

export function maskContacts(line: string): string {
  // The address pattern is the costly one (it tries every word of the line): only a line with
  // an @ is searched for it (a state line of 358 characters: 7 µs with it, 0.5 µs without).
  let masked = line.includes('@') ? line.replace(EMAIL, '[contact]') : line;
  for (const pattern of PHONES) masked = masked.replace(pattern, '[contact]');
  return masked;
}

/** Paths whose last segment is a secret or a contact: a kiosk order's follow token, the contact a captcha is drawn for. */
const SECRET_SEGMENT_PATHS = [APP_ROUTES.follow, orderFollowCall.path, captchaImage.path].map((path) =>
  path.slice(0, path.lastIndexOf('/') + 1),
);

/**
 * The path a request's lines show: never the query string (signed links' `sig`, a contact in
 * /sandbox/outbox?to=, the bank callback's checksum), and "[redacted]" for a secret segment.
 */
export function loggedPath(url: string): string {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const secret = SECRET_SEGMENT_PATHS.find((prefix) => path.startsWith(prefix) && path.length > prefix.length);
  return secret ? `${secret}[redacted]` : path;
}

/** The request as its lines show it: method and path (loggedPath), host and client address. */
function requestSerializer(request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: request.method,
    url: loggedPath(request.url),
    host: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The app's logger (pino through Fastify), the one home of what a line may hold: the level from
 * LOG_LEVEL, the secret keys redacted, requests without their query, contacts masked in the
 * written text. `destination` defaults to standard output; tests pass one that keeps the lines.
 */
export function loggerOptions(
  config: Pick<Config, 'logLevel'>,
  destination: LogDestination = process.stdout,
): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: config.logLevel,
    redact: { paths: [...REDACTED_PATHS], censor: '[redacted]' },
    serializers: { req: requestSerializer },
    stream: { write: (line: string) => destination.write(maskContacts(line)) },
  };
}
