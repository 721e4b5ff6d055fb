import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { orderEventsUrl, STAFF_TEXTS, staffBoardResponse, staffOrder, type StaffOrder } from '@chain/contract';
import { BOARD_LIMITS, ORDER_NOT_FOUND_MESSAGE, withinBoardLimits } from '@chain/domain';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { openEventStream, type EventStream } from './support/event-stream';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import { admin, databaseUrl, dropDatabase } from './support/postgres';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 17: the order board of a restaurant. Staff see new and paid orders live, move them
// through the status machine (moveOrderStatus), and the guest's open order page follows.

async function nextOrder(stream: EventStream, withinMs = 3000): Promise<StaffOrder> {
  for (;;) {
    const event = await stream.next(withinMs);
    if (!event) throw new Error('the stream ended');
    if (event.event === 'order') return staffOrder.parse(JSON.parse(event.data));
  }
}

const move = (app: FastifyInstance, token: string, orderId: number, to: number) =>
  app.inject({ method: 'POST', url: `/api/staff/orders/${orderId}/status`, headers: bearer(token), payload: { to } });

describe.each(databaseKinds())('the order board on %s (issue 17)', (kind) => {
  let t: TestApp;
  let kitchen: string;
  let manager: string;
  const streams: EventStream[] = [];
  beforeAll(async () => {
    t = await buildTestApp(kind, { httpTimeouts: { requestMs: 120_000, connectionMs: 3000 } });
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
    manager = await staffToken(t.app, t.database, await staffAccount(t.database, { role: 'manager', chain: true }));
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it('lists a paid order with what the kitchen needs, and a pre-order without a table with its time', async () => {
    const guest = await signedInUser(t.database, { name: 'Анна' });
    const paid = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20, type: 'inrest' });
    const preorder = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20, type: 'inrest' });
    const at = new Date(Date.now() + 3 * 3600_000);
    await t.database.db.updateTable('orders').set({ table_num: '7' }).where('id', '=', paid.id).execute();
    await t.database.db
      .updateTable('orders')
      .set({ as_ready: false, ready_at: at })
      .where('id', '=', preorder.id)
      .execute();
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/staff/restaurants/1/orders',
      headers: bearer(kitchen),
    });
    expect(answer.statusCode).toBe(200);
    const board = staffBoardResponse.parse(answer.json());
    const first = board.orders.find((order) => order.id === paid.id);
    expect(first).toMatchObject({ table: '7', paid: true, status: 20, next: [30], due_at: null, type: 'inrest' });
    expect(first?.lines.map((line) => line.cnt)).toEqual([2, 1]);
    expect(board.orders.find((order) => order.id === preorder.id)).toMatchObject({
      table: '',
      due_at: at.toISOString(),
    });
  });

  it('moves a paid order to cooking and ready, audited, and the guest’s open order stream follows', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20 });
    const guestStream = await openEventStream(t.app, orderEventsUrl(order.id, guest.id), {
      authorization: `Bearer ${guest.token}`,
    });
    streams.push(guestStream);
    expect(JSON.parse((await guestStream.next(3000))?.data ?? '{}')).toMatchObject({ status: 20 });
    expect((await move(t.app, kitchen, order.id, 30)).json()).toMatchObject({ status: 30, next: [40] });
    expect(JSON.parse((await guestStream.next(3000))?.data ?? '{}')).toMatchObject({ status: 30 });
    expect((await move(t.app, kitchen, order.id, 40)).json()).toMatchObject({ status: 40, next: [50] });
    expect(JSON.parse((await guestStream.next(3000))?.data ?? '{}')).toMatchObject({ status: 40 });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'order.status')
      .where('target', '=', `заказ ${order.znumber}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => [row.before, row.after])).toEqual([
      [{ status: 20 }, { status: 30 }],
      [{ status: 30 }, { status: 40 }],
    ]);
    const history = await t.database.db
      .selectFrom('order_status_history')
      .select('actor')
      .where('order_id', '=', order.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(history.actor).toMatch(/^staff:\d+$/);
  });

  it("refuses what staff may not do: skipping a step, accepting an unpaid order, cancelling a paid one (409); another restaurant's board (403) and order (404)", async () => {
    const guest = await signedInUser(t.database);
    const paid = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20 });
    const unpaid = await insertTestOrder(t.database, { userId: guest.id });
    for (const [orderId, to] of [
      [paid.id, 40],
      [paid.id, 90],
      [unpaid.id, 20],
    ] as const) {
      const answer = await move(t.app, kitchen, orderId, to);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ error: 'illegal_status_move' });
    }
    // An unpaid order may be cancelled by staff.
    expect((await move(t.app, kitchen, unpaid.id, 90)).json()).toMatchObject({ status: 90, next: [] });
    const elsewhere = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20, restaurantId: 2 });
    const board = await t.app.inject({
      method: 'GET',
      url: '/api/staff/restaurants/2/orders',
      headers: bearer(kitchen),
    });
    expect(board.statusCode).toBe(403);
    expect(board.json()).toMatchObject({ error: 'other_restaurant', message: STAFF_TEXTS.otherRestaurant });
    // Another restaurant's order reads as no order at all (issue 30 point 7).
    const theirs = await move(t.app, kitchen, elsewhere.id, 30);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: 'order_not_found', message: ORDER_NOT_FOUND_MESSAGE });
    // A chain manager may act on any restaurant.
    expect((await move(t.app, manager, elsewhere.id, 30)).statusCode).toBe(200);
    expect((await move(t.app, kitchen, 999_999, 30)).statusCode).toBe(404);
  });

  it("issue 30.7: answers a move of another restaurant's order exactly as of an unknown id: the same 404 and the same body, and changes nothing", async () => {
    const guest = await signedInUser(t.database);
    const theirs = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20, restaurantId: 2 });
    const theirsDelayed = await insertTestOrder(t.database, { userId: guest.id, restaurantId: 2, delayed: true });
    const unknown = theirs.id + 1_000_000;
    const answers = [
      await move(t.app, kitchen, theirs.id, 30),
      await move(t.app, kitchen, theirsDelayed.id, 90),
      await move(t.app, kitchen, unknown, 30),
    ];
    const shown = answers.map((answer) => {
      const { requestId: _differsPerRequest, ...body } = answer.json<{ requestId: string }>();
      return {
        status: answer.statusCode,
        body,
        type: answer.headers['content-type'],
        cache: answer.headers['cache-control'],
      };
    });
    expect(shown[0]).toEqual({
      status: 404,
      body: { success: false, error: 'order_not_found', message: ORDER_NOT_FOUND_MESSAGE },
      type: shown[2]?.type,
      cache: shown[2]?.cache,
    });
    expect(shown[1]).toEqual(shown[2]);
    expect(shown[0]).toEqual(shown[2]);
    const row = await t.database.db
      .selectFrom('orders')
      .select('status')
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(20);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select('id')
      .where('target', '=', `заказ ${theirs.znumber}`)
      .execute();
    expect(audit).toEqual([]);
  });

  it('sends the board’s stream each order created (order/create) or moved in its restaurant, and nothing of others', async () => {
    const KURSKY = 5; // self-pickup, open round the clock
    const stream = await openEventStream(t.app, `/api/staff/restaurants/${KURSKY}/orders/events`, bearer(manager));
    streams.push(stream);
    expect(stream.status).toBe(200);
    const guest = await signedInUser(t.database, { name: 'Борис' });
    const elsewhere = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20, restaurantId: 2 });
    const { moveOrderStatus } = await import('../src/modules/order-history/status');
    await moveOrderStatus(t.database.db, elsewhere.id, 30, 'kitchen');
    const thin = await t.database.db
      .selectFrom('dish_options')
      .select('id')
      .where('dish_id', '=', 101)
      .where('name', '=', 'Тонкое тесто')
      .executeTakeFirstOrThrow();
    const created = await post(t.app, '/api/v2/order/create', {
      source: 'web',
      v: 3,
      user: { id: guest.id, password: guest.token },
      cart: [{ item: 101, cnt: 2, spec: thin.id, specs: [], comment: '' }],
      pribors: [{ id: 2, cnt: 3 }],
      order: { type: 'self', comment: 'Без лука' },
      restoran: KURSKY,
      idempotency_key: `board-${kind}-${Date.now()}`,
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<{ id: number }>().id;
    expect(await nextOrder(stream)).toMatchObject({
      id,
      status: 10,
      paid: false,
      next: [90],
      type: 'self',
      guest_name: 'Борис',
      comment: 'Без лука',
      lines: [{ name: 'Маргарита', cnt: 2, options: ['Тонкое тесто'] }],
      cutlery: [{ cnt: 3 }],
    });
    await moveOrderStatus(t.database.db, id, 90, 'guest');
    expect(await nextOrder(stream)).toMatchObject({ id, status: 90, next: [] });
  });

  describe('issue 30.1: unpaid orders never push paid ones off the board', () => {
    /**
     * `count` unpaid orders of one restaurant straight into the database, newer than anything before
     * (the last one newest), half from kiosks (no user) and half from a guest's phone: what 1 500
     * order/create calls from one address could leave, cheaper. `status` 90 with a fresh status
     * time: unpaid orders housekeeping cancelled a moment ago.
     */
    const flood = async (restaurantId: number, count: number, fields: { status: 10 | 90; guestId: number }) => {
      await sql`
        insert into orders (znumber, business_day, restaurant_id, user_id, source, type, status, paid, items_sum, sum, idempotency_key, request_hash, created_at)
        select 'Ф-' || n || '-' || ${fields.status}, current_date, ${restaurantId}, case when n % 2 = 0 then null else ${fields.guestId}::integer end,
               case when n % 2 = 0 then 'kiosk' else 'web' end, 'inrest', ${fields.status}, false, 1000, 1000,
               'flood-' || ${randomBytes(6).toString('hex')} || '-' || n, 'flood', now() - make_interval(secs => (${count}::integer - n) / 100.0)
        from generate_series(1, ${count}::integer) as n`.execute(t.database.db);
    };
    const boardOfRestaurant = async (restaurantId: number) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/staff/restaurants/${restaurantId}/orders`,
        headers: bearer(manager),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return staffBoardResponse.parse(answer.json()).orders;
    };

    it(`shows a paid unfinished order under 400 newer unpaid kiosk and web orders, and only the newest ${BOARD_LIMITS.unpaid} unpaid ones`, async () => {
      const RESTAURANT = 3;
      const guest = await signedInUser(t.database);
      const paid = await insertTestOrder(t.database, {
        userId: null,
        source: 'kiosk',
        type: 'inrest',
        restaurantId: RESTAURANT,
        paid: true,
        status: 20,
        createdAt: new Date(Date.now() - 3_600_000),
      });
      const cooking = await insertTestOrder(t.database, {
        userId: guest.id,
        restaurantId: RESTAURANT,
        paid: true,
        status: 30,
        createdAt: new Date(Date.now() - 7_200_000),
      });
      await flood(RESTAURANT, 400, { status: 10, guestId: guest.id });
      const orders = await boardOfRestaurant(RESTAURANT);
      // The kitchen's work, however many unpaid orders came after it.
      expect(orders.find((order) => order.id === paid.id)).toMatchObject({ paid: true, status: 20, kiosk: true });
      expect(orders.find((order) => order.id === cooking.id)).toMatchObject({ paid: true, status: 30 });
      const unpaid = orders.filter((order) => !order.paid);
      expect(unpaid).toHaveLength(BOARD_LIMITS.unpaid);
      expect(unpaid.map((order) => order.znumber)).toEqual(
        Array.from({ length: BOARD_LIMITS.unpaid }, (_, i) => `Ф-${400 - i}-10`),
      );
      // Newest first, as before: the paid ones last, under the flood that came after them.
      expect(orders.map((order) => order.id).slice(-2)).toEqual([paid.id, cooking.id]);
      expect(orders).toEqual(withinBoardLimits(orders));
    });

    it('keeps paid orders finished lately on the board under 400 unpaid ones cancelled since', async () => {
      const RESTAURANT = 4;
      const guest = await signedInUser(t.database);
      const done = await insertTestOrder(t.database, {
        userId: guest.id,
        restaurantId: RESTAURANT,
        paid: true,
        status: 50,
        createdAt: new Date(Date.now() - 3_600_000),
      });
      const open = await insertTestOrder(t.database, {
        userId: guest.id,
        restaurantId: RESTAURANT,
        paid: true,
        status: 40,
        createdAt: new Date(Date.now() - 3_600_000),
      });
      await flood(RESTAURANT, 400, { status: 90, guestId: guest.id });
      const orders = await boardOfRestaurant(RESTAURANT);
      expect(orders.find((order) => order.id === done.id)).toMatchObject({ paid: true, status: 50 });
      expect(orders.find((order) => order.id === open.id)).toMatchObject({ paid: true, status: 40 });
      expect(orders.filter((order) => !order.paid)).toHaveLength(BOARD_LIMITS.unpaid);
    });

    it(`shows every paid unfinished order of a restaurant up to ${BOARD_LIMITS.kitchen}, however old, and warns in the log past it`, async () => {
      const RESTAURANT = 6;
      const guest = await signedInUser(t.database);
      // Paid a week ago and never closed: still the kitchen's.
      const old = await insertTestOrder(t.database, {
        userId: guest.id,
        restaurantId: RESTAURANT,
        paid: true,
        status: 20,
        createdAt: new Date(Date.now() - 7 * 24 * 3_600_000),
      });
      await flood(RESTAURANT, 350, { status: 10, guestId: guest.id });
      expect((await boardOfRestaurant(RESTAURANT)).some((order) => order.id === old.id)).toBe(true);
      await sql`update orders set paid = true, status = 20 where restaurant_id = ${RESTAURANT} and request_hash = 'flood'`.execute(
        t.database.db,
      );
      const paidNow = await boardOfRestaurant(RESTAURANT);
      expect(paidNow.filter((order) => order.paid && order.status < 50)).toHaveLength(351);
      const warned: unknown[] = [];
      const { boardOf } = await import('../src/modules/staff-board/service');
      await sql`insert into orders (znumber, business_day, restaurant_id, user_id, source, type, status, paid, items_sum, sum, idempotency_key, request_hash)
        select 'Ж-' || n, current_date, ${RESTAURANT}, ${guest.id}, 'web', 'self', 20, true, 1000, 1000, 'many-paid-' || ${randomBytes(6).toString('hex')} || '-' || n, 'many'
        from generate_series(1, ${BOARD_LIMITS.kitchen}::integer) as n`.execute(t.database.db);
      const capped = await boardOf(t.database.db, RESTAURANT, { warn: (...args: unknown[]) => void warned.push(args) });
      expect(capped.filter((order) => order.paid && order.status < 50)).toHaveLength(BOARD_LIMITS.kitchen);
      expect(warned).toHaveLength(1);
      expect(JSON.stringify(warned)).toContain(`"restaurantId":${RESTAURANT}`);
    });
  });

  it.runIf(kind === 'postgres')(
    'shows each order once, in one part, while payments and moves land between the parts’ reads (one snapshot)',
    async () => {
      // Every one of these orders belongs on the board at every moment — unpaid and placed now, paid
      // and unfinished, or paid and finished now — so each board read must hold each exactly once.
      // Read part after part outside one snapshot, an order paid or finished between two reads was
      // in neither part or in both.
      const RESTAURANT = 2;
      const guest = await signedInUser(t.database);
      const orders = await Promise.all(
        Array.from({ length: 30 }, () => insertTestOrder(t.database, { userId: guest.id, restaurantId: RESTAURANT })),
      );
      const ids = orders.map((order) => order.id).sort((a, b) => a - b);
      let moving = true;
      const mover = (async () => {
        for (const [index, order] of orders.entries()) {
          await sql`update orders set paid = true, status = 20, status_changed_at = now() where id = ${order.id}`.execute(
            t.database.db,
          );
          if (index % 2 === 0)
            await sql`update orders set status = 50, status_changed_at = now() where id = ${order.id}`.execute(
              t.database.db,
            );
        }
        moving = false;
      })();
      let reads = 0;
      while (moving || reads < 5) {
        const answer = await t.app.inject({
          method: 'GET',
          url: `/api/staff/restaurants/${RESTAURANT}/orders`,
          headers: bearer(manager),
        });
        const shown = staffBoardResponse
          .parse(answer.json())
          .orders.map((order) => order.id)
          .filter((id) => ids.includes(id));
        expect(
          shown.sort((a, b) => a - b),
          `board read ${reads}`,
        ).toEqual(ids);
        reads += 1;
      }
      await mover;
    },
  );

  it.runIf(kind === 'postgres')(
    'lets one of two staff moves racing on the same order win; the other is a 409',
    async () => {
      const guest = await signedInUser(t.database);
      const order = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 30 });
      const answers = await Promise.all(Array.from({ length: 6 }, () => move(t.app, kitchen, order.id, 40)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409]);
      const moves = await t.database.db
        .selectFrom('order_status_history')
        .select('status')
        .where('order_id', '=', order.id)
        .where('status', '=', 40)
        .execute();
      expect(moves).toHaveLength(1);
    },
  );
});

describe.each(databaseKinds().filter((kind) => kind === 'postgres'))(
  'the order board across instances on %s (issue 17)',
  () => {
    const name = `chain_t_${randomBytes(6).toString('hex')}`;
    let a: { app: FastifyInstance; database: DatabaseHandle };
    let b: { app: FastifyInstance; database: DatabaseHandle };
    const instance = async () => {
      const database = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(name),
        poolSize: 3,
        timeouts: testConfig().databaseTimeouts,
      });
      const app = await buildApp(testConfig({ httpTimeouts: { requestMs: 120_000, connectionMs: 3000 } }), {
        database,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      return { app, database };
    };
    beforeAll(async () => {
      await admin((client) => client.query(`create database "${name}" template "${inject('postgresTemplate')}"`));
      a = await instance();
      b = await instance();
    });
    afterAll(async () => {
      await a?.app.close();
      await b?.app.close();
      await dropDatabase(name);
    });

    it('a move made through instance A reaches the board and the guest’s page held by instance B within 1 s', async () => {
      const token = await staffToken(
        a.app,
        a.database,
        await staffAccount(a.database, { role: 'kitchen', restaurantIds: [1] }),
      );
      const board = await openEventStream(b.app, '/api/staff/restaurants/1/orders/events', bearer(token));
      const guest = await signedInUser(a.database);
      const order = await insertTestOrder(a.database, { userId: guest.id, paid: true, status: 20 });
      const page = await openEventStream(b.app, orderEventsUrl(order.id, guest.id), {
        authorization: `Bearer ${guest.token}`,
      });
      try {
        expect(JSON.parse((await page.next(3000))?.data ?? '{}')).toMatchObject({ status: 20 });
        const started = Date.now();
        expect((await move(a.app, token, order.id, 30)).statusCode).toBe(200);
        expect(await nextOrder(board, 1000)).toMatchObject({ id: order.id, status: 30 });
        expect(JSON.parse((await page.next(1000))?.data ?? '{}')).toMatchObject({ status: 30 });
        expect(Date.now() - started).toBeLessThan(1000);
      } finally {
        board.close();
        page.close();
      }
    });
  },
);
