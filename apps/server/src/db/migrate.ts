import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { Database } from './types';
import { MIGRATIONS_DIR } from '../paths';

export { MIGRATIONS_DIR };

/** Any number; every instance takes the same advisory lock so only one migrates at a time. */
const MIGRATION_LOCK_KEY = 7_204_611;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

/** The numbered `NNN_name.sql` files, in order. */
export function loadMigrations(dir = MIGRATIONS_DIR): Migration[] {
  const migrations = readdirSync(dir)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), 'utf8');
      return {
        version: Number.parseInt(file.slice(0, 3), 10),
        name: file.replace(/\.sql$/, ''),
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    });
  const versions = new Set(migrations.map((m) => m.version));
  if (versions.size !== migrations.length) throw new Error(`two migrations share a number in ${dir}`);
  return migrations;
}

/**
 * Applies the migrations not yet applied, all in one transaction under an advisory lock, so
 * several instances starting together migrate once and a failure leaves nothing half-done.
 * An applied migration whose file has changed since stops start-up: history is not rewritten.
 */
export async function migrate(db: Kysely<Database>, migrations = loadMigrations()): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
    await sql`
      create table if not exists schema_migrations (
        version    integer primary key,
        name       text not null,
        checksum   text not null,
        applied_at timestamptz not null default now()
      )`.execute(trx);
    const applied = await sql<{ version: number; name: string; checksum: string }>`
      select version, name, checksum from schema_migrations order by version`.execute(trx);
    const byVersion = new Map(applied.rows.map((row) => [row.version, row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = byVersion.get(migration.version);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(`migration ${migration.name} was changed after it was applied; add a new migration instead`);
        }
        continue;
      }
      await sql.raw(migration.sql).execute(trx);
      await sql`insert into schema_migrations (version, name, checksum)
                values (${migration.version}, ${migration.name}, ${migration.checksum})`.execute(trx);
      done.push(migration.name);
    }
    return done;
  });
}

/** The versions applied to this database (none when it was never migrated). For readiness (issue 32). */
export async function appliedMigrationVersions(db: Kysely<Database>): Promise<Set<number>> {
  const exists = await sql<{ found: string | null }>`select to_regclass('schema_migrations')::text as found`.execute(
    db,
  );
  if (!exists.rows[0]?.found) return new Set();
  const { rows } = await sql<{ version: number }>`select version from schema_migrations`.execute(db);
  return new Set(rows.map((row) => row.version));
}
