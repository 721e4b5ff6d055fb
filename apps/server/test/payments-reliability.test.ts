import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import type { DatabaseHandle } from '../src/db/client';
import { settlePayment } from '../src/modules/payments/settle';
import { buildTestApp, databaseKinds, freshDatabase, type DatabaseKind, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import {
  acceptedRows,
  callback,
  check,
  checkRequest,
  mdOrderOf,
  orderRow,
  paymentRows,
  pressCardForm,
  signedCallback,
  START,
  startCard,
  startSbp,
} from './support/payments';
import { signedInUser } from './support/users';

// Issue 5 reliability: a payment marks its order paid exactly once however the check and the
// bank's callback race, a restart loses nothing, and a silent bank never gives a 5xx.

describe.each(databaseKinds())('paid exactly once on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('lets checks and callbacks race for the same payment: the order is paid once, with one history row', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const { formUrl } = await startCard(t.app, guest, order.id);
    const mdOrder = mdOrderOf(formUrl ?? '');
    // The bank takes the money; its own callback is not sent, so only the racers below report it.
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 2, masked_pan: '411111**1111' })
      .where('md_order', '=', mdOrder)
      .execute();

    const answers = await Promise.all([
      checkRequest(t.app, order.id, guest.token),
      callback(t.app, signedCallback(mdOrder)),
      checkRequest(t.app, order.id, guest.token),
      callback(t.app, signedCallback(mdOrder)),
      checkRequest(t.app, order.id, guest.token),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    expect(
      answers.filter((_, index) => index % 2 === 0).map((answer) => answer.json<{ status: string }>().status),
    ).toContain('ok');

    const row = await orderRow(t.database, order.id);
    expect(row).toMatchObject({ paid: true, status: 20 });
    expect(await acceptedRows(t.database, order.id)).toBe(1);
    expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['paid']);

    // Later reports change nothing, paid_at included.
    await Promise.all([callback(t.app, signedCallback(mdOrder)), check(t.app, order.id, guest.token)]);
    expect((await orderRow(t.database, order.id)).paid_at).toEqual(row.paid_at);
    expect(await acceptedRows(t.database, order.id)).toBe(1);
  });

  it('settles once when settlePayment itself runs many times at once', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 10_000 });
    const payment = await t.database.db
      .insertInto('payments')
      .values({ order_id: order.id, method: 'card', provider_id: randomUUID(), amount: 10_000 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        settlePayment(
          t.database.db,
          t.app.log,
          payment.id,
          index === 3 ? { kind: 'declined', reason: 'late' } : { kind: 'paid', amount: 10_000, card: null },
        ),
      ),
    );
    expect(results.filter((result) => result.changed)).toHaveLength(1);
    const [winner] = results.filter((result) => result.changed);
    const row = await orderRow(t.database, order.id);
    expect(row.paid).toBe(winner?.paymentStatus === 'paid');
    expect(await acceptedRows(t.database, order.id)).toBe(row.paid ? 1 : 0);
    for (const result of results) expect(result.paymentStatus).toBe(winner?.paymentStatus);
  });

  it('returns a second payment of a paid order to the payer and leaves the order as it was (issue 11.1)', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const card = await startCard(t.app, guest, order.id);
    const sbp = await startSbp(t.app, guest, order.id);
    const sbpPayment = (await paymentRows(t.database, order.id)).find((payment) => payment.method === 'sbp');
    // The SBP QR is paid in another tab just before the card form; its bank's callback comes
    // late. (Paid after the card instead, it races the decline sent once the card settles, and
    // a declined QR takes no money: nothing to return, so it would prove nothing here.) Which of
    // the two pays the order is whichever is settled first; the other's money goes back.
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 2 })
      .where('md_order', '=', sbpPayment?.provider_id ?? '')
      .execute();
    await pressCardForm(t.app, card.formUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    const paidAt = (await orderRow(t.database, order.id)).paid_at;
    expect(sbp.qrPayload).toBe(sbpPayment?.sbp_payload);
    expect((await callback(t.app, signedCallback(sbpPayment?.provider_id ?? ''))).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await paymentRows(t.database, order.id)).map((payment) => payment.status).sort()).toEqual([
          'paid',
          'refunded',
        ]),
      {
        timeout: 10_000,
      },
    );
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: true, status: 20, paid_at: paidAt });
    expect(await acceptedRows(t.database, order.id)).toBe(1);
  });
});

/** A handle whose close() leaves the database open: the first "server" of a restart. */
function keptOpen(handle: DatabaseHandle): DatabaseHandle {
  return { ...handle, close: async () => undefined };
}

async function startServer(handle: DatabaseHandle): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(), { database: handle });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

describe.each(databaseKinds())('a restart between order and payment on %s', (kind: DatabaseKind) => {
  it('loses nothing: an order made before the restart is paid after it, and a form opened before it pays after it', async () => {
    const database = await freshDatabase(kind);
    let second: FastifyInstance | undefined;
    try {
      const first = await startServer(keptOpen(database.handle));
      const guest = await signedInUser(database.handle);
      const madeBefore = await insertTestOrder(database.handle, { userId: guest.id });
      const startedBefore = await insertTestOrder(database.handle, { userId: guest.id });
      const opened = await startCard(first, guest, startedBefore.id);
      await first.close();

      second = await startServer(database.handle);
      // The form opened before the restart is the bank's: the guest pays it now.
      await pressCardForm(second, opened.formUrl ?? '', 'pay');
      expect(await check(second, startedBefore.id, guest.token)).toBe('ok');
      // The order made before the restart is still payable, and pays.
      const fresh = await startCard(second, guest, madeBefore.id);
      await pressCardForm(second, fresh.formUrl ?? '', 'pay');
      expect(await check(second, madeBefore.id, guest.token)).toBe('ok');
      for (const id of [madeBefore.id, startedBefore.id]) {
        expect(await orderRow(database.handle, id)).toMatchObject({ paid: true, status: 20 });
        expect(await acceptedRows(database.handle, id)).toBe(1);
      }
    } finally {
      await second?.close();
      await database.dispose();
    }
  });
});

describe.each(databaseKinds())('a bank that does not answer, on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    const config = testConfig();
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    t = await buildTestApp(kind, {
      providers: { ...config.providers, acquiring: { ...config.providers.acquiring, baseUrl: 'http://127.0.0.1:9' } },
    });
  });
  afterAll(() => t.close());

  it('answers start and sbp with the init-failure message and records no payment (SPEC 8)', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const card = await startCard(t.app, guest, order.id);
    expect(card).toMatchObject({ formUrl: null });
    expect(card.errorMessage).toMatch(/^Ошибка инициализации платежа/);
    const sbp = await startSbp(t.app, guest, order.id);
    expect(sbp).toMatchObject({ variants: [], paymentUrl: null, qrPayload: null });
    expect(sbp.errorMessage).toMatch(/^Ошибка инициализации платежа/);
    expect(await paymentRows(t.database, order.id)).toEqual([]);
  });

  it('keeps a pending payment pending (the app polls on), and asks the bank to call back later (502)', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const providerId = randomUUID();
    await t.database.db
      .insertInto('payments')
      .values({ order_id: order.id, method: 'card', provider_id: providerId, amount: 150_000 })
      .execute();
    expect(await check(t.app, order.id, guest.token)).toBe('pending');
    const res = await callback(t.app, signedCallback(providerId));
    expect(res.statusCode).toBe(502);
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: false, status: 10 });
    // Starting again while the bank is silent refuses politely, not with a 5xx.
    const again = await post(t.app, START, { user_id: guest.id, token: guest.token, order_id: order.id });
    expect(again.statusCode).toBe(200);
  });
});
