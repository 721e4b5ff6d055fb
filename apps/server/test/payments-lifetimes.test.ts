import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { paymentStartResponse } from '@chain/contract';
import { ACQUIRER_CALL_TIMEOUT_MS } from '../src/adapters/acquiring/types';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import {
  bankFaults,
  bankOrdersOf,
  guestWithSavedCard,
  keptAtBank,
  mdOrderOf,
  paymentEvents,
  paymentRows,
  pressBankPage,
  START,
  startCard,
  startSbp,
} from './support/payments';
import { signedInUser } from './support/users';

// Issue 11.1, second read: one live bank payment per order once the reuse window of a form or
// QR has passed, and a saved card's charge that takes as long as the bank may take.

/** How long closing at the bank (after the request that claimed or settled) may take on a busy machine. */
const SETTLES = { timeout: 10_000, interval: 50 };

describe.each(databaseKinds())('lifetimes of forms, QRs and claims on %s (issue 11.1)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const ageCreatedAt = (paymentId: number, seconds: number) =>
    t.database.db
      .updateTable('payments')
      .set({ created_at: new Date(Date.now() - seconds * 1000) })
      .where('id', '=', paymentId)
      .execute();

  it('declines the old card form when a start after its 15-minute reuse registers a new one: only the new form can pay', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const old = await startCard(t.app, guest, order.id);
    const [oldPayment] = await paymentRows(t.database, order.id);
    // The guest comes back 16 minutes later: past the reuse, while the bank keeps the form 20.
    await ageCreatedAt(oldPayment?.id ?? 0, 16 * 60);
    const fresh = await startCard(t.app, guest, order.id);
    expect(fresh.formUrl).not.toBe(old.formUrl);

    await vi.waitFor(
      async () =>
        expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual([
          'cancelled',
          'pending',
        ]),
      SETTLES,
    );
    const late = await post(t.app, new URL(old.formUrl ?? '').pathname, { action: 'pay' });
    expect(late.statusCode).toBe(409);
    expect(
      (await bankOrdersOf(t.database, order.id)).find((row) => row.md_order === mdOrderOf(old.formUrl ?? ''))?.status,
    ).toBe(6);
    expect(await paymentEvents(t.database, order.id)).toEqual([
      expect.objectContaining({ payment_id: oldPayment?.id, kind: 'decline', outcome: 'done' }),
    ]);
    expect((await post(t.app, new URL(fresh.formUrl ?? '').pathname, { action: 'pay' })).statusCode).toBe(200);
    expect(await keptAtBank(t.database, order.id)).toBe(order.sum);
  });

  it('declines the old SBP QR when a start after its 10-minute reuse gives a new one: the old QR no longer pays', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const old = await startSbp(t.app, guest, order.id);
    const [oldPayment] = await paymentRows(t.database, order.id);
    await ageCreatedAt(oldPayment?.id ?? 0, 11 * 60);
    const fresh = await startSbp(t.app, guest, order.id);
    expect(fresh.qrPayload).not.toBe(old.qrPayload);

    await vi.waitFor(
      async () =>
        expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual([
          'cancelled',
          'pending',
        ]),
      SETTLES,
    );
    const late = await post(t.app, new URL(old.paymentUrl ?? '').pathname, { action: 'pay' });
    expect(late.statusCode).toBe(409);
    expect(await pressBankPage(t.app, fresh.paymentUrl ?? '', 'pay')).toMatchObject({ status: 'paid' });
    expect(await keptAtBank(t.database, order.id)).toBe(order.sum);
  });

  it('keeps the card form of the other method open: a new QR does not decline a live card form (the guest may switch back)', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    await startCard(t.app, guest, order.id);
    await startSbp(t.app, guest, order.id);
    expect((await paymentRows(t.database, order.id)).map((payment) => [payment.method, payment.status])).toEqual([
      ['card', 'pending'],
      ['sbp', 'pending'],
    ]);
  });

  it("charges a saved card once when a second tap comes while the first tap's charge is still at the bank after 3 of its calls' timeouts", async () => {
    const { guest, bindingId } = await guestWithSavedCard(t.app, t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 59_000 });
    // The bank is slow to charge the card (paymentOrderBinding.do).
    await bankFaults(t.app, 'paymentOrderBinding.do', 1, 1500);
    const tap = () =>
      post(t.app, START, { user_id: guest.id, token: guest.token, order_id: order.id, binding_id: bindingId });
    const first = tap();
    // The first tap's claim has its bank order and waits for the charge: as if register.do,
    // paymentOrderBinding.do and the status read had each taken nearly their whole timeout.
    const claimed = await vi.waitFor(async () => {
      const [payment] = await paymentRows(t.database, order.id);
      expect(payment?.status).toBe('registering');
      expect(payment?.provider_id).not.toBeNull();
      return payment;
    }, SETTLES);
    await ageCreatedAt(claimed?.id ?? 0, (3 * ACQUIRER_CALL_TIMEOUT_MS) / 1000 + 1);
    const second = tap();

    for (const res of await Promise.all([first, second])) {
      expect(res.statusCode, res.body).toBe(200);
      expect(paymentStartResponse.parse(res.json())).toMatchObject({ status: 'ok', errorMessage: '' });
    }
    const bankStates = (await bankOrdersOf(t.database, order.id)).map((row) => row.status);
    expect(bankStates).toEqual([2]);
    expect(await keptAtBank(t.database, order.id)).toBe(59_000);
    expect(await paymentEvents(t.database, order.id)).toEqual([]);
  });
});
