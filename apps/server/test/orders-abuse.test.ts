import { couponProblemMessage } from '@chain/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimitRule } from '../src/http/rate-limit';
import {
  ORDER_LIMIT_WINDOW_SECONDS,
  ORDER_RATE_MESSAGE,
  ORDERS_PER_ADDRESS,
  ORDERS_PER_GUEST,
  orderRateLimits,
} from '../src/modules/orders/limits';
import { DEMO_CUTLERY, DEMO_DISHES, DEMO_RECOMMENDED } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { check, orderRow, pressBankPage, startSbp } from './support/payments';
import { connectedKiosk, type TestKiosk } from './support/kiosk';
import { awayFromWindowEdge, countSoFar as countSoFarIn } from './support/limits';
import { signedInUser } from './support/users';

/*
 * Issue 11 ("Money and abuse"), points 2, 3, 4 and the order-creation half of 7: what a kiosk,
 * a script or an unlucky guest could do to order/create, and the limits that hold.
 */

const KURSKY = 5; // self + courier, open round the clock
const CREATE = '/api/v2/order/create';
const soySauce = DEMO_RECOMMENDED.find((item) => item.dishSlug === 'soy-sauce')!;
const soyPrice = DEMO_DISHES.find((dish) => dish.slug === soySauce.dishSlug)!.price;
const wipes = DEMO_CUTLERY.find((item) => item.name === 'Влажные салфетки')!;

describe.each(databaseKinds())('order/create against abuse on %s (issue 11)', (kind) => {
  let t: TestApp;
  let mozzarella: number;
  let key = 0;
  /** Курский's kiosk, connected (decision 038). */
  let kiosk: TestKiosk;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    kiosk = await connectedKiosk(t.database, KURSKY);
    const row = await t.database.db
      .selectFrom('dish_options')
      .select('id')
      .where('dish_id', '=', 101)
      .where('name', '=', 'Двойная моцарелла')
      .executeTakeFirstOrThrow();
    mozzarella = row.id;
  });
  afterAll(() => t.close());

  const freshKey = () => `abuse-${process.pid}-${kind}-${key++}`;
  const kioskOrder = (extra: Record<string, unknown> = {}) => ({
    source: 'kiosk',
    kiosk_token: kiosk.token,
    v: 3,
    cart: [{ item: 101, cnt: 2 }],
    order: { type: 'self', comment: '' },
    restoran: KURSKY,
    ...extra,
  });
  const guestOrder = (guest: { id: number; token: string }, extra: Record<string, unknown> = {}) => ({
    ...kioskOrder(),
    source: 'web',
    user: { id: guest.id, password: guest.token },
    idempotency_key: freshKey(),
    ...extra,
  });
  const create = (body: object, remoteAddress?: string) =>
    post(t.app, CREATE, body, remoteAddress ? { remoteAddress } : {});
  const countSoFar = (rule: RateLimitRule, count: number) => countSoFarIn(t.database, rule, count);
  const countOf = async (rule: RateLimitRule) => {
    const rows = await t.database.db.selectFrom('rate_limits').select('count').where('key', '=', rule.key).execute();
    return rows.reduce((sum, row) => sum + row.count, 0);
  };
  const itemsOf = (orderId: number) =>
    t.database.db.selectFrom('order_items').selectAll().where('order_id', '=', orderId).orderBy('sort').execute();

  describe('kiosk orders are never merged across guests (point 2)', () => {
    it('makes two orders of two keyless kiosk requests with the same cart, and paying one leaves the other unpaid', async () => {
      const first = await create(kioskOrder());
      const second = await create(kioskOrder());
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      const a = first.json<{ id: number; number: string }>();
      const b = second.json<{ id: number; number: string }>();
      expect(b.id).not.toBe(a.id);
      expect(b.number).not.toBe(a.number);

      const sbp = await startSbp(t.app, null, a.id, { kiosk_token: kiosk.token });
      await pressBankPage(t.app, sbp.qrPayload ?? '', 'pay');
      expect(await check(t.app, a.id, kiosk.token)).toBe('ok');
      expect(await orderRow(t.database, a.id)).toMatchObject({ paid: true });
      expect(await orderRow(t.database, b.id)).toMatchObject({ paid: false, status: 10 });
    });

    it('still returns the first order to a kiosk retry that carries the same key', async () => {
      const body = kioskOrder({ idempotency_key: freshKey() });
      const first = (await create(body)).json<{ id: number }>();
      expect((await create(body)).json<{ id: number }>().id).toBe(first.id);
    });
  });

  describe('coupons bound to a guest need a guest (point 3)', () => {
    it('refuses a once-per-guest coupon for a kiosk order, which has no guest, with a Russian message', async () => {
      const res = await create(kioskOrder({ coupon: 'WELCOME20', idempotency_key: freshKey() }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: 'coupon_needs_guest',
        message: couponProblemMessage('coupon_needs_guest'),
      });
      expect(res.json<{ message: string }>().message).toMatch(/[а-я]/);
      const uses = await t.database.db
        .selectFrom('coupon_uses')
        .innerJoin('coupons', 'coupons.id', 'coupon_uses.coupon_id')
        .select('order_id')
        .where('coupons.code', '=', 'WELCOME20')
        .where('coupon_uses.user_id', 'is', null)
        .execute();
      expect(uses).toEqual([]);
    });

    it('gives a once-per-guest coupon to exactly one of ten orders one guest places at once', async () => {
      const guest = await signedInUser(t.database);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => create(guestOrder(guest, { coupon: 'WELCOME20' }))),
      );
      const codes = results.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(9);
      const uses = await t.database.db
        .selectFrom('coupon_uses')
        .select('order_id')
        .where('user_id', '=', guest.id)
        .execute();
      expect(uses).toHaveLength(1);
    });
  });

  describe('free counts and maximums are per item, not per line (point 4, SPEC 5)', () => {
    it('charges 50 lines of one soy sauce above its free count once, and stores one row of 50', async () => {
      const guest = await signedInUser(t.database);
      const res = await create(
        guestOrder(guest, { recommendedItems: Array.from({ length: 50 }, () => ({ id: soySauce.id, cnt: 1 })) }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json<{ id: number; recommended_sum: number }>();
      expect(order.recommended_sum).toBe((50 - soySauce.freeCnt) * soyPrice);
      const rows = (await itemsOf(order.id)).filter((row) => row.kind === 'recommended');
      expect(rows.map((row) => [row.item_id, row.cnt, row.charged_cnt, row.line_sum])).toEqual([
        [soySauce.id, 50, 50 - soySauce.freeCnt, (50 - soySauce.freeCnt) * soyPrice],
      ]);
    });

    it('sums split cutlery lines before the free count', async () => {
      const guest = await signedInUser(t.database);
      const res = await create(
        guestOrder(guest, {
          pribors: [
            { id: wipes.id, cnt: wipes.freeCnt },
            { id: wipes.id, cnt: wipes.freeCnt },
          ],
        }),
      );
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json<{ id: number; cutlery_sum: number }>();
      expect(order.cutlery_sum).toBe(wipes.freeCnt * wipes.price);
      const rows = (await itemsOf(order.id)).filter((row) => row.kind === 'cutlery');
      expect(rows.map((row) => [row.item_id, row.cnt, row.charged_cnt])).toEqual([
        [wipes.id, 2 * wipes.freeCnt, wipes.freeCnt],
      ]);
    });

    it('refuses cutlery split as 20 + 20 over its maximum of 20', async () => {
      expect(wipes.max).toBe(20);
      const guest = await signedInUser(t.database);
      const res = await create(
        guestOrder(guest, {
          pribors: [
            { id: wipes.id, cnt: 20 },
            { id: wipes.id, cnt: 20 },
          ],
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation', message: `«${wipes.name}»: не больше ${wipes.max}.` });
    });

    it('refuses the same multi option twice in one line over its maximum, and sums it within the maximum', async () => {
      const guest = await signedInUser(t.database);
      const line = (counts: number[]) => [
        { item: 101, cnt: 1, specs: counts.map((cnt) => ({ specid: mozzarella, cnt })) },
      ];
      const over = await create(guestOrder(guest, { cart: line([2, 2]) }));
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({
        error: 'validation',
        message: 'Опции «Двойная моцарелла» можно добавить не больше 2.',
      });

      const split = await create(guestOrder(guest, { cart: line([1, 1]) }));
      const whole = await create(guestOrder(guest, { cart: line([2]) }));
      expect(split.statusCode, split.body).toBe(200);
      expect(split.json<{ items_sum: number }>().items_sum).toBe(whole.json<{ items_sum: number }>().items_sum);
      const [dish] = await itemsOf(split.json<{ id: number }>().id);
      expect(dish?.specs).toEqual([{ id: mozzarella, name: 'Двойная моцарелла', price: 12_000, cnt: 2 }]);
    });
  });

  describe('new orders are limited per guest and per address (point 7, decision 017)', () => {
    const codesOf = (results: Array<{ statusCode: number }>) => results.map((res) => res.statusCode);

    it("takes exactly the orders left in an address's limit from 30 kiosk orders sent at once, and refuses the rest with 429", async () => {
      await awayFromWindowEdge(ORDER_LIMIT_WINDOW_SECONDS);
      const address = '198.51.100.7';
      const [byAddress] = orderRateLimits({ ip: address, userId: null });
      await countSoFar(byAddress!, ORDERS_PER_ADDRESS - 10);
      const results = await Promise.all(
        Array.from({ length: 30 }, () => create(kioskOrder({ idempotency_key: freshKey() }), address)),
      );
      expect(codesOf(results).filter((code) => code === 200)).toHaveLength(10);
      const refused = results.filter((res) => res.statusCode !== 200);
      expect(codesOf(refused)).toEqual(Array.from({ length: 20 }, () => 429));
      expect(refused[0]?.json()).toMatchObject({ error: 'rate_limited', message: ORDER_RATE_MESSAGE });
      expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back by this one.
      expect((await create(kioskOrder({ idempotency_key: freshKey() }), '198.51.100.8')).statusCode).toBe(200);
    });

    it("takes exactly the orders left in a guest's limit from 30 sent at once from 30 addresses, and refuses the rest with 429", async () => {
      await awayFromWindowEdge(ORDER_LIMIT_WINDOW_SECONDS);
      const guest = await signedInUser(t.database);
      const byGuest = orderRateLimits({ ip: '203.0.113.1', userId: guest.id })[1]!;
      await countSoFar(byGuest, ORDERS_PER_GUEST - 10);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) => create(guestOrder(guest), `203.0.113.${i + 1}`)),
      );
      expect(codesOf(results).filter((code) => code === 200)).toHaveLength(10);
      expect(codesOf(results).filter((code) => code === 429)).toHaveLength(20);
      expect(results.find((res) => res.statusCode === 429)?.json()).toMatchObject({
        error: 'rate_limited',
        message: ORDER_RATE_MESSAGE,
      });
      const placed = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', guest.id).execute();
      expect(placed).toHaveLength(10);
    });

    it('does not count a retry of an order that exists: the same key returns it even at the limit', async () => {
      await awayFromWindowEdge(ORDER_LIMIT_WINDOW_SECONDS);
      const guest = await signedInUser(t.database);
      const address = '198.51.100.9';
      const [byAddress, byGuest] = orderRateLimits({ ip: address, userId: guest.id });
      const body = guestOrder(guest);
      const first = await create(body, address);
      expect(first.statusCode).toBe(200);
      await countSoFar(byGuest!, ORDERS_PER_GUEST);
      const addressCount = await countOf(byAddress!);

      const retries = await Promise.all(Array.from({ length: 5 }, () => create(body, address)));
      expect(retries.map((res) => [res.statusCode, res.json<{ id: number }>().id])).toEqual(
        Array.from({ length: 5 }, () => [200, first.json<{ id: number }>().id]),
      );
      expect(await countOf(byGuest!)).toBe(ORDERS_PER_GUEST);
      expect(await countOf(byAddress!)).toBe(addressCount);
      // A new attempt is a new order, and counts.
      expect((await create(guestOrder(guest), address)).statusCode).toBe(429);
    });
  });

  describe('free-form fields are bounded (point 7)', () => {
    it('refuses a 900 KB cart_raw with a readable 400, before anything is stored', async () => {
      const guest = await signedInUser(t.database);
      const before = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', guest.id).execute();
      const res = await create(guestOrder(guest, { cart_raw: [{ comment: 'x'.repeat(900_000) }] }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation' });
      expect(res.json<{ message: string }>().message).toMatch(/^Некорректное поле «cart_raw»: .*КБ/);
      expect(await t.database.db.selectFrom('orders').select('id').where('user_id', '=', guest.id).execute()).toEqual(
        before,
      );
    });

    it('takes a cart_raw of the size a 100-line cart really has', async () => {
      const guest = await signedInUser(t.database);
      const cartRaw = Array.from({ length: 100 }, (_, i) => ({
        token: 'a1b2c3d4',
        item: 101,
        cnt: 1,
        comment: `Без лука, пожалуйста, строка ${i}`,
        spec: mozzarella,
        specs: [{ specid: mozzarella, cnt: 1, price: 12_000 }],
      }));
      const res = await create(guestOrder(guest, { cart_raw: cartRaw }));
      expect(res.statusCode, res.body).toBe(200);
    });

    it.each([
      [
        'order/create props.address.id',
        CREATE,
        { order: { type: 'self', props: { address: { lat: 55.75, lon: 37.66, id: 'x'.repeat(100_000) } } } },
      ],
      [
        'order/create deliveryDateTimeProps',
        CREATE,
        { deliveryDateTimeProps: { deliveryDate: '01.01.2030', extra: 'x'.repeat(100_000) } },
      ],
      ['order/delivery order_sum', '/api/v2/order/delivery', { order_sum: 'x'.repeat(100_000) }],
      ['order/delivery table', '/api/v2/order/delivery', { table: { nested: 'x'.repeat(100_000) } }],
      ['order/delivery delivery_data', '/api/v2/order/delivery', { delivery_data: { extra: 'x'.repeat(100_000) } }],
    ])('refuses 100 KB in %s with 400', async (_name, url, patch) => {
      const guest = await signedInUser(t.database);
      const base =
        url === CREATE
          ? guestOrder(guest)
          : {
              order_type: 'delivery',
              fs_uid: '489b39b8-4783-4e1b-92a0-44ea552f2e52',
              cart: [{ item: 101, cnt: 1 }],
              location: { lat: 55.7574, lon: 37.6596 },
            };
      const res = await post(t.app, url, { ...base, ...patch });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation' });
    });
  });
});
