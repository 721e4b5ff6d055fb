import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  cartPriborsAction,
  cartRecommendsAction,
  cutleryItem,
  EXTRAS_CALLS,
  EXTRAS_TEXTS,
  recommendedItem,
  STAFF_TEXTS,
  staffExtrasResponse,
} from '@chain/contract';
import { DEMO_DISHES, DEMO_RECOMMENDED, DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { action } from './support/rest';
import { signedInUser } from './support/users';
import { bearer, staffAccount, staffToken } from './support/staff';

// Issue 31: the back office's cutlery items with their free counts and the recommended items
// (SPEC 3 Cutlery item, Recommended item; SPEC 5): chain-wide, read by any manager, edited by a
// manager of the whole chain (decision 045), every save over its version and audited, archived
// rather than deleted; guests' carts follow.

const PATRIKI = DEMO_RESTAURANTS[0]!;
const dishId = (slug: string) => DEMO_DISHES.find((dish) => dish.slug === slug)!.id;

describe.each(databaseKinds())('the back office’s cutlery and recommendations on %s (issue 31)', (kind) => {
  let t: TestApp;
  let kitchen: string;
  let manager: string;
  let chain: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
    manager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [1] }),
    );
    chain = await staffToken(t.app, t.database, await staffAccount(t.database, { role: 'manager', chain: true }));
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const cutleryItems = async (orderType: string) =>
    cartPriborsAction.response.parse(
      (await action(t.app, 'cartPribors', { order_type: orderType, restoran_id: PATRIKI.id })).json(),
    ).items;
  const recommends = async (orderType: string) =>
    cartRecommendsAction.response.parse(
      (
        await action(t.app, 'cartRecommends', { order_type: orderType, restoran_id: PATRIKI.id, cart_items: [] })
      ).json(),
    ).items;
  const audit = (action: string, target: string) =>
    t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after', 'restaurant_id'])
      .where('action', '=', action)
      .where('target', 'like', target)
      .orderBy('id')
      .execute();

  const chopsticks = {
    name: '  Бамбуковые палочки  ',
    price: 1500,
    free_cnt: 2,
    max: 6,
    order_types: ['delivery', 'self', 'delivery'],
    sort: 7,
  };

  it('keeps every call from a kitchen account (403 manager_only), and the edits from a restaurant’s manager (403 chain_manager_only), who still reads the lists', async () => {
    for (const definition of EXTRAS_CALLS) {
      const answer = await call(
        kitchen,
        definition.method,
        definition.path.replace(':id', '1'),
        definition.method === 'POST' ? { ...chopsticks, dish_id: 1, separated: false, version: 1 } : undefined,
      );
      expect(answer.statusCode, definition.name).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'manager_only', message: STAFF_TEXTS.managerOnly });
    }
    const read = await call(manager, 'GET', '/api/staff/manage/extras');
    expect(read.statusCode, read.body).toBe(200);
    const extras = staffExtrasResponse.parse(read.json());
    expect(extras.may_edit).toBe(false);
    expect(extras.cutlery.length).toBeGreaterThan(0);
    expect(extras.recommended.map((item) => item.id)).toEqual(DEMO_RECOMMENDED.map((item) => item.id));
    const refused = await call(manager, 'POST', '/api/staff/manage/cutlery', chopsticks);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'chain_manager_only', message: STAFF_TEXTS.chainManagerOnly });
    expect(staffExtrasResponse.parse((await call(chain, 'GET', '/api/staff/manage/extras')).json()).may_edit).toBe(
      true,
    );
  });

  it('adds a cutlery item (trimmed, order types once each in order), audited; the cart offers it at once; a save over its version changes it, an older version is a 409 with the current item; archived it leaves the cart', async () => {
    const created = await call(chain, 'POST', '/api/staff/manage/cutlery', chopsticks);
    expect(created.statusCode, created.body).toBe(200);
    const item = cutleryItem.parse(created.json());
    expect(item).toEqual({
      id: item.id,
      name: 'Бамбуковые палочки',
      price: 1500,
      free_cnt: 2,
      max: 6,
      order_types: ['self', 'delivery'],
      sort: 7,
      archived: false,
      version: 1,
    });
    expect((await cutleryItems('delivery')).find((offered) => offered.id === item.id)).toMatchObject({
      name: 'Бамбуковые палочки',
      price: 1500,
      free_cnt: 2,
      max: 6,
    });
    expect((await cutleryItems('inrest')).some((offered) => offered.id === item.id)).toBe(false);

    const saved = await call(chain, 'POST', `/api/staff/manage/cutlery/${item.id}`, {
      ...item,
      free_cnt: 3,
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ free_cnt: 3, version: 2 });
    const stale = await call(chain, 'POST', `/api/staff/manage/cutlery/${item.id}`, {
      ...item,
      price: 2000,
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_version',
      message: BACKOFFICE_TEXTS.staleVersion,
      current: { id: item.id, free_cnt: 3, price: 1500, version: 2 },
    });
    expect((await cutleryItems('delivery')).find((offered) => offered.id === item.id)?.free_cnt).toBe(3);

    const archived = await call(chain, 'POST', `/api/staff/manage/cutlery/${item.id}`, {
      ...item,
      free_cnt: 3,
      archived: true,
      version: 2,
    });
    expect(archived.json()).toMatchObject({ archived: true, version: 3 });
    expect((await cutleryItems('delivery')).some((offered) => offered.id === item.id)).toBe(false);
    const listed = staffExtrasResponse.parse((await call(manager, 'GET', '/api/staff/manage/extras')).json()).cutlery;
    expect(listed.at(-1)).toMatchObject({ id: item.id, archived: true });

    expect(await audit('cutlery.create', `прибор №${item.id} %`)).toEqual([
      { before: null, after: item, restaurant_id: null },
    ]);
    const saves = await audit('cutlery.save', `прибор №${item.id} %`);
    const brief = (row: unknown) => {
      const { version, archived, free_cnt } = cutleryItem.parse(row);
      return { version, archived, free_cnt };
    };
    expect(saves.map((entry) => [brief(entry.before), brief(entry.after)])).toEqual([
      [
        { version: 1, archived: false, free_cnt: 2 },
        { version: 2, archived: false, free_cnt: 3 },
      ],
      [
        { version: 2, archived: false, free_cnt: 3 },
        { version: 3, archived: true, free_cnt: 3 },
      ],
    ]);
  });

  it('refuses a free count above the maximum, an empty name, no order type and an unknown item in words naming the field', async () => {
    const above = await call(chain, 'POST', '/api/staff/manage/cutlery', { ...chopsticks, free_cnt: 7 });
    expect(above.statusCode).toBe(400);
    expect(above.json<{ message: string }>().message).toContain(EXTRAS_TEXTS.freeAboveMax);
    const empty = await call(chain, 'POST', '/api/staff/manage/cutlery', { ...chopsticks, name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ message: string }>().message).toMatch(/name.*Введите название/);
    const none = await call(chain, 'POST', '/api/staff/manage/cutlery', { ...chopsticks, order_types: [] });
    expect(none.json<{ message: string }>().message).toContain(EXTRAS_TEXTS.orderTypesRequired);
    const tooDear = await call(chain, 'POST', '/api/staff/manage/cutlery', { ...chopsticks, price: 100_000_000 });
    expect(tooDear.statusCode).toBe(400);
    const missing = await call(chain, 'POST', '/api/staff/manage/cutlery/999999', { ...chopsticks, version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: 'cutlery_not_found', message: EXTRAS_TEXTS.cutleryNotFound });
  });

  it('races two saves of one cutlery item from one version: one wins, the other is a 409 with the winner’s item', async () => {
    const item = cutleryItem.parse(
      (await call(chain, 'POST', '/api/staff/manage/cutlery', { ...chopsticks, name: 'Гонка' })).json(),
    );
    const answers = await Promise.all([
      call(chain, 'POST', `/api/staff/manage/cutlery/${item.id}`, { ...item, price: 100, version: 1 }),
      call(chain, 'POST', `/api/staff/manage/cutlery/${item.id}`, { ...item, price: 200, version: 1 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = cutleryItem.parse(answers.find((answer) => answer.statusCode === 200)!.json());
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      error: 'stale_version',
      current: winner,
    });
    const row = await t.database.db
      .selectFrom('cutlery_items')
      .select(['price', 'version'])
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ price: winner.price, version: 2 });
  });

  it('recommends a dish once (a second live recommendation of it is a 409, an inactive dish a 400), the cart offers it; archived it leaves the cart; racing saves: one wins', async () => {
    const dish = dishId('kvass');
    const kvass = staffExtrasResponse
      .parse((await call(chain, 'GET', '/api/staff/manage/extras')).json())
      .recommended.find((item) => item.dish_id === dish)!;
    const twice = await call(chain, 'POST', '/api/staff/manage/recommended', {
      dish_id: dish,
      free_cnt: 0,
      separated: true,
      order_types: ['self'],
      sort: 0,
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'dish_recommended', message: EXTRAS_TEXTS.dishRecommended });
    expect(
      (
        await call(chain, 'POST', '/api/staff/manage/recommended', {
          dish_id: 999_999,
          free_cnt: 0,
          separated: false,
          order_types: ['self'],
          sort: 0,
        })
      ).json<{ message: string }>().message,
    ).toContain(EXTRAS_TEXTS.dishNotFound);

    // Archive the demo's kvass recommendation; a new one of the same dish may then be made.
    const archived = await call(chain, 'POST', `/api/staff/manage/recommended/${kvass.id}`, {
      ...kvass,
      archived: true,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    expect(recommendedItem.parse(archived.json())).toMatchObject({
      archived: true,
      version: kvass.version + 1,
      dish_name: kvass.dish_name,
    });
    expect((await recommends('self')).some((item) => item.id === kvass.id)).toBe(false);
    const made = await call(chain, 'POST', '/api/staff/manage/recommended', {
      dish_id: dish,
      free_cnt: 1,
      separated: false,
      order_types: ['self', 'inrest'],
      sort: 3,
    });
    expect(made.statusCode, made.body).toBe(200);
    const fresh = recommendedItem.parse(made.json());
    expect(fresh).toMatchObject({
      dish_id: dish,
      free_cnt: 1,
      separated: false,
      order_types: ['inrest', 'self'],
      archived: false,
      version: 1,
    });
    expect((await recommends('self')).find((item) => item.id === fresh.id)).toMatchObject({
      dish_id: dish,
      free_cnt: 1,
      separated: 0,
    });
    // Bringing the archived one back while the new one lives would name the dish twice.
    expect(
      (
        await call(chain, 'POST', `/api/staff/manage/recommended/${kvass.id}`, {
          ...kvass,
          archived: false,
          version: kvass.version + 1,
        })
      ).statusCode,
    ).toBe(409);
    expect(await audit('recommended.create', `рекомендация №${fresh.id} %`)).toEqual([
      { before: null, after: fresh, restaurant_id: null },
    ]);

    const racing = await Promise.all([
      call(chain, 'POST', `/api/staff/manage/recommended/${fresh.id}`, { ...fresh, free_cnt: 2 }),
      call(chain, 'POST', `/api/staff/manage/recommended/${fresh.id}`, { ...fresh, free_cnt: 3 }),
    ]);
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const winner = recommendedItem.parse(racing.find((answer) => answer.statusCode === 200)!.json());
    expect(racing.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
      error: 'stale_version',
      current: winner,
    });
  });

  it('keeps an archived cutlery item out of a new order: one still in a cart is refused as unavailable, and is charged again once brought back', async () => {
    const guest = await signedInUser(t.database, { name: 'Ирина' });
    const item = cutleryItem.parse(
      (
        await call(chain, 'POST', '/api/staff/manage/cutlery', {
          ...chopsticks,
          name: 'Ложка для супа',
          order_types: ['self'],
        })
      ).json(),
    );
    const archived = cutleryItem.parse(
      (await call(chain, 'POST', `/api/staff/manage/cutlery/${item.id}`, { ...item, archived: true })).json(),
    );
    let key = 0;
    // «Жар-печь на Курском» takes pickup round the clock; Маргарита without options.
    const order = () =>
      post(t.app, '/api/v2/order/create', {
        source: 'web',
        v: 3,
        user: { id: guest.id, password: guest.token },
        cart: [{ item: 101, cnt: 1 }],
        pribors: [{ id: item.id, cnt: 3 }],
        order: { type: 'self', comment: '' },
        restoran: 5,
        idempotency_key: `extras-${process.pid}-${kind}-${key++}`,
      });
    const refused = await order();
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toContain(`Прибор №${item.id} недоступен`);
    await call(chain, 'POST', `/api/staff/manage/cutlery/${item.id}`, { ...archived, archived: false });
    const placed = await order();
    expect(placed.statusCode, placed.body).toBe(200);
    // 15 ₽ a piece above the 2 free.
    expect(placed.json<{ cutlery_sum: number }>().cutlery_sum).toBe(1500);
  });
});
