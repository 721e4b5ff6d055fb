import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_PRICES_HEADER,
  CATALOGUE_TEXTS,
  STAFF_TEXTS,
  catalogueFile,
  catalogueFileText,
  menuResponse,
  type CatalogueFile,
} from '@chain/contract';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { bearer, staffAccount, staffToken } from './support/staff';

// Issue 31 «Import and export»: one catalogue file (JSON with its schema; dish prices as CSV),
// exported byte for byte the same, export then import is no change, a dry run shows the difference
// per kind and every problem with its place, applying is one transaction, a refused file changes
// nothing, racing imports apply once. Chain managers only (decision 051).

const PATRIKI = DEMO_RESTAURANTS[0]!.fsUid;

describe.each(databaseKinds())('the catalogue file on %s (issue 31)', (kind) => {
  let t: TestApp;
  let chain: string;
  let manager: string;
  let kitchen: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    chain = await staffToken(t.app, t.database, await staffAccount(t.database, { role: 'manager', chain: true }));
    manager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [1] }),
    );
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
  });
  afterAll(() => t.close());

  const exported = async (token = chain) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/staff/catalogue', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ json: string; csv: string; fingerprint: string }>();
  };
  const importing = (
    body: { format: 'json' | 'csv'; content: string; dry_run: boolean; based_on?: string },
    token = chain,
  ) => t.app.inject({ method: 'POST', url: '/api/staff/catalogue/import', headers: bearer(token), payload: body });
  const guestMenu = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/restoran/menu',
      payload: { ver: 4, order_type: 'inrest', fs_uid: PATRIKI, is_shop: 0 },
    });
    return menuResponse.parse(res.json());
  };
  const dishRow = (id: number) =>
    t.database.db.selectFrom('dishes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('exports the same bytes twice, valid against its own schema; export then import is no change', async () => {
    const first = await exported();
    const second = await exported();
    expect(second.json).toBe(first.json);
    expect(second.csv).toBe(first.csv);
    const file = catalogueFile.parse(JSON.parse(first.json));
    expect(catalogueFileText(file)).toBe(first.json);
    expect(file.dishes.length).toBeGreaterThanOrEqual(60);
    expect(first.csv.split('\n')[0]).toBe(CATALOGUE_PRICES_HEADER);
    expect(first.csv).toContain(';Маргарита;590,00');

    const dry = await importing({ format: 'json', content: first.json, dry_run: true });
    expect(dry.json()).toMatchObject({
      applied: false,
      problems: [],
      fingerprint: first.fingerprint,
      difference: { dishes: { added: 0, changed: 0, archived: 0 }, examples: [] },
    });
    const applied = await importing({ format: 'json', content: first.json, dry_run: false });
    expect(applied.json()).toMatchObject({ applied: false, problems: [] });
    expect((await exported()).fingerprint).toBe(first.fingerprint);
    const csv = await importing({ format: 'csv', content: first.csv, dry_run: true });
    expect(csv.json()).toMatchObject({ applied: false, problems: [], difference: { dishes: { changed: 0 } } });
  });

  it('serves the file’s JSON Schema beside the API reference', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/catalogue.schema.json' });
    expect(res.statusCode).toBe(200);
    const schema = res.json<{ type: string; properties: Record<string, unknown>; required: string[] }>();
    expect(schema.type).toBe('object');
    expect(Object.keys(schema.properties)).toEqual(['format', 'categories', 'dishes', 'cutlery', 'recommended']);
  });

  it('a dry run shows the difference per kind and changes nothing; applying makes it in one go, archives what the file left out, and guests’ menus follow', async () => {
    const before = await exported();
    const file = catalogueFile.parse(JSON.parse(before.json));
    const margherita = file.dishes.find((dish) => dish.name === 'Маргарита')!;
    const dropped = file.dishes.find(
      (dish) =>
        dish.id !== margherita.id &&
        dish.category_id === margherita.category_id &&
        !file.recommended.some((row) => row.dish_id === dish.id),
    )!;
    const category = file.categories.find((row) => row.id === margherita.category_id)!;
    const newId = Math.max(...file.dishes.map((dish) => dish.id)) + 1000;
    const optionId = Math.max(...file.dishes.flatMap((dish) => dish.options.map((option) => option.id))) + 1000;
    const changed: CatalogueFile = {
      ...file,
      dishes: [
        ...file.dishes
          .filter((dish) => dish.id !== dropped.id)
          .map((dish) =>
            dish.id === margherita.id
              ? { ...dish, price: dish.price + 5_000, labels: ['vegetarian' as const], not_carried_by: [2] }
              : dish,
          ),
        {
          ...margherita,
          id: newId,
          name: 'Пицца из файла',
          options: [
            {
              id: optionId,
              name: 'Двойной сыр',
              price: 9_000,
              disabled: false,
              multicheck: false,
              max_cnt: 1,
              sort: 1,
            },
          ],
        },
      ],
      cutlery: file.cutlery.slice(1),
    };
    const content = catalogueFileText(changed);
    const dry = await importing({ format: 'json', content, dry_run: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      applied: false,
      problems: [],
      difference: {
        categories: { added: 0, changed: 0, archived: 0 },
        dishes: { added: 1, changed: 1, archived: 1 },
        options: { added: 1, changed: 0, archived: dropped.options.length },
        cutlery: { added: 0, changed: 0, archived: 1 },
      },
    });
    expect((await exported()).fingerprint).toBe(before.fingerprint);
    expect((await dishRow(margherita.id)).price).toBe(margherita.price);

    const versionBefore = (await dishRow(margherita.id)).version;
    const applied = await importing({ format: 'json', content, dry_run: false, based_on: before.fingerprint });
    expect(applied.json()).toMatchObject({ applied: true, problems: [] });
    const after = await exported();
    expect(after.json).toBe(content);
    expect(applied.json<{ fingerprint: string }>().fingerprint).toBe(after.fingerprint);
    expect(await dishRow(margherita.id)).toMatchObject({
      price: margherita.price + 5_000,
      labels: ['vegetarian'],
      version: versionBefore + 1,
    });
    expect(
      await t.database.db
        .selectFrom('dishes_not_carried')
        .select('restaurant_id')
        .where('dish_id', '=', margherita.id)
        .execute(),
    ).toEqual([{ restaurant_id: 2 }]);
    const archived = await dishRow(dropped.id);
    expect(archived.archived_at).toBeInstanceOf(Date);
    expect(archived.active).toBe(false);
    expect(await dishRow(newId)).toMatchObject({ name: 'Пицца из файла', category_id: category.id, archived_at: null });

    const menu = await guestMenu();
    expect(menu.dishes.find((dish) => dish.id === margherita.id)?.price).toBe(margherita.price + 5_000);
    expect(menu.dishes.some((dish) => dish.id === dropped.id)).toBe(false);
    expect(menu.dishes.find((dish) => dish.id === newId)?.spec.map((option) => option.specname)).toEqual([
      'Двойной сыр',
    ]);

    const audit = await t.database.db
      .selectFrom('staff_audit')
      .selectAll()
      .where('action', '=', 'catalogue.import')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({
      fingerprint: after.fingerprint,
      difference: { dishes: { added: 1, changed: 1, archived: 1 } },
    });

    // The next import may bring the archived dish back, and a new row takes the next id after the file's.
    const back = await importing({ format: 'json', content: before.json, dry_run: false });
    expect(back.json()).toMatchObject({ applied: true, difference: { dishes: { added: 0, changed: 2, archived: 1 } } });
    expect((await dishRow(dropped.id)).archived_at).toBeNull();
    const next = await t.database.db
      .insertInto('dishes')
      .values({ category_id: category.id, name: 'Следующее', thumb: '', img: '', price: 100 })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(newId);
    await t.database.db.deleteFrom('dishes').where('id', '=', next.id).execute();
  });

  it('refuses a file with problems, naming each with its place, and changes nothing', async () => {
    const before = await exported();
    const file = JSON.parse(before.json) as CatalogueFile;
    file.dishes[0]!.price = -5;
    file.dishes[1]!.category_id = 999_999;
    file.dishes[2]!.id = file.dishes[3]!.id;
    (file.dishes[4] as unknown as { labels: string[] }).labels = ['glitter'];
    const answer = await importing({ format: 'json', content: JSON.stringify(file), dry_run: false });
    expect(answer.statusCode).toBe(200);
    const { applied, problems } = answer.json<{
      applied: boolean;
      problems: Array<{ place: string; message: string }>;
    }>();
    expect(applied).toBe(false);
    expect(problems.map((problem) => problem.place)).toEqual(
      expect.arrayContaining(['dishes[0].price', 'dishes[4].labels[0]']),
    );
    // Schema problems first; the references are checked once the rows themselves are right.
    file.dishes[0]!.price = 100;
    (file.dishes[4] as unknown as { labels: string[] }).labels = [];
    const references = (await importing({ format: 'json', content: JSON.stringify(file), dry_run: true })).json<{
      problems: Array<{ place: string; message: string }>;
    }>().problems;
    expect(references).toEqual(
      expect.arrayContaining([
        { place: 'dishes[1].category_id', message: 'нет категории с номером 999999' },
        { place: 'dishes[3].id', message: `номер ${file.dishes[3]!.id} уже есть: dishes[2]` },
      ]),
    );
    expect((await importing({ format: 'json', content: '{"format": ', dry_run: true })).json()).toMatchObject({
      problems: [{ place: 'файл', message: CATALOGUE_TEXTS.notJson }],
    });
    const good = JSON.parse(before.json) as CatalogueFile;
    good.dishes[5]!.not_carried_by = [1, 999_999];
    expect((await importing({ format: 'json', content: JSON.stringify(good), dry_run: false })).json()).toMatchObject({
      applied: false,
      problems: [{ place: 'dishes[5].not_carried_by[1]', message: 'нет ресторана с номером 999999' }],
    });
    expect((await exported()).fingerprint).toBe(before.fingerprint);
  });

  it('takes dish prices from a spreadsheet’s CSV, checking each line', async () => {
    const before = await exported();
    const lines = before.csv.trimEnd().split('\n');
    const [id, category, name] = lines[1]!.split(';');
    const edited = [lines[0], `${id};${category};${name};1 234,50`, ...lines.slice(2)].join('\n');
    const dry = await importing({ format: 'csv', content: edited, dry_run: true });
    expect(dry.json()).toMatchObject({ applied: false, problems: [], difference: { dishes: { changed: 1 } } });
    const bad = await importing({ format: 'csv', content: `${lines[0]}\n${id};;;много\n999999;;;5\n`, dry_run: false });
    expect(bad.json<{ problems: unknown[] }>().problems).toEqual([
      { place: 'строка 2', message: '«много» не цена в рублях (например 450 или 450,50)' },
    ]);
    const unknown = await importing({ format: 'csv', content: `${lines[0]}\n999999;;;5\n`, dry_run: false });
    expect(unknown.json()).toMatchObject({
      applied: false,
      problems: [{ place: 'строка 2', message: 'в каталоге нет блюда с номером 999999' }],
    });
    const applied = await importing({ format: 'csv', content: edited, dry_run: false });
    expect(applied.json()).toMatchObject({ applied: true });
    expect((await dishRow(Number(id))).price).toBe(123_450);
  });

  it('applying after the catalogue moved since the dry run is 409; racing imports of one dry run apply once', async () => {
    const before = await exported();
    const file = JSON.parse(before.json) as CatalogueFile;
    const content = (price: number) =>
      catalogueFileText({
        ...file,
        dishes: file.dishes.map((dish, index) => (index === 0 ? { ...dish, price } : dish)),
      });
    const answers = await Promise.all(
      [11_100, 22_200, 33_300].map((price) =>
        importing({ format: 'json', content: content(price), dry_run: false, based_on: before.fingerprint }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    for (const lost of answers.filter((answer) => answer.statusCode === 409))
      expect(lost.json()).toMatchObject({ error: 'catalogue_changed', message: CATALOGUE_TEXTS.changedSinceCheck });
    const audits = await t.database.db
      .selectFrom('staff_audit')
      .select('id')
      .where('action', '=', 'catalogue.import')
      .where('before', 'is not', null)
      .execute();
    expect(audits.length).toBeGreaterThanOrEqual(1);
  });

  it('is for managers of the whole chain only', async () => {
    for (const token of [manager, kitchen]) {
      const read = await t.app.inject({ method: 'GET', url: '/api/staff/catalogue', headers: bearer(token) });
      expect(read.statusCode).toBe(403);
      expect(read.json()).toMatchObject({ error: 'chain_manager_only', message: STAFF_TEXTS.chainManagerOnly });
      expect(
        (await importing({ format: 'csv', content: CATALOGUE_PRICES_HEADER, dry_run: true }, token)).statusCode,
      ).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/catalogue' })).statusCode).toBe(401);
  });
});
