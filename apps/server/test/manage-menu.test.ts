import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  catalogueFile,
  catalogueFileText,
  dishOrder,
  MANAGE_MENU_CALLS,
  MENU_EDIT_TEXTS,
  STAFF_PHOTO_TEXTS,
  STAFF_TEXTS,
  manageDish,
  manageMenuResponse,
  type ManageDish,
  type ManageMenu,
  type StaffMenu,
} from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 31, the back office's menu (docs/back-office.md «Меню», decision 044): categories and
// dishes with options edited by the chain's managers over the versions they were based on, with
// their audit rows; what a restaurant's manager may do; guests' menus and order/create following.

const KURSKY = 5; // self + courier, round the clock; restaurant and shop menus
const KURSKY_FS_UID = '489b39b8-4783-4e1b-92a0-44ea552f2e52';
const RESTAURANT_2_FS_UID = 'cee8b622-f01d-422f-b438-2a9d52de22a8'; // self; restaurant and bar menus

describe.each(databaseKinds())('the back office’s menu on %s (issue 31)', (kind) => {
  let t: TestApp;
  let chain: string;
  let local: string;
  let kitchen: string;
  let guest: { id: number; token: string };
  let key = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    chain = await staffToken(t.app, t.database, await staffAccount(t.database, { role: 'manager', chain: true }));
    local = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [KURSKY] }),
    );
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [KURSKY] }),
    );
    guest = await signedInUser(t.database, { name: 'Гость' });
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/staff/manage/menu${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const audits = async (action: string) =>
    await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after', 'target'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();
  const catalogueVersion = async () =>
    Number((await t.database.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow()).version);
  const guestMenu = async (fsUid: string, isShop = 0) =>
    (await post(t.app, '/api/v2/restoran/menu', { fs_uid: fsUid, order_type: 'self', is_shop: isShop })).json<{
      categories: Array<{ id: number }>;
      dishes: Array<{ id: number; price: number; name: string; spec: Array<{ specid: number }> }>;
    }>();
  const order = (cart: object[], extra: Record<string, unknown> = {}) =>
    post(t.app, '/api/v2/order/create', {
      source: 'web',
      v: 3,
      user: { id: guest.id, password: guest.token },
      cart,
      order: { type: 'self' },
      restoran: KURSKY,
      idempotency_key: `manage-menu-${process.pid}-${kind}-${key++}`,
      ...extra,
    });

  let categoryId = 0;
  const dishBody = (extra: Partial<ManageDish> = {}) => ({
    category_id: categoryId,
    name: 'Сырники с вишней',
    sostav: 'творог, яйцо, мука, вишня',
    weight: '220 г',
    price: 39_000,
    cook_time: 12,
    img: '',
    labels: ['vegetarian', 'eggs', 'milk', 'gluten'],
    active: true,
    restaurant_ids: [1, KURSKY],
    options: [
      { id: null, name: 'Сметана', price: 0, disabled: false, multicheck: false, max: 1 },
      { id: null, name: 'Варенье', price: 5_000, disabled: false, multicheck: true, max: 3 },
    ],
    ...extra,
  });

  it('keeps every call from a kitchen account (403 manager_only) and a guest’s token (401)', async () => {
    expect(MANAGE_MENU_CALLS).toHaveLength(11);
    for (const answer of [
      await call(kitchen, 'GET', ''),
      await call(kitchen, 'POST', '/categories', { menu_kind: 'restaurant', name: 'Кухня', hidden: false }),
      await call(kitchen, 'POST', '/categories/1/dishes/order', { version: 1, ids: [101] }),
      await call(kitchen, 'POST', '/dishes/101', { ...dishBody({ category_id: 1 }), version: 1 }),
      await call(kitchen, 'POST', '/dishes/101/restore', { version: 1 }),
      await call(kitchen, 'POST', `/dishes/101/restaurants/${KURSKY}`, { version: 1, carried: false }),
      await call(kitchen, 'POST', '/photos', { data_url: 'data:image/png;base64,AAAA' }),
    ]) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json<{ error: string }>().error).toMatch(/^(manager_only|chain_manager_only)$/);
    }
    expect((await call(kitchen, 'GET', '')).json()).toMatchObject({
      error: 'manager_only',
      message: STAFF_TEXTS.managerOnly,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/staff/manage/menu', headers: bearer(guest.token) })).statusCode,
    ).toBe(401);
  });

  it('creates, renames, hides and orders categories, with readable refusals and their audit rows; guests follow', async () => {
    const empty = await call(chain, 'POST', '/categories', { menu_kind: 'restaurant', name: '   ', hidden: false });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'validation', message: `Название категории: ${MENU_EDIT_TEXTS.name}` });
    const tooLong = await call(chain, 'POST', '/categories', {
      menu_kind: 'restaurant',
      name: 'я'.repeat(61),
      hidden: false,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toContain('не длиннее 60 символов');

    const before = await catalogueVersion();
    const made = await call(chain, 'POST', '/categories', { menu_kind: 'restaurant', name: 'Завтраки', hidden: false });
    expect(made.statusCode, made.body).toBe(200);
    const category = made.json<{ id: number; version: number }>();
    categoryId = category.id;
    expect(category).toMatchObject({ menu_kind: 'restaurant', name: 'Завтраки', hidden: false, version: 1 });
    expect(await catalogueVersion()).toBeGreaterThan(before);

    const renamed = await call(chain, 'POST', `/categories/${category.id}`, {
      version: 1,
      name: 'Завтраки весь день',
      hidden: false,
    });
    expect(renamed.json()).toMatchObject({ name: 'Завтраки весь день', version: 2 });
    const stale = await call(chain, 'POST', `/categories/${category.id}`, { version: 1, name: 'Утро', hidden: true });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_version',
      message: BACKOFFICE_TEXTS.staleVersion,
      current: { name: 'Завтраки весь день', version: 2 },
    });
    expect((await audits('menu.category.save')).map((row) => row.after)).toEqual([
      expect.objectContaining({ name: 'Завтраки весь день', version: 2 }),
    ]);

    // Ordering: the list must be exactly the menu's categories.
    const menu = manageMenuResponse.parse((await call(chain, 'GET', '')).json());
    const ids = menu.categories.filter((c) => c.menu_kind === 'restaurant').map((c) => c.id);
    const reversed = ids.toReversed();
    const ordered = await call(chain, 'POST', '/categories/order', { menu_kind: 'restaurant', ids: reversed });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json<{ categories: Array<{ id: number }> }>().categories.map((c) => c.id)).toEqual(reversed);
    const missing = await call(chain, 'POST', '/categories/order', { menu_kind: 'restaurant', ids: reversed.slice(1) });
    expect(missing.json()).toMatchObject({ error: 'order_changed', message: MENU_EDIT_TEXTS.orderChanged });
    await call(chain, 'POST', '/categories/order', { menu_kind: 'restaurant', ids });
    expect((await audits('menu.category.order')).map((row) => row.after)).toEqual([reversed, ids]);
  });

  it('creates a dish with options, labels and restaurants; the guests of the restaurants carrying it see it, others do not', async () => {
    const made = await call(chain, 'POST', '/dishes', dishBody());
    expect(made.statusCode, made.body).toBe(200);
    const dish = manageDish.parse(made.json());
    expect(dish).toMatchObject({
      name: 'Сырники с вишней',
      price: 39_000,
      version: 1,
      labels: ['vegetarian', 'eggs', 'milk', 'gluten'],
      restaurant_ids: [1, KURSKY],
      archived: false,
    });
    expect(dish.options.map((o) => [o.name, o.multicheck, o.max])).toEqual([
      ['Сметана', false, 1],
      ['Варенье', true, 3],
    ]);
    const kursky = await guestMenu(KURSKY_FS_UID);
    expect(kursky.dishes.find((d) => d.id === dish.id)).toMatchObject({ name: 'Сырники с вишней', price: 39_000 });
    expect(kursky.categories.map((c) => c.id)).toContain(categoryId);
    // Restaurant 2 offers the restaurant menu but does not carry the dish: neither it nor its only category shows.
    const other = await guestMenu(RESTAURANT_2_FS_UID);
    expect(other.dishes.map((d) => d.id)).not.toContain(dish.id);
    expect(other.categories.map((c) => c.id)).not.toContain(categoryId);
    expect(await audits('menu.dish.create')).toEqual([
      expect.objectContaining({ before: null, target: 'блюдо «Сырники с вишней»' }),
    ]);

    for (const [answer, message] of [
      [await call(chain, 'POST', '/dishes', dishBody({ name: ' ' })), `Название блюда: ${MENU_EDIT_TEXTS.name}`],
      [
        await call(chain, 'POST', '/dishes', dishBody({ img: '/media/../etc/passwd' })),
        `Фото: ${STAFF_PHOTO_TEXTS.notPicture}`,
      ],
      [
        await call(
          chain,
          'POST',
          '/dishes',
          dishBody({ options: [{ id: null, name: '', price: 0, disabled: false, multicheck: false, max: 1 }] }),
        ),
        `Опция 1: ${MENU_EDIT_TEXTS.optionName}`,
      ],
    ] as const) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'validation', message });
    }
    const unknownRestaurant = await call(chain, 'POST', '/dishes', dishBody({ restaurant_ids: [999] }));
    expect(unknownRestaurant.json()).toMatchObject({ message: `Рестораны: ${MENU_EDIT_TEXTS.restaurantUnknown}` });
    const price = await call(chain, 'POST', '/dishes', dishBody({ price: -1 }));
    expect(price.statusCode).toBe(400);
  });

  it('saves a dish over its version with its options: one of two racing saves wins, the other is 409 with the winner’s values, and only the winner is audited', async () => {
    const dish = manageDish.parse((await call(chain, 'POST', '/dishes', dishBody({ name: 'Омлет' }))).json());
    const auditsBefore = (await audits('menu.dish.save')).length;
    const save = (name: string, price: number) =>
      call(chain, 'POST', `/dishes/${dish.id}`, {
        ...dishBody({ name, price }),
        version: dish.version,
        options: dish.options,
      });
    const racing = await Promise.all([save('Омлет с сыром', 41_000), save('Омлет с беконом', 45_000)]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const won = manageDish.parse(racing.find((answer) => answer.statusCode === 200)?.json());
    const lost = racing.find((answer) => answer.statusCode === 409)?.json<{ error: string; current: ManageDish }>();
    expect(lost?.error).toBe('stale_version');
    expect(lost?.current).toEqual(won);
    expect(won.version).toBe(dish.version + 1);
    expect(await audits('menu.dish.save')).toHaveLength(auditsBefore + 1);
    const row = await t.database.db
      .selectFrom('dishes')
      .select(['name', 'price', 'version'])
      .where('id', '=', dish.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: won.name, price: won.price, version: won.version });

    // A refused save (a bad option id) changes nothing and writes no audit row.
    const refused = await call(chain, 'POST', `/dishes/${dish.id}`, {
      ...dishBody({ name: 'Другое' }),
      version: won.version,
      options: [{ ...won.options[0], id: 999_999 }],
    });
    expect(refused.json()).toMatchObject({ error: 'validation', message: `Опции: ${MENU_EDIT_TEXTS.optionUnknown}` });
    expect(await audits('menu.dish.save')).toHaveLength(auditsBefore + 1);
    expect(
      (await t.database.db.selectFrom('dishes').select('version').where('id', '=', dish.id).executeTakeFirstOrThrow())
        .version,
    ).toBe(won.version);
  });

  it('a price changed after the guest was quoted reaches order/create as sum_changed, never a different charge', async () => {
    const dish = manageDish.parse(
      (await call(chain, 'POST', '/dishes', dishBody({ name: 'Каша', options: [] }))).json(),
    );
    const quoted = dish.price;
    const saved = await call(chain, 'POST', `/dishes/${dish.id}`, {
      ...dishBody({ name: 'Каша', price: 45_000, options: [] }),
      version: dish.version,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await guestMenu(KURSKY_FS_UID)).dishes.find((d) => d.id === dish.id)?.price).toBe(45_000);
    const placed = await order([{ item: dish.id, cnt: 2 }], { expected_sum: 2 * quoted });
    expect(placed.statusCode).toBe(409);
    expect(placed.json()).toMatchObject({ error: 'sum_changed' });
    expect(placed.json<{ message: string }>().message).toContain('900,00');
    expect((await order([{ item: dish.id, cnt: 2 }], { expected_sum: 90_000 })).json()).toMatchObject({ sum: 90_000 });
  });

  it('archives a dish or an option that orders name and deletes those none names; guests, order/create and the stop list no longer see them', async () => {
    const dish = manageDish.parse((await call(chain, 'POST', '/dishes', dishBody({ name: 'Блины' }))).json());
    const [single, counted] = dish.options;
    const placed = await order([{ item: dish.id, cnt: 1, spec: single?.id, specs: [{ specid: counted?.id, cnt: 2 }] }]);
    expect(placed.statusCode, placed.body).toBe(200);

    // Both options named by the order: left out of the list, they are archived (still in the database, disabled).
    const added = { id: null, name: 'Мёд', price: 3_000, disabled: false, multicheck: true, max: 2 };
    const saved = manageDish.parse(
      (
        await call(chain, 'POST', `/dishes/${dish.id}`, {
          ...dishBody({ name: 'Блины' }),
          version: dish.version,
          options: [added],
        })
      ).json(),
    );
    expect(saved.options.map((o) => o.name)).toEqual(['Мёд']);
    const kept = await t.database.db
      .selectFrom('dish_options')
      .select(['id', 'disabled'])
      .where('dish_id', '=', dish.id)
      .where('archived_at', 'is not', null)
      .execute();
    expect(kept.map((o) => o.id).sort()).toEqual([single?.id, counted?.id].sort());
    expect(kept.every((o) => o.disabled)).toBe(true);
    expect((await guestMenu(KURSKY_FS_UID)).dishes.find((d) => d.id === dish.id)?.spec.map((s) => s.specid)).toEqual([
      saved.options[0]?.id,
    ]);
    const oldOption = await order([{ item: dish.id, cnt: 1, spec: single?.id }]);
    expect(oldOption.statusCode).toBe(409);
    // An option no order names is deleted.
    const again = manageDish.parse(
      (
        await call(chain, 'POST', `/dishes/${dish.id}`, {
          ...dishBody({ name: 'Блины' }),
          version: saved.version,
          options: [],
        })
      ).json(),
    );
    expect(
      await t.database.db
        .selectFrom('dish_options')
        .select('id')
        .where('id', '=', saved.options[0]?.id ?? 0)
        .execute(),
    ).toEqual([]);

    // The dish itself: named by the order, so archived.
    const stale = await call(chain, 'POST', `/dishes/${dish.id}/remove`, { version: dish.version });
    expect(stale.statusCode).toBe(409);
    const removed = await call(chain, 'POST', `/dishes/${dish.id}/remove`, { version: again.version });
    expect(removed.json()).toMatchObject({
      outcome: 'archived',
      message: MENU_EDIT_TEXTS.archived,
      dish: { archived: true, active: false },
    });
    expect((await guestMenu(KURSKY_FS_UID)).dishes.map((d) => d.id)).not.toContain(dish.id);
    const stopList = (
      await t.app.inject({ method: 'GET', url: `/api/staff/restaurants/${KURSKY}/menu`, headers: bearer(local) })
    ).json<{ categories: Array<{ dishes: Array<{ id: number }> }> }>();
    expect(stopList.categories.flatMap((c) => c.dishes.map((d) => d.id))).not.toContain(dish.id);
    const archivedOrder = await order([{ item: dish.id, cnt: 1 }]);
    expect(archivedOrder.statusCode).toBe(409);
    expect(archivedOrder.json()).toMatchObject({ error: 'unavailable' });
    expect(
      (await call(chain, 'POST', `/dishes/${dish.id}`, { ...dishBody(), version: again.version + 1 })).json(),
    ).toMatchObject({ error: 'archived' });
    expect(
      await t.database.db.selectFrom('order_items').select('name').where('item_id', '=', dish.id).execute(),
    ).toEqual([{ name: 'Блины' }]);

    // A dish no order names is deleted.
    const fresh = manageDish.parse((await call(chain, 'POST', '/dishes', dishBody({ name: 'Тосты' }))).json());
    expect((await call(chain, 'POST', `/dishes/${fresh.id}/remove`, { version: fresh.version })).json()).toMatchObject({
      outcome: 'deleted',
      dish: null,
    });
    expect(await t.database.db.selectFrom('dishes').select('id').where('id', '=', fresh.id).execute()).toEqual([]);
    expect((await audits('menu.dish.delete')).map((row) => row.target)).toContain('блюдо «Тосты»');
    expect((await audits('menu.dish.archive')).map((row) => row.target)).toContain('блюдо «Блины»');
  });

  it('a hidden category hides its dishes from guests and order/create; shown again, they are back', async () => {
    const dish = manageDish.parse(
      (await call(chain, 'POST', '/dishes', dishBody({ name: 'Гренки', options: [] }))).json(),
    );
    const category = manageMenuResponse
      .parse((await call(chain, 'GET', '')).json())
      .categories.find((c) => c.id === categoryId);
    const hidden = await call(chain, 'POST', `/categories/${categoryId}`, {
      version: category?.version,
      name: 'Завтраки весь день',
      hidden: true,
    });
    expect(hidden.json()).toMatchObject({ hidden: true });
    expect((await guestMenu(KURSKY_FS_UID)).dishes.map((d) => d.id)).not.toContain(dish.id);
    expect((await order([{ item: dish.id, cnt: 1 }])).json()).toMatchObject({ error: 'unavailable' });
    await call(chain, 'POST', `/categories/${categoryId}`, {
      version: hidden.json<{ version: number }>().version,
      name: 'Завтраки весь день',
      hidden: false,
    });
    expect((await guestMenu(KURSKY_FS_UID)).dishes.map((d) => d.id)).toContain(dish.id);
  });

  it('a restaurant’s manager reads the catalogue and chooses what their restaurant carries, and nothing more', async () => {
    const menu = manageMenuResponse.parse((await call(local, 'GET', '')).json());
    expect(menu.can_edit).toBe(false);
    expect(menu.restaurants.filter((r) => r.mine).map((r) => r.id)).toEqual([KURSKY]);
    const dish = menu.dishes.find((d) => d.name === 'Гренки') as ManageDish;
    for (const answer of [
      await call(local, 'POST', '/categories', { menu_kind: 'restaurant', name: 'Моё', hidden: false }),
      await call(local, 'POST', '/dishes', dishBody()),
      await call(local, 'POST', `/dishes/${dish.id}`, { ...dishBody(), version: dish.version }),
      await call(local, 'POST', `/dishes/${dish.id}/remove`, { version: dish.version }),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'chain_manager_only', message: STAFF_TEXTS.chainManagerOnly });
    }
    expect(
      (await call(local, 'POST', `/dishes/${dish.id}/restaurants/1`, { version: dish.version, carried: false })).json(),
    ).toMatchObject({ error: 'other_restaurant' });
    const dropped = await call(local, 'POST', `/dishes/${dish.id}/restaurants/${KURSKY}`, {
      version: dish.version,
      carried: false,
    });
    expect(dropped.statusCode, dropped.body).toBe(200);
    expect(dropped.json()).toMatchObject({ restaurant_ids: [1], version: dish.version + 1 });
    expect((await guestMenu(KURSKY_FS_UID)).dishes.map((d) => d.id)).not.toContain(dish.id);
    expect((await order([{ item: dish.id, cnt: 1 }])).json()).toMatchObject({ error: 'unavailable' });
    expect(
      (await call(local, 'POST', `/dishes/${dish.id}/restaurants/${KURSKY}`, { version: dish.version, carried: true }))
        .statusCode,
    ).toBe(409);
    expect(await audits('menu.dish.carry')).toEqual([
      { target: 'блюдо «Гренки»', before: { carried: true }, after: { carried: false } },
    ]);
  });

  it('orders a category’s dishes over the order’s own version: guests and the stop list follow, an older order is 409 with the order now, one of two racing orders wins; the catalogue file keeps it', async () => {
    const menuNow = async () => manageMenuResponse.parse((await call(chain, 'GET', '')).json());
    const liveIds = (menu: ManageMenu) =>
      menu.dishes.filter((d) => d.category_id === categoryId && !d.archived).map((d) => d.id);
    const before = await menuNow();
    const category = before.categories.find((c) => c.id === categoryId)!;
    const ids = liveIds(before);
    expect(ids.length).toBeGreaterThanOrEqual(4);
    const reversed = ids.toReversed();

    const ordered = await call(chain, 'POST', `/categories/${categoryId}/dishes/order`, {
      version: category.dish_order_version,
      ids: reversed,
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    const answer = dishOrder.parse(ordered.json());
    expect(answer.ids).toEqual(reversed);
    expect(answer.category).toMatchObject({ id: categoryId, version: category.version });
    expect(answer.category.dish_order_version).toBeGreaterThan(category.dish_order_version);
    expect(liveIds(await menuNow())).toEqual(reversed);
    // Guests' menu and the restaurant's stop list show the new order.
    const shown = (await guestMenu(KURSKY_FS_UID)).dishes.map((d) => d.id).filter((id) => ids.includes(id));
    expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
    expect(shown.length).toBeGreaterThanOrEqual(2);
    const stopList = (
      await t.app.inject({ method: 'GET', url: `/api/staff/restaurants/${KURSKY}/menu`, headers: bearer(local) })
    ).json<StaffMenu>();
    expect(stopList.categories.find((c) => c.id === categoryId)?.dishes.map((d) => d.id)).toEqual(
      reversed.filter((id) => shown.includes(id)),
    );
    expect((await audits('menu.dish.order')).map((row) => [row.before, row.after])).toEqual([[ids, reversed]]);

    // The order the screen showed is older now: 409 with the order as it is, nothing changed, no audit row.
    const stale = await call(chain, 'POST', `/categories/${categoryId}/dishes/order`, {
      version: category.dish_order_version,
      ids,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_version',
      message: BACKOFFICE_TEXTS.staleVersion,
      current: { category: { dish_order_version: answer.category.dish_order_version }, ids: reversed },
    });
    expect(liveIds(await menuNow())).toEqual(reversed);
    expect(await audits('menu.dish.order')).toHaveLength(1);
    // A dish added meanwhile moves the order's version too; the category's own version (its name) is not touched.
    const added = manageDish.parse(
      (await call(chain, 'POST', '/dishes', dishBody({ name: 'Яичница', options: [] }))).json(),
    );
    const afterAdd = (await menuNow()).categories.find((c) => c.id === categoryId)!;
    expect(afterAdd).toMatchObject({ version: category.version });
    expect(afterAdd.dish_order_version).toBeGreaterThan(answer.category.dish_order_version);
    expect(
      (
        await call(chain, 'POST', `/categories/${categoryId}/dishes/order`, {
          version: answer.category.dish_order_version,
          ids: reversed,
        })
      ).json(),
    ).toMatchObject({
      error: 'stale_version',
      current: { ids: [...reversed, added.id] },
    });
    // Over the version it is at, the list must be the category's dishes, each once.
    for (const wrong of [reversed, [...reversed, added.id, added.id], [...reversed, 101]]) {
      const refused = await call(chain, 'POST', `/categories/${categoryId}/dishes/order`, {
        version: afterAdd.dish_order_version,
        ids: wrong,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'validation', message: MENU_EDIT_TEXTS.dishOrderList });
    }
    expect(
      (await call(chain, 'POST', `/categories/${categoryId}/dishes/order`, { version: 1, ids: [] })).statusCode,
    ).toBe(409);
    expect(
      (await call(chain, 'POST', '/categories/999999/dishes/order', { version: 1, ids: [] })).json(),
    ).toMatchObject({ error: 'category_not_found' });
    expect(
      (
        await call(local, 'POST', `/categories/${categoryId}/dishes/order`, {
          version: afterAdd.dish_order_version,
          ids: [added.id, ...reversed],
        })
      ).json(),
    ).toMatchObject({ error: 'chain_manager_only' });

    // Two managers reorder from the same screen: one wins, the other is told, one audit row.
    const racing = await Promise.all([
      call(chain, 'POST', `/categories/${categoryId}/dishes/order`, {
        version: afterAdd.dish_order_version,
        ids: [added.id, ...reversed],
      }),
      call(chain, 'POST', `/categories/${categoryId}/dishes/order`, {
        version: afterAdd.dish_order_version,
        ids: [added.id, ...ids],
      }),
    ]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = dishOrder.parse(racing.find((r) => r.statusCode === 200)?.json());
    expect(racing.find((r) => r.statusCode === 409)?.json<{ current: unknown }>().current).toEqual(won);
    expect(liveIds(await menuNow())).toEqual(won.ids);
    expect(await audits('menu.dish.order')).toHaveLength(2);
    // The category's name is saved over its own version, untouched by the orders.
    expect(
      (
        await call(chain, 'POST', `/categories/${categoryId}`, {
          version: category.version,
          name: category.name,
          hidden: false,
        })
      ).statusCode,
    ).toBe(200);

    // The catalogue file carries the order: exported the same twice, and export then import is no change.
    const exportFile = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/staff/catalogue', headers: bearer(chain) })).json<{
        json: string;
        fingerprint: string;
      }>();
    const file = await exportFile();
    expect((await exportFile()).json).toBe(file.json);
    const sorts = catalogueFile
      .parse(JSON.parse(file.json))
      .dishes.filter((d) => d.category_id === categoryId)
      .toSorted((a, b) => a.sort - b.sort)
      .map((d) => d.id);
    expect(sorts.filter((id) => won.ids.includes(id))).toEqual(won.ids);
    const orderVersion = (await menuNow()).categories.find((c) => c.id === categoryId)!.dish_order_version;
    const reimport = await t.app.inject({
      method: 'POST',
      url: '/api/staff/catalogue/import',
      headers: bearer(chain),
      payload: { format: 'json', content: file.json, dry_run: false },
    });
    expect(reimport.json()).toMatchObject({
      applied: false,
      problems: [],
      difference: { categories: { changed: 0 }, dishes: { added: 0, changed: 0, archived: 0 } },
    });
    expect((await exportFile()).fingerprint).toBe(file.fingerprint);
    expect((await menuNow()).categories.find((c) => c.id === categoryId)!.dish_order_version).toBe(orderVersion);
    // A file that reorders the dishes moves the order's version, so a screen showing the old order is told.
    const edited = catalogueFile.parse(JSON.parse(file.json));
    const [first, second] = won.ids;
    const swapped = {
      ...edited,
      dishes: edited.dishes.map((d) =>
        d.id === first
          ? { ...d, sort: edited.dishes.find((e) => e.id === second)!.sort }
          : d.id === second
            ? { ...d, sort: edited.dishes.find((e) => e.id === first)!.sort }
            : d,
      ),
    };
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/staff/catalogue/import',
      headers: bearer(chain),
      payload: { format: 'json', content: catalogueFileText(swapped), dry_run: false },
    });
    expect(imported.json()).toMatchObject({ applied: true, difference: { dishes: { changed: 2 } } });
    const moved = await call(chain, 'POST', `/categories/${categoryId}/dishes/order`, {
      version: orderVersion,
      ids: won.ids,
    });
    expect(moved.json()).toMatchObject({
      error: 'stale_version',
      current: { ids: [second, first, ...won.ids.slice(2)] },
    });
  });

  // PostgreSQL only: PGlite runs one transaction at a time, so nothing there can wait on a lock.
  it.runIf(kind === 'postgres')(
    'removing a dish takes its category before the dish, as a reorder does, so the two never deadlock',
    async () => {
      const dish = manageDish.parse(
        (await call(chain, 'POST', '/dishes', dishBody({ name: 'Оладьи', options: [] }))).json(),
      );
      // Another transaction holds the category, as a reorder does while it writes the dishes' order.
      let taken!: () => void;
      let release!: () => void;
      const categoryTaken = new Promise<void>((resolve) => (taken = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      const holder = t.database.db.transaction().execute(async (trx) => {
        await sql`select id from categories where id = ${categoryId} for update`.execute(trx);
        taken();
        await released;
      });
      await categoryTaken;
      const removal = call(chain, 'POST', `/dishes/${dish.id}/remove`, { version: dish.version });
      const waiting = async () =>
        Number(
          (
            await sql<{
              n: number;
            }>`select count(*)::integer as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
              t.database.db,
            )
          ).rows[0]?.n,
        );
      try {
        await expect.poll(waiting, { timeout: 5000 }).toBe(1);
        // The removal waits on the category and holds nothing of the dish: a reorder could take it.
        const dishFree = await t.database.db
          .transaction()
          .execute(
            async (trx) =>
              (await sql`select id from dishes where id = ${dish.id} for update nowait`.execute(trx)).rows.length === 1,
          )
          .catch(() => false);
        expect(dishFree).toBe(true);
      } finally {
        release();
        await holder;
      }
      expect((await removal).statusCode).toBe(200);
    },
  );

  it('brings an archived dish back over its version: last in its category, hidden from guests until shown, audited; not twice, not into a category the catalogue left', async () => {
    const menu = manageMenuResponse.parse((await call(chain, 'GET', '')).json());
    const archived = menu.dishes.find((d) => d.name === 'Блины' && d.archived)!;
    expect(archived).toBeDefined();
    const orderVersion = menu.categories.find((c) => c.id === archived.category_id)!.dish_order_version;

    const stale = await call(chain, 'POST', `/dishes/${archived.id}/restore`, { version: archived.version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_version',
      current: { id: archived.id, archived: true, version: archived.version },
    });
    expect(
      (await call(local, 'POST', `/dishes/${archived.id}/restore`, { version: archived.version })).json(),
    ).toMatchObject({ error: 'chain_manager_only' });

    const restored = await call(chain, 'POST', `/dishes/${archived.id}/restore`, { version: archived.version });
    expect(restored.statusCode, restored.body).toBe(200);
    const dish = manageDish.parse(restored.json());
    expect(dish).toMatchObject({
      archived: false,
      active: false,
      version: archived.version + 1,
      options: archived.options,
      restaurant_ids: archived.restaurant_ids,
    });
    const after = manageMenuResponse.parse((await call(chain, 'GET', '')).json());
    expect(after.dishes.filter((d) => d.category_id === archived.category_id && !d.archived).at(-1)?.id).toBe(
      archived.id,
    );
    expect(after.categories.find((c) => c.id === archived.category_id)!.dish_order_version).toBeGreaterThan(
      orderVersion,
    );
    // Not shown to guests until a manager shows it; then it can be ordered again.
    expect((await guestMenu(KURSKY_FS_UID)).dishes.map((d) => d.id)).not.toContain(archived.id);
    expect(await audits('menu.dish.restore')).toEqual([
      {
        target: 'блюдо «Блины»',
        before: expect.objectContaining({ archived: true }) as unknown,
        after: expect.objectContaining({ archived: false, active: false }) as unknown,
      },
    ]);
    const shown = await call(chain, 'POST', `/dishes/${archived.id}`, {
      ...dishBody({ name: 'Блины', active: true }),
      version: dish.version,
      options: dish.options,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await guestMenu(KURSKY_FS_UID)).dishes.map((d) => d.id)).toContain(archived.id);

    const again = await call(chain, 'POST', `/dishes/${archived.id}/restore`, {
      version: manageDish.parse(shown.json()).version,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'not_archived', message: MENU_EDIT_TEXTS.notArchived });
    expect((await call(chain, 'POST', '/dishes/999999/restore', { version: 1 })).json()).toMatchObject({
      error: 'dish_not_found',
    });

    // A dish whose category the catalogue no longer holds stays in the archive.
    const gone = (
      await call(chain, 'POST', '/categories', { menu_kind: 'bar', name: 'Сезонное', hidden: false })
    ).json<{ id: number }>();
    const seasonal = manageDish.parse(
      (
        await call(
          chain,
          'POST',
          '/dishes',
          dishBody({ category_id: gone.id, name: 'Глинтвейн', restaurant_ids: [], options: [] }),
        )
      ).json(),
    );
    await t.database.db
      .updateTable('dishes')
      .set({ archived_at: new Date(), active: false })
      .where('id', '=', seasonal.id)
      .execute();
    await t.database.db.updateTable('categories').set({ archived_at: new Date() }).where('id', '=', gone.id).execute();
    const refused = await call(chain, 'POST', `/dishes/${seasonal.id}/restore`, { version: seasonal.version });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'category_archived', message: MENU_EDIT_TEXTS.categoryArchived });
    expect(await audits('menu.dish.restore')).toHaveLength(1);
  });

  it('takes a photo only as the server encodes it again, serves it and its renditions, and refuses what is not a picture', async () => {
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const uploaded = await call(chain, 'POST', '/photos', {
      data_url: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { img } = uploaded.json<{ img: string }>();
    expect(img).toMatch(/^\/media\/uploads\/[A-Za-z0-9_-]{32}\.jpg$/);
    const served = await t.app.inject({ method: 'GET', url: img });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('jpeg');
    const rendition = await t.app.inject({ method: 'GET', url: `/photos/360${img.slice('/media'.length)}.webp` });
    expect(rendition.statusCode).toBe(200);
    expect((await sharp(rendition.rawPayload).metadata()).width).toBe(360);

    const dish = manageDish.parse((await call(chain, 'POST', '/dishes', dishBody({ name: 'Панкейки', img }))).json());
    expect(dish.img).toBe(img);
    expect((await guestMenu(KURSKY_FS_UID)).dishes.find((d) => d.id === dish.id)).toMatchObject({ img, thumb: img });

    const notPicture = await call(chain, 'POST', '/photos', {
      data_url: `data:image/png;base64,${Buffer.from('<script>alert(1)</script>').toString('base64')}`,
    });
    expect(notPicture.json()).toMatchObject({ error: 'photo', message: `Фото: ${STAFF_PHOTO_TEXTS.notPicture}` });
    const damaged = await call(chain, 'POST', '/photos', {
      data_url: `data:image/png;base64,${png.subarray(0, 60).toString('base64')}`,
    });
    expect(damaged.json()).toMatchObject({ error: 'photo', message: `Фото: ${STAFF_PHOTO_TEXTS.damaged}` });
    expect(
      (
        await call(chain, 'POST', '/dishes', dishBody({ img: '/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg' }))
      ).json(),
    ).toMatchObject({ message: `Фото: ${STAFF_PHOTO_TEXTS.damaged}` });
    expect(
      (await t.app.inject({ method: 'GET', url: '/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg' })).statusCode,
    ).toBe(404);
  });
});
