import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKOFFICE_TEXTS, staleVersionResponse } from '@chain/contract';
import { sql } from 'kysely';
import * as z from 'zod/mini';
import { savedOrStale } from '../src/http/versioned';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

// Issue 31 "No lost update" (decision 043): a save names the version it was based on and is made
// only over that version; the loser of two saves is answered 409 stale_version with the row as it
// is now. Here over a test route on categories (migration 023's column); each back-office call is
// tested with its own racing saves in its own file.

const currentCategory = z.object({ id: z.int(), name: z.string(), version: z.int() });

describe.each(databaseKinds())('versioned saves on %s (issue 31, decision 043)', (kind) => {
  let t: TestApp;
  let id: number;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, (app) => {
      app.post<{ Body: { id: number; name: string; version: number } }>('/api/test/category', async (request) =>
        app.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ id: number; name: string; version: number }>`
            update categories set name = ${request.body.name}, version = version + 1
            where id = ${request.body.id} and version = ${request.body.version}
            returning id, name, version`.execute(trx);
          return savedOrStale(
            rows[0],
            async () =>
              (
                await sql<{
                  id: number;
                  name: string;
                  version: number;
                }>`select id, name, version from categories where id = ${request.body.id}`.execute(trx)
              ).rows[0],
            { message: 'Категория не найдена.', code: 'category_not_found' },
          );
        }),
      );
    });
    id = (await t.database.db.selectFrom('categories').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  const save = (name: string, version: number, target = id) =>
    t.app.inject({ method: 'POST', url: '/api/test/category', payload: { id: target, name, version } });

  it('every editable row starts at version 1 (migration 023)', async () => {
    for (const table of [
      'restaurants',
      'delivery_zones',
      'restaurant_tables',
      'categories',
      'dishes',
      'dish_options',
      'cutlery_items',
      'recommended_items',
      'coupons',
      'chain_pages',
      'settings',
      'staff_accounts',
    ] as const) {
      const { rows } = await sql<{
        versions: number[] | null;
      }>`select array_agg(distinct version) as versions from ${sql.table(table)}`.execute(t.database.db);
      expect([null, [1]], table).toContainEqual(rows[0]?.versions ?? null);
    }
  });

  it('saves over the version it names and bumps it; a save over an older one is 409 with the current row, and changes nothing', async () => {
    const { version } = await t.database.db
      .selectFrom('categories')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const first = await save('Первая', version);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ id, name: 'Первая', version: version + 1 });

    const late = await save('Вторая', version);
    expect(late.statusCode).toBe(409);
    const body = staleVersionResponse(currentCategory).parse(late.json());
    expect(body).toMatchObject({
      error: 'stale_version',
      message: BACKOFFICE_TEXTS.staleVersion,
      current: { id, name: 'Первая', version: version + 1 },
    });
    expect(body.requestId).toBeTruthy();
    expect(
      (await t.database.db.selectFrom('categories').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name,
    ).toBe('Первая');
  });

  it('a row that is gone is 404 with its own words, not 409', async () => {
    const gone = await save('Нет', 1, 2_000_000_000);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ error: 'category_not_found', message: 'Категория не найдена.' });
  });

  it('of many saves racing from one version exactly one wins; the others get 409 with the winner’s row', async () => {
    const { version } = await t.database.db
      .selectFrom('categories')
      .select('version')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => save(`Гонка ${index}`, version)));
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    const winner = won[0]!.json<{ name: string }>().name;
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json()).toMatchObject({ current: { name: winner, version: version + 1 } });
    }
  });
});
