import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, formatShortDate, ORDER_STATUS, wallClockAt } from '@chain/domain';
import { rbsCallbackChecksum } from '../src/adapters/acquiring/rbs';
import { buildApp } from '../src/app';
import { testConfig, type Config } from '../src/config';
import { STATE_LINES } from '../src/logging/state';
import { startMaintenance } from '../src/maintenance';
import { startPaymentWorker } from '../src/modules/payments/worker';
import { startSandboxKitchen } from '../src/sandbox/kitchen';
import { databaseKinds, freshDatabase, type TestDatabase } from './support/build';
import { post } from './support/calls';
import { connectedKiosk } from './support/kiosk';
import {
  callback,
  check,
  mdOrderOf,
  paymentRows,
  pressBankPage,
  pressCardForm,
  startCard,
  startSbp,
} from './support/payments';
import { readOutbox, solveCaptcha } from './support/sign-in';
import { bearer, lastStaffCode, staffAccount } from './support/staff';

// Issue 32 «Logs that help at 3 a.m.» (docs/operations.md «Logs»): a realistic slice of the
// product runs in process with every log line kept — a guest signs in by phone and saves an
// e-mail, orders a delivery and pays by card after a decline, a kiosk order is paid by SBP and a
// manager cancels it with its money returned, the kitchen moves an order on the board, an unpaid
// order runs out of time and its open form is declined by the payment worker. Then (a) every
// status, payment and refund change of those orders is one line with the order id, the request id
// (or the worker that made it) and the acquirer's id of the payment, and (b) no phone, e-mail,
// code, token, password or secret the run handled appears anywhere in the lines.

const KURSKY = 5; // self + courier, open round the clock
const KURSKY_POINT = { lat: 55.7574, lon: 37.6596 };
const tomorrow = () => formatShortDate(addDays(wallClockAt(new Date(), 'Europe/Moscow').date, 1));
const secretText = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;

interface Line {
  msg: string;
  level: number;
  reqId?: string;
  requestId?: string | null;
  by?: string;
  orderId?: number;
  paymentId?: number;
  refundId?: number;
  from?: number | string | null;
  to?: number | string | null;
  actor?: string;
  providerPaymentId?: string | null;
  [key: string]: unknown;
}

/** The forms a Russian phone is written in: +7…, 7…, 8…, ten digits, with brackets and dashes. */
function phoneForms(digits: string): string[] {
  const ten = digits.slice(1);
  const spaced = `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6, 8)}-${ten.slice(8)}`;
  return [
    `+7${ten}`,
    `7${ten}`,
    `8${ten}`,
    ten,
    `+7 ${spaced}`,
    `8 ${spaced}`,
    `${ten.slice(0, 3)} ${ten.slice(3, 6)} ${ten.slice(6, 8)} ${ten.slice(8)}`,
  ];
}

describe.each(databaseKinds())('the logs of a run on %s (issue 32: logs that help at 3 a.m.)', (kind) => {
  const written: string[] = [];
  /** Every secret value the run handled: none may appear in a line. */
  const secrets = new Map<string, string>();
  const keep = (label: string, value: string | null | undefined) => {
    if (value) secrets.set(value, label);
  };
  let config: Config;
  let app: FastifyInstance;
  let database: TestDatabase;
  const orders: Record<string, number> = {};
  const stops: Array<() => unknown> = [];

  beforeAll(async () => {
    const base = testConfig();
    config = testConfig({
      logLevel: 'info',
      kitchenStepSeconds: 1,
      authSecret: secretText('auth-secret'),
      providers: {
        ...base.providers,
        smsru: { ...base.providers.smsru, apiId: secretText('smsru-key') },
        mail: { ...base.providers.mail, apiKey: secretText('mail-key') },
        acquiring: {
          ...base.providers.acquiring,
          password: secretText('acquiring-password'),
          callbackSecret: secretText('callback-secret'),
        },
        tips: base.providers.tips && { ...base.providers.tips, apiKey: secretText('tips-key') },
      },
    });
    keep('AUTH_SECRET', config.authSecret);
    keep('SMS key', config.providers.smsru.apiId);
    keep('mail key', config.providers.mail.apiKey);
    keep('acquirer password', config.providers.acquiring.password);
    keep('acquirer callback key', config.providers.acquiring.callbackSecret);
    keep('tips key', config.providers.tips?.apiKey);
    database = await freshDatabase(kind);
    app = await buildApp(config, {
      database: database.handle,
      logDestination: { write: (line) => void written.push(line) },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await app.close();
    await database.dispose();
  });

  it('runs a day of guests, kiosk, kitchen and managers', { timeout: 60_000 }, async () => {
    // A guest signs in by phone (SPEC 5): captcha, SMS code, session token.
    const phone = `7916${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    for (const form of phoneForms(phone)) keep('guest phone', form);
    const captcha = await solveCaptcha(app, phone);
    keep('captcha answer', captcha);
    const sent = await post(app, '/api/v1/user/sendSms', { phone: phoneForms(phone)[4], captcha, authType: 'sms' });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = (await readOutbox(app, phone)).messages.at(-1)?.code ?? '';
    keep('SMS code', code);
    const signedIn = await post(app, '/api/v1/user/checkSms', { phone, authType: 'sms', code });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const user = signedIn.json<{ user: { id: number; password: string } }>().user;
    const guest = { id: user.id, token: user.password };
    keep('guest session token', guest.token);

    // A broken client sends its token as a body that is not JSON: a 400, whose line does not quote the body.
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/order/payment/start',
      headers: { 'content-type': 'application/json' },
      payload: guest.token,
    });
    expect(broken.statusCode).toBe(400);

    // Saves an e-mail to the profile.
    const email = `Log.Guest.${randomBytes(4).toString('hex')}@example.ru`;
    keep('guest e-mail', email);
    keep('guest e-mail', email.toLowerCase());
    keep('guest e-mail', encodeURIComponent(email.toLowerCase()));
    expect((await post(app, '/api/v1/user/update', { id: guest.id, password: guest.token, email })).statusCode).toBe(
      200,
    );

    // A delivery for tomorrow, with a receipt by e-mail and a phone of its own.
    const orderPhone = `7926${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    for (const form of phoneForms(orderPhone)) keep('order phone', form);
    const delivery = await post(app, '/api/v2/order/create', {
      source: 'web',
      v: 3,
      user: { id: guest.id, password: guest.token },
      cart: [{ item: 101, cnt: 2 }],
      order: {
        type: 'delivery',
        comment: '',
        props: { address: { ...KURSKY_POINT, full: 'Москва, ул. Земляной Вал, 33' } },
      },
      deliveryDateTimeProps: { deliveryDate: tomorrow(), deliveryTime: '11:00-14:00', isTimePeriods: 1 },
      restoran: KURSKY,
      phone: phoneForms(orderPhone)[5],
      email,
      emailsend: 1,
      idempotency_key: randomUUID(),
    });
    expect(delivery.statusCode, delivery.body).toBe(200);
    const deliveryId = delivery.json<{ id: number }>().id;
    orders.delivery = deliveryId;

    // Paid by card after the bank declined the first form; the bank's callback comes as well.
    await pressCardForm(app, (await startCard(app, guest, deliveryId)).formUrl ?? '', 'decline');
    expect(await check(app, deliveryId, guest.token)).not.toBe('ok');
    const form = (await startCard(app, guest, deliveryId)).formUrl ?? '';
    await pressCardForm(app, form, 'pay');
    expect(await check(app, deliveryId, guest.token)).toBe('ok');
    const params = { mdOrder: mdOrderOf(form), orderNumber: 'x', operation: 'deposited', status: '1' };
    const checksum = rbsCallbackChecksum(params, config.providers.acquiring.callbackSecret);
    keep('callback checksum', checksum);
    expect((await callback(app, { ...params, checksum })).statusCode).toBe(200);

    // The kitchen signs in with its password and an e-mailed code, and moves it on the board.
    const cook = await staffAccount(database.handle, { role: 'kitchen', restaurantIds: [KURSKY] });
    const cookToken = await staffSignIn(cook);
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/api/staff/orders/${deliveryId}/status`,
          headers: bearer(cookToken),
          payload: { to: ORDER_STATUS.cooking },
        })
      ).statusCode,
    ).toBe(200);
    // The sandbox kitchen's button moves it on once more.
    expect((await app.inject({ method: 'POST', url: `/sandbox/kitchen/orders/${deliveryId}/next` })).statusCode).toBe(
      200,
    );

    // A kiosk order paid by SBP; its follow link opened on the guest's phone.
    const kiosk = await connectedKiosk(database.handle, KURSKY);
    keep('kiosk token', kiosk.token);
    const placed = await post(app, '/api/v2/order/create', {
      source: 'kiosk',
      kiosk_token: kiosk.token,
      v: 3,
      user: { id: '' },
      cart: [{ item: 101, cnt: 1 }],
      order: { type: 'self', comment: '' },
      restoran: KURSKY,
      paysystem: 'sbp',
      idempotency_key: randomUUID(),
    });
    expect(placed.statusCode, placed.body).toBe(200);
    const kioskOrder = placed.json<{ id: number; sum: number; follow_token: string }>();
    const kioskId = kioskOrder.id;
    orders.kiosk = kioskId;
    keep('follow token', kioskOrder.follow_token);
    expect(
      (await app.inject({ method: 'GET', url: `/api/v1/order/follow/${kioskOrder.follow_token}` })).statusCode,
    ).toBe(200);
    await pressBankPage(app, (await startSbp(app, null, kioskId, { kiosk_token: kiosk.token })).qrPayload ?? '', 'pay');
    expect(await check(app, kioskId, kiosk.token)).toBe('ok');

    // A manager cancels it with its money returned (issue 31).
    const manager = await staffAccount(database.handle, { role: 'manager', restaurantIds: [KURSKY] });
    const managerToken = await staffSignIn(manager);
    const sum = (
      await database.handle.db.selectFrom('orders').select('sum').where('id', '=', kioskId).executeTakeFirstOrThrow()
    ).sum;
    const refund = await app.inject({
      method: 'POST',
      url: `/api/staff/orders/${kioskId}/refunds`,
      headers: bearer(managerToken),
      payload: { key: randomUUID().replace(/-/g, ''), full: true, lines: [], refunded: 0, amount: sum },
    });
    expect(refund.statusCode, refund.body).toBe(200);

    // An order left unpaid with its card form open runs out of time: housekeeping cancels it, and
    // the payment worker declines its form at the bank.
    const unpaid = await post(app, '/api/v2/order/create', {
      source: 'web',
      v: 3,
      user: { id: guest.id, password: guest.token },
      cart: [{ item: 101, cnt: 1 }],
      order: { type: 'self', comment: '' },
      restoran: KURSKY,
      idempotency_key: randomUUID(),
    });
    expect(unpaid.statusCode, unpaid.body).toBe(200);
    const expiredId = unpaid.json<{ id: number }>().id;
    orders.expired = expiredId;
    await startCard(app, guest, expiredId);
    await database.handle.db
      .updateTable('orders')
      .set({ created_at: new Date(Date.now() - 3 * 3_600_000) })
      .where('id', '=', expiredId)
      .execute();
    stops.push(startMaintenance(app));
    await vi.waitFor(async () => expect((await orderOf(expiredId)).status).toBe(ORDER_STATUS.cancelled), {
      timeout: 10_000,
      interval: 100,
    });
    stops.push(startPaymentWorker(app));
    await vi.waitFor(
      async () =>
        expect((await paymentRows(database.handle, expiredId)).map((row) => row.status)).toEqual(['cancelled']),
      { timeout: 15_000, interval: 200 },
    );

    // The kitchen finishes the delivery on its own.
    stops.push(startSandboxKitchen(app));
    await vi.waitFor(async () => expect((await orderOf(deliveryId)).status).toBe(ORDER_STATUS.done), {
      timeout: 15_000,
      interval: 200,
    });
    while (stops.length > 0) await stops.pop()?.();
    // Work the requests left running (a receipt, a tips id) ends before the lines are read.
    await vi.waitFor(async () => expect((await orderOf(deliveryId)).receipt_sent_at).not.toBeNull(), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it('logs each order status change once, with the order id and the request id or the worker that made it', async () => {
    expect(Object.keys(orders)).toEqual(['delivery', 'kiosk', 'expired']);
    const lines = parsed();
    const requestIds = new Set(lines.flatMap((line) => (typeof line.reqId === 'string' ? [line.reqId] : [])));
    for (const [name, orderId] of Object.entries(orders)) {
      const history = await database.handle.db
        .selectFrom('order_status_history')
        .select(['status', 'actor'])
        .where('order_id', '=', orderId)
        .orderBy('id')
        .execute();
      const moves = lines.filter((line) => line.msg === STATE_LINES.order && line.orderId === orderId);
      expect(
        moves.map((line) => [line.from, line.to, line.actor]),
        name,
      ).toEqual(history.map((row, index) => [index === 0 ? null : history[index - 1]?.status, row.status, row.actor]));
      for (const line of moves) {
        expect(line.level, name).toBe(30);
        if (line.requestId === null) expect(['payment-worker', 'order-expiry', 'sandbox-kitchen']).toContain(line.by);
        else {
          expect(line.by).toBe('request');
          expect(requestIds.has(String(line.requestId)), `${name}: ${String(line.requestId)} is a request's id`).toBe(
            true,
          );
          expect(line.reqId).toBe(line.requestId);
        }
      }
    }
    const byWorker = (orderId: number | undefined, by: string) =>
      lines
        .filter((line) => line.msg === STATE_LINES.order && line.orderId === orderId && line.by === by)
        .map((line) => [line.from, line.to]);
    expect(byWorker(orders.expired, 'order-expiry')).toEqual([[ORDER_STATUS.awaitingPayment, ORDER_STATUS.cancelled]]);
    expect(byWorker(orders.delivery, 'sandbox-kitchen')).toEqual([[ORDER_STATUS.ready, ORDER_STATUS.done]]);
  });

  it("logs each payment and refund state change once, with the acquirer's own id of the payment", async () => {
    const lines = parsed();
    for (const [name, orderId] of Object.entries(orders)) {
      const payments = await paymentRows(database.handle, orderId);
      expect(payments.length, name).toBeGreaterThan(0);
      for (const payment of payments) {
        const moves = lines.filter((line) => line.msg === STATE_LINES.payment && line.paymentId === payment.id);
        // A chain from the claim (null) to the state the payment is in now: one line per change.
        expect(moves[0]?.from, `${name} payment ${payment.id}`).toBeNull();
        for (const [index, line] of moves.entries()) {
          expect(line.orderId).toBe(orderId);
          if (index > 0) expect(line.from).toBe(moves[index - 1]?.to);
          if (line.to !== 'registering') expect(line.providerPaymentId).toBe(payment.provider_id);
          expect(line.providerPaymentId === null || line.providerPaymentId === payment.provider_id).toBe(true);
          expect(line.requestId === null ? line.by : line.reqId).toBeTruthy();
        }
        expect(moves.at(-1)?.to, `${name} payment ${payment.id}`).toBe(payment.status);
        expect(payment.provider_id).toBeTruthy();
      }
    }
    const delivery = lines
      .filter((line) => line.msg === STATE_LINES.payment && line.orderId === orders.delivery)
      .map((line) => line.to);
    expect(delivery).toEqual(expect.arrayContaining(['declined', 'paid']));
    expect(
      lines
        .filter((line) => line.msg === STATE_LINES.payment && line.orderId === orders.expired)
        .map((line) => [line.to, line.by]),
    ).toEqual([
      ['registering', 'request'],
      ['pending', 'request'],
      ['cancelling', 'order-expiry'],
      ['cancelled', 'payment-worker'],
    ]);

    // The other lines of the same work carry the same request id, or the worker's `by`.
    const paidLine = lines.find(
      (line) => line.msg === STATE_LINES.payment && line.orderId === orders.delivery && line.to === 'paid',
    );
    expect(lines.find((line) => line.msg === 'order paid' && line.orderId === orders.delivery)?.reqId).toBe(
      paidLine?.requestId,
    );
    expect(
      lines.find((line) => line.msg === 'payment closed at the bank' && line.orderId === orders.expired),
    ).toMatchObject({ by: 'payment-worker' });

    const refunds = await database.handle.db
      .selectFrom('order_refunds')
      .select(['id', 'status', 'payment_id'])
      .where('order_id', '=', orders.kiosk ?? 0)
      .execute();
    expect(refunds.map((refund) => refund.status)).toEqual(['done']);
    const kioskPayment = (await paymentRows(database.handle, orders.kiosk ?? 0)).find(
      (payment) => payment.status === 'paid',
    );
    const refundLines = lines.filter((line) => line.msg === STATE_LINES.refund && line.refundId === refunds[0]?.id);
    expect(
      refundLines.map((line) => [line.from, line.to, line.orderId, line.paymentId, line.providerPaymentId]),
    ).toEqual([
      [null, 'pending', orders.kiosk, kioskPayment?.id, kioskPayment?.provider_id],
      ['pending', 'done', orders.kiosk, kioskPayment?.id, kioskPayment?.provider_id],
    ]);
  });

  it('writes no phone, e-mail, code, token, password or secret the run handled', () => {
    expect(secrets.size).toBeGreaterThan(20);
    // The lines without what every line has (the process id, the time, the request's duration):
    // digits of those are not a leaked code.
    const text = parsed()
      .map(({ pid: _pid, time: _time, responseTime: _duration, hostname: _host, ...rest }) => JSON.stringify(rest))
      .join('\n');
    const leaks: string[] = [];
    for (const [value, label] of secrets) {
      // A short code is found as a token of its own (not inside an id or a sum).
      const found = /^\d{1,6}$/.test(value)
        ? new RegExp(`(?<![\\w.:,\\[-])${value}(?![\\w.])`).test(text)
        : text.toLowerCase().includes(value.toLowerCase());
      if (found) leaks.push(`${label}: ${value}`);
    }
    expect(leaks).toEqual([]);
    // Requests are logged, their paths without query strings.
    const urls = parsed().flatMap((line) =>
      line.req && typeof line.req === 'object' && 'url' in line.req ? [String(line.req.url)] : [],
    );
    expect(urls.length).toBeGreaterThan(20);
    expect(urls.filter((url) => url.includes('?'))).toEqual([]);
    expect(urls).toContain('/api/v1/order/follow/[redacted]');
  });

  function parsed(): Line[] {
    return written.map((line) => JSON.parse(line) as Line);
  }

  function orderOf(orderId: number | undefined) {
    return database.handle.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', orderId ?? 0)
      .executeTakeFirstOrThrow();
  }

  /** Both steps of a staff sign-in (password, then the e-mailed code); every secret of it kept. */
  async function staffSignIn(account: { login: string; email: string; password: string }): Promise<string> {
    keep('staff password', account.password);
    keep('staff e-mail', account.email);
    const first = await app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { login: account.login, password: account.password },
    });
    expect(first.statusCode, first.body).toBe(200);
    const { challenge } = first.json<{ challenge: string }>();
    keep('staff challenge', challenge);
    const staffCode = await lastStaffCode(database.handle, account.email);
    keep('staff code', staffCode);
    const second = await app.inject({
      method: 'POST',
      url: '/api/staff/verify',
      payload: { challenge, code: staffCode },
    });
    expect(second.statusCode, second.body).toBe(200);
    const { token, device } = second.json<{ token: string; device: string }>();
    keep('staff token', token);
    keep('staff device token', device);
    return token;
  }
});
