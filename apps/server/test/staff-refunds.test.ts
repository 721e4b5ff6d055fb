import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  BACKOFFICE_TEXTS,
  orderRefunds,
  orderStatusEvent,
  recentRefund,
  REFUND_SCREEN_TEXTS,
  STAFF_TEXTS,
  type OrderRefunds,
} from '@chain/contract';
import { discountAmount, formatMoney, ORDER_NOT_FOUND_MESSAGE, REFUND_TEXTS } from '@chain/domain';
import { processDueRefunds } from '../src/modules/refunds/service';
import { sendDueRefundMail } from '../src/modules/refunds/mail';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { ORDER_STATUS_CHANNEL } from '../src/modules/order-events/repository';
import { REFUND_CHANNEL } from '../src/modules/refunds/repository';
import { baseUrl, openEventStream } from './support/event-stream';
import { insertTestOrder } from './support/orders';
import {
  bankFaults,
  bankOrdersOf,
  callback,
  check,
  orderRow,
  paymentEvents,
  paymentRows,
  pressBankPage,
  pressCardForm,
  signedCallback,
  startCard,
  startSbp,
} from './support/payments';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 31 "Cancel a paid order with its money returned" (decision 050; docs/back-office.md
// "Refunds"): a manager of the order's restaurant returns the whole order or some lines through
// the payment adapters' refund, once however the presses race; the guest reads it on the order
// (SPEC 3 status_text) and by e-mail; the audit log keeps it.

const REFUNDS = (orderId: number) => `/api/staff/orders/${orderId}/refunds`;
const key = () => randomUUID().replace(/-/g, '');

describe.each(databaseKinds())('refunds of paid orders on %s (issue 31)', (kind) => {
  let t: TestApp;
  let manager: string;
  let managerId: number;
  let kitchen: string;
  let otherManager: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    const account = await staffAccount(t.database, { role: 'manager', restaurantIds: [1] });
    managerId = account.id;
    manager = await staffToken(t.app, t.database, account);
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
    otherManager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [2] }),
    );
  });
  afterAll(() => t.close());

  /**
   * A guest's order (two lines of the demo menu, a coupon's percent, delivery) paid in the sandbox
   * by card or SBP, its sum made of its lines as checkout makes it.
   */
  async function paidOrder(
    method: 'card' | 'sbp',
    { percent = 0, delivery = 0, email = 'guest@example.test', restaurantId = 1 } = {},
  ) {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, {
      userId: guest.id,
      email,
      type: delivery > 0 ? 'delivery' : 'self',
      restaurantId,
    });
    const lines = await t.database.db
      .selectFrom('order_items')
      .select(['id', 'cnt', 'line_sum'])
      .where('order_id', '=', order.id)
      .orderBy('sort')
      .execute();
    const goods = lines.reduce((sum, line) => sum + line.line_sum, 0);
    const discount = discountAmount(goods, percent);
    const sum = goods - discount + delivery;
    await t.database.db
      .updateTable('orders')
      .set({ items_sum: goods, discount_percent: percent, discount_sum: discount, delivery_sum: delivery, sum })
      .where('id', '=', order.id)
      .execute();
    if (method === 'card') await pressCardForm(t.app, (await startCard(t.app, guest, order.id)).formUrl ?? '', 'pay');
    else await pressBankPage(t.app, (await startSbp(t.app, guest, order.id)).variants[0]?.link ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    return { guest, id: order.id, znumber: order.znumber, sum, goods, discount, lines };
  }

  async function view(orderId: number, token = manager): Promise<OrderRefunds> {
    const answer = await t.app.inject({ method: 'GET', url: REFUNDS(orderId), headers: bearer(token) });
    expect(answer.statusCode, answer.body).toBe(200);
    return orderRefunds.parse(answer.json());
  }

  function refund(orderId: number, body: Record<string, unknown>, token = manager) {
    return t.app.inject({ method: 'POST', url: REFUNDS(orderId), headers: bearer(token), payload: body });
  }

  /** What the sandbox bank returned of the order: its refund records, one per refund.do it made. */
  async function bankRefunds(orderId: number) {
    const bankOrders = await bankOrdersOf(t.database, orderId);
    const paid = bankOrders.find((row) => row.status === 2 || row.status === 4);
    if (!paid) return { refunded: 0, records: [] as number[], mdOrder: '' };
    const records = await t.database.db
      .selectFrom('sandbox_acquiring_refunds')
      .select('amount')
      .where('md_order', '=', paid.md_order)
      .orderBy('id')
      .execute();
    return { refunded: paid.refunded_amount, records: records.map((row) => row.amount), mdOrder: paid.md_order };
  }

  /** The refund letters the sandbox mail service took for an address: subject, then the text. */
  const lettersTo = async (email: string) =>
    (
      await t.database.db
        .selectFrom('sandbox_outbox')
        .select(['text', 'message_id'])
        .where('recipient', '=', email)
        .where('text', 'like', 'Возврат%')
        .execute()
    ).map((row) => ({
      subject: row.text.split('\n')[0] ?? '',
      text: row.text,
      messageId: row.message_id,
    }));

  it('returns chosen lines with their share of the coupon, then the whole order with its delivery: the bank returns each once, the guest reads it and is e-mailed (SPEC 3 status_text)', async () => {
    const email = `refund-${key()}@example.test`;
    const order = await paidOrder('card', { percent: 10, delivery: 15_000, email });
    const first = await view(order.id);
    expect(first.order).toMatchObject({
      paid: true,
      sum: order.sum,
      discount: order.discount,
      delivery: 15_000,
      refunded: 0,
      cancellable: true,
      refundable: true,
      pay_method: 'card',
    });
    expect(first.lines.map((line) => [line.id, line.cnt, line.refunded_cnt])).toEqual(
      order.lines.map((line) => [line.id, line.cnt, 0]),
    );

    // One unit of the first line: its price less its 10 % (decision 050's rule, rounded per decision 006).
    const line = order.lines[0]!;
    const unit = line.line_sum / line.cnt;
    const part = unit - discountAmount(unit, 10);
    const answer = await refund(order.id, {
      key: key(),
      full: false,
      lines: [{ id: line.id, cnt: 1 }],
      refunded: 0,
      amount: part,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const after = answer.json<{ refund_id: number; refunds: OrderRefunds }>();
    expect(after.refunds.refunds[0]).toMatchObject({
      id: after.refund_id,
      amount: part,
      status: 'done',
      full: false,
      status_text: REFUND_SCREEN_TEXTS.status.done,
    });
    expect(after.refunds.order).toMatchObject({ returned: part, returning: 0, refunded: part, status: 20 });
    expect(after.refunds.lines[0]?.refunded_cnt).toBe(1);
    expect(await bankRefunds(order.id)).toMatchObject({ refunded: part, records: [part] });

    // The rest: the whole order, cancelled through moveOrderStatus; the paid sum back in total.
    const rest = order.sum - part;
    const full = await refund(order.id, { key: key(), full: true, lines: [], refunded: part, amount: rest });
    expect(full.statusCode, full.body).toBe(200);
    const done = full.json<{ refunds: OrderRefunds }>().refunds;
    expect(done.order).toMatchObject({
      status: 90,
      returned: order.sum,
      returning: 0,
      cancellable: false,
      refundable: false,
    });
    expect(done.order.status_text).toBe(`Отменён, деньги возвращены: ${formatMoney(order.sum)}`);
    expect(await bankRefunds(order.id)).toMatchObject({ refunded: order.sum, records: [part, rest] });
    const history = await t.database.db
      .selectFrom('order_status_history')
      .select(['status', 'actor'])
      .where('order_id', '=', order.id)
      .orderBy('id')
      .execute();
    expect(history.at(-1)).toEqual({ status: 90, actor: `staff:${managerId}` });
    expect(
      (await paymentEvents(t.database, order.id)).map((event) => [event.kind, event.amount, event.outcome]),
    ).toEqual([
      ['refund', part, 'done'],
      ['refund', rest, 'done'],
    ]);

    // The guest's order page (order/listUser) says it.
    const listed = await post(t.app, `/api/v1/order/listUser/${order.guest.id}`, {
      user_id: order.guest.id,
      user_token: order.guest.token,
      id: order.id,
    });
    expect(listed.json<{ items: { status_text: string }[] }>().items[0]?.status_text).toBe(
      `Отменён, деньги возвращены: ${formatMoney(order.sum)}`,
    );

    // One letter per refund, however often the worker runs.
    await sendDueRefundMail({ db: t.database.db, email: t.app.providers.email, log: t.app.log });
    const letters = await lettersTo(email);
    expect(letters.map((letter) => letter.subject).sort()).toEqual(
      [
        `Возврат ${formatMoney(part)} по заказу № ${order.znumber}`,
        `Возврат ${formatMoney(rest)} по заказу № ${order.znumber}`,
      ].sort(),
    );
    expect(letters.find((letter) => letter.subject.includes(formatMoney(rest)))?.text).toContain(
      `Заказ № ${order.znumber}`,
    );
    expect(new Set(letters.map((letter) => letter.messageId)).size).toBe(2);

    // The audit log: who, what, before and after.
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'staff_id', 'before', 'after'])
      .where('target', '=', `заказ ${order.znumber}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['order.refund', 'order.cancel_refund']);
    expect(audit[1]).toMatchObject({
      staff_id: managerId,
      before: { status: 20, returned: part, returning: 0 },
      after: { status: 90, returning: rest, refund: { amount: rest, full: true } },
    });

    // Nothing is left: a further press is refused in words.
    const again = await refund(order.id, {
      key: key(),
      full: false,
      lines: [{ id: line.id, cnt: 1 }],
      refunded: order.sum,
      amount: 1,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'refund_refused', message: REFUND_TEXTS.nothingLeft });
  });

  it('cancels an SBP-paid order with its money: the bank page shows the refund once', async () => {
    const order = await paidOrder('sbp');
    const answer = await refund(order.id, { key: key(), full: true, lines: [], refunded: 0, amount: order.sum });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<{ refunds: OrderRefunds }>().refunds.order).toMatchObject({
      status: 90,
      returned: order.sum,
      pay_method: 'sbp',
    });
    const bank = await bankRefunds(order.id);
    expect(bank).toMatchObject({ refunded: order.sum, records: [order.sum] });
    const qr = await t.database.db
      .selectFrom('sandbox_sbp_payments')
      .select('qr_id')
      .where('status', '=', 'paid')
      .where('order_number', 'like', `${order.id}-%`)
      .executeTakeFirstOrThrow();
    const page = await t.app.inject({ method: 'GET', url: `/sandbox/sbp/${qr.qr_id}` });
    expect(page.body.match(/Возврат на счёт/g)).toHaveLength(1);
    expect(page.body).toContain(`Возврат на счёт: ${formatMoney(order.sum)}`);
  });

  it('a repeat of the same press (double tap, retry after a lost answer) is the same refund; a press on an older state is 409 with the order as it is now', async () => {
    const order = await paidOrder('card');
    const press = { key: key(), full: true, lines: [], refunded: 0, amount: order.sum };
    const first = await refund(order.id, press);
    const second = await refund(order.id, press);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json<{ refund_id: number }>().refund_id).toBe(first.json<{ refund_id: number }>().refund_id);
    expect((await bankRefunds(order.id)).records).toEqual([order.sum]);

    const stale = await refund(order.id, { ...press, key: key() });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_version',
      message: BACKOFFICE_TEXTS.staleVersion,
      current: { order: { status: 90, returned: order.sum } },
    });
  });

  it('refuses another sum than the rule gives (409 with the current figures), more units than are left (400), an unpaid order (409)', async () => {
    const order = await paidOrder('card');
    const line = order.lines[1]!;
    const wrongSum = await refund(order.id, {
      key: key(),
      full: false,
      lines: [{ id: line.id, cnt: 1 }],
      refunded: 0,
      amount: line.line_sum + 1,
    });
    expect(wrongSum.statusCode).toBe(409);
    expect(wrongSum.json()).toMatchObject({ error: 'stale_version', current: { order: { refunded: 0 } } });
    const tooMany = await refund(order.id, {
      key: key(),
      full: false,
      lines: [{ id: line.id, cnt: line.cnt + 1 }],
      refunded: 0,
      amount: 100,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ error: 'refund_refused', message: REFUND_TEXTS.tooManyUnits });
    const badKey = await refund(order.id, { key: 'x', full: true, lines: [], refunded: 0, amount: order.sum });
    expect(badKey.statusCode).toBe(400);

    const guest = await signedInUser(t.database);
    const unpaid = await insertTestOrder(t.database, { userId: guest.id });
    const notPaid = await refund(unpaid.id, { key: key(), full: true, lines: [], refunded: 0, amount: unpaid.sum });
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toMatchObject({ error: 'not_paid', message: REFUND_SCREEN_TEXTS.notPaid });
    expect((await orderRow(t.database, unpaid.id)).refunding_sum).toBe(0);
  });

  it('a kitchen account is refused (403), another restaurant’s order is an unknown one (404)', async () => {
    const order = await paidOrder('card');
    for (const call of [
      () => t.app.inject({ method: 'GET', url: REFUNDS(order.id), headers: bearer(kitchen) }),
      () => refund(order.id, { key: key(), full: true, lines: [], refunded: 0, amount: order.sum }, kitchen),
      () => t.app.inject({ method: 'POST', url: `${REFUNDS(order.id)}/1/retry`, headers: bearer(kitchen) }),
    ]) {
      const answer = await call();
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'manager_only', message: STAFF_TEXTS.managerOnly });
    }
    for (const orderId of [order.id, 2_000_000_000]) {
      const other = await t.app.inject({
        method: 'GET',
        url: REFUNDS(orderId),
        headers: bearer(orderId === order.id ? otherManager : manager),
      });
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ error: 'order_not_found', message: ORDER_NOT_FOUND_MESSAGE });
    }
    const pressed = await refund(
      order.id,
      { key: key(), full: true, lines: [], refunded: 0, amount: order.sum },
      otherManager,
    );
    expect(pressed.statusCode).toBe(404);
    expect((await bankRefunds(order.id)).records).toEqual([]);
  });

  it('the bank failing: pending, retried by the worker; failing every try: failed, retried by the manager; returned once', async () => {
    const order = await paidOrder('card');
    await bankFaults(t.app, 'refund.do', 1);
    const answer = await refund(order.id, { key: key(), full: true, lines: [], refunded: 0, amount: order.sum });
    expect(answer.statusCode, answer.body).toBe(200);
    const pending = answer.json<{ refund_id: number; refunds: OrderRefunds }>();
    expect(pending.refunds.refunds[0]).toMatchObject({
      status: 'pending',
      status_text: REFUND_SCREEN_TEXTS.status.pending,
    });
    expect(pending.refunds.order.status_text).toBe(`Отменён, деньги возвращаются: ${formatMoney(order.sum)}`);
    expect((await bankRefunds(order.id)).records).toEqual([]);

    // The worker's retry, once due: the bank returns it.
    await t.database.db
      .updateTable('order_refunds')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', pending.refund_id)
      .execute();
    const deps = { db: t.database.db, acquiring: t.app.providers.acquiring, log: t.app.log };
    expect(await processDueRefunds(deps, pending.refund_id)).toEqual([{ refundId: pending.refund_id, result: 'done' }]);
    expect(await processDueRefunds(deps, pending.refund_id)).toEqual([]);
    expect((await bankRefunds(order.id)).records).toEqual([order.sum]);

    // A part of another order, the bank unreachable on the last try: failed, shown with its reason.
    const second = await paidOrder('card');
    const line = second.lines[1]!;
    await t.database.db.updateTable('order_refunds').set({ attempts: 9 }).where('order_id', '=', second.id).execute();
    await bankFaults(t.app, 'getOrderStatusExtended.do', 1);
    const failedPress = await refund(second.id, {
      key: key(),
      full: false,
      lines: [{ id: line.id, cnt: 1 }],
      refunded: 0,
      amount: line.line_sum / line.cnt,
    });
    const made = failedPress.json<{ refund_id: number; refunds: OrderRefunds }>();
    expect(made.refunds.refunds[0]?.status).toBe('pending');
    await t.database.db
      .updateTable('order_refunds')
      .set({ attempts: 9, next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', made.refund_id)
      .execute();
    await bankFaults(t.app, 'getOrderStatusExtended.do', 1);
    expect(await processDueRefunds(deps, made.refund_id)).toEqual([{ refundId: made.refund_id, result: 'failed' }]);
    const failed = await view(second.id);
    expect(failed.refunds[0]).toMatchObject({ status: 'failed', status_text: REFUND_SCREEN_TEXTS.status.failed });
    expect(failed.refunds[0]?.failure).not.toBe('');

    const retried = await t.app.inject({
      method: 'POST',
      url: `${REFUNDS(second.id)}/${made.refund_id}/retry`,
      headers: bearer(manager),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(orderRefunds.parse(retried.json()).refunds[0]).toMatchObject({ status: 'done', failure: '' });
    const again = await t.app.inject({
      method: 'POST',
      url: `${REFUNDS(second.id)}/${made.refund_id}/retry`,
      headers: bearer(manager),
    });
    expect(orderRefunds.parse(again.json()).refunds[0]?.status).toBe('done');
    expect((await bankRefunds(second.id)).records).toEqual([line.line_sum / line.cnt]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${REFUNDS(second.id)}/${made.refund_id + 1000}/retry`,
      headers: bearer(manager),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'refund_not_found', message: REFUND_SCREEN_TEXTS.refundNotFound });
  });

  it('a refund the bank made whose answer was lost is recorded, never asked again', async () => {
    const order = await paidOrder('card');
    // The bank is slow past the press's try: the refund stays pending while the bank did it.
    const answer = await refund(order.id, { key: key(), full: true, lines: [], refunded: 0, amount: order.sum });
    const made = answer.json<{ refund_id: number }>();
    // As if the answer was lost: the refund back to pending, the bank having returned it.
    await t.database.db
      .updateTable('order_refunds')
      .set({ status: 'pending', next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', made.refund_id)
      .execute();
    await t.database.db
      .updateTable('orders')
      .set({ refunded_sum: 0, refunding_sum: order.sum })
      .where('id', '=', order.id)
      .execute();
    const deps = { db: t.database.db, acquiring: t.app.providers.acquiring, log: t.app.log };
    expect(await processDueRefunds(deps, made.refund_id)).toEqual([{ refundId: made.refund_id, result: 'done' }]);
    expect((await bankRefunds(order.id)).records).toEqual([order.sum]);
    expect(await orderRow(t.database, order.id)).toMatchObject({ refunded_sum: order.sum, refunding_sum: 0 });
  });

  it('lists the newest refunds of the manager’s restaurants, failed first, for the on-call manager; not another restaurant’s, not to a kitchen', async () => {
    const order = await paidOrder('card');
    await bankFaults(t.app, 'refund.do', 1);
    const pressed = await refund(order.id, { key: key(), full: true, lines: [], refunded: 0, amount: order.sum });
    const made = pressed.json<{ refund_id: number }>();
    await t.database.db
      .updateTable('order_refunds')
      .set({ status: 'failed', failure: 'the bank refused refund: 7' })
      .where('id', '=', made.refund_id)
      .execute();
    const list = async (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/staff/refunds', headers: bearer(token) });
    const mine = (await list(manager)).json<{
      refunds: { id: number; status: string; znumber: string; amount: number; failure: string }[];
    }>().refunds;
    expect(mine[0]).toMatchObject({
      id: made.refund_id,
      status: 'failed',
      znumber: order.znumber,
      amount: order.sum,
      failure: 'the bank refused refund: 7',
    });
    expect(mine.slice(1).every((entry) => entry.status !== 'failed' || entry.id === made.refund_id)).toBe(true);
    expect(
      (await list(otherManager))
        .json<{ refunds: { id: number }[] }>()
        .refunds.some((entry) => entry.id === made.refund_id),
    ).toBe(false);
    const refused = await list(kitchen);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'manager_only' });
  });

  it('the guest’s open order stream and the managers’ refund streams follow the refund to the bank’s answer: on its way, delayed, returned; then the guest’s ends', async () => {
    const order = await paidOrder('card');
    const elsewhere = await paidOrder('card', { restaurantId: 2 });
    const guestStream = await openEventStream(
      t.app,
      `/api/v1/order/${order.id}/events?user_id=${order.guest.id}`,
      bearer(order.guest.token),
    );
    const staffStream = await openEventStream(t.app, '/api/staff/refunds/events', bearer(manager));
    const otherStream = await openEventStream(t.app, '/api/staff/refunds/events', bearer(otherManager));
    try {
      expect([staffStream.status, otherStream.status]).toEqual([200, 200]);
      const guestSaw = async () => {
        const event = await guestStream.next();
        return event === null ? null : orderStatusEvent.parse(JSON.parse(event.data));
      };
      /** The guest's events until one shows `text`: changes close together may come as one event. */
      const guestUntil = async (text: string) => {
        for (;;) {
          const seen = await guestSaw();
          expect(seen, `the stream ended before «${text}»`).not.toBeNull();
          if (seen!.status_text === text) return seen!;
        }
      };
      /** The manager's events until this refund is in `status`. */
      const staffUntil = async (stream: typeof staffStream, refundId: number, status: string) => {
        for (;;) {
          const event = await stream.next();
          expect(event?.event).toBe('refund');
          const refund = recentRefund.parse(JSON.parse(event!.data));
          if (refund.id === refundId && refund.status === status) return refund;
        }
      };
      expect((await guestSaw())?.refunding).toBe(0);

      // The bank cannot be reached at the press: cancelled, the money on its way, the page still followed.
      await bankFaults(t.app, 'refund.do', 1);
      const made = (
        await refund(order.id, { key: key(), full: true, lines: [], refunded: 0, amount: order.sum })
      ).json<{ refund_id: number }>();
      expect(await guestUntil(`Отменён, деньги возвращаются: ${formatMoney(order.sum)}`)).toMatchObject({
        status: 90,
        refunding: order.sum,
      });
      await staffUntil(staffStream, made.refund_id, 'pending');

      // Every try fails: the refund waits for a manager, and the guest reads it is delayed.
      await t.database.db
        .updateTable('order_refunds')
        .set({ attempts: 9, next_attempt_at: new Date(Date.now() - 1000) })
        .where('id', '=', made.refund_id)
        .execute();
      await bankFaults(t.app, 'getOrderStatusExtended.do', 1);
      const deps = { db: t.database.db, acquiring: t.app.providers.acquiring, log: t.app.log };
      expect(await processDueRefunds(deps, made.refund_id)).toEqual([{ refundId: made.refund_id, result: 'failed' }]);
      expect(await guestUntil(`Отменён, возврат денег задерживается: ${formatMoney(order.sum)}`)).toMatchObject({
        refunding: order.sum,
      });
      expect((await staffUntil(staffStream, made.refund_id, 'failed')).failure).not.toBe('');

      // The manager's retry: the bank returns it; the guest's page says so, and its stream ends there.
      const retried = await t.app.inject({
        method: 'POST',
        url: `${REFUNDS(order.id)}/${made.refund_id}/retry`,
        headers: bearer(manager),
      });
      expect(retried.statusCode, retried.body).toBe(200);
      expect(await guestUntil(`Отменён, деньги возвращены: ${formatMoney(order.sum)}`)).toMatchObject({ refunding: 0 });
      expect(await guestSaw()).toBeNull();
      expect(await staffUntil(staffStream, made.refund_id, 'done')).toMatchObject({
        order_id: order.id,
        amount: order.sum,
        status_text: REFUND_SCREEN_TEXTS.status.done,
      });

      // Another restaurant's manager saw none of it: their first event is a refund of their own restaurant.
      const theirs = (
        await refund(
          elsewhere.id,
          { key: key(), full: true, lines: [], refunded: 0, amount: elsewhere.sum },
          otherManager,
        )
      ).json<{ refund_id: number }>();
      const first = await otherStream.next();
      expect(recentRefund.parse(JSON.parse(first!.data))).toMatchObject({ id: theirs.refund_id, restaurant_id: 2 });
    } finally {
      for (const stream of [guestStream, staffStream, otherStream]) stream.close();
    }
    const refused = await openEventStream(t.app, '/api/staff/refunds/events', bearer(kitchen));
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.body)).toMatchObject({ error: 'manager_only' });
  });

  it('a refund the bank made is announced once when the bank’s callback and the worker’s poll race to record it', async () => {
    const deps = { db: t.database.db, acquiring: t.app.providers.acquiring, log: t.app.log };
    const heard: string[] = [];
    const stops = await Promise.all(
      [ORDER_STATUS_CHANNEL, REFUND_CHANNEL].map((channel) =>
        t.database.listen(channel, (payload) => heard.push(`${channel} ${payload}`)),
      ),
    );
    /** Every announcement committed so far has arrived: a marker sent now comes after them (delivery keeps the commit order). */
    const settled = async () => {
      const marker = `marker ${key()}`;
      await sql`select pg_notify(${REFUND_CHANNEL}, ${marker})`.execute(t.database.db);
      await expect.poll(() => heard.includes(`${REFUND_CHANNEL} ${marker}`)).toBe(true);
    };
    try {
      for (let round = 0; round < 3; round++) {
        const order = await paidOrder('card');
        // The press's answer from the bank is lost (a 503 at the gateway): pending. The bank did return
        // the money — its own books say so — and neither its answer nor its callback has reached us yet.
        await bankFaults(t.app, 'refund.do', 1);
        const made = (
          await refund(order.id, { key: key(), full: true, lines: [], refunded: 0, amount: order.sum })
        ).json<{ refund_id: number }>();
        const payment = (await paymentRows(t.database, order.id)).find((row) => row.status === 'paid')!;
        const mdOrder = payment.provider_id!;
        await t.database.db
          .updateTable('sandbox_acquiring_orders')
          .set({ refunded_amount: order.sum, status: 4 })
          .where('md_order', '=', mdOrder)
          .execute();
        await t.database.db
          .insertInto('sandbox_acquiring_refunds')
          .values({ md_order: mdOrder, amount: order.sum })
          .execute();
        await t.database.db
          .updateTable('order_refunds')
          .set({ next_attempt_at: new Date(Date.now() - 1000) })
          .where('id', '=', made.refund_id)
          .execute();
        await settled();
        heard.length = 0;

        // The worker's poll and the bank's callback, at once.
        const [, called] = await Promise.all([
          processDueRefunds(deps, made.refund_id),
          callback(t.app, signedCallback(mdOrder, { operation: 'refunded', status: '1' })),
        ]);
        expect(called.statusCode, called.body).toBe(200);
        await settled();
        expect(heard.filter((line) => line === `${ORDER_STATUS_CHANNEL} ${order.id}`)).toHaveLength(1);
        expect(heard.filter((line) => line === `${REFUND_CHANNEL} 1:${made.refund_id}`)).toHaveLength(1);
        expect(await orderRow(t.database, order.id)).toMatchObject({ refunded_sum: order.sum, refunding_sum: 0 });
        expect((await view(order.id)).refunds[0]).toMatchObject({ id: made.refund_id, status: 'done' });
        expect((await bankRefunds(order.id)).records).toEqual([order.sum]);
      }
    } finally {
      for (const stop of stops) await stop();
    }
  });

  it.runIf(kind === 'postgres')(
    'racing presses over HTTP: two managers cancelling at once, one press five times, two parts for the last unit — one refund at the bank each',
    async () => {
      const second = await staffToken(
        t.app,
        t.database,
        await staffAccount(t.database, { role: 'manager', restaurantIds: [1] }),
      );
      const send = (orderId: number, token: string, body: Record<string, unknown>) =>
        fetch(`${baseUrl(t.app)}${REFUNDS(orderId)}`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> }));

      // Two managers, two presses, the same order at once: one refund, the other told the state.
      const order = await paidOrder('card');
      const presses = await Promise.all(
        [manager, second].map((token) =>
          send(order.id, token, { key: key(), full: true, lines: [], refunded: 0, amount: order.sum }),
        ),
      );
      expect(presses.map((press) => press.status).sort()).toEqual([200, 409]);
      expect(presses.find((press) => press.status === 409)?.body).toMatchObject({
        error: 'stale_version',
        current: { order: { status: 90, refunded: order.sum } },
      });
      expect((await bankRefunds(order.id)).records).toEqual([order.sum]);

      // One press sent five times at once (a retry storm): one refund, every answer names it.
      const stormed = await paidOrder('card');
      const press = { key: key(), full: true, lines: [], refunded: 0, amount: stormed.sum };
      const storm = await Promise.all(Array.from({ length: 5 }, () => send(stormed.id, manager, press)));
      expect(storm.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(new Set(storm.map((answer) => answer.body.refund_id)).size).toBe(1);
      expect((await bankRefunds(stormed.id)).records).toEqual([stormed.sum]);

      // Two parts for the one unit of a line: one wins.
      const parted = await paidOrder('card');
      const line = parted.lines[1]!;
      const parts = await Promise.all(
        [manager, second].map((token) =>
          send(parted.id, token, {
            key: key(),
            full: false,
            lines: [{ id: line.id, cnt: 1 }],
            refunded: 0,
            amount: line.line_sum,
          }),
        ),
      );
      expect(parts.map((part) => part.status).sort()).toEqual([200, 409]);
      expect((await bankRefunds(parted.id)).records).toEqual([line.line_sum]);
      expect(await orderRow(t.database, parted.id)).toMatchObject({
        refunded_sum: line.line_sum,
        refunding_sum: 0,
        status: 20,
      });
    },
  );
});
