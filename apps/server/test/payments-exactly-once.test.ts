import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentSbpResponse, paymentStartResponse } from '@chain/contract';
import { loadMigrations, migrate } from '../src/db/migrate';
import { closeDuePayments } from '../src/modules/payments/closing';
import { startPaymentWorker } from '../src/modules/payments/worker';
import { seedDemoChain } from '../src/seed/load';
import { insertOlderCatalogue } from './support/older-demo-chain';
import type { DatabaseHandle } from '../src/db/client';
import { buildTestApp, databaseKinds, freshDatabase, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import {
  acceptedRows,
  bankFaults,
  bankOrdersOf,
  callback,
  guestWithSavedCard,
  check,
  checkRequest,
  keptAtBank,
  mdOrderOf,
  orderRow,
  paymentEvents,
  paymentRows,
  pressCardForm,
  sandboxRbs,
  SBP,
  signedCallback,
  START,
  startCard,
  startSbp,
} from './support/payments';
import { signedInUser } from './support/users';

// Issue 11, point 1: one live bank payment per order, and money back automatically
// (decision 016). Real concurrent requests; PostgreSQL proves the races, PGlite the single path.

/** How long closing at the bank (after the request that settled a payment) may take on a busy machine. */
const SETTLES = { timeout: 10_000, interval: 50 };

describe.each(databaseKinds())('one live bank payment per order on %s (issue 11.1)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  /** 20 starts of one guest's order at once; each answer's 200 checked and read by `read`. */
  async function twentyAtOnce<T>(url: string, read: (body: unknown) => T): Promise<{ orderId: number; answers: T[] }> {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 59_000 });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(t.app, url, { user_id: guest.id, token: guest.token, order_id: order.id })),
    );
    return {
      orderId: order.id,
      answers: answers.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return read(res.json());
      }),
    };
  }

  it('registers one bank order for 20 concurrent payment/start calls, and all 20 answer the same form', async () => {
    const { orderId, answers } = await twentyAtOnce(START, (body) => paymentStartResponse.parse(body).formUrl);
    expect(answers[0]).toMatch(/\/sandbox\/acquiring\/form\/[0-9a-f-]{36}$/);
    expect(new Set(answers)).toEqual(new Set([answers[0]]));
    expect(await bankOrdersOf(t.database, orderId)).toHaveLength(1);
    expect((await paymentRows(t.database, orderId)).map((payment) => payment.status)).toEqual(['pending']);
  });

  it('registers one bank order and one QR for 20 concurrent payment/sbp calls, and all 20 answer the same QR', async () => {
    const { orderId, answers } = await twentyAtOnce(SBP, (body) => paymentSbpResponse.parse(body).qrPayload);
    expect(answers[0]).toMatch(/^https:\/\/qr\.nspk\.ru\//);
    expect(new Set(answers)).toEqual(new Set([answers[0]]));
    const bankOrders = await bankOrdersOf(t.database, orderId);
    expect(bankOrders).toHaveLength(1);
    const qrs = await t.database.db
      .selectFrom('sandbox_sbp_payments')
      .select('qr_id')
      .where('order_number', '=', bankOrders[0]?.order_number ?? '')
      .execute();
    expect(qrs).toHaveLength(1);
  });

  it('charges a saved card once when the pay button is tapped five times at once, and every tap hears the same answer', async () => {
    const { guest, bindingId } = await guestWithSavedCard(t.app, t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 59_000 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(t.app, START, { user_id: guest.id, token: guest.token, order_id: order.id, binding_id: bindingId }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(paymentStartResponse.parse(res.json())).toMatchObject({ status: 'ok', errorMessage: '' });
    }
    const charged = (await bankOrdersOf(t.database, order.id)).filter((bankOrder) => bankOrder.status === 2);
    expect(charged).toHaveLength(1);
    expect(await keptAtBank(t.database, order.id)).toBe(59_000);
    expect(await acceptedRows(t.database, order.id)).toBe(1);
  });

  it('a double tap plus SBP, all paid: the order is paid once, the other bank orders are declined or refunded, and the bank keeps the sum exactly', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 59_000 });
    const [tap1, tap2] = await Promise.all([startCard(t.app, guest, order.id), startCard(t.app, guest, order.id)]);
    expect(tap2.formUrl).toBe(tap1.formUrl);
    const sbp = await startSbp(t.app, guest, order.id);

    // The guest pays the form in one tab and the QR in the bank app at the same moment.
    const [form, qr] = await Promise.all([
      post(t.app, new URL(tap1.formUrl ?? '').pathname, { action: 'pay' }),
      post(t.app, new URL(sbp.paymentUrl ?? '').pathname, { action: 'pay' }),
    ]);
    expect([form.statusCode, qr.statusCode]).toContain(200);
    expect(await check(t.app, order.id, guest.token)).toBe('ok');

    // Whatever got through is returned by itself; the bank keeps the order's sum, once.
    await vi.waitFor(async () => {
      const states = (await bankOrdersOf(t.database, order.id)).map((bankOrder) => bankOrder.status);
      expect(states.filter((status) => status === 2)).toHaveLength(1);
      expect(states.every((status) => status === 2 || status === 4 || status === 6)).toBe(true);
      const ours = (await paymentRows(t.database, order.id)).map((payment) => payment.status);
      expect(ours.every((status) => status === 'paid' || status === 'cancelled' || status === 'refunded')).toBe(true);
    }, SETTLES);
    expect(await keptAtBank(t.database, order.id)).toBe(59_000);
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: true, status: 20 });
    expect(await acceptedRows(t.database, order.id)).toBe(1);
    const payments = await paymentRows(t.database, order.id);
    expect(payments.filter((payment) => payment.status === 'paid')).toHaveLength(1);
    // The other one is on the order's history with the bank's answer: declined, or paid and refunded.
    const events = await paymentEvents(t.database, order.id);
    expect(events.filter((event) => event.outcome === 'done')).toHaveLength(1);
    expect(events.find((event) => event.outcome === 'done')).toMatchObject({ bank_code: '0' });
    expect(['decline', 'refund']).toContain(events.find((event) => event.outcome === 'done')?.kind);
  });

  it('declines an open QR at the bank once the card form pays the order: the bank app can no longer pay it', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const card = await startCard(t.app, guest, order.id);
    const sbp = await startSbp(t.app, guest, order.id);
    await pressCardForm(t.app, card.formUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('ok');

    const sbpPayment = (await paymentRows(t.database, order.id)).find((payment) => payment.method === 'sbp');
    await vi.waitFor(
      async () =>
        expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual([
          'paid',
          'cancelled',
        ]),
      SETTLES,
    );
    const bankOrder = (await bankOrdersOf(t.database, order.id)).find(
      (row) => row.md_order === sbpPayment?.provider_id,
    );
    expect(bankOrder?.status).toBe(6);
    const late = await post(t.app, new URL(sbp.paymentUrl ?? '').pathname, { action: 'pay' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorMessage: 'Заказ уже обработан' });
    expect(await paymentEvents(t.database, order.id)).toEqual([
      expect.objectContaining({
        payment_id: sbpPayment?.id,
        kind: 'decline',
        amount: 150_000,
        outcome: 'done',
        bank_code: '0',
      }),
    ]);
    expect(await keptAtBank(t.database, order.id)).toBe(150_000);
  });

  it('refunds a second payment that reached the bank after the order was paid, and records the bank answer', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const card = await startCard(t.app, guest, order.id);
    await startSbp(t.app, guest, order.id);
    const sbpPayment = (await paymentRows(t.database, order.id)).find((payment) => payment.method === 'sbp');
    // The bank took the QR's money before anyone here heard of the card payment.
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 2 })
      .where('md_order', '=', sbpPayment?.provider_id ?? '')
      .execute();
    await pressCardForm(t.app, card.formUrl ?? '', 'pay');
    expect((await callback(t.app, signedCallback(mdOrderOf(card.formUrl ?? '')))).statusCode).toBe(200);

    await vi.waitFor(
      async () =>
        expect((await paymentRows(t.database, order.id)).map((payment) => payment.status).sort()).toEqual([
          'paid',
          'refunded',
        ]),
      SETTLES,
    );
    expect(await keptAtBank(t.database, order.id)).toBe(150_000);
    const refund = (await paymentEvents(t.database, order.id)).find((event) => event.kind === 'refund');
    expect(refund).toMatchObject({ payment_id: sbpPayment?.id, amount: 150_000, outcome: 'done', bank_code: '0' });
    expect(await acceptedRows(t.database, order.id)).toBe(1);
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
  });

  it('does not let a claim abandoned mid-registration block the order: the next start registers a form at once', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    // An instance claimed the order's card form a minute ago and stopped before the bank answered.
    await t.database.db
      .insertInto('payments')
      .values({
        order_id: order.id,
        method: 'card',
        amount: order.sum,
        status: 'registering',
        created_at: new Date(Date.now() - 60_000),
      })
      .execute();
    const started = Date.now();
    const { formUrl } = await startCard(t.app, guest, order.id);
    expect(formUrl).toMatch(/\/sandbox\/acquiring\/form\//);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await paymentRows(t.database, order.id)).map((payment) => [payment.status, payment.form_url])).toEqual([
      ['pending', formUrl],
    ]);
  });

  it('keeps a young claim: a start waits for its form instead of registering a second one', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const claim = await t.database.db
      .insertInto('payments')
      .values({ order_id: order.id, method: 'card', amount: order.sum, status: 'registering' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const waiting = post(t.app, START, { user_id: guest.id, token: guest.token, order_id: order.id });
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The claimer's bank answers: its form is the one every waiting start gives.
    await t.database.db
      .updateTable('payments')
      .set({
        status: 'pending',
        provider_id: 'md-of-the-claimer',
        form_url: 'https://bank.test/form/md-of-the-claimer',
      })
      .where('id', '=', claim.id)
      .execute();
    const res = await waiting;
    expect(paymentStartResponse.parse(res.json()).formUrl).toBe('https://bank.test/form/md-of-the-claimer');
    expect(await bankOrdersOf(t.database, order.id)).toEqual([]);
  });

  it('has the payment worker decline a form left open on an order that was paid another way', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const { formUrl } = await startCard(t.app, guest, order.id);
    await t.database.db.updateTable('orders').set({ paid: true, status: 20 }).where('id', '=', order.id).execute();
    const stop = startPaymentWorker(t.app);
    try {
      await vi.waitFor(
        async () =>
          expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['cancelled']),
        SETTLES,
      );
    } finally {
      await stop();
    }
    expect((await bankOrdersOf(t.database, order.id))[0]?.status).toBe(6);
    expect((await post(t.app, new URL(formUrl ?? '').pathname, { action: 'pay' })).statusCode).toBe(409);
    expect(await paymentEvents(t.database, order.id)).toEqual([
      expect.objectContaining({ kind: 'decline', outcome: 'done', bank_code: '0' }),
    ]);
  });
});

describe.each(databaseKinds())('a refund the bank cannot make right now, on %s (issue 11.1)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const deps = () => ({ db: t.database.db, acquiring: t.app.providers.acquiring, log: t.app.log });

  it('stays due after a 503, and two retry jobs racing refund it exactly once', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 50_000 });
    const { formUrl } = await startCard(t.app, guest, order.id);
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ amount: 700 })
      .where('md_order', '=', mdOrderOf(formUrl ?? ''))
      .execute();
    await bankFaults(t.app, 'refund.do', 1);
    await pressCardForm(t.app, formUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('fail');

    await vi.waitFor(
      async () =>
        expect(await paymentEvents(t.database, order.id)).toEqual([
          expect.objectContaining({ kind: 'refund', outcome: 'retry' }),
        ]),
      SETTLES,
    );
    const [due] = await paymentRows(t.database, order.id);
    expect(due).toMatchObject({ status: 'refund_due' });
    expect(await keptAtBank(t.database, order.id)).toBe(700);

    // Not before its time: the retry waits for its backoff.
    expect(await closeDuePayments(deps())).toEqual([]);
    await t.database.db
      .updateTable('payments')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', due?.id ?? 0)
      .execute();
    const [first, second] = await Promise.all([
      closeDuePayments(deps()),
      closeDuePayments(deps()),
      callback(t.app, signedCallback(due?.provider_id ?? '')),
      checkRequest(t.app, order.id, guest.token),
    ]);
    expect([...first, ...second]).toHaveLength(1);
    expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['refunded']);
    expect(await keptAtBank(t.database, order.id)).toBe(0);
    const events = await paymentEvents(t.database, order.id);
    expect(events.map((event) => [event.kind, event.outcome])).toEqual([
      ['refund', 'retry'],
      ['refund', 'done'],
    ]);
    expect(events[0]?.bank_message).toMatch(/503/);
    expect(events[1]).toMatchObject({ amount: 700, bank_code: '0' });
    // Once done, the job finds nothing more to do.
    await t.database.db
      .updateTable('payments')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', due?.id ?? 0)
      .execute();
    expect(await closeDuePayments(deps())).toEqual([]);
  });

  it('keeps a decline the bank could not make due, and the job declines the form later', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const card = await startCard(t.app, guest, order.id);
    const sbp = await startSbp(t.app, guest, order.id);
    await bankFaults(t.app, 'decline.do', 1);
    await pressCardForm(t.app, card.formUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    await vi.waitFor(
      async () => expect((await paymentEvents(t.database, order.id)).map((event) => event.outcome)).toEqual(['retry']),
      SETTLES,
    );
    expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['paid', 'cancelling']);

    await t.database.db
      .updateTable('payments')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('order_id', '=', order.id)
      .execute();
    expect(await closeDuePayments(deps())).toHaveLength(1);
    expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['paid', 'cancelled']);
    expect((await post(t.app, new URL(sbp.paymentUrl ?? '').pathname, { action: 'pay' })).statusCode).toBe(409);
  });
});

describe.each(databaseKinds())('the sandbox acquirer refunds, reverses and declines like RBS on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const rbs = (method: string, form: Record<string, string>) => sandboxRbs(t.app, method, form);

  it('refunds a deposited order up to its amount, reports refundedAmount and status 4 when whole, and refuses the wrong state', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 10_000 });
    const { formUrl } = await startCard(t.app, guest, order.id);
    const mdOrder = mdOrderOf(formUrl ?? '');
    expect((await rbs('refund.do', { orderId: mdOrder, amount: '100' })).json()).toMatchObject({
      errorCode: '7',
      errorMessage: 'Платёж должен быть в корректном состоянии',
    });
    await pressCardForm(t.app, formUrl ?? '', 'pay');

    expect((await rbs('decline.do', { orderId: mdOrder })).json()).toMatchObject({ errorCode: '7' });
    expect((await rbs('refund.do', { orderId: mdOrder, amount: '4000' })).json()).toMatchObject({ errorCode: '0' });
    const partly = (await rbs('getOrderStatusExtended.do', { orderId: mdOrder })).json<unknown>();
    expect(partly).toMatchObject({
      orderStatus: 2,
      paymentAmountInfo: { depositedAmount: 10_000, refundedAmount: 4000 },
    });
    expect((await rbs('refund.do', { orderId: mdOrder, amount: '6001' })).json()).toMatchObject({
      errorCode: '7',
      errorMessage: 'Сумма возврата превышает сумму списания',
    });
    expect((await rbs('refund.do', { orderId: mdOrder, amount: '6000' })).json()).toMatchObject({ errorCode: '0' });
    const whole = (await rbs('getOrderStatusExtended.do', { orderId: mdOrder })).json<unknown>();
    expect(whole).toMatchObject({
      orderStatus: 4,
      paymentAmountInfo: { paymentState: 'REFUNDED', refundedAmount: 10_000 },
    });
    expect(
      (await rbs('refund.do', { orderId: '00000000-0000-0000-0000-000000000000', amount: '1' })).json(),
    ).toMatchObject({ errorCode: '6' });

    const page = await t.app.inject({ method: 'GET', url: new URL(formUrl ?? '').pathname });
    expect(page.body).toContain('Возврат');
  });

  it('declines a registered order (status 6) once, and reverses only money that is held (status 1 → 3)', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 10_000 });
    const { formUrl } = await startCard(t.app, guest, order.id);
    const mdOrder = mdOrderOf(formUrl ?? '');
    expect((await rbs('reverse.do', { orderId: mdOrder })).json()).toMatchObject({ errorCode: '7' });
    expect((await rbs('decline.do', { orderId: mdOrder })).json()).toMatchObject({ errorCode: '0' });
    expect((await rbs('getOrderStatusExtended.do', { orderId: mdOrder })).json()).toMatchObject({ orderStatus: 6 });
    expect((await rbs('decline.do', { orderId: mdOrder })).json()).toMatchObject({ errorCode: '7' });
    expect((await post(t.app, new URL(formUrl ?? '').pathname, { action: 'pay' })).statusCode).toBe(409);

    const held = await insertTestOrder(t.database, { userId: guest.id, sum: 10_000 });
    const heldForm = await startCard(t.app, guest, held.id);
    const heldOrder = mdOrderOf(heldForm.formUrl ?? '');
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 1 })
      .where('md_order', '=', heldOrder)
      .execute();
    expect((await rbs('reverse.do', { orderId: heldOrder })).json()).toMatchObject({ errorCode: '0' });
    expect((await rbs('getOrderStatusExtended.do', { orderId: heldOrder })).json()).toMatchObject({ orderStatus: 3 });
  });

  it('answers the faults switch only for known methods and counts', async () => {
    for (const body of [
      { method: 'nothing.do', count: 1 },
      { method: 'refund.do', count: -1 },
      { method: 'refund.do', count: 101 },
    ]) {
      expect((await t.app.inject({ method: 'POST', url: '/sandbox/acquiring/faults', payload: body })).statusCode).toBe(
        400,
      );
    }
  });
});

describe.each(databaseKinds())('migrations 010 and 011 on a database with payments, on %s', (kind) => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 10, 20, 12, 0, seconds));

  /**
   * A database as it was before migration 010 (with the demo chain); `fill` writes its orders
   * and returns payments, which are written as the code before 010 wrote them ('refused' is no
   * longer a state of the type). Then every migration runs; returns the applied ones.
   */
  async function migratedFrom009(
    fill: (
      database: DatabaseHandle,
    ) => Promise<
      Array<{ order_id: number; method: string; provider_id: string; amount: number; status: string; updated_at: Date }>
    >,
    check: (database: DatabaseHandle, applied: string[]) => Promise<void>,
  ): Promise<void> {
    const empty = await freshDatabase(kind, { empty: true });
    try {
      const all = loadMigrations();
      await migrate(
        empty.handle.db,
        all.filter((migration) => migration.version < 10),
      );
      // The demo chain as it stood at 009: no kiosk staff codes (migration 015) yet.
      await seedDemoChain(empty.handle.db, { kioskCode: null, loadCatalogue: insertOlderCatalogue });
      for (const payment of await fill(empty.handle)) {
        await sql`insert into payments (order_id, method, provider_id, amount, status, updated_at)
                  values (${payment.order_id}, ${payment.method}, ${payment.provider_id}, ${payment.amount}, ${payment.status}, ${payment.updated_at})`.execute(
          empty.handle.db,
        );
      }
      await check(empty.handle, await migrate(empty.handle.db, all));
    } finally {
      await empty.dispose();
    }
  }

  it('sends back the money that was only logged before: refused payments and every paid payment of an order but the first', async () => {
    await migratedFrom009(
      async (database) => {
        const order = await insertTestOrder(database, { userId: null, paid: true, status: 20 });
        const other = await insertTestOrder(database, { userId: null, sum: 50_000 });
        // As the settle before 010 left it: the first payment paid the order (its method, its time).
        await database.db
          .updateTable('orders')
          .set({ pay_method: 'card', paid_at: at(1) })
          .where('id', '=', order.id)
          .execute();
        return [
          {
            order_id: order.id,
            method: 'card',
            provider_id: 'md-first',
            amount: order.sum,
            status: 'paid',
            updated_at: at(1),
          },
          {
            order_id: order.id,
            method: 'sbp',
            provider_id: 'md-second',
            amount: order.sum,
            status: 'paid',
            updated_at: at(2),
          },
          {
            order_id: order.id,
            method: 'card',
            provider_id: 'md-declined',
            amount: order.sum,
            status: 'declined',
            updated_at: at(3),
          },
          {
            order_id: other.id,
            method: 'card',
            provider_id: 'md-refused',
            amount: other.sum,
            status: 'refused',
            updated_at: at(4),
          },
        ];
      },
      async (database, applied) => {
        expect(applied).toContain('010_payment_exactly_once');
        const rows = await database.db.selectFrom('payments').select(['provider_id', 'status']).orderBy('id').execute();
        expect(rows).toEqual([
          { provider_id: 'md-first', status: 'paid' },
          { provider_id: 'md-second', status: 'refund_due' },
          { provider_id: 'md-declined', status: 'declined' },
          { provider_id: 'md-refused', status: 'refund_due' },
        ]);
        const due = await database.db
          .selectFrom('payments')
          .select('next_attempt_at')
          .where('status', '=', 'refund_due')
          .execute();
        for (const row of due) expect(row.next_attempt_at).toBeInstanceOf(Date);
      },
    );
  });

  it('keeps the payment the order itself names (its pay_method, paid at its paid_at) and returns every paid payment of an unpaid order (migration 011)', async () => {
    await migratedFrom009(
      async (database) => {
        // Paid by SBP at :20; a card payment of it was recorded paid earlier (:10) and touched since.
        const bySbp = await insertTestOrder(database, { userId: null, paid: true, status: 20 });
        await database.db
          .updateTable('orders')
          .set({ pay_method: 'sbp', paid_at: at(20) })
          .where('id', '=', bySbp.id)
          .execute();
        // Cancelled before its payment reached the bank, and one left unpaid by an old fault: the bank took money for orders that are not paid.
        const cancelled = await insertTestOrder(database, { userId: null, status: 90 });
        const unpaid = await insertTestOrder(database, { userId: null });
        return [
          {
            order_id: bySbp.id,
            method: 'card',
            provider_id: 'md-card-first',
            amount: bySbp.sum,
            status: 'paid',
            updated_at: at(10),
          },
          {
            order_id: bySbp.id,
            method: 'sbp',
            provider_id: 'md-sbp-kept',
            amount: bySbp.sum,
            status: 'paid',
            updated_at: at(20),
          },
          {
            order_id: cancelled.id,
            method: 'card',
            provider_id: 'md-after-cancel',
            amount: cancelled.sum,
            status: 'paid',
            updated_at: at(30),
          },
          {
            order_id: unpaid.id,
            method: 'sbp',
            provider_id: 'md-unpaid',
            amount: unpaid.sum,
            status: 'paid',
            updated_at: at(40),
          },
        ];
      },
      async (database, applied) => {
        expect(applied).toContain('011_payment_closing_bounds');
        const rows = await database.db
          .selectFrom('payments')
          .select(['provider_id', 'status', 'next_attempt_at'])
          .orderBy('id')
          .execute();
        expect(rows.map((row) => [row.provider_id, row.status])).toEqual([
          ['md-card-first', 'refund_due'],
          ['md-sbp-kept', 'paid'],
          ['md-after-cancel', 'refund_due'],
          ['md-unpaid', 'refund_due'],
        ]);
        for (const row of rows) expect(row.next_attempt_at === null).toBe(row.status === 'paid');
      },
    );
  });
});
