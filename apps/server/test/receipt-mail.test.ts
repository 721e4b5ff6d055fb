import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@chain/domain';
import {
  RECEIPT_POLICY,
  receiptWorkerRun,
  sendDueReceipts,
  type ReceiptMailDeps,
} from '../src/modules/payments/receipt-mail';
import { takeDueReceipt } from '../src/modules/payments/repository/receipts';
import { testConfig } from '../src/config';
import { linkSignature } from '../src/http/signed-links';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import {
  callback,
  check,
  checkRequest,
  mdOrderOf,
  orderRow,
  paymentRows,
  pressCardForm,
  signedCallback,
  startCard,
} from './support/payments';
import { signedInUser } from './support/users';

// The receipt by e-mail (SPEC 2 Cart: the e-mail-for-receipt field; SPEC 7 order/create
// emailsend and email; decision 032): a paid order whose guest asked for it gets one letter, sent
// after the payment commits through the mail adapter (the sandbox's Mailgun), never inside it.

/** How long the letter may take after the request that paid the order answered. */
const MAILED = { timeout: 10_000, interval: 50 };

describe.each(databaseKinds())('the receipt e-mailed once an order is paid, on %s (SPEC 2, 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const origin = () => `http://localhost:${(t.app.server.address() as { port: number }).port}`;
  const deps = (): ReceiptMailDeps => ({
    db: t.database.db,
    email: t.app.providers.email,
    authSecret: testConfig().authSecret,
    publicOrigin: origin,
    log: t.app.log,
  });
  const faults = async (count: number) =>
    expect((await post(t.app, '/sandbox/providers/mailgun/faults', { count })).statusCode).toBe(200);
  const lettersTo = (email: string) =>
    t.database.db.selectFrom('sandbox_outbox').selectAll().where('recipient', '=', email).orderBy('id').execute();
  let mailbox = 0;
  const newAddress = () => `guest-${kind}-${process.pid}-${++mailbox}@example.ru`;

  /** A guest's unpaid order that asks for the receipt at `email`, paid at the sandbox bank's card form. */
  async function paidAtBank(email: string | undefined) {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, {
      userId: guest.id,
      sum: 135_000,
      ...(email === undefined ? {} : { email }),
    });
    const started = await startCard(t.app, guest, order.id);
    await pressCardForm(t.app, started.formUrl ?? '', 'pay');
    return { guest, order, mdOrder: mdOrderOf(started.formUrl ?? '') };
  }

  /** An order paid a moment ago whose letter is due now, put straight into the database. */
  async function dueOrder(email: string, paidAt = new Date()) {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20, email });
    await t.database.db
      .updateTable('orders')
      .set({ paid_at: paidAt, receipt_due_at: new Date(Date.now() - 1000) })
      .where('id', '=', order.id)
      .execute();
    return order;
  }

  it('sends the guest one letter in Russian with the order, its lines and total, and the receipt link that opens', async () => {
    const email = newAddress();
    const { guest, order } = await paidAtBank(email);
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    await vi.waitFor(async () => expect((await orderRow(t.database, order.id)).receipt_sent_at).not.toBeNull(), MAILED);

    const [letter, ...more] = await lettersTo(email);
    expect(more).toEqual([]);
    const row = await orderRow(t.database, order.id);
    expect(row).toMatchObject({ paid: true, receipt_due_at: null, receipt_attempts: 1 });
    const [subject, ...body] = (letter?.text ?? '').split('\n');
    expect(subject).toBe(`Чек заказа № ${row.znumber} — Жар-печь`);
    const text = body.join('\n');
    expect(text).toContain('Спасибо за заказ!');
    expect(text).toMatch(
      new RegExp(`Заказ № ${row.znumber} оплачен \\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2} банковской картой\\.`),
    );
    expect(text).toContain('Ресторан «Жар-печь на Патриарших», Москва, ул. Малая Бронная, 24');
    expect(text).toContain('Самовывоз, время выдачи: По готовности.');
    expect(text).toContain('Маргарита: 2 × 590,00 ₽ = 1180,00 ₽');
    expect(text).toContain(`Итого: ${formatMoney(135_000)}`);
    expect(text).toContain('Документ не является кассовым чеком.');
    expect(letter).toMatchObject({
      channel: 'email',
      code: null,
      message_id: `<receipt-${order.id}@${testConfig().providers.mail.domain}>`,
    });

    const link = new URL(/Чек заказа: (\S+)/.exec(text)?.[1] ?? '');
    expect(link.origin).toBe(origin());
    expect(link.searchParams.get('sig')).toBe(linkSignature(testConfig().authSecret, 'receipt', order.id));
    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Заказ № ${row.znumber}`);
  });

  it('sends nothing when the guest did not ask for the receipt by e-mail (no address, a kiosk order)', async () => {
    const { guest, order } = await paidAtBank(undefined);
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    expect(await orderRow(t.database, order.id)).toMatchObject({
      paid: true,
      receipt_due_at: null,
      receipt_sent_at: null,
      receipt_attempts: 0,
    });
    expect(await sendDueReceipts(deps(), order.id)).toEqual([]);
  });

  it('leaves the order paid when the mail service fails, and the worker sends the letter once the service is back', async () => {
    await faults(100);
    try {
      const email = newAddress();
      const { guest, order } = await paidAtBank(email);
      expect(await check(t.app, order.id, guest.token)).toBe('ok');
      // The failed send is over once the letter is due again later (the first retry waits 30 s).
      await vi.waitFor(
        async () =>
          expect((await orderRow(t.database, order.id)).receipt_due_at?.getTime()).toBeGreaterThan(Date.now() + 20_000),
        MAILED,
      );
      expect(await orderRow(t.database, order.id)).toMatchObject({
        paid: true,
        status: 20,
        receipt_sent_at: null,
        receipt_attempts: 1,
      });
      expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['paid']);
      expect(await lettersTo(email)).toEqual([]);
      // Not before its time.
      expect(await sendDueReceipts(deps(), order.id)).toEqual([]);

      await faults(0);
      await t.database.db
        .updateTable('orders')
        .set({ receipt_due_at: new Date(Date.now() - 1000) })
        .where('id', '=', order.id)
        .execute();
      expect(await receiptWorkerRun(deps())).toContainEqual({ orderId: order.id, result: 'sent' });
      expect(await lettersTo(email)).toHaveLength(1);
      expect(await orderRow(t.database, order.id)).toMatchObject({ receipt_due_at: null, receipt_attempts: 2 });
    } finally {
      await faults(0);
    }
  });

  it('sends one letter when the payment is settled by many requests at once (checks, callbacks)', async () => {
    const email = newAddress();
    const { guest, order, mdOrder } = await paidAtBank(email);
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => checkRequest(t.app, order.id, guest.token)),
      ...Array.from({ length: 4 }, () => callback(t.app, signedCallback(mdOrder))),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    await vi.waitFor(async () => expect((await orderRow(t.database, order.id)).receipt_sent_at).not.toBeNull(), MAILED);
    expect(await lettersTo(email)).toHaveLength(1);
    expect((await orderRow(t.database, order.id)).receipt_attempts).toBe(1);
  });

  it('two workers and the request that paid (two instances) send a due letter once', async () => {
    const email = newAddress();
    const order = await dueOrder(email);
    const runs = await Promise.all([
      receiptWorkerRun(deps()),
      receiptWorkerRun(deps()),
      sendDueReceipts(deps(), order.id),
      sendDueReceipts(deps(), order.id),
    ]);
    expect(runs.flat().filter((report) => report.orderId === order.id)).toEqual([
      { orderId: order.id, result: 'sent' },
    ]);
    expect(await lettersTo(email)).toHaveLength(1);
    expect(await orderRow(t.database, order.id)).toMatchObject({ receipt_attempts: 1, receipt_due_at: null });
  });

  it('sends the letter of a taker that stopped before sending (a restart) once its lease ran out, and the stalled taker sends nothing', async () => {
    const email = newAddress();
    const order = await dueOrder(email);
    const stalled = await takeDueReceipt(t.database.db, order.id, 10, 86_400);
    expect(stalled).toMatchObject({ id: order.id, email, attempts: 1 });
    // Within the lease nobody else takes it.
    expect(await receiptWorkerRun(deps())).not.toContainEqual(expect.objectContaining({ orderId: order.id }));
    await t.database.db
      .updateTable('orders')
      .set({ receipt_due_at: new Date(Date.now() - 1000) })
      .where('id', '=', order.id)
      .execute();
    expect(await receiptWorkerRun(deps())).toContainEqual({ orderId: order.id, result: 'sent' });
    expect(await lettersTo(email)).toHaveLength(1);
    expect(await orderRow(t.database, order.id)).toMatchObject({ receipt_attempts: 2, receipt_due_at: null });
  });

  it(`gives a letter up after ${RECEIPT_POLICY.maxAttempts} tries, and never sends one for an order paid more than a day ago`, async () => {
    await faults(1);
    try {
      const email = newAddress();
      const order = await dueOrder(email);
      await t.database.db
        .updateTable('orders')
        .set({ receipt_attempts: RECEIPT_POLICY.maxAttempts - 1 })
        .where('id', '=', order.id)
        .execute();
      expect(await sendDueReceipts(deps(), order.id)).toEqual([{ orderId: order.id, result: 'gave_up' }]);
      expect(await orderRow(t.database, order.id)).toMatchObject({ receipt_due_at: null, receipt_sent_at: null });
      expect(await lettersTo(email)).toEqual([]);
    } finally {
      await faults(0);
    }
    const oldEmail = newAddress();
    const old = await dueOrder(oldEmail, new Date(Date.now() - 25 * 3600 * 1000));
    expect((await receiptWorkerRun(deps())).filter((report) => report.orderId === old.id)).toEqual([]);
    expect(await orderRow(t.database, old.id)).toMatchObject({
      receipt_due_at: null,
      receipt_sent_at: null,
      receipt_attempts: 0,
    });
    expect(await lettersTo(oldEmail)).toEqual([]);
  });

  it('the sandbox mail service records a sign-in code, never a number of a receipt, and its faults switch checks its count', async () => {
    const email = newAddress();
    const order = await dueOrder(email);
    expect(await sendDueReceipts(deps(), order.id)).toEqual([{ orderId: order.id, result: 'sent' }]);
    expect((await lettersTo(email))[0]?.code).toBeNull();
    for (const count of [-1, 101, 1.5, 'x'])
      expect((await post(t.app, '/sandbox/providers/mailgun/faults', { count })).statusCode).toBe(400);
  });
});
