import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * Who is doing the work a log line tells of (issue 32, docs/operations.md «Logs»): a request
 * (its logger carries the request id as `reqId`), or a background job — the payment worker,
 * housekeeping, the sandbox kitchen — named by `by`, with no request id.
 */
export interface LogScope {
  /** The request's logger (`reqId` bound), or for a job the app's with `by` bound. */
  log: FastifyBaseLogger;
  requestId: string | null;
  by: string;
}

const scopes = new AsyncLocalStorage<LogScope>();
/** The app's own logger, for work outside any scope (start-up, demo data): the app built last in this process. */
let rootScope: LogScope | undefined;

/**
 * Every request runs its handler in its own scope: the state lines of modules/…/repository.ts
 * and settle.ts find the request's logger and id without each caller passing them, and work a
 * request starts and leaves running (a receipt, a tips id) keeps them. Entered at preHandler,
 * after the body is read (the body's stream events run outside the request's async context).
 */
export function registerLogScopes(app: FastifyInstance): void {
  rootScope = { log: app.log, requestId: null, by: 'app' };
  app.addHook('preHandler', (request, _reply, done) => {
    scopes.run({ log: request.log, requestId: request.id, by: 'request' }, done);
  });
}

/** Runs a background job's work in its scope: its lines say `by` (which worker) and carry no request id. */
export function inJobScope<T>(app: FastifyInstance, by: string, work: () => Promise<T>): Promise<T> {
  return scopes.run({ log: app.log.child({ by }), requestId: null, by }, work);
}

/**
 * A logger for services built once per app (the payments service, the refunds' and the worker's
 * deps): each call writes through the logger of the scope running now — a request's, with its
 * `reqId`, or a job's, with its `by` — and through `fallback` outside any scope.
 */
export function scopedLog(fallback: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(fallback, {
    get(target, property) {
      const log = scopes.getStore()?.log ?? target;
      const value: unknown = Reflect.get(log, property, log);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(log) : value;
    },
  });
}

/**
 * The scope of the work running now: the request's, the job's, or — outside both (start-up,
 * demo data) — the app's own logger with `by: 'app'`; undefined in a tool that runs no app
 * (the seed and catalogue commands), which logs no state lines.
 */
export function currentLogScope(): LogScope | undefined {
  return scopes.getStore() ?? rootScope;
}
