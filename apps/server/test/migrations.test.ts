import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, createPglite, type DatabaseHandle } from '../src/db/client';
import { loadMigrations, migrate, type Migration } from '../src/db/migrate';
import { databaseKinds, freshDatabase, type TestDatabase } from './support/build';

describe('numbered migrations', () => {
  it('reads NNN_name.sql files in order', () => {
    const migrations = loadMigrations();
    expect(migrations.length).toBeGreaterThan(0);
    expect(migrations.map((m) => m.version)).toEqual([...migrations.map((m) => m.version)].sort((a, b) => a - b));
    expect(migrations[0]?.name).toBe('001_catalogue');
  });

  it('refuses two files with the same number', () => {
    const dir = mkdtempSync(join(tmpdir(), 'chain-migrations-'));
    writeFileSync(join(dir, '001_a.sql'), 'select 1;');
    writeFileSync(join(dir, '001_b.sql'), 'select 1;');
    expect(() => loadMigrations(dir)).toThrow(/share a number/);
    rmSync(dir, { recursive: true });
  });
});

describe.each(databaseKinds())('migrating %s', (kind) => {
  let opened: TestDatabase[] = [];
  afterEach(async () => {
    await Promise.all(opened.map((d) => d.dispose()));
    opened = [];
  });
  const fresh = async () => {
    const database = await freshDatabase(kind);
    opened.push(database);
    return database.handle;
  };

  it('is idempotent: a second run applies nothing', async () => {
    const handle = await fresh();
    expect(await migrate(handle.db)).toEqual([]);
  });

  it('applies a new migration once, and rolls back a failing one whole', async () => {
    const handle = await fresh();
    const extra: Migration[] = [
      ...loadMigrations(),
      {
        version: 900,
        name: '900_probe',
        sql: 'create table probe (id int); insert into probe values (1);',
        checksum: 'a',
      },
    ];
    expect(await migrate(handle.db, extra)).toEqual(['900_probe']);
    expect(await migrate(handle.db, extra)).toEqual([]);

    const failing: Migration[] = [
      ...extra,
      {
        version: 901,
        name: '901_broken',
        sql: 'create table half (id int); select * from no_such_table;',
        checksum: 'b',
      },
    ];
    await expect(migrate(handle.db, failing)).rejects.toThrow();
    const half = await sql<{ name: string | null }>`select to_regclass('half')::text as name`.execute(handle.db);
    expect(half.rows[0]?.name).toBeNull();
  });

  it('stops when an applied migration was edited afterwards', async () => {
    const handle = await fresh();
    const edited = loadMigrations().map((m, i) => (i === 0 ? { ...m, checksum: 'changed' } : m));
    await expect(migrate(handle.db, edited)).rejects.toThrow(/was changed after it was applied/);
  });
});

describe('a new PGlite data folder', () => {
  let handle: DatabaseHandle | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await handle?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is created, migrated, and keeps its data when reopened', async () => {
    dir = mkdtempSync(join(tmpdir(), 'chain-data-'));
    handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    expect((await migrate(handle.db)).length).toBeGreaterThan(0);
    await handle.db
      .insertInto('settings')
      .values({ key: 'probe', value: JSON.stringify(1) })
      .execute();
    await handle.close();
    handle = await openDatabase({ kind: 'pglite', instance: await createPglite(dir) });
    expect(await migrate(handle.db)).toEqual([]);
    const row = await handle.db.selectFrom('settings').select('value').where('key', '=', 'probe').executeTakeFirst();
    expect(row?.value).toBe(1);
  });
});
