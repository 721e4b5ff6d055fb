import { withTimeout } from '@chain/domain';
import { databaseErrors, type DatabaseErrorKind } from '../metrics/metrics';
import type { DatabaseHandle, DatabaseWatcher } from './client';

export type DatabaseState = 'up' | 'down';

export interface DatabaseStatus {
  state: DatabaseState;
  latencyMs: number | null;
  error?: string;
}

/**
 * Keeps the database's state for /api/health and for the 503 gate on API requests.
 *
 * A request that fails with a connection-class error marks the database down; while it is
 * down a probe runs every `probeIntervalMs` and marks it up again as soon as `select 1`
 * answers, so the server recovers by itself once the database returns.
 */
export class DatabaseMonitor implements DatabaseWatcher {
  #state: DatabaseState = 'up';
  #lastError: string | undefined;
  #latencyMs: number | null = null;
  #probe: NodeJS.Timeout | undefined;
  /** The probe's ping still waiting: a frozen database answers none, so they must not pile up. */
  #probing = false;
  #closed = false;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly probeIntervalMs = 1000,
    private readonly pingTimeoutMs = 2000,
  ) {
    // PostgreSQL's handle reports a database that stopped answering here at once (issue 11.11).
    handle.watch?.(this);
  }

  get state(): DatabaseState {
    return this.#state;
  }

  /** Work that holds the database's one session on purpose (PGlite's copy for a backup). */
  #holds = 0;

  /**
   * Runs work that holds the database on purpose for longer than a ping may wait (PGlite's
   * consistent copy, decision 058): meanwhile health and readiness report the state as it was
   * instead of pinging, so a slow copy neither marks the database lost — which would answer 503
   * to every call — nor takes the one instance out of the balancer.
   */
  async during<T>(work: () => Promise<T>): Promise<T> {
    this.#holds += 1;
    try {
      return await work();
    } finally {
      this.#holds -= 1;
    }
  }

  /** Pings now and reports; the result also updates the state. */
  async check(): Promise<DatabaseStatus> {
    if (this.#holds > 0) return this.status();
    const started = performance.now();
    try {
      await withTimeout(this.handle.ping(), this.pingTimeoutMs, (ms) => new Error(`no answer within ${ms} ms`));
      this.#latencyMs = Math.round((performance.now() - started) * 100) / 100;
      this.#markUp();
    } catch (error) {
      this.#latencyMs = null;
      this.markDown(error);
    }
    return this.status();
  }

  status(): DatabaseStatus {
    return {
      state: this.#state,
      latencyMs: this.#latencyMs,
      ...(this.#state === 'down' && this.#lastError ? { error: this.#lastError } : {}),
    };
  }

  markDown(error: unknown): void {
    this.#lastError = error instanceof Error ? error.message : String(error);
    if (this.#state === 'down' || this.#closed) return;
    this.#state = 'down';
    this.#probe = setInterval(() => void this.#probeOnce(), this.probeIntervalMs);
    this.#probe.unref();
  }

  async #probeOnce(): Promise<void> {
    if (this.#probing) return;
    this.#probing = true;
    try {
      await this.check();
    } finally {
      this.#probing = false;
    }
  }

  #markUp(): void {
    this.#state = 'up';
    this.#lastError = undefined;
    if (this.#probe) clearInterval(this.#probe);
    this.#probe = undefined;
  }

  close(): void {
    this.#closed = true;
    if (this.#probe) clearInterval(this.#probe);
  }
}

const FROM_DATABASE = Symbol('fromDatabase');

/**
 * Marks an error as the database handle's own: raised by a query, by a wait for a connection or
 * by a connection to the database (db/client.ts, db/pglite-pool.ts). Issue 30.2: an error code
 * alone does not say whose an error is — a client that resets its connection in the middle of a
 * body raises ECONNRESET too — so the error handler trusts a connection error to be the
 * database's only with this mark, whatever the request's method or the state of its body.
 */
export function databaseError<E>(error: E): E {
  if (error instanceof Error && !(FROM_DATABASE in error)) {
    Object.defineProperty(error, FROM_DATABASE, { value: true });
    // Marked once each: the one place database errors are counted (issue 32).
    databaseErrors.inc({ kind: databaseErrorKind(error) });
  }
  return error;
}

/** The metrics' kind of a database error: the same tests the error handler's 503s are decided by. */
export function databaseErrorKind(error: Error): DatabaseErrorKind {
  if (isPoolBusy(error)) return 'pool_busy';
  if (isStatementCancelled(error) || isQueryTimeout(error)) return 'timeout';
  if (isConnectionError(error)) return 'connection';
  return 'query';
}

/** True for an error the database handle raised (databaseError). */
export function isDatabaseError(error: unknown): boolean {
  return error instanceof Error && FROM_DATABASE in error;
}

/**
 * True for errors that mean "the database cannot be reached", not "the query was wrong": a
 * refused or dropped connection, a new connection not made within the connect timeout
 * («Connection terminated due to connection timeout»), no answer within the query timeout (a
 * frozen server, issue 11.11). Not a wait for a free connection of a full pool (isPoolBusy).
 */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN'].includes(code)) {
      return true;
    }
    // SQLSTATE class 08 (connection exception), 57P01..57P03 (shutdown, cannot connect now).
    if (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code)) return true;
  }
  return /Connection terminated|Query read timeout|Client has encountered a connection error|connection is closed|the database system is (shutting down|starting up)/i.test(
    error.message,
  );
}

/** pg-pool's error when every connection of the pool stayed busy for the whole connect timeout. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * True when a call waited the connect timeout for a free connection of a full pool and got none:
 * a rush keeps every connection busy with slow statements. The database answers; this instance
 * has more calls than connections. It is a 503 for that call, never a lost database — marking it
 * down would answer 503 to everything and fail /api/health on every instance at once in a rush
 * (issue 11, second read). A new connection that cannot be made is another error
 * («Connection terminated due to connection timeout», isConnectionError).
 */
export function isPoolBusy(error: unknown): boolean {
  return error instanceof Error && error.message === POOL_WAIT_TIMEOUT;
}

/**
 * True for a statement PostgreSQL cancelled (SQLSTATE 57014): it ran past the statement timeout
 * (issue 11.11), or an operator cancelled it. The database is up; the call may be retried.
 */
export function isStatementCancelled(error: unknown): boolean {
  return error instanceof Error && (error as { code?: unknown }).code === '57014';
}

/**
 * True when PostgreSQL ended the transaction to let another go on: a deadlock (SQLSTATE 40P01)
 * or a serialization failure (40001). Nothing of it was saved and the database is up; the call
 * may be retried. PGlite runs one transaction at a time and never raises them.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return code === '40P01' || code === '40001';
}

/** pg's error for a query the server did not answer within `query_timeout`. */
const QUERY_READ_TIMEOUT = 'Query read timeout';

/** True for a query PostgreSQL did not answer within the query timeout (a frozen server, issue 11.11). */
export function isQueryTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === QUERY_READ_TIMEOUT;
}
