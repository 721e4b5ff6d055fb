import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig, type Config } from '../../src/config';
import { createPglite, openDatabase, type DatabaseHandle } from '../../src/db/client';
import { admin, databaseUrl, dropDatabase } from './postgres';
import type { TcpProxy } from './tcp-proxy';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases this run covers: PGlite always, PostgreSQL when global setup found it. */
export function databaseKinds(): DatabaseKind[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

export interface TestDatabase {
  handle: DatabaseHandle;
  /** Closes the handle (if still open) and removes the database. */
  dispose(): Promise<void>;
}

/**
 * A fresh, migrated and seeded database of the given kind, private to the caller; with
 * `empty`, one without any migration (for tests of a migration over older data); with
 * `timeouts`, PostgreSQL's own instead of the configuration's defaults.
 */
export async function freshDatabase(
  kind: DatabaseKind,
  { empty = false, timeouts = testConfig().databaseTimeouts } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dump = empty ? undefined : new Blob([readFileSync(inject('pgliteTemplate'))]);
    const handle = await openDatabase({ kind: 'pglite', instance: await createPglite(undefined, dump) });
    return { handle, dispose: () => handle.close().catch(() => undefined) };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL is not available in this run');
  const name = `chain_t_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}"${empty ? '' : ` template "${template}"`}`));
  // The server's own timeouts (issue 11.11), so the API layer runs as production does.
  const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(name), poolSize: 5, timeouts });
  return {
    handle,
    async dispose() {
      await handle.close().catch(() => undefined);
      await dropDatabase(name);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** The whole server in process on a fresh database, for `app.inject` tests. */
export async function buildTestApp(
  kind: DatabaseKind,
  overrides: Partial<Config> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await freshDatabase(
    kind,
    overrides.databaseTimeouts ? { timeouts: overrides.databaseTimeouts } : {},
  );
  const app = await buildApp(testConfig(overrides), { database: database.handle });
  beforeReady?.(app);
  // Listening on loopback lets the provider adapters reach the sandbox's counterparts over
  // real HTTP; the tests themselves still use app.inject.
  await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    database: database.handle,
    async close() {
      await app.close();
      await database.dispose();
    },
  };
}

/**
 * A throw-away copy of the PostgreSQL template database, for tests that open it their own way
 * (timeouts, pool size, a proxy in front); reached through `proxy` when one is given. The caller
 * drops it (dropDatabase(name)).
 */
export async function postgresTemplateCopy(proxy?: TcpProxy): Promise<{ url: string; name: string }> {
  const name = `chain_t_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}" template "${inject('postgresTemplate') ?? ''}"`));
  const url = new URL(databaseUrl(name));
  if (proxy) url.port = String(await proxy.start());
  return { url: url.toString(), name };
}
