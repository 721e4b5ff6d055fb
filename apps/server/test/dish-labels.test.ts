import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISH_LABELS } from '@chain/domain';
import { sql } from 'kysely';
import { freshDatabase, type TestDatabase } from './support/build';

// Issue 31: migration 024's check on dishes.labels repeats the domain's list; this holds the two together.
describe('dish labels in the database (migration 024)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await freshDatabase('pglite');
  });
  afterAll(() => database.dispose());

  it('the check allows exactly the domain’s labels', async () => {
    const { rows } = await sql<{ definition: string }>`
      select pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'dishes'::regclass and contype = 'c' and pg_get_constraintdef(oid) like '%labels%'`.execute(
      database.handle.db,
    );
    const allowed = [...(rows[0]?.definition ?? '').matchAll(/'([a-z]+)'::text/g)].map((match) => match[1]);
    expect(allowed).toEqual([...DISH_LABELS]);
  });

  it('refuses a label the domain does not know, keeps the ones it does', async () => {
    const { id } = await database.handle.db.selectFrom('dishes').select('id').orderBy('id').executeTakeFirstOrThrow();
    await database.handle.db
      .updateTable('dishes')
      .set({ labels: ['nuts', 'vegetarian'] })
      .where('id', '=', id)
      .execute();
    await expect(
      sql`update dishes set labels = '{nuts,glitter}' where id = ${id}`.execute(database.handle.db),
    ).rejects.toThrow(/check/);
    expect(
      (await database.handle.db.selectFrom('dishes').select('labels').where('id', '=', id).executeTakeFirstOrThrow())
        .labels,
    ).toEqual(['nuts', 'vegetarian']);
  });
});
