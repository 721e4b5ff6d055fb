import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { pglitePool } from './pglite-pool';
import { DATE_OID, INT8_OID, NUMERIC_OID, parseDate, parseInt8, parseNumeric } from './type-parsers';
import type { Database } from './types';

export type DatabaseDriver = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  driver: DatabaseDriver;
  /** Runs `select 1`; rejects when the database cannot answer. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: calls the listener with every notification of a channel this session LISTENs
   * to (issue the LISTEN through `db`), before the statement that committed it returns.
   * Returns the way to stop listening.
   */
  onNotification?(listener: (channel: string, payload: string) => void): () => void;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; connectTimeoutMs?: number }
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite'; instance: PGlite };

/** Opens the database the configuration names: PostgreSQL when a URL is given, else PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') return openPostgres(options);
  const instance = 'instance' in options ? options.instance : await createPglite(options.dataDir);
  return {
    ...wrap(new Kysely<Database>({ dialect: new PostgresDialect({ pool: pglitePool(instance) as never }) }), 'pglite'),
    onNotification: (listener) => instance.onNotification(listener),
  };
}

/** A PGlite database in a folder (created when missing), with the project's type parsers. */
export async function createPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: { [INT8_OID]: parseInt8, [NUMERIC_OID]: parseNumeric, [DATE_OID]: parseDate },
  });
}

async function openPostgres(options: { url: string; poolSize?: number; connectTimeoutMs?: number }) {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 3000,
    idleTimeoutMillis: 30_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8_OID) return parseInt8;
        if (oid === DATE_OID) return parseDate;
        if (oid === NUMERIC_OID) return parseNumeric;
        return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
      }) as typeof pg.types.getTypeParser,
    },
  });
  // An idle client whose server went away emits 'error' on the pool; without a listener that
  // would crash the process. The health monitor notices the outage through its own probe.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  const handle = wrap(new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), 'postgres');
  try {
    await handle.ping();
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw new DatabaseUnreachableError(describeUrl(options.url), error);
  }
  return handle;
}

function wrap(db: Kysely<Database>, driver: DatabaseDriver): DatabaseHandle {
  return {
    db,
    driver,
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
