import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import type { DatabaseTimeouts } from '../config';
import { lockDataDir } from './data-dir-lock';
import { PostgresListener } from './postgres-listener';
import { databaseError, isConnectionError, isQueryTimeout } from './monitor';
import { pglitePool, type PoolStats } from './pglite-pool';
import { DATE_OID, INT8_OID, NUMERIC_OID, parseDate, parseInt8, parseNumeric } from './type-parsers';
import type { Database } from './types';

export type DatabaseDriver = 'pglite' | 'postgres';

/** What the database handle tells and asks the health monitor (monitor.ts). */
export interface DatabaseWatcher {
  readonly state: 'up' | 'down';
  markDown(error: unknown): void;
}

export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: DatabaseDriver;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * The pool now, for the metrics (issue 32): on PostgreSQL pg's pool (connections handed out,
   * calls waiting for one); on PGlite its one session (held or not, calls queued for it).
   */
  poolStats(): PoolStats;
  /**
   * Runs long legitimate work (migrations, loading the demo data at start-up) where no statement
   * or query timeout cuts it: on PostgreSQL a connection of its own, closed afterwards.
   */
  runLong<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only (issue 11.11): reports a query the server did not answer in time to the
   * monitor at once, and while the monitor says down, refuses new work at once instead of
   * waiting for a connection or an answer; `ping` still goes through, so the monitor's probe
   * sees the database return.
   */
  watch?(watcher: DatabaseWatcher): void;
  close(): Promise<void>;
  /**
   * PGlite only: calls the listener with every notification of a channel this session LISTENs
   * to (issue the LISTEN through `db`), before the statement that committed it returns.
   * Returns the way to stop listening.
   */
  onNotification?(listener: (channel: string, payload: string) => void): () => void;
  /**
   * Calls `onPayload` with the payload of every notification on `channel` (`pg_notify`) from
   * any session of the database — on PostgreSQL every instance's. Resolves once the LISTEN is in
   * place, so a notification committed after that arrives; returns the way to stop listening.
   * PostgreSQL listens on one connection of its own per handle (not the pool's), for every
   * channel asked, and reconnects with backoff when it drops: notifications sent during the gap
   * are lost, so after a reconnect `onReconnect` is called, for the listener to re-read what it
   * watches. close() ends it.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * PGlite only (issue 32, decision 058): the data folder as a tar archive, consistent — taken
   * holding the one session between two transactions, after a CHECKPOINT, so it is the database
   * as of that instant, every committed change in it and no half of a transaction. Every other
   * call waits for it (a fraction of a second per 40 MB). PostgreSQL is copied with pg_dump.
   */
  dumpDataDir?(): Promise<Uint8Array>;
}

export type DatabaseOptions =
  /** `timeouts` absent: none (tools and test set-up); the server passes its configuration's. */
  | { kind: 'postgres'; url: string; poolSize?: number; timeouts?: DatabaseTimeouts }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; instance: PGlite };

/** Opens the database the configuration names: PostgreSQL when a URL is given, else PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options);
  const instance = 'instance' in options ? options.instance : await createPglite(options.dataDir);
  const pool = pglitePool(instance);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as never }) });
  const handle = wrap(
    db,
    'pglite',
    (work) => work(db),
    () => pool.stats(),
  );
  const channels = new Map<string, number>();
  return {
    ...handle,
    // One session, never dropped: the LISTEN goes through `db` (the pool's lock, so it never
    // lands inside another request's transaction), the notifications come by onNotification.
    async listen(channel, onPayload) {
      const stop = instance.onNotification((from, payload) => {
        if (from === channel) onPayload(payload);
      });
      const count = channels.get(channel) ?? 0;
      channels.set(channel, count + 1);
      try {
        if (count === 0) await sql`listen ${sql.id(channel)}`.execute(db);
      } catch (error) {
        stop();
        channels.set(channel, (channels.get(channel) ?? 1) - 1);
        throw error;
      }
      let stopped = false;
      return async () => {
        if (stopped) return;
        stopped = true;
        stop();
        const left = (channels.get(channel) ?? 1) - 1;
        channels.set(channel, left);
        if (left === 0 && !instance.closed) await sql`unlisten ${sql.id(channel)}`.execute(db).catch(() => undefined);
      };
    },
    // Kysely ends the pool only if a query ever took a connection: a handle closed unused would
    // leave the database open, and its folder locked (createPglite).
    async close() {
      await handle.close();
      if (!instance.closed) await instance.close();
    },
    onNotification: (listener) => instance.onNotification(listener),
    async dumpDataDir() {
      const session = await pool.connect();
      try {
        await session.query('checkpoint');
        return new Uint8Array(await (await instance.dumpDataDir('none')).arrayBuffer());
      } finally {
        session.release();
      }
    },
  };
}

/**
 * The database a configuration names, opened for a command-line tool (the seed, kiosk-code): no
 * pool size and no time limits, a tool's work being its own; a PGlite folder is locked as for the
 * server.
 */
export function openToolDatabase(
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string },
): Promise<DatabaseHandle> {
  return database.kind === 'postgres'
    ? openDatabase({ kind: 'postgres', url: database.url })
    : openDatabase({ kind: 'pglite', dataDir: database.dataDir });
}

/**
 * A PGlite database in a folder (created when missing), with the project's type parsers; without
 * a folder, in memory. A folder is locked to this process while the database is open
 * (data-dir-lock.ts): a folder another live process holds is refused with DataDirLockedError
 * («stop the server first»), and closing the database gives the folder back.
 */
export async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  const options = {
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: { [INT8_OID]: parseInt8, [NUMERIC_OID]: parseNumeric, [DATE_OID]: parseDate },
  };
  if (!dataDir) return PGlite.create(options);
  mkdirSync(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  let instance: PGlite;
  try {
    instance = await PGlite.create(options);
  } catch (error) {
    release();
    throw error;
  }
  // Every way this database is closed (the pool's end, a test's own close) goes through close().
  const close = instance.close.bind(instance);
  instance.close = async () => {
    try {
      await close();
    } finally {
      release();
    }
  };
  return instance;
}

const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
    if (oid === INT8_OID) return parseInt8;
    if (oid === DATE_OID) return parseDate;
    if (oid === NUMERIC_OID) return parseNumeric;
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  }) as typeof pg.types.getTypeParser,
};

/** Without configured timeouts (tools, test set-up): how long a connection may take. */
const DEFAULT_CONNECT_TIMEOUT_MS = 3000;

function postgresPool(url: string, max: number, timeouts: DatabaseTimeouts | undefined): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: timeouts?.connectMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // Issue 11.11: the server cancels a slow statement; the client stops waiting for a server
    // that does not answer at all (frozen, or its host gone without a reset).
    ...(timeouts ? { statement_timeout: timeouts.statementMs, query_timeout: timeouts.queryMs } : {}),
    types: TYPES,
  });
  // An idle client whose server went away emits 'error' on the pool; without a listener that
  // would crash the process. The health monitor notices the outage through its own probe.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

async function openPostgres(options: { url: string; poolSize?: number; timeouts?: DatabaseTimeouts }) {
  const pool = postgresPool(options.url, options.poolSize ?? 10, options.timeouts);
  const runLong = async <T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> => {
    const own = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: postgresPool(options.url, 1, undefined) }),
    });
    try {
      return await work(own);
    } finally {
      await own.destroy();
    }
  };
  let watcher: DatabaseWatcher | undefined;
  const guarded = guardedPool(pool, () => watcher);
  const listener = new PostgresListener(options.url, options.timeouts?.connectMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
  const base = wrap(
    new Kysely<Database>({ dialect: new PostgresDialect({ pool: guarded }) }),
    'postgres',
    runLong,
    () => ({
      size: pool.options.max,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
    }),
  );
  const handle: DatabaseHandle = {
    ...base,
    ping: () => guarded.ping(),
    watch: (next) => {
      watcher = next;
    },
    listen: (channel, onPayload, onReconnect) => listener.listen(channel, onPayload, onReconnect),
    async close() {
      await listener.close();
      await base.close();
    },
  };
  try {
    await handle.ping();
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw new DatabaseUnreachableError(describeUrl(options.url), error);
  }
  return handle;
}

/**
 * The pool as Kysely sees it, guarded for a database that stops answering (issue 11.11):
 * - a connection whose query timed out on the client still has that query outstanding at the
 *   server, so it is never reused: its later queries (a rollback) fail at once instead of
 *   queueing behind the stuck one, and it is destroyed when released;
 * - such a timeout, or a connection that cannot be made, tells the watcher (the monitor) at
 *   once, and while it says down, `connect` refuses at once: a call already past the 503 gate
 *   does not start new waits on a database known to be gone, and calls already waiting for a
 *   connection stop waiting then too;
 * - a wait for a free connection of a full pool that times out is a rush, not a lost database:
 *   it tells the watcher nothing (isConnectionError leaves it out; the call answers 503,
 *   error-handler.ts; issue 11, second read). A frozen server still shows within the query
 *   timeout, by the queries that get no answer.
 */
function guardedPool(pool: pg.Pool, watcher: () => DatabaseWatcher | undefined) {
  const clients = new WeakMap<pg.PoolClient, { query: pg.PoolClient['query']; release: () => void }>();
  /** Calls waiting for a connection: told at once when the database is found lost. */
  const waiting = new Set<(error: Error) => void>();
  const lost = (error: unknown) => {
    databaseError(error);
    if (!isConnectionError(error)) return;
    watcher()?.markDown(error);
    for (const stop of [...waiting])
      stop(
        databaseError(
          new Error(
            `Connection terminated: the database stopped answering (${error instanceof Error ? error.message : String(error)})`,
          ),
        ),
      );
  };
  const nextClient = () =>
    new Promise<pg.PoolClient>((resolve, reject) => {
      let settled = false;
      const stop = (error: Error) => {
        if (settled) return;
        settled = true;
        waiting.delete(stop);
        reject(error);
      };
      waiting.add(stop);
      pool.connect().then(
        (client) => {
          if (!settled) {
            settled = true;
            waiting.delete(stop);
            resolve(client);
          } else client.release();
        },
        (error: unknown) => {
          lost(error);
          stop(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  return {
    async connect() {
      if (watcher()?.state === 'down')
        throw databaseError(
          new Error('Connection terminated: the database is not answering; waiting for it to return'),
        );
      const client = await nextClient();
      let wrapped = clients.get(client);
      if (!wrapped) {
        let stuck: Error | undefined;
        wrapped = {
          query: ((...args: Parameters<pg.PoolClient['query']>) => {
            if (stuck)
              return Promise.reject(
                databaseError(new Error(`Connection terminated: an earlier query got no answer (${stuck.message})`)),
              );
            const result = (client.query as (...a: unknown[]) => unknown)(...args);
            if (!(result instanceof Promise)) return result;
            return result.catch((error: unknown) => {
              if (error instanceof Error && isQueryTimeout(error)) stuck = error;
              lost(error);
              throw error;
            });
          }) as pg.PoolClient['query'],
          release: () => client.release(stuck),
        };
        clients.set(client, wrapped);
      }
      return wrapped;
    },
    /** `select 1` past the guard, on a connection dropped afterwards if it failed: the monitor's probe. */
    async ping() {
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        await client.query('select 1');
      } catch (error) {
        failure = error instanceof Error ? error : new Error(String(error));
        throw failure;
      } finally {
        client.release(failure);
      }
    },
    end: () => pool.end(),
  };
}

function wrap(
  db: Kysely<Database>,
  driver: DatabaseDriver,
  runLong: DatabaseHandle['runLong'],
  poolStats: () => PoolStats,
): Omit<DatabaseHandle, 'listen'> {
  return {
    db,
    driver,
    runLong,
    poolStats,
    async ping() {
      await sql`select 1`.execute(db);
    },
    async close() {
      await db.destroy();
    },
  };
}

export class DatabaseUnreachableError extends Error {
  constructor(where: string, cause: unknown) {
    super(`database unreachable at ${where}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnreachableError';
  }
}

/** The URL without its password, for messages and logs. */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}
