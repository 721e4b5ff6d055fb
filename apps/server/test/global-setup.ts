import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createPglite, openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemoChain } from '../src/seed/load';
import { admin, databaseUrl, dropDatabase, postgresReachable, ADMIN_URL } from './support/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated, seeded PGlite database; each test file loads its own copy. */
    pgliteTemplate: string;
    /** A migrated, seeded PostgreSQL database each test file clones, or null without PostgreSQL. */
    postgresTemplate: string | null;
  }
}

async function prepare(database: DatabaseHandle): Promise<void> {
  await migrate(database.db);
  await seedDemoChain(database.db);
}

/**
 * Migrates and seeds once per run (PGlite creation costs ~2 s, a load from a dump ~0.2 s):
 * a PGlite dump on disk, and a template database on PostgreSQL when it answers. With CI=true
 * PostgreSQL is required, so CI always proves both databases.
 */
export default async function setup(project: TestProject) {
  const folder = mkdtempSync(join(tmpdir(), 'chain-api-tests-'));
  const pglite = await createPglite();
  const pgliteHandle = await openDatabase({ kind: 'pglite', instance: pglite });
  await prepare(pgliteHandle);
  const dump = await pglite.dumpDataDir('none');
  const dumpFile = join(folder, 'template.tar');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await pgliteHandle.close();
  project.provide('pgliteTemplate', dumpFile);

  let templateName: string | null = null;
  if (await postgresReachable()) {
    templateName = `chain_tpl_${process.pid}_${Date.now()}`;
    await admin((client) => client.query(`create database "${templateName}"`));
    const handle = await openDatabase({ kind: 'postgres', url: databaseUrl(templateName), poolSize: 2 });
    await prepare(handle);
    await handle.close();
  } else if (process.env.CI === 'true') {
    throw new Error(`CI=true but PostgreSQL does not answer at ${ADMIN_URL}: the API layer must run on both databases`);
  } else {
    console.warn(`PostgreSQL does not answer at ${ADMIN_URL}: API tests run on PGlite only`);
  }
  project.provide('postgresTemplate', templateName);

  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (templateName) await dropDatabase(templateName);
  };
}
