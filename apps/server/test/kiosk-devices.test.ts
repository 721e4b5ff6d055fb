import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kioskEnterResponse, paymentSbpResponse, staffBoardResponse } from '@chain/contract';
import {
  FOLLOW_LINK_TTL_HOURS,
  KIOSK_DEVICE_IDLE_DAYS,
  KIOSK_NOT_CONNECTED_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
} from '@chain/domain';
import type { RateLimitRule } from '../src/http/rate-limit';
import { followToken } from '../src/http/signed-links';
import { endRestaurantKioskDevices } from '../src/modules/kiosk/repository';
import {
  KIOSK_ORDERS_PER_RESTAURANT,
  ORDER_LIMIT_WINDOW_SECONDS,
  ORDER_RATE_MESSAGE,
  orderRateLimits,
  ORDERS_PER_KIOSK,
} from '../src/modules/orders/limits';
import { DEMO_KIOSK_CODE } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { connectedKiosk, expiredFollowToken } from './support/kiosk';
import { awayFromWindowEdge, countSoFar as countSoFarIn } from './support/limits';
import { insertTestOrder } from './support/orders';
import { CHECK, check, checkRequest, pressBankPage, SBP, startSbp } from './support/payments';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

/*
 * Issue 30 points 1 and 7 (decision 038): a kiosk order needs a kiosk. kiosk/enter with the staff
 * code connects the device and gives it its token; order/create with source kiosk takes an order
 * only with the token of a kiosk connected to that restaurant, so a stranger on the internet
 * cannot place kiosk orders (nor push anything off a board with them); kiosk orders count per
 * kiosk and per restaurant; a kiosk order's payment calls answer its kiosk's token or its follow
 * token, and tell a stranger nothing.
 */

const CREATE = '/api/v2/order/create';
const ENTER = '/api/v1/kiosk/enter';
const EXIT = '/api/v1/kiosk/exit';
const KIOSK_CHECK = '/api/v1/kiosk/check';
const KURSKY = 5; // self-pickup, open round the clock
const OTHER = 1;

let addressSeq = 0;
const newAddress = () => `10.30.${Math.floor(addressSeq / 250)}.${(addressSeq++ % 250) + 1}`;

describe.each(databaseKinds())('a kiosk order needs a kiosk on %s (issue 30 points 1 and 7)', (kind) => {
  let t: TestApp;
  let keySeq = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const freshKey = () => `kd-${process.pid}-${kind}-${keySeq++}`;
  /** Курский's self-pickup, from a kiosk (with `kiosk_token` when given). */
  const kioskOrder = (token: string | undefined, extra: Record<string, unknown> = {}) => ({
    source: 'kiosk',
    v: 3,
    user: { id: '' },
    cart: [{ item: 101, cnt: 1 }],
    order: { type: 'self', comment: '' },
    restoran: KURSKY,
    idempotency_key: freshKey(),
    ...(token === undefined ? {} : { kiosk_token: token }),
    ...extra,
  });
  const create = (body: object, remoteAddress = newAddress()) => post(t.app, CREATE, body, { remoteAddress });
  /** kiosk/enter with the demo code, from an address of its own: the device's token. */
  const enter = async (restaurantId: number, previous?: string) => {
    const res = await post(
      t.app,
      ENTER,
      { restoran: restaurantId, code: DEMO_KIOSK_CODE, ...(previous ? { kiosk_token: previous } : {}) },
      { remoteAddress: newAddress() },
    );
    expect(res.statusCode, res.body).toBe(200);
    return kioskEnterResponse.parse(res.json()).kiosk_token;
  };
  const notConnected = (res: LightMyRequestResponse) => {
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'kiosk_not_connected',
      message: KIOSK_NOT_CONNECTED_MESSAGE,
    });
  };
  /** An answer as a client reads it, the request's own id left out. */
  const seen = (res: LightMyRequestResponse) => {
    const { requestId: _perRequest, ...body } = res.json<{ requestId?: string }>();
    return { status: res.statusCode, body, cache: res.headers['cache-control'] };
  };
  const ordersOfKey = (key: string) =>
    t.database.db.selectFrom('orders').select(['id', 'kiosk_device_id']).where('idempotency_key', '=', key).execute();
  const orderCount = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countSoFar = (rule: RateLimitRule, count: number) => countSoFarIn(t.database, rule, count);

  describe('issue 30.1: a kiosk order needs the token of a kiosk connected to its restaurant', () => {
    it(`refuses a kiosk order without a token with 403 «${KIOSK_NOT_CONNECTED_MESSAGE}», and makes nothing of it`, async () => {
      const before = await orderCount();
      const counters = await t.database.db
        .selectFrom('order_counters')
        .selectAll()
        .where('restaurant_id', '=', KURSKY)
        .execute();
      const address = newAddress();
      notConnected(await create(kioskOrder(undefined), address));
      // A kiosk's own keyless request, as SPEC 7 clients send it, is refused the same.
      notConnected(await create({ ...kioskOrder(undefined), idempotency_key: undefined }, address));
      expect(await orderCount()).toBe(before);
      // No number of the day taken, no allowance of the address spent.
      expect(
        await t.database.db.selectFrom('order_counters').selectAll().where('restaurant_id', '=', KURSKY).execute(),
      ).toEqual(counters);
      expect(
        await t.database.db
          .selectFrom('rate_limits')
          .select('key')
          .where('key', '=', orderRateLimits({ ip: address, userId: null })[0]!.key)
          .execute(),
      ).toEqual([]);
    });

    it(`refuses a made-up token, an ended one (kiosk/exit, a second kiosk/enter, on call), one unused for ${KIOSK_DEVICE_IDLE_DAYS} days and another restaurant's — each with the same 403`, async () => {
      const exited = await enter(KURSKY);
      expect(
        (
          await post(
            t.app,
            EXIT,
            { restoran: KURSKY, code: DEMO_KIOSK_CODE, kiosk_token: exited },
            { remoteAddress: newAddress() },
          )
        ).statusCode,
      ).toBe(200);
      const replaced = await enter(KURSKY);
      const replacing = await enter(KURSKY, replaced);
      const endedOnCall = await enter(KURSKY);
      // The restaurant's kiosks ended on call, then one connected again afterwards.
      await endRestaurantKioskDevices(t.database.db, KURSKY, 'operator');
      const idle = await connectedKiosk(t.database, KURSKY);
      await t.database.db
        .updateTable('kiosk_devices')
        .set({ last_used_at: new Date(Date.now() - (KIOSK_DEVICE_IDLE_DAYS * 24 + 1) * 3_600_000) })
        .where('id', '=', idle.id)
        .execute();
      const othersKiosk = await enter(OTHER);
      const madeUp = 'A'.repeat(43);
      const refusals = [];
      for (const token of [madeUp, exited, replaced, replacing, endedOnCall, idle.token, othersKiosk, 'x']) {
        const res = await create(kioskOrder(token));
        notConnected(res);
        refusals.push(seen(res));
      }
      expect(new Set(refusals.map((refusal) => JSON.stringify(refusal))).size).toBe(1);
      // A token longer than any is not one: a readable 400, never a 500.
      const long = await create(kioskOrder('A'.repeat(129)));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ error: 'validation' });
    });

    it('takes the order with the token kiosk/enter gave, keeps its kiosk with it, and kiosk/check says the kiosk is connected until kiosk/exit ends it', async () => {
      const token = await enter(KURSKY);
      const res = await create(kioskOrder(token));
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json<{ id: number; number: string; follow_token: string }>();
      expect(order.number).toMatch(/^К-\d{3}$/);
      const row = await t.database.db
        .selectFrom('orders')
        .innerJoin('kiosk_devices', 'kiosk_devices.id', 'orders.kiosk_device_id')
        .select(['orders.source', 'orders.user_id', 'kiosk_devices.restaurant_id'])
        .where('orders.id', '=', order.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ source: 'kiosk', user_id: null, restaurant_id: KURSKY });
      // The server keeps the token's SHA-256 only.
      const stored = await t.database.db.selectFrom('kiosk_devices').select('token_hash').execute();
      expect(stored.some((device) => device.token_hash.includes(token))).toBe(false);

      expect((await post(t.app, KIOSK_CHECK, { restoran: KURSKY, kiosk_token: token })).json()).toEqual({
        success: true,
      });
      notConnected(await post(t.app, KIOSK_CHECK, { restoran: OTHER, kiosk_token: token }));
      notConnected(await post(t.app, KIOSK_CHECK, { restoran: KURSKY, kiosk_token: 'B'.repeat(43) }));
      // Another restaurant's code does not end it; this one's does.
      expect(
        (
          await post(
            t.app,
            EXIT,
            { restoran: OTHER, code: DEMO_KIOSK_CODE, kiosk_token: token },
            { remoteAddress: newAddress() },
          )
        ).statusCode,
      ).toBe(200);
      expect((await post(t.app, KIOSK_CHECK, { restoran: KURSKY, kiosk_token: token })).statusCode).toBe(200);
      expect(
        (
          await post(
            t.app,
            EXIT,
            { restoran: KURSKY, code: DEMO_KIOSK_CODE, kiosk_token: token },
            { remoteAddress: newAddress() },
          )
        ).statusCode,
      ).toBe(200);
      notConnected(await post(t.app, KIOSK_CHECK, { restoran: KURSKY, kiosk_token: token }));
      notConnected(await create(kioskOrder(token)));
    });

    it('refuses the flood through the real API: 320 kiosk orders from one address without a kiosk token make no order, and the paid kiosk order stays on the board', async () => {
      const staff = await staffToken(
        t.app,
        t.database,
        await staffAccount(t.database, { role: 'kitchen', restaurantIds: [KURSKY] }),
      );
      const paid = await insertTestOrder(t.database, {
        userId: null,
        source: 'kiosk',
        type: 'self',
        restaurantId: KURSKY,
        paid: true,
        status: 20,
        createdAt: new Date(Date.now() - 600_000),
      });
      const before = await orderCount();
      const address = newAddress();
      for (let i = 0; i < 320; i += 40) {
        const burst = await Promise.all(
          Array.from({ length: 40 }, (_, j) =>
            create(
              kioskOrder(
                (i + j) % 2 === 0 ? undefined : `forged-${i + j}`,
                (i + j) % 4 === 1 ? { idempotency_key: undefined } : {},
              ),
              address,
            ),
          ),
        );
        for (const res of burst) notConnected(res);
      }
      expect(await orderCount()).toBe(before);
      const board = staffBoardResponse.parse(
        (
          await t.app.inject({ method: 'GET', url: `/api/staff/restaurants/${KURSKY}/orders`, headers: bearer(staff) })
        ).json(),
      );
      expect(board.orders.find((order) => order.id === paid.id)).toMatchObject({ paid: true, kiosk: true });
    });

    it("answers a retry of a kiosk order's key to its own kiosk only: another kiosk gets idempotency_conflict, a stranger 403, and neither learns the order", async () => {
      const mine = await connectedKiosk(t.database, KURSKY);
      const other = await connectedKiosk(t.database, KURSKY);
      const body = kioskOrder(mine.token);
      const first = await create(body);
      expect(first.statusCode, first.body).toBe(200);
      const again = await create(body);
      expect(again.json()).toEqual(first.json());
      const fromOther = await create({ ...body, kiosk_token: other.token });
      expect(fromOther.statusCode).toBe(409);
      expect(fromOther.json()).toMatchObject({ error: 'idempotency_conflict' });
      expect(fromOther.body).not.toContain(first.json<{ follow_token: string }>().follow_token);
      const { kiosk_token: _dropped, ...stranger } = body;
      notConnected(await create(stranger));
      expect(await ordersOfKey(body.idempotency_key)).toEqual([
        { id: first.json<{ id: number }>().id, kiosk_device_id: mine.id },
      ]);
    });

    it(`counts kiosk orders per kiosk (${ORDERS_PER_KIOSK} in 10 minutes) and per restaurant's kiosks (${KIOSK_ORDERS_PER_RESTAURANT}), by the device and the restaurant, whatever the address`, async () => {
      await awayFromWindowEdge(ORDER_LIMIT_WINDOW_SECONDS);
      const busy = await connectedKiosk(t.database, KURSKY);
      const next = await connectedKiosk(t.database, KURSKY);
      const [, byKiosk, byRestaurant] = orderRateLimits({
        ip: '192.0.2.1',
        userId: null,
        kiosk: { id: busy.id, restaurantId: KURSKY },
      });
      expect(byKiosk?.key).toBe(`order:kiosk:${busy.id}`);
      await countSoFar(byKiosk!, ORDERS_PER_KIOSK - 1);
      expect((await create(kioskOrder(busy.token))).statusCode).toBe(200);
      // Past its own allowance, from any address: 429 in words.
      for (const address of [newAddress(), newAddress()]) {
        const refused = await create(kioskOrder(busy.token), address);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toMatchObject({ error: 'rate_limited', message: ORDER_RATE_MESSAGE });
      }
      // Another kiosk of the restaurant orders on.
      expect((await create(kioskOrder(next.token))).statusCode).toBe(200);
      // The restaurant's kiosks together: a second device brings no second allowance.
      await countSoFar(byRestaurant!, KIOSK_ORDERS_PER_RESTAURANT);
      expect((await create(kioskOrder(next.token))).statusCode).toBe(429);
      expect((await create(kioskOrder((await connectedKiosk(t.database, KURSKY)).token))).statusCode).toBe(429);
      await t.database.db.deleteFrom('rate_limits').where('key', '=', byRestaurant!.key).execute();
    });

    // A race shows only where statements run side by side: PGlite runs one at a time.
    it.runIf(kind === 'postgres')(
      'makes its own order of each of 20 keyless orders one kiosk sends at once, one order of 8 sent at once with one key, and no order for another kiosk reusing that key',
      async () => {
        const kiosk = await connectedKiosk(t.database, KURSKY);
        const other = await connectedKiosk(t.database, KURSKY);
        const keyless = await Promise.all(
          Array.from({ length: 20 }, () => create({ ...kioskOrder(kiosk.token), idempotency_key: undefined })),
        );
        for (const res of keyless) expect(res.statusCode, res.body).toBe(200);
        const made = keyless.map((res) => res.json<{ id: number; number: string }>());
        expect(new Set(made.map((order) => order.id)).size).toBe(20);
        expect(new Set(made.map((order) => order.number)).size).toBe(20);

        const body = kioskOrder(kiosk.token);
        const keyed = await Promise.all(
          Array.from({ length: 8 }, (_, i) => create(i % 2 === 0 ? body : { ...body, kiosk_token: other.token })),
        );
        const answered = keyed.map((res) => [res.statusCode, res.json<{ id?: number; error?: string }>()] as const);
        const orders = await ordersOfKey(body.idempotency_key);
        expect(orders).toHaveLength(1);
        // Whichever kiosk won the key, the other's requests are conflicts and the winner's all get its order.
        const winner = orders[0]!.kiosk_device_id === kiosk.id ? 0 : 1;
        for (const [i, [status, json]] of answered.entries()) {
          if (i % 2 === winner) expect([status, json.id]).toEqual([200, orders[0]!.id]);
          else expect([status, json.error]).toEqual([409, 'idempotency_conflict']);
        }
      },
    );

    it.runIf(kind === 'postgres')(
      `takes exactly the orders left in a kiosk's allowance from 20 sent at once, and refuses the rest with 429`,
      async () => {
        await awayFromWindowEdge(ORDER_LIMIT_WINDOW_SECONDS);
        const kiosk = await connectedKiosk(t.database, KURSKY);
        await countSoFar(
          orderRateLimits({ ip: '192.0.2.1', userId: null, kiosk: { id: kiosk.id, restaurantId: KURSKY } })[1]!,
          ORDERS_PER_KIOSK - 5,
        );
        const results = await Promise.all(Array.from({ length: 20 }, () => create(kioskOrder(kiosk.token))));
        expect(results.filter((res) => res.statusCode === 200)).toHaveLength(5);
        expect(results.filter((res) => res.statusCode === 429)).toHaveLength(15);
        const rows = await t.database.db
          .selectFrom('orders')
          .select('id')
          .where('kiosk_device_id', '=', kiosk.id)
          .execute();
        expect(rows).toHaveLength(5);
      },
    );
  });

  describe("issue 30.7: a kiosk order's payment calls need its kiosk or its follow token", () => {
    const placed = async (token: string) => {
      const res = await create(kioskOrder(token));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: number; follow_token: string }>();
    };
    const sbp = (body: Record<string, unknown>) => post(t.app, SBP, body);

    it('answers payment/sbp and payment/check of an unpaid kiosk order to a stranger exactly as of an unknown id, and hands out no QR', async () => {
      const kiosk = await connectedKiosk(t.database, KURSKY);
      const order = await placed(kiosk.token);
      const unknown = order.id + 1_000_000;
      const guest = await signedInUser(t.database);
      const otherKiosk = await connectedKiosk(t.database, KURSKY);
      const ended = await connectedKiosk(t.database, KURSKY);
      const forgedFollow = followToken('not the secret', order.id, new Date(Date.now() + 3_600_000));
      const otherFollow = (await placed(otherKiosk.token)).follow_token;

      const unknownSbp = seen(await sbp({ order_id: unknown }));
      expect(unknownSbp).toMatchObject({
        status: 404,
        body: { success: false, error: 'order_not_found', message: ORDER_NOT_FOUND_MESSAGE },
      });
      const unknownCheck = seen(await checkRequest(t.app, unknown));
      expect(unknownCheck).toMatchObject({ status: 404, body: { error: 'order_not_found' } });
      await t.database.db
        .updateTable('kiosk_devices')
        .set({ ended_at: new Date(), ended_by: 'exit' })
        .where('id', '=', ended.id)
        .execute();
      // Its own kiosk's token, once ended, opens nothing either.
      const endedOwn = await connectedKiosk(t.database, KURSKY);
      const endedOrder = await placed(endedOwn.token);
      await t.database.db
        .updateTable('kiosk_devices')
        .set({ ended_at: new Date(), ended_by: 'exit' })
        .where('id', '=', endedOwn.id)
        .execute();

      const strangers: Array<[string, number, Record<string, unknown>, string | undefined]> = [
        ['nothing', order.id, {}, undefined],
        ["a guest's session", order.id, { user_id: guest.id, token: guest.token }, guest.token],
        ["another kiosk's token", order.id, { kiosk_token: otherKiosk.token }, otherKiosk.token],
        ['an ended kiosk', order.id, { kiosk_token: ended.token }, ended.token],
        ['a made-up token', order.id, { kiosk_token: 'C'.repeat(43) }, 'C'.repeat(43)],
        ['a forged follow token', order.id, { follow_token: forgedFollow }, forgedFollow],
        ["another order's follow token", order.id, { follow_token: otherFollow }, otherFollow],
        ['its own kiosk, ended', endedOrder.id, { kiosk_token: endedOwn.token }, endedOwn.token],
      ];
      for (const [who, orderId, body, bearerToken] of strangers) {
        const started = seen(await sbp({ order_id: orderId, ...body }));
        const { cache: _sbpCache, ...startedShown } = started;
        const { cache: _unknownCache, ...unknownShown } = unknownSbp;
        expect(startedShown, who).toEqual(unknownShown);
        expect(seen(await checkRequest(t.app, orderId, bearerToken)), who).toEqual(unknownCheck);
      }
      const payments = await t.database.db
        .selectFrom('payments')
        .select('id')
        .where('order_id', 'in', [order.id, endedOrder.id])
        .execute();
      expect(payments).toEqual([]);
    });

    it("answers them to the kiosk's token and to the order's follow token: the kiosk's QR and its status, paid through the bank's page", async () => {
      const kiosk = await connectedKiosk(t.database, KURSKY);
      const order = await placed(kiosk.token);
      const byKiosk = await startSbp(t.app, null, order.id, { kiosk_token: kiosk.token });
      expect(byKiosk).toMatchObject({ variants: [], paymentUrl: null, errorMessage: '' });
      // The follow token opens the same live QR, not a second payment.
      const byFollow = paymentSbpResponse.parse(
        (await sbp({ order_id: order.id, follow_token: order.follow_token })).json(),
      );
      expect(byFollow.qrPayload).toBe(byKiosk.qrPayload);
      expect(await check(t.app, order.id, kiosk.token)).toBe('pending');
      expect(await check(t.app, order.id, order.follow_token)).toBe('pending');
      await pressBankPage(t.app, byKiosk.qrPayload ?? '', 'pay');
      expect(await check(t.app, order.id, kiosk.token)).toBe('ok');
      expect(await check(t.app, order.id, order.follow_token)).toBe('ok');
      expect(
        (
          await t.app.inject({
            method: 'GET',
            url: CHECK(order.id),
            headers: { authorization: `Bearer ${order.follow_token}` },
          })
        ).headers['cache-control'],
      ).toBe('no-store');
    });

    it(`stops taking the follow token ${FOLLOW_LINK_TTL_HOURS} h after the order was placed; its kiosk's token still answers`, async () => {
      const kiosk = await connectedKiosk(t.database, KURSKY);
      const order = await placed(kiosk.token);
      const genuine = await expiredFollowToken(t.database, t.app.config.authSecret, order.id);
      expect((await checkRequest(t.app, order.id, genuine)).statusCode).toBe(404);
      expect((await checkRequest(t.app, order.id, kiosk.token)).statusCode).toBe(200);
    });
  });
});
