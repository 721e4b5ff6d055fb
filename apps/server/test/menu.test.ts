import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, LOCK_CODE_ATTEMPTS_ERROR, menuResponse, type MenuResponse } from '@chain/contract';
import {
  addToCartBlocker,
  cartTotal,
  indexDishes,
  minimumOrderSum,
  TABLE_ORDER_UNAVAILABLE_MESSAGE,
} from '@chain/domain';
import { DEMO_CATEGORIES, DEMO_DISHES, DEMO_RESTAURANTS, DEMO_SETTINGS } from '../src/seed/demo-chain';
import { LOCK_CODE_ATTEMPTS_PER_ADDRESS } from '../src/http/lock-code';
import { SESSION_EXPIRED_MESSAGE } from '../src/modules/auth/sessions';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { signedInUser } from './support/users';

const MENU = '/api/v2/restoran/menu';
const PATRIKI = DEMO_RESTAURANTS[0]!.fsUid;
const POKROVKA = DEMO_RESTAURANTS[1]!.fsUid;
const TAGANKA = DEMO_RESTAURANTS[3]!.fsUid;
const LENINSKY = DEMO_RESTAURANTS.find((r) => !r.active)!.fsUid;
const LOCKED_DISH = 1304;
const LOCK_CODE = '5821';

const dishId = (slug: string) => DEMO_DISHES.find((d) => d.slug === slug)!.id;
const categoriesOf = (kind: string) => DEMO_CATEGORIES.filter((c) => c.menuKind === kind).map((c) => c.id);

describe.each(databaseKinds())('POST /api/v2/restoran/menu on %s (SPEC 3 Dish, SPEC 4, SPEC 7 menu call)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function menu(body: Record<string, unknown>, headers: Record<string, string> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: MENU,
      payload: { ver: 4, order_type: 'inrest', ...body },
      headers,
    });
    return {
      res,
      menu: res.statusCode === 200 ? menuResponse.parse(res.json()) : (undefined as unknown as MenuResponse),
    };
  }
  const dish = (answer: MenuResponse, id: number) => {
    const found = answer.dishes.find((d) => d.id === id);
    if (!found) throw new Error(`dish ${id} is not in the menu`);
    return found;
  };

  it('answers the restaurant menu: categories that hold dishes, dishes with options, prices in kopecks (SPEC 3, 7)', async () => {
    const { res, menu: answer } = await menu({ fs_uid: PATRIKI, is_shop: 0 });
    expect(res.statusCode).toBe(200);
    expect(answer.categories.map((c) => c.id)).toEqual(categoriesOf('restaurant'));
    expect(answer.dishes.every((d) => categoriesOf('restaurant').includes(d.categoryId) && d.is_shop === 0)).toBe(true);
    const margherita = dish(answer, 101);
    expect(margherita).toMatchObject({
      name: 'Маргарита',
      price: 59_000,
      weight: '450 г',
      cook_time: 12,
      is_locked: 0,
      allowed: true,
    });
    expect(margherita.spec.find((o) => o.specname === 'Без глютена')).toMatchObject({
      price: 15_000,
      disabled: 1,
      multicheck: 0,
      max: 1,
    });
    expect(margherita.spec.find((o) => o.specname === 'Пепперони')).toMatchObject({
      price: 15_000,
      disabled: 0,
      multicheck: 1,
      max: 2,
    });
    expect(answer.stories).toEqual([]);
    expect(answer).toMatchObject({ lock_code: null, min_sum: null, stop_text: DEMO_SETTINGS.text_stoplist });
  });

  it('lists dishes in menu order: by category, then by the dish order within it', async () => {
    const { menu: answer } = await menu({ fs_uid: PATRIKI });
    const order = answer.dishes.map((d) => d.categoryId);
    expect(order).toEqual(
      [...order].sort((a, b) => categoriesOf('restaurant').indexOf(a) - categoriesOf('restaurant').indexOf(b)),
    );
  });

  it('leaves out dishes that are not sold at all, and keeps stop-listed ones with allowed false (SPEC 4, 5)', async () => {
    const { menu: patriki } = await menu({ fs_uid: PATRIKI });
    expect(patriki.dishes.map((d) => d.id)).not.toContain(dishId('okroshka'));
    expect(dish(patriki, dishId('mushroom-truffle-pizza')).allowed).toBe(false);
    expect(dish(patriki, dishId('burrata-tomatoes')).allowed).toBe(false);
    // The stop list is per restaurant: the same dish is on sale at Покровка.
    const { menu: pokrovka } = await menu({ fs_uid: POKROVKA });
    expect(dish(pokrovka, dishId('mushroom-truffle-pizza')).allowed).toBe(true);
    expect(dish(pokrovka, dishId('ribeye')).allowed).toBe(false);
  });

  it('gives dishes the cart rules read directly: a stop-listed dish counts nothing (SPEC 5 cart total)', async () => {
    const { menu: answer } = await menu({ fs_uid: PATRIKI });
    const dishes = indexDishes(answer.dishes);
    const lines = [
      { item: 101, cnt: 2 },
      { item: dishId('mushroom-truffle-pizza'), cnt: 1 },
    ];
    expect(cartTotal(lines, dishes)).toBe(2 * 59_000);
    expect(addToCartBlocker(dish(answer, dishId('mushroom-truffle-pizza')))).toBe('not-allowed');
  });

  it('answers the shop menu for is_shop 1: shop categories only, every dish a shop item (SPEC 2 toggle)', async () => {
    const { menu: answer } = await menu({ fs_uid: PATRIKI, is_shop: 1, order_type: 'self' });
    expect(answer.categories.map((c) => c.id)).toEqual(categoriesOf('shop'));
    expect(answer.dishes.length).toBeGreaterThan(0);
    expect(answer.dishes.every((d) => d.is_shop === 1)).toBe(true);
  });

  it('answers the bar menu for is_shop 2', async () => {
    const { menu: answer } = await menu({ fs_uid: PATRIKI, is_shop: 2 });
    expect(answer.categories.map((c) => c.id)).toEqual(categoriesOf('bar'));
  });

  it('refuses a menu the restaurant does not offer with 404 and a Russian message', async () => {
    const { res } = await menu({ fs_uid: POKROVKA, is_shop: 1, order_type: 'self' });
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json())).toMatchObject({
      error: 'menu_not_offered',
      message: 'В этом ресторане нет магазина.',
    });
  });

  it('lists a locked dish as locked without a code, so the guest can ask for one (SPEC 4)', async () => {
    const { menu: answer } = await menu({ fs_uid: PATRIKI, is_shop: 2 });
    const locked = dish(answer, LOCKED_DISH);
    expect(locked.is_locked).toBe(1);
    expect(answer.lock_code).toBeNull();
    expect(addToCartBlocker(locked, answer.lock_code)).toBe('locked');
  });

  it('unlocks the locked dish with the right lock_code and echoes the code (SPEC 4)', async () => {
    const { menu: answer } = await menu({ fs_uid: PATRIKI, is_shop: 2, lock_code: LOCK_CODE });
    expect(answer.lock_code).toBe(LOCK_CODE);
    const unlocked = dish(answer, LOCKED_DISH);
    expect(unlocked.is_locked).toBe(0);
    expect(addToCartBlocker(unlocked, answer.lock_code)).toBeNull();
  });

  it('keeps the dish locked for a wrong code and answers lock_code null, not an error', async () => {
    const { res, menu: answer } = await menu({ fs_uid: PATRIKI, is_shop: 2, lock_code: '0000' });
    expect(res.statusCode).toBe(200);
    expect(answer.lock_code).toBeNull();
    expect(dish(answer, LOCKED_DISH).is_locked).toBe(1);
  });

  it('refuses with 429 after too many wrong codes from one address, so a 4-digit code cannot be tried through', async () => {
    const remote = { remoteAddress: '10.9.9.9' };
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: MENU,
        payload: { fs_uid: PATRIKI, is_shop: 2, order_type: 'inrest', lock_code: '1111' },
        ...remote,
      });
    for (let i = 0; i < LOCK_CODE_ATTEMPTS_PER_ADDRESS.limit; i++) expect((await attempt()).statusCode).toBe(200);
    const refused = await attempt();
    expect(refused.statusCode).toBe(429);
    expect(errorResponse.parse(refused.json()).error).toBe(LOCK_CODE_ATTEMPTS_ERROR);
    // Spent, the allowance refuses the right code too: a 429 for wrong codes beside a 200 for the
    // right one would tell it (issue 11.7; right codes are never counted: lock-code.test.ts).
    const right = await t.app.inject({
      method: 'POST',
      url: MENU,
      payload: { fs_uid: PATRIKI, is_shop: 2, order_type: 'inrest', lock_code: LOCK_CODE },
      ...remote,
    });
    expect(right.statusCode).toBe(429);
  });

  it("answers an unknown fs_uid with 404 'Ресторан не найден'", async () => {
    const { res } = await menu({ fs_uid: '00000000-0000-0000-0000-000000000000' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'restaurant_not_found', message: 'Ресторан не найден' });
  });

  it('answers an inactive restaurant with 409 and a clear message (SPEC 3 active)', async () => {
    const { res } = await menu({ fs_uid: LENINSKY });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'restaurant_inactive',
      message: 'Ресторан временно не принимает заказы.',
    });
  });

  it('refuses an order type the restaurant does not take (SPEC 3 deliveryRest/deliverySelf/deliveryCourier)', async () => {
    const self = await menu({ fs_uid: TAGANKA, order_type: 'self' });
    expect(self.res.statusCode).toBe(409);
    expect(self.res.json()).toMatchObject({
      error: 'order_type_not_offered',
      message: 'Этот ресторан не принимает заказы на самовывоз.',
    });
    const kursky = await menu({ fs_uid: DEMO_RESTAURANTS[4]!.fsUid, order_type: 'inrest' });
    expect(kursky.res.json()).toMatchObject({
      error: 'order_type_not_offered',
      message: TABLE_ORDER_UNAVAILABLE_MESSAGE,
    });
    const delivery = await menu({ fs_uid: TAGANKA, order_type: 'delivery' });
    expect(delivery.res.statusCode).toBe(409);
  });

  it('answers the public menu by its URL exactly as the menu call, with its ETag and cacheable (issue 18)', async () => {
    for (const [fsUid, orderType, isShop] of [
      [PATRIKI, 'self', 0],
      [PATRIKI, 'inrest', 2],
      [POKROVKA, 'delivery', 0],
    ] as const) {
      const url = `${MENU}/${fsUid}/${orderType}/${isShop}`;
      const get = await t.app.inject({ method: 'GET', url });
      const post = await menu({ fs_uid: fsUid, order_type: orderType, is_shop: isShop });
      expect(get.statusCode, url).toBe(post.res.statusCode);
      if (get.statusCode !== 200) continue;
      expect(menuResponse.parse(get.json())).toEqual(post.menu);
      expect(get.headers.etag).toBe(post.res.headers.etag);
      expect(String(get.headers['cache-control'])).not.toContain('no-store');
      const again = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': String(get.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
    // A locked dish (the bar's) stays locked: the URL carries no lock code.
    const locked = menuResponse.parse(
      (await t.app.inject({ method: 'GET', url: `${MENU}/${PATRIKI}/inrest/2` })).json(),
    );
    expect(dish(locked, LOCKED_DISH).is_locked).toBe(1);
  });

  it('refuses a public menu as the menu call does: unknown, closed, a type not taken, a menu not offered, a bad field (issue 18)', async () => {
    const get = (path: string) => t.app.inject({ method: 'GET', url: `${MENU}/${path}` });
    const unknown = await get('00000000-0000-0000-0000-000000000000/self/0');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'restaurant_not_found', message: 'Ресторан не найден' });
    expect((await get(`${LENINSKY}/self/0`)).json()).toMatchObject({ error: 'restaurant_inactive' });
    const notTaken = await get(`${TAGANKA}/self/0`);
    expect(notTaken.statusCode).toBe(409);
    expect(notTaken.json()).toMatchObject({
      error: 'order_type_not_offered',
      message: 'Этот ресторан не принимает заказы на самовывоз.',
    });
    expect((await get(`${TAGANKA}/inrest/2`)).statusCode).toBe(404);
    for (const bad of [`${PATRIKI}/pickup/0`, `${PATRIKI}/self/3`, `${'x'.repeat(65)}/self/0`]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(errorResponse.parse(res.json()).success).toBe(false);
    }
  });

  it('takes a form-urlencoded body with every number as text (SPEC 7 bodies)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: MENU,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `is_shop=2&fs_uid=${PATRIKI}&order_type=inrest&ver=4&lock_code=${LOCK_CODE}`,
    });
    expect(res.statusCode).toBe(200);
    const answer = menuResponse.parse(res.json());
    expect(answer.lock_code).toBe(LOCK_CODE);
    expect(answer.categories.map((c) => c.id)).toEqual(categoriesOf('bar'));
  });

  it('defaults is_shop to the restaurant menu and accepts a request without ver or user', async () => {
    const res = await t.app.inject({ method: 'POST', url: MENU, payload: { fs_uid: PATRIKI, order_type: 'self' } });
    expect(menuResponse.parse(res.json()).categories.map((c) => c.id)).toEqual(categoriesOf('restaurant'));
  });

  it('refuses another version of the call than 4 with 400 naming ver (SPEC 9)', async () => {
    const { res } = await menu({ fs_uid: PATRIKI, ver: 3 });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json()).message).toContain('«ver»');
  });

  it('answers 304 to a client holding the current menu, and sends the menu again after a stop-list change (cache invalidated)', async () => {
    const pizza = dishId('lasagna');
    const first = await menu({ fs_uid: PATRIKI });
    expect(dish(first.menu, pizza).allowed).toBe(true);
    const etag = String(first.res.headers.etag);
    const same = await menu({ fs_uid: PATRIKI }, { 'if-none-match': etag });
    expect(same.res.statusCode).toBe(304);

    await t.database.db
      .insertInto('stop_list')
      .values({ restaurant_id: 1, dish_id: pizza, reason: 'Кончилась' })
      .execute();
    const stopped = await menu({ fs_uid: PATRIKI }, { 'if-none-match': etag });
    expect(stopped.res.statusCode).toBe(200);
    expect(dish(stopped.menu, pizza).allowed).toBe(false);

    await t.database.db.deleteFrom('stop_list').where('restaurant_id', '=', 1).where('dish_id', '=', pizza).execute();
    const back = await menu({ fs_uid: PATRIKI });
    expect(dish(back.menu, pizza).allowed).toBe(true);
    expect(back.res.headers.etag).toBe(etag);
  });

  it('shows a change made in a transaction on the next call after its commit, and nothing of a rolled-back one', async () => {
    const salad = dishId('burrata-tomatoes');
    await t.database.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('stop_list').where('restaurant_id', '=', 1).where('dish_id', '=', salad).execute();
    });
    const { menu: committed } = await menu({ fs_uid: PATRIKI });
    expect(dish(committed, salad).allowed).toBe(true);

    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await trx.insertInto('stop_list').values({ restaurant_id: 1, dish_id: salad }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const { menu: rolledBack } = await menu({ fs_uid: PATRIKI });
    expect(dish(rolledBack, salad).allowed).toBe(true);
  });

  it('shows a price change and a new stop text on the next call', async () => {
    await t.database.db.updateTable('dishes').set({ price: 61_000 }).where('id', '=', 101).execute();
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify('Нет в наличии') })
      .where('key', '=', 'text_stoplist')
      .execute();
    const { menu: answer } = await menu({ fs_uid: PATRIKI });
    expect(dish(answer, 101).price).toBe(61_000);
    expect(answer.stop_text).toBe('Нет в наличии');
  });

  it('sends the menu compressed as the client accepts, the same JSON before and after the best compression is ready', async () => {
    const plain = (await menu({ fs_uid: POKROVKA })).res.body;
    const compressed = async (acceptEncoding: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: MENU,
        payload: { fs_uid: POKROVKA, order_type: 'inrest' },
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(res.headers.vary).toContain('accept-encoding');
      const encoding = res.headers['content-encoding'];
      const text =
        encoding === 'br'
          ? brotliDecompressSync(res.rawPayload).toString()
          : encoding === 'gzip'
            ? gunzipSync(res.rawPayload).toString()
            : res.body;
      expect(text).toBe(plain);
      return { encoding, size: res.rawPayload.length };
    };
    const first = await compressed('gzip, deflate, br');
    expect(first.encoding).toBe('br');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const later = await compressed('gzip, deflate, br');
    expect(later.encoding).toBe('br');
    expect(later.size).toBeLessThanOrEqual(first.size);
    expect((await compressed('br;q=0, gzip')).encoding).toBe('gzip');
    expect((await compressed('identity')).encoding).toBeUndefined();
  });

  it('keeps one answer per lock state: the unlocked menu is not served to a guest without the code', async () => {
    await menu({ fs_uid: PATRIKI, is_shop: 2, lock_code: LOCK_CODE });
    const { menu: answer } = await menu({ fs_uid: PATRIKI, is_shop: 2 });
    expect(dish(answer, LOCKED_DISH).is_locked).toBe(1);
    expect(answer.lock_code).toBeNull();
  });
});

describe.each(databaseKinds())('the menu with a booking_num on %s (SPEC 4 booking, SPEC 5 minimum sum)', (kind) => {
  let t: TestApp;
  let guest: { id: number; token: string };
  let other: { id: number; token: string };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    guest = await signedInUser(t.database);
    other = await signedInUser(t.database);
    const hour = 3600_000;
    const now = Date.now();
    const booking = (
      num: string,
      fields: {
        user_id: number;
        restaurant_id: number;
        min_sum: number;
        status?: 'new' | 'active' | 'cancelled' | 'ended';
        endsIn?: number;
      },
    ) => ({
      booking_num: num,
      user_id: fields.user_id,
      restaurant_id: fields.restaurant_id,
      timefrom: new Date(now - hour),
      timeto: new Date(now + (fields.endsIn ?? hour)),
      cntpersons: 2,
      cntminutes: 120,
      min_sum: fields.min_sum,
      status: fields.status ?? 'new',
    });
    await t.database.db
      .insertInto('bookings')
      .values([
        booking('B-1001', { user_id: guest.id, restaurant_id: 1, min_sum: 300_000 }),
        booking('B-1002', { user_id: guest.id, restaurant_id: 2, min_sum: 100_000 }),
        booking('B-1003', { user_id: guest.id, restaurant_id: 1, min_sum: 100_000, status: 'cancelled' }),
        booking('B-1004', { user_id: guest.id, restaurant_id: 1, min_sum: 100_000, endsIn: -60_000 }),
        booking('B-1005', { user_id: other.id, restaurant_id: 1, min_sum: 100_000, status: 'active' }),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const menu = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: MENU,
      payload: { fs_uid: PATRIKI, order_type: 'inrest', is_shop: 0, ver: 4, ...body },
    });

  /** The guest's own session, as every user call sends it. */
  const session = () => ({ user_id: guest.id, token: guest.token });

  it("gives the booking's minimum in min_sum, which the minimum-sum rule applies to an inrest order (SPEC 5)", async () => {
    const res = await menu({ ...session(), booking_num: 'B-1001' });
    expect(res.statusCode).toBe(200);
    const answer = menuResponse.parse(res.json());
    expect(answer.min_sum).toBe(300_000);
    const minimum = minimumOrderSum({
      orderType: 'inrest',
      lines: [{ item: 101 }],
      dishes: indexDishes(answer.dishes),
      restaurant: { minOrderSum: { inrest: 0, self: 60_000 } },
      booking: { min_sum: answer.min_sum ?? 0 },
    });
    expect(minimum).toBe(300_000);
  });

  it('takes user_id as text in a form body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: MENU,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `fs_uid=${PATRIKI}&order_type=inrest&is_shop=0&user_id=${guest.id}&token=${guest.token}&booking_num=B-1001`,
    });
    expect(menuResponse.parse(res.json()).min_sum).toBe(300_000);
  });

  it('gives the same menu a different ETag when it carries a minimum, so a 304 never hides one', async () => {
    const plain = await menu({});
    const booked = await menu({ ...session(), booking_num: 'B-1001' });
    expect(booked.headers.etag).not.toBe(plain.headers.etag);
    const again = await t.app.inject({
      method: 'POST',
      url: MENU,
      payload: { fs_uid: PATRIKI, order_type: 'inrest', ...session(), booking_num: 'B-1001' },
      headers: { 'if-none-match': String(booked.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it("keeps the menu with booking_num out of every cache (Cache-Control: no-store), its refusals too: it carries the guest's own booking minimum (issue 11, second read)", async () => {
    const answers = [
      await menu({ ...session(), booking_num: 'B-1001' }),
      await menu({ ...session(), booking_num: 'B-9999' }),
      await menu({ user_id: guest.id, booking_num: 'B-1001' }),
    ];
    expect(answers.map((res) => res.statusCode)).toEqual([200, 404, 401]);
    for (const res of answers) expect(res.headers['cache-control']).toBe('no-store');
    // The menu without a booking stays a shared answer that revalidates by its ETag.
    expect((await menu({ ...session() })).headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown booking number with 404', async () => {
    const res = await menu({ ...session(), booking_num: 'B-9999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'booking_not_found', message: 'Бронь не найдена.' });
  });

  it("answers another guest's booking exactly as an unknown one (issue 11.8: booking numbers are not an oracle)", async () => {
    const unknown = await menu({ ...session(), booking_num: 'B-9999' });
    const others = await menu({ ...session(), booking_num: 'B-1005' });
    expect(others.statusCode).toBe(404);
    const { requestId: _a, ...unknownBody } = unknown.json<Record<string, unknown>>();
    const { requestId: _b, ...othersBody } = others.json<Record<string, unknown>>();
    expect(othersBody).toEqual(unknownBody);
  });

  it("needs the guest's session with booking_num: no token or a wrong one is a 401 that says nothing of the booking (issue 11.8)", async () => {
    const answers = [
      await menu({ user_id: guest.id, booking_num: 'B-1001' }),
      await menu({ user_id: guest.id, token: other.token, booking_num: 'B-1001' }),
      await menu({ user_id: guest.id, token: 'x'.repeat(43), booking_num: 'B-1001' }),
      await menu({ user_id: guest.id, token: 'x'.repeat(43), booking_num: 'B-9999' }),
      await menu({ user_id: other.id, token: 'x'.repeat(43), booking_num: 'B-1005' }),
      await menu({ booking_num: 'B-1001' }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: 'unauthorized', message: SESSION_EXPIRED_MESSAGE });
      expect(res.body).not.toContain('min_sum');
    }
    // The same calls without booking_num stay public: the menu itself needs no session.
    expect((await menu({ user_id: guest.id })).statusCode).toBe(200);
  });

  it("refuses another guest's, another restaurant's and a cancelled booking on order/create as the menu call does: one rule, one set of texts", async () => {
    const order = (bookingNum: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2/order/create',
        payload: {
          source: 'web',
          v: 3,
          user: { id: guest.id, password: guest.token },
          cart: [{ item: 101, cnt: 1 }],
          order: { type: 'inrest', table: '3', booking_num: bookingNum },
          restoran: 1,
        },
      });
    for (const [num, status] of [
      ['B-1005', 404],
      ['B-9999', 404],
      ['B-1002', 409],
      ['B-1003', 409],
    ] as const) {
      const onMenu = await menu({ ...session(), booking_num: num });
      const onOrder = await order(num);
      expect(onOrder.statusCode, num).toBe(status);
      const { requestId: _a, ...menuBody } = onMenu.json<Record<string, unknown>>();
      const { requestId: _b, ...orderBody } = onOrder.json<Record<string, unknown>>();
      expect(orderBody, num).toEqual(menuBody);
    }
  });

  it('refuses a booking made at another restaurant with 409', async () => {
    const res = await menu({ ...session(), booking_num: 'B-1002' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'booking_other_restaurant',
      message: 'Эта бронь сделана в другом ресторане.',
    });
  });

  it('refuses a cancelled booking and one whose time is over with 409', async () => {
    for (const num of ['B-1003', 'B-1004']) {
      const res = await menu({ ...session(), booking_num: num });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'booking_closed' });
    }
  });
});
