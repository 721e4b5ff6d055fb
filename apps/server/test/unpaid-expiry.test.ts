import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse, orderEventsUrl, orderStatusEvent } from '@chain/contract';
import { AS_READY_PAYMENT_MINUTES, instantAt, KIOSK_PAYMENT_MINUTES, PAYMENT_TIME_OVER_MESSAGE } from '@chain/domain';
import { closeDuePayments } from '../src/modules/payments/closing';
import { expireUnpaidOrders } from '../src/modules/payments/expiry';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { openEventStream } from './support/event-stream';
import { connectedKiosk } from './support/kiosk';
import { insertTestOrder } from './support/orders';
import {
  bankOrdersOf,
  check,
  keptAtBank,
  orderRow,
  paymentRows,
  pressCardForm,
  SBP,
  START,
  startCard,
} from './support/payments';
import { signedInUser } from './support/users';

// Unpaid orders that expire (decision 032): an unpaid order takes payment until its deadline —
// the time the guest chose; as soon as ready, an hour after it was placed (half an hour at a
// kiosk) or the restaurant's closing — and housekeeping then cancels it through moveOrderStatus.
// A payment in flight ends either paid or cancelled with its money returned, never both.

const MINUTE = 60_000;
const KURSKY = 5; // open round the clock
const PATRIARSHIE = 1; // Monday to Thursday and Sunday 10:00–23:00
const LENINSKY = 9; // inactive
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
const ahead = (minutes: number) => new Date(Date.now() + minutes * MINUTE);

/** How long the closing work after a settle may take on a busy machine. */
const SETTLES = { timeout: 15_000, interval: 50 };

describe.each(databaseKinds())('unpaid orders whose time to pay is over, on %s (decision 032)', (kind) => {
  let t: TestApp;
  let guest: { id: number; token: string };
  beforeAll(async () => {
    t = await buildTestApp(kind, { httpTimeouts: { requestMs: 120_000, connectionMs: 3000 } });
    guest = await signedInUser(t.database);
  });
  afterAll(() => t.close());

  const statusOf = async (orderId: number) => (await orderRow(t.database, orderId)).status;
  const history = (orderId: number) =>
    t.database.db
      .selectFrom('order_status_history')
      .select(['status', 'actor'])
      .where('order_id', '=', orderId)
      .orderBy('id')
      .execute();
  const closeAll = () => closeDuePayments({ db: t.database.db, acquiring: t.app.providers.acquiring, log: t.app.log });

  it('cancels an order for a time once its time has come, and keeps one whose time is ahead', async () => {
    const passed = await insertTestOrder(t.database, { userId: guest.id, readyAt: ago(1) });
    const ahead3Days = await insertTestOrder(t.database, { userId: guest.id, readyAt: ahead(3 * 24 * 60) });
    const cancelled = await expireUnpaidOrders(t.database.db);
    expect(cancelled).toContain(passed.id);
    expect(cancelled).not.toContain(ahead3Days.id);
    expect(await statusOf(passed.id)).toBe(90);
    expect(await statusOf(ahead3Days.id)).toBe(10);
    expect(await history(passed.id)).toEqual([
      { status: 10, actor: 'system' },
      { status: 90, actor: 'housekeeping' },
    ]);
    // A second round (another instance) finds nothing more to do.
    expect(await expireUnpaidOrders(t.database.db)).not.toContain(passed.id);
  });

  it(`cancels an order as soon as ready ${AS_READY_PAYMENT_MINUTES} minutes after it was placed, ${KIOSK_PAYMENT_MINUTES} at a kiosk, and not before`, async () => {
    const late = await insertTestOrder(t.database, {
      userId: guest.id,
      restaurantId: KURSKY,
      createdAt: ago(AS_READY_PAYMENT_MINUTES + 1),
    });
    const fresh = await insertTestOrder(t.database, {
      userId: guest.id,
      restaurantId: KURSKY,
      createdAt: ago(AS_READY_PAYMENT_MINUTES - 5),
    });
    const kioskLate = await insertTestOrder(t.database, {
      userId: null,
      source: 'kiosk',
      type: 'inrest',
      restaurantId: KURSKY,
      createdAt: ago(KIOSK_PAYMENT_MINUTES + 1),
    });
    const kioskFresh = await insertTestOrder(t.database, {
      userId: null,
      source: 'kiosk',
      type: 'inrest',
      restaurantId: KURSKY,
      createdAt: ago(KIOSK_PAYMENT_MINUTES - 5),
    });
    await expireUnpaidOrders(t.database.db);
    expect([
      await statusOf(late.id),
      await statusOf(fresh.id),
      await statusOf(kioskLate.id),
      await statusOf(kioskFresh.id),
    ]).toEqual([90, 10, 90, 10]);
  });

  it('cancels an order as soon as ready once its restaurant has closed, and any order of a restaurant that no longer works', async () => {
    // Wednesday 25 November 2026, 22:50 in Moscow: «на Патриарших» closes at 23:00.
    const placed = new Date(instantAt({ year: 2026, month: 11, day: 25 }, 22 * 60 + 50, 'Europe/Moscow'));
    const beforeClosing = await insertTestOrder(t.database, {
      userId: guest.id,
      restaurantId: PATRIARSHIE,
      createdAt: placed,
    });
    expect(await expireUnpaidOrders(t.database.db, new Date(placed.getTime() + 9 * MINUTE))).not.toContain(
      beforeClosing.id,
    );
    expect(await expireUnpaidOrders(t.database.db, new Date(placed.getTime() + 10 * MINUTE))).toContain(
      beforeClosing.id,
    );

    const atClosedRestaurant = await insertTestOrder(t.database, {
      userId: guest.id,
      restaurantId: LENINSKY,
      readyAt: ahead(24 * 60),
    });
    expect(await expireUnpaidOrders(t.database.db)).toContain(atClosedRestaurant.id);
    expect(await statusOf(atClosedRestaurant.id)).toBe(90);
  });

  it('keeps a delayed order (saved for later) until its time, like any order for a time, and never touches a paid, done or cancelled order', async () => {
    const delayed = await insertTestOrder(t.database, { userId: guest.id, delayed: true, readyAt: ahead(2 * 24 * 60) });
    const delayedPassed = await insertTestOrder(t.database, { userId: guest.id, delayed: true, readyAt: ago(5) });
    const paid = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20, readyAt: ago(60) });
    const paidStill10 = await insertTestOrder(t.database, {
      userId: guest.id,
      paid: true,
      status: 10,
      createdAt: ago(24 * 60),
    });
    const done = await insertTestOrder(t.database, {
      userId: guest.id,
      paid: true,
      status: 50,
      createdAt: ago(24 * 60),
    });
    const cancelled = await insertTestOrder(t.database, { userId: guest.id, status: 90, createdAt: ago(24 * 60) });
    const expired = await expireUnpaidOrders(t.database.db);
    expect(expired).toContain(delayedPassed.id);
    for (const order of [delayed, paid, paidStill10, done, cancelled]) expect(expired).not.toContain(order.id);
    expect(await statusOf(delayed.id)).toBe(10);
    expect(await history(done.id)).toEqual([{ status: 50, actor: 'system' }]);
  });

  it('tells the guest’s open order page at once: the live stream sends the cancelled state and ends', async () => {
    const order = await insertTestOrder(t.database, { userId: guest.id, readyAt: ahead(60) });
    const stream = await openEventStream(t.app, orderEventsUrl(order.id, guest.id), {
      authorization: `Bearer ${guest.token}`,
    });
    try {
      const next = async () => orderStatusEvent.parse(JSON.parse((await stream.next(3000))?.data ?? 'null'));
      expect((await next()).status).toBe(10);
      await t.database.db
        .updateTable('orders')
        .set({ ready_at: ago(1) })
        .where('id', '=', order.id)
        .execute();
      await expireUnpaidOrders(t.database.db);
      expect(await next()).toMatchObject({ status: 90, status_text: 'Отменён', paid: 0 });
      expect(await stream.next(3000)).toBeNull();
    } finally {
      stream.close();
    }
  });

  it('refuses payment/start and payment/sbp with 409 in words once the time to pay is over, before housekeeping has run', async () => {
    const order = await insertTestOrder(t.database, { userId: guest.id, readyAt: ago(1) });
    const kiosk = await connectedKiosk(t.database, KURSKY);
    const kioskOrder = await insertTestOrder(t.database, {
      userId: null,
      source: 'kiosk',
      type: 'inrest',
      restaurantId: KURSKY,
      createdAt: ago(KIOSK_PAYMENT_MINUTES + 1),
      kioskDeviceId: kiosk.id,
    });
    for (const [url, body] of [
      [START, { user_id: guest.id, token: guest.token, order_id: order.id }],
      [SBP, { user_id: guest.id, token: guest.token, order_id: order.id }],
      [SBP, { order_id: kioskOrder.id, kiosk_token: kiosk.token }],
    ] as const) {
      const res = await post(t.app, url, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(errorResponse.parse(res.json())).toMatchObject({
        error: 'payment_time_over',
        message: PAYMENT_TIME_OVER_MESSAGE,
      });
    }
    expect(await paymentRows(t.database, order.id)).toEqual([]);
    expect(await paymentRows(t.database, kioskOrder.id)).toEqual([]);
    // Once cancelled, the refusal names the cancellation, and the check answers fail.
    await expireUnpaidOrders(t.database.db);
    const res = await post(t.app, START, { user_id: guest.id, token: guest.token, order_id: order.id });
    expect(errorResponse.parse(res.json())).toMatchObject({ error: 'order_cancelled' });
    expect(await check(t.app, order.id, guest.token)).toBe('fail');
  });

  it('declines the open card form of an order it cancels, so the guest can no longer pay it', async () => {
    const order = await insertTestOrder(t.database, { userId: guest.id, readyAt: ahead(60) });
    const { formUrl } = await startCard(t.app, guest, order.id);
    await t.database.db
      .updateTable('orders')
      .set({ ready_at: ago(1) })
      .where('id', '=', order.id)
      .execute();
    await expireUnpaidOrders(t.database.db);
    expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['cancelling']);
    await closeAll();
    expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['cancelled']);
    expect((await bankOrdersOf(t.database, order.id)).map((bankOrder) => bankOrder.status)).toEqual([6]);
    expect((await post(t.app, new URL(formUrl ?? '').pathname, { action: 'pay' })).statusCode).toBe(409);
    expect(await keptAtBank(t.database, order.id)).toBe(0);
  });

  it('returns the money the bank takes on that form after the cancel, before the decline reached the bank', async () => {
    const order = await insertTestOrder(t.database, { userId: guest.id, readyAt: ahead(60), sum: 64_000 });
    const { formUrl } = await startCard(t.app, guest, order.id);
    await t.database.db
      .updateTable('orders')
      .set({ ready_at: ago(1) })
      .where('id', '=', order.id)
      .execute();
    await expireUnpaidOrders(t.database.db);
    await pressCardForm(t.app, formUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('fail');
    await vi.waitFor(async () => {
      await closeAll();
      expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['refunded']);
    }, SETTLES);
    expect(await keptAtBank(t.database, order.id)).toBe(0);
    expect(await orderRow(t.database, order.id)).toMatchObject({ status: 90, paid: false });
  });

  it('a payment and two housekeeping rounds racing on one order: paid and kept, or cancelled and the money returned — never both, never neither', async () => {
    const outcomes: string[] = [];
    // Housekeeping comes 0 ms to 1.3 s after the guest pays: before the payment settles, about when
    // it does (the two take the order's row lock at once), and after.
    const delays = [0, 5, 10, 20, 40, 80, 160, 320, 640, 1280];
    for (const [round, delay] of delays.entries()) {
      const order = await insertTestOrder(t.database, {
        userId: guest.id,
        readyAt: ahead(60),
        sum: 51_000 + round * 100,
      });
      const { formUrl } = await startCard(t.app, guest, order.id);
      // The order's time comes while the guest is on the bank's form.
      await t.database.db
        .updateTable('orders')
        .set({ ready_at: ago(0) })
        .where('id', '=', order.id)
        .execute();
      const housekeeping = async () => {
        await sleep(delay);
        await expireUnpaidOrders(t.database.db);
      };
      await Promise.all([
        (async () => {
          await pressCardForm(t.app, formUrl ?? '', 'pay');
          await check(t.app, order.id, guest.token);
        })(),
        housekeeping(),
        housekeeping(),
      ]);
      await vi.waitFor(async () => {
        await closeAll();
        const statuses = (await paymentRows(t.database, order.id)).map((payment) => payment.status);
        expect(
          statuses.every((status) => status === 'paid' || status === 'refunded' || status === 'cancelled'),
          statuses.join(),
        ).toBe(true);
      }, SETTLES);
      const row = await orderRow(t.database, order.id);
      const moves = (await history(order.id)).map((move) => move.status);
      const kept = await keptAtBank(t.database, order.id);
      if (row.paid) {
        expect({ status: row.status, moves, kept }).toEqual({ status: 20, moves: [10, 20], kept: order.sum });
        outcomes.push('paid');
      } else {
        expect({ status: row.status, moves, kept }).toEqual({ status: 90, moves: [10, 90], kept: 0 });
        outcomes.push('cancelled');
      }
    }
    // Both endings happened, so each order of the race was met.
    expect(new Set(outcomes)).toEqual(new Set(['paid', 'cancelled']));
  });
});
