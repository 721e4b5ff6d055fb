import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { orderEventsUrl, orderListUserResponse, orderStatusEvent, type OrderStatusEvent } from '@chain/contract';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { ORDER_EVENTS_LIMITS } from '../src/modules/order-events/routes';
import { moveOrderStatus } from '../src/modules/order-history/status';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { openEventStream, type EventStream } from './support/event-stream';
import { insertTestOrder } from './support/orders';
import { check, mdOrderOf, startCard } from './support/payments';
import { admin, databaseUrl, dropDatabase } from './support/postgres';
import { signedInUser } from './support/users';

// Issue 15: the order page's live progress. GET /api/v1/order/{id}/events streams the order's
// status as Server-Sent Events; every status move and paid flag is announced with pg_notify in
// its own transaction, and each instance's one LISTEN wakes only the streams of that order.

type Guest = { id: number; token: string };

const open = (app: FastifyInstance, orderId: number, guest: Guest | null, extra: Record<string, string> = {}) =>
  openEventStream(app, orderEventsUrl(orderId, guest?.id ?? 0), {
    ...(guest ? { authorization: `Bearer ${guest.token}` } : {}),
    ...extra,
  });

async function nextStatus(stream: EventStream, withinMs = 3000): Promise<OrderStatusEvent> {
  const event = await stream.next(withinMs);
  if (!event) throw new Error('the stream ended');
  expect(event.event).toBe('status');
  return orderStatusEvent.parse(JSON.parse(event.data));
}

describe.each(databaseKinds())('order events on %s (issue 15)', (kind) => {
  let t: TestApp;
  let guest: Guest;
  let other: Guest;
  const streams: EventStream[] = [];
  const track = (stream: EventStream) => {
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    // The test client's keep-alive connections left after its aborted streams otherwise hold
    // close() for the server's full idle time (60 s).
    t = await buildTestApp(kind, { httpTimeouts: { requestMs: 120_000, connectionMs: 3000 } });
    guest = await signedInUser(t.database);
    other = await signedInUser(t.database);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t.close();
  });

  it('sends the order’s current state at once, as order/listUser gives it, with the stream’s headers', async () => {
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const stream = track(await open(t.app, order.id, guest, { 'accept-encoding': 'gzip, br' }));
    expect(stream.status, stream.body).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.headers.get('x-request-id')).toBeTruthy();
    const first = await nextStatus(stream, 1000);
    const listed = orderListUserResponse.parse(
      (
        await post(t.app, `/api/v1/order/listUser/${guest.id}`, {
          user_id: guest.id,
          user_token: guest.token,
          id: order.id,
        })
      ).json(),
    ).items[0]!;
    expect(first).toEqual({
      id: listed.id,
      status: listed.status,
      status_text: listed.status_text,
      status_color: listed.status_color,
      paid: listed.paid,
      progressBarData: listed.progressBarData,
      tips_id: listed.tips_id,
      refunding: listed.refunding,
    });
    expect(first).toMatchObject({ status: 10, paid: 0, status_text: 'Ожидает оплаты', refunding: 0 });
    stream.close();
  });

  it('sends a move made through moveOrderStatus', async () => {
    const order = await insertTestOrder(t.database, { userId: guest.id, paid: true });
    const stream = track(await open(t.app, order.id, guest));
    expect((await nextStatus(stream)).status).toBe(10);
    await moveOrderStatus(t.database.db, order.id, 20, 'kitchen');
    const moved = await nextStatus(stream);
    expect(moved).toMatchObject({ status: 20, status_text: 'Принят', paid: 1, progressBarData: { step: 2 } });
    await moveOrderStatus(t.database.db, order.id, 30, 'kitchen');
    expect((await nextStatus(stream)).status).toBe(30);
    stream.close();
  });

  it('sends the paid flag when the payment settles (paid and 10 → 20 in one event)', async () => {
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 10_000 });
    const stream = track(await open(t.app, order.id, guest));
    expect(await nextStatus(stream)).toMatchObject({ status: 10, paid: 0 });
    const { formUrl } = await startCard(t.app, guest, order.id);
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 2, masked_pan: '411111**1111' })
      .where('md_order', '=', mdOrderOf(formUrl ?? ''))
      .execute();
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    const paid = await nextStatus(stream);
    expect(paid).toMatchObject({ status: 20, paid: 1, status_text: 'Принят' });
    // The tips id is asked of the tips service after the payment commits (decision 025): it
    // arrives with the paid event when it was quick enough, else in the event that follows.
    const withTips = paid.tips_id === null ? await nextStatus(stream, 10_000) : paid;
    expect(withTips).toMatchObject({ status: 20, paid: 1 });
    expect(withTips.tips_id).toMatch(/.+/);
    const stored = await t.database.db
      .selectFrom('orders')
      .select('tips_id')
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(withTips.tips_id).toBe(stored.tips_id);
    stream.close();
  });

  it('ends the stream after sending a final state: done and paid, or cancelled', async () => {
    const ready = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 40 });
    const stream = track(await open(t.app, ready.id, guest));
    expect((await nextStatus(stream)).status).toBe(40);
    await moveOrderStatus(t.database.db, ready.id, 50, 'kitchen');
    expect(await nextStatus(stream)).toMatchObject({ status: 50, paid: 1, progressBarData: { step: 5 } });
    expect(await stream.next()).toBeNull();

    const unpaid = await insertTestOrder(t.database, { userId: guest.id });
    const cancelled = track(await open(t.app, unpaid.id, guest));
    expect((await nextStatus(cancelled)).status).toBe(10);
    await moveOrderStatus(t.database.db, unpaid.id, 90, 'guest');
    expect(await nextStatus(cancelled)).toMatchObject({ status: 90, status_text: 'Отменён' });
    expect(await cancelled.next()).toBeNull();

    // An order already final: its state, then the end.
    const done = track(await open(t.app, ready.id, guest));
    expect((await nextStatus(done)).status).toBe(50);
    expect(await done.next()).toBeNull();
  });

  it('answers 404 for another guest’s order or a kiosk order, 401 without a live session', async () => {
    const theirs = await insertTestOrder(t.database, { userId: other.id });
    const kiosk = await insertTestOrder(t.database, { userId: null, source: 'kiosk' });
    for (const id of [theirs.id, kiosk.id, 999_999]) {
      const refused = await open(t.app, id, guest);
      expect(refused.status, `order ${id}`).toBe(404);
      expect(JSON.parse(refused.body)).toMatchObject({
        success: false,
        error: 'order_not_found',
        message: 'Заказ не найден.',
      });
      expect(refused.headers.get('cache-control')).toBe('no-store');
    }
    const mine = await insertTestOrder(t.database, { userId: guest.id });
    const noToken = await openEventStream(t.app, orderEventsUrl(mine.id, guest.id));
    expect(noToken.status).toBe(401);
    expect(JSON.parse(noToken.body)).toMatchObject({
      error: 'unauthorized',
      message: 'Сессия истекла. Войдите снова.',
    });
    // The token must be the user_id's own, and in the header: another's token, none in the query.
    expect(
      (await openEventStream(t.app, orderEventsUrl(mine.id, guest.id), { authorization: `Bearer ${other.token}` }))
        .status,
    ).toBe(401);
    expect(
      (await openEventStream(t.app, `/api/v1/order/${mine.id}/events`, { authorization: `Bearer ${guest.token}` }))
        .status,
    ).toBe(401);
    expect(
      (await openEventStream(t.app, `/api/v1/order/${mine.id}/events?user_id=${guest.id}&token=${guest.token}`)).status,
    ).toBe(401);
    expect((await open(t.app, mine.id, { id: guest.id, token: 'x'.repeat(40) })).status).toBe(401);
    expect((await openEventStream(t.app, '/api/v1/order/abc/events')).status).toBe(400);
  });

  it(`holds at most ${ORDER_EVENTS_LIMITS.perGuest} open streams per guest (429 beyond), and frees a place when one closes`, async () => {
    const cap = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: cap.id });
    const held: EventStream[] = [];
    for (let i = 0; i < ORDER_EVENTS_LIMITS.perGuest; i++) {
      const stream = track(await open(t.app, order.id, cap));
      expect(stream.status).toBe(200);
      await nextStatus(stream);
      held.push(stream);
    }
    const refused = await open(t.app, order.id, cap);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'too_many_streams' });
    // Another guest is not counted against this one.
    const elsewhere = track(await open(t.app, (await insertTestOrder(t.database, { userId: other.id })).id, other));
    expect(elsewhere.status).toBe(200);
    elsewhere.close();

    held[0]!.close();
    let again: EventStream | undefined;
    const until = Date.now() + 2000;
    while (Date.now() < until) {
      again = await open(t.app, order.id, cap);
      if (again.status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(again?.status).toBe(200);
    track(again!);
    for (const stream of [...held, again!]) stream.close();
  });

  it('outlives the server’s request and idle timeouts, and ends at once when the server shuts down', async () => {
    const short = await buildTestApp(kind, { httpTimeouts: { requestMs: 1000, connectionMs: 1000 } });
    let closed = false;
    try {
      const user = await signedInUser(short.database);
      const order = await insertTestOrder(short.database, { userId: user.id, paid: true });
      const stream = await open(short.app, order.id, user);
      expect((await nextStatus(stream)).status).toBe(10);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      await moveOrderStatus(short.database.db, order.id, 20, 'kitchen');
      expect((await nextStatus(stream)).status).toBe(20);

      const started = Date.now();
      await short.close();
      closed = true;
      // At once: not after a keep-alive timeout (72 s) or a forced exit (10 s). A busy 2-core
      // machine takes up to about 2 s to close an app with its database, so the bound is 5 s.
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await stream.next()).toBeNull();
    } finally {
      if (!closed) await short.close();
    }
  });
});

describe.each(databaseKinds().filter((kind) => kind === 'postgres'))(
  'order events across instances on %s (issue 15)',
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
      // A short idle time: see the note above on the test client's connections.
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

    it('a guest on instance B sees, within 1 s, a move made on instance A', async () => {
      const user = await signedInUser(a.database);
      const order = await insertTestOrder(a.database, { userId: user.id, paid: true });
      const stream = await open(b.app, order.id, user);
      try {
        expect((await nextStatus(stream)).status).toBe(10);
        const started = Date.now();
        await moveOrderStatus(a.database.db, order.id, 20, 'kitchen');
        expect((await nextStatus(stream, 1000)).status).toBe(20);
        expect(Date.now() - started).toBeLessThan(1000);
        await moveOrderStatus(a.database.db, order.id, 30, 'kitchen');
        expect((await nextStatus(stream, 1000)).status).toBe(30);
      } finally {
        stream.close();
      }
    });

    it('keeps sending after B’s LISTEN connection is cut: it reconnects and re-reads the order', async () => {
      const user = await signedInUser(a.database);
      const order = await insertTestOrder(a.database, { userId: user.id, paid: true });
      const stream = await open(b.app, order.id, user);
      try {
        expect((await nextStatus(stream)).status).toBe(10);
        // B's LISTEN connection (A has no stream, so no LISTEN) is cut; a move made during the gap is still sent.
        const cut = await sql<{
          pid: number;
        }>`select pid from pg_stat_activity where datname = current_database() and query ilike 'listen%'`.execute(
          a.database.db,
        );
        expect(cut.rows.length).toBe(1);
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`.execute(
          a.database.db,
        );
        await moveOrderStatus(a.database.db, order.id, 20, 'kitchen');
        expect((await nextStatus(stream, 3000)).status).toBe(20);
        // And the new connection listens: the next move comes as a notification.
        await moveOrderStatus(a.database.db, order.id, 30, 'kitchen');
        expect((await nextStatus(stream, 1000)).status).toBe(30);
      } finally {
        stream.close();
      }
    });
  },
);
