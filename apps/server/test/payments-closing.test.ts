import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CardAcquirer } from '../src/adapters/acquiring/types';
import { closeDuePayments, MAX_CLOSING_ATTEMPTS, type ClosingDeps } from '../src/modules/payments/closing';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import { keptAtBank, mdOrderOf, paymentEvents, paymentRows, sandboxRbs, startCard } from './support/payments';
import { signedInUser } from './support/users';

// Issue 11.1, second read: closing payments at the bank (decision 016) when two workers meet
// on one payment, and when the bank never lets a payment close.

/** A promise to wait on and the function that fulfils it. */
function signal(): { fire: () => void; fired: Promise<void> } {
  let fire = () => undefined as void;
  const fired = new Promise<void>((resolve) => {
    fire = resolve;
  });
  return { fire, fired };
}

/** The real acquirer adapter (HTTP to the sandbox bank) with pauses around its calls. */
function pausedAcquirer(
  real: CardAcquirer,
  pauses: { afterStatus?: () => Promise<void>; beforeRefund?: () => Promise<void>; afterRefund?: () => Promise<void> },
): CardAcquirer {
  return {
    register: (order) => real.register(order),
    payWithBinding: (payment) => real.payWithBinding(payment),
    bindings: (clientId) => real.bindings(clientId),
    decline: (id) => real.decline(id),
    reverse: (id) => real.reverse(id),
    async orderStatus(id) {
      const status = await real.orderStatus(id);
      await pauses.afterStatus?.();
      return status;
    },
    async refund(id, amount) {
      await pauses.beforeRefund?.();
      const answer = await real.refund(id, amount);
      await pauses.afterRefund?.();
      return answer;
    },
  };
}

describe.each(databaseKinds())('closing a payment at the bank on %s (issue 11.1, decision 016)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const deps = (acquiring: CardAcquirer = t.app.providers.acquiring): ClosingDeps => ({
    db: t.database.db,
    acquiring,
    log: t.app.log,
  });

  /** A second payment the bank took for an order already paid: due to be refunded. */
  async function refundDue(sum: number) {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum });
    const { formUrl } = await startCard(t.app, guest, order.id);
    const mdOrder = mdOrderOf(formUrl ?? '');
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 2 })
      .where('md_order', '=', mdOrder)
      .execute();
    await t.database.db.updateTable('orders').set({ paid: true, status: 20 }).where('id', '=', order.id).execute();
    const [payment] = await paymentRows(t.database, order.id);
    await t.database.db
      .updateTable('payments')
      .set({ status: 'refund_due', next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', payment?.id ?? 0)
      .execute();
    return { orderId: order.id, paymentId: payment?.id ?? 0, mdOrder };
  }

  /** A payment being closed whose time has come: its lease ran out, or its retry is due. */
  const leaseRunsOut = (paymentId: number) =>
    t.database.db
      .updateTable('payments')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', paymentId)
      .where('status', 'in', ['cancelling', 'refund_due'])
      .execute();

  it('refunds once when a second worker takes a payment whose lease ran out under the first, and ends refunded, not refund_failed', async () => {
    const { orderId, paymentId } = await refundDue(70_000);
    const firstRead = signal();
    const goOn = signal();
    const secondRead = signal();
    const firstRefunded = signal();
    const secondDone = signal();
    let firstDone = false;

    // The first worker read the bank's status, then stalled past its lease (a slow batch).
    const first = closeDuePayments(
      deps(
        pausedAcquirer(t.app.providers.acquiring, {
          afterStatus: async () => {
            firstRead.fire();
            await goOn.fired;
          },
          afterRefund: async () => {
            firstRefunded.fire();
            await secondDone.fired;
          },
        }),
      ),
      [paymentId],
    ).finally(() => {
      firstDone = true;
      firstRefunded.fire();
    });
    await firstRead.fired;
    await leaseRunsOut(paymentId);
    // A second instance takes it, reads the same status, and asks for its refund once the first has asked.
    const second = closeDuePayments(
      deps(
        pausedAcquirer(t.app.providers.acquiring, {
          afterStatus: async () => secondRead.fire(),
          beforeRefund: () => firstRefunded.fired,
        }),
      ),
      [paymentId],
    ).finally(() => secondDone.fire());
    await secondRead.fired;
    goOn.fire();
    await Promise.all([first, second]);

    expect(firstDone).toBe(true);
    expect(await keptAtBank(t.database, orderId)).toBe(0);
    expect((await paymentRows(t.database, orderId)).map((payment) => payment.status)).toEqual(['refunded']);
    const events = await paymentEvents(t.database, orderId);
    expect(events.filter((event) => event.kind === 'refund' && event.outcome === 'done')).toHaveLength(1);
  });

  it('ends refunded when the bank refuses a refund because the money went back meanwhile (its status is read once more)', async () => {
    const { orderId, paymentId, mdOrder } = await refundDue(40_000);
    // Between the worker's status read and its refund, the money is returned at the bank (an
    // operator in the bank's portal). Only the first read pauses for it.
    let reads = 0;
    const closing = deps(
      pausedAcquirer(t.app.providers.acquiring, {
        afterStatus: async () => {
          if (reads++ > 0) return;
          const answer = (await sandboxRbs(t.app, 'refund.do', { orderId: mdOrder, amount: '40000' })).json<{
            errorCode: string;
          }>();
          expect(answer.errorCode).toBe('0');
        },
      }),
    );
    await closeDuePayments(closing, [paymentId]);

    expect((await paymentRows(t.database, orderId)).map((payment) => payment.status)).toEqual(['refunded']);
    expect(await keptAtBank(t.database, orderId)).toBe(0);
    expect(
      (await paymentEvents(t.database, orderId)).map((event) => [event.kind, event.outcome, event.bank_code]),
    ).toEqual([['refund', 'refused', '7']]);
  });

  /** Tries a named payment `tries` times, each as if its retry time had come. */
  async function tryRepeatedly(paymentId: number, tries: number) {
    for (let attempt = 0; attempt < tries; attempt++) {
      await leaseRunsOut(paymentId);
      await closeDuePayments(deps(), [paymentId]);
    }
  }

  it(`leaves a payment the bank cannot find to an operator after ${MAX_CLOSING_ATTEMPTS} tries, logged as an error, instead of retrying it hourly for ever (issue 11.1)`, async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20 });
    const payment = await t.database.db
      .insertInto('payments')
      .values({
        order_id: order.id,
        method: 'card',
        provider_id: randomUUID(),
        amount: order.sum,
        status: 'refund_due',
        next_attempt_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const errors = vi.spyOn(t.app.log, 'error');
    try {
      await tryRepeatedly(payment.id, MAX_CLOSING_ATTEMPTS + 3);
      const [row] = await paymentRows(t.database, order.id);
      expect(row).toMatchObject({ status: 'needs_operator', attempts: MAX_CLOSING_ATTEMPTS, next_attempt_at: null });
      expect(row?.failure).toMatch(/refund_due/);
      expect(
        errors.mock.calls.filter(([fields]) => (fields as { paymentId?: number }).paymentId === payment.id),
      ).toHaveLength(1);
    } finally {
      errors.mockRestore();
    }
  });

  it(`records at most ${MAX_CLOSING_ATTEMPTS} refused declines of a form that never closes, then leaves it to an operator`, async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const { formUrl } = await startCard(t.app, guest, order.id);
    // The guest is stuck in 3-D Secure (RBS orderStatus 5): the bank refuses to decline it, every time.
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 5 })
      .where('md_order', '=', mdOrderOf(formUrl ?? ''))
      .execute();
    await t.database.db.updateTable('orders').set({ paid: true, status: 20 }).where('id', '=', order.id).execute();
    const [payment] = await paymentRows(t.database, order.id);
    await t.database.db
      .updateTable('payments')
      .set({ status: 'cancelling' })
      .where('id', '=', payment?.id ?? 0)
      .execute();

    await tryRepeatedly(payment?.id ?? 0, MAX_CLOSING_ATTEMPTS + 3);
    const events = await paymentEvents(t.database, order.id);
    expect(events).toHaveLength(MAX_CLOSING_ATTEMPTS);
    expect(new Set(events.map((event) => `${event.kind} ${event.outcome}`))).toEqual(new Set(['decline refused']));
    expect((await paymentRows(t.database, order.id))[0]).toMatchObject({
      status: 'needs_operator',
      next_attempt_at: null,
    });
    expect(await closeDuePayments(deps())).toEqual([]);
  });

  it('answers fail on the check of an unpaid order whose latest payment waits for an operator', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    await t.database.db
      .insertInto('payments')
      .values({
        order_id: order.id,
        method: 'card',
        provider_id: randomUUID(),
        amount: order.sum,
        status: 'needs_operator',
      })
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/order/payment/check/${order.id}`,
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(res.json()).toEqual({ status: 'fail' });
    expect(
      (await post(t.app, '/api/v1/order/payment/start', { user_id: guest.id, token: guest.token, order_id: order.id }))
        .statusCode,
    ).toBe(200);
  });
});
