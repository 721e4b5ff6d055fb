import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { loadMigrations, migrate } from '../src/db/migrate';
import { databaseKinds, freshDatabase, type TestDatabase } from './support/build';
import {
  readDeclaredTables,
  readSchemaTables,
  schemaDrift,
  type DeclaredColumn,
  type Tables,
} from './support/schema-drift';

// src/db/types.ts is written by hand; this test holds it to the schema every migration builds
// (decision 019): each table and column on both sides, each column's JavaScript type,
// nullability, default (Generated/Defaulted) and the values a `check (col in (…))` allows.

let declared: Tables<DeclaredColumn>;
beforeAll(() => {
  declared = readDeclaredTables();
});

describe.each(databaseKinds())('db/types.ts on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase(kind);
  });
  afterAll(() => database.dispose());
  const db = () => database.handle.db as unknown as Kysely<never>;

  it('declares every table and column the migrations build, as the schema has it', async () => {
    expect(schemaDrift(declared, await readSchemaTables(db()))).toEqual([]);
  });

  it('reports a migration whose types were not written', async () => {
    const probe = await freshDatabase(kind);
    try {
      await migrate(probe.handle.db, [
        ...loadMigrations(),
        {
          version: 999,
          name: '999_drift_probe',
          checksum: 'probe',
          sql: `
            create table drift_probe (id int);
            alter table settings add column note text not null default '';
            alter table feedback alter column message drop not null;
            alter table addresses alter column full_text type integer using 0;
            alter table coupons alter column min_sum drop default;
            alter table categories drop constraint categories_menu_kind_check;
            alter table categories add constraint categories_menu_kind_check check (menu_kind in ('restaurant', 'shop', 'bar', 'cafe'));
            alter table rating_sections drop column sort;`,
        },
      ]);
      const drift = schemaDrift(declared, await readSchemaTables(probe.handle.db as unknown as Kysely<never>));
      expect(drift.sort()).toEqual(
        [
          'table drift_probe: in the schema, not in Database',
          'settings.note: in the schema, not in types.ts',
          "categories.menu_kind: types.ts allows only bar, restaurant, shop, the schema's check only bar, cafe, restaurant, shop",
          'coupons.min_sum: types.ts lets an insert leave it out, the schema has no default',
          'rating_sections.sort: in types.ts, not in the schema',
          'feedback.message: types.ts excludes null, the schema is nullable',
          "addresses.full_text: select type is string, the schema's int4 is number",
          "addresses.full_text: insert type is string, the schema's int4 is number",
          "addresses.full_text: update type is string, the schema's int4 is number",
        ].sort(),
      );
    } finally {
      await probe.dispose();
    }
  });
});
