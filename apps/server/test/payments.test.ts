import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { errorResponse, paymentBindingsResponse } from '@chain/contract';
import { formatMoney } from '@chain/domain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { connectedKiosk } from './support/kiosk';
import { insertTestOrder } from './support/orders';
import {
  acceptedRows,
  BINDINGS,
  callback,
  check,
  checkRequest,
  keptAtBank,
  mdOrderOf,
  orderRow,
  paymentEvents,
  paymentRows,
  pressBankPage,
  pressCardForm,
  SBP,
  signedCallback,
  START,
  startCard,
  startSbp,
} from './support/payments';
import { signedInUser } from './support/users';

// Issue 5, payments (SPEC 4 Payment, SPEC 7 payment calls, SPEC 8 payment errors): every
// payment goes through the real RBS adapter over HTTP to the sandbox acquirer of this server.

describe.each(databaseKinds())('card payments on %s (SPEC 4, 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it("registers the order's own sum, and the bank's form pays it: check says ok, the order is paid and accepted once", async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 123_450 });
    // A client-sent amount is not part of the call and changes nothing.
    const started = await startCard(t.app, guest, order.id, { amount: 1, sum: 1 });
    expect(started.errorMessage).toBe('');
    expect(started.formUrl).toMatch(/\/sandbox\/acquiring\/form\/[0-9a-f-]{36}$/);
    const formUrl = started.formUrl ?? '';
    const bankOrder = await t.database.db
      .selectFrom('sandbox_acquiring_orders')
      .selectAll()
      .where('md_order', '=', mdOrderOf(formUrl))
      .executeTakeFirstOrThrow();
    expect(bankOrder.amount).toBe(123_450);
    expect(bankOrder.return_url).toMatch(new RegExp(`/payment\\?order_id=${order.id}$`));
    expect(bankOrder.client_id).toBe(String(guest.id));
    expect(await check(t.app, order.id, guest.token)).toBe('pending');

    const paid = await pressCardForm(t.app, formUrl, 'pay');
    expect(paid.orderStatus).toBe(2);
    expect(paid.redirect).toContain(`/payment?order_id=${order.id}&orderId=${mdOrderOf(formUrl)}`);

    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    const row = await orderRow(t.database, order.id);
    expect(row).toMatchObject({ paid: true, status: 20, pay_method: 'card' });
    expect(row.paid_at).toBeInstanceOf(Date);
    expect(await acceptedRows(t.database, order.id)).toBe(1);
    expect((await paymentRows(t.database, order.id)).map((p) => p.status)).toEqual(['paid']);
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
  });

  it('sends the browser of a form post back to the return page (303), and a declined one to the fail page', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const { formUrl } = await startCard(t.app, guest, order.id);
    const path = new URL(formUrl ?? '').pathname;
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=decline',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(new RegExp(`/payment\\?order_id=${order.id}&failed=1&orderId=`));
    // Pressing again changes nothing and leads to the same place.
    const again = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toContain('failed=1');
  });

  it('a declined payment answers fail, leaves the order unpaid, and a new start pays it under a new bank order', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const first = await startCard(t.app, guest, order.id);
    await pressCardForm(t.app, first.formUrl ?? '', 'decline');
    expect(await check(t.app, order.id, guest.token)).toBe('fail');
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: false, status: 10, paid_at: null });

    const second = await startCard(t.app, guest, order.id);
    expect(second.formUrl).not.toBe(first.formUrl);
    expect(await check(t.app, order.id, guest.token)).toBe('pending');
    await pressCardForm(t.app, second.formUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    expect((await paymentRows(t.database, order.id)).map((p) => p.status)).toEqual(['declined', 'paid']);
    expect(await acceptedRows(t.database, order.id)).toBe(1);
  });

  it('refuses a payment whose amount at the bank differs from the order: fail, unpaid, the money returned (issue 11.1)', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 50_000 });
    const { formUrl } = await startCard(t.app, guest, order.id);
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ amount: 100 })
      .where('md_order', '=', mdOrderOf(formUrl ?? ''))
      .execute();
    await pressCardForm(t.app, formUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('fail');
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: false, status: 10 });
    await vi.waitFor(
      async () => expect((await paymentRows(t.database, order.id)).map((p) => p.status)).toEqual(['refunded']),
      { timeout: 10_000 },
    );
    const [payment] = await paymentRows(t.database, order.id);
    expect(payment?.failure).toContain('100');
    expect(await acceptedRows(t.database, order.id)).toBe(0);
    // Returned at the bank, and on the order's payment history with the bank's answer.
    expect(await keptAtBank(t.database, order.id)).toBe(0);
    expect(await paymentEvents(t.database, order.id)).toEqual([
      expect.objectContaining({ kind: 'refund', amount: 100, outcome: 'done', bank_code: '0' }),
    ]);
  });

  it('reuses a pending card form instead of registering the order again', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const first = await startCard(t.app, guest, order.id);
    const second = await startCard(t.app, guest, order.id);
    expect(second.formUrl).toBe(first.formUrl);
    expect(await paymentRows(t.database, order.id)).toHaveLength(1);
  });

  it('accepts the form-urlencoded body the app may send', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const res = await post(
      t.app,
      START,
      new URLSearchParams({
        user_id: String(guest.id),
        token: guest.token,
        order_id: String(order.id),
        fs_uid: '',
        binding_id: '',
      }).toString(),
      {
        contentType: 'application/x-www-form-urlencoded',
      },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json<{ formUrl: string }>().formUrl).toContain('/sandbox/acquiring/form/');
  });

  it("checks the restaurant when fs_uid is given: another restaurant's uid is an unknown order", async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const fsUid = (
      await t.database.db.selectFrom('restaurants').select('fs_uid').where('id', '=', 1).executeTakeFirstOrThrow()
    ).fs_uid;
    expect((await startCard(t.app, guest, order.id, { fs_uid: fsUid })).errorMessage).toBe('');
    const res = await post(t.app, START, {
      user_id: guest.id,
      token: guest.token,
      order_id: order.id,
      fs_uid: 'another-restaurant',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe.each(databaseKinds())('saved cards on %s (SPEC 7 payment/bindings, binding_id)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('saves the card of a form payment, lists it, and pays the next order with it without the form', async () => {
    const guest = await signedInUser(t.database);
    const empty = await post(t.app, BINDINGS, { user_id: guest.id, token: guest.token, fs_uid: 'x' });
    expect(paymentBindingsResponse.parse(empty.json()).bindings).toEqual([]);

    const first = await insertTestOrder(t.database, { userId: guest.id });
    const { formUrl } = await startCard(t.app, guest, first.id);
    await pressCardForm(t.app, formUrl ?? '', 'pay');
    expect(await check(t.app, first.id, guest.token)).toBe('ok');

    const listed = await post(t.app, BINDINGS, { user_id: guest.id, token: guest.token });
    const { bindings } = paymentBindingsResponse.parse(listed.json());
    expect(bindings).toHaveLength(1);
    expect(bindings[0]).toMatchObject({ maskedPan: '411111**1111', expiry: '12/30' });
    const bindingId = bindings[0]?.bindingId ?? '';

    const second = await insertTestOrder(t.database, { userId: guest.id, sum: 99_900 });
    const saved = await startCard(t.app, guest, second.id, { binding_id: bindingId });
    expect(saved).toMatchObject({ errorMessage: '', status: 'ok' });
    expect(saved.formUrl).toMatch(new RegExp(`/payment\\?order_id=${second.id}$`));
    expect(await orderRow(t.database, second.id)).toMatchObject({ paid: true, status: 20 });
    expect(await check(t.app, second.id, guest.token)).toBe('ok');
    const [payment] = await paymentRows(t.database, second.id);
    expect(payment).toMatchObject({ status: 'paid', binding_id: bindingId, amount: 99_900 });

    // Paying again with the same card reuses the binding: still one card.
    const third = await insertTestOrder(t.database, { userId: guest.id });
    const { formUrl: thirdForm } = await startCard(t.app, guest, third.id);
    await pressCardForm(t.app, thirdForm ?? '', 'pay');
    const again = paymentBindingsResponse.parse(
      (await post(t.app, BINDINGS, { user_id: guest.id, token: guest.token })).json(),
    );
    expect(again.bindings.map((b) => b.bindingId)).toEqual([bindingId]);
  });

  it("refuses a card that is not the guest's own with 404 and charges nothing", async () => {
    const owner = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: owner.id });
    const { formUrl } = await startCard(t.app, owner, order.id);
    await pressCardForm(t.app, formUrl ?? '', 'pay');
    const [card] = paymentBindingsResponse.parse(
      (await post(t.app, BINDINGS, { user_id: owner.id, token: owner.token })).json(),
    ).bindings;

    const other = await signedInUser(t.database);
    const otherOrder = await insertTestOrder(t.database, { userId: other.id });
    const res = await post(t.app, START, {
      user_id: other.id,
      token: other.token,
      order_id: otherOrder.id,
      binding_id: card?.bindingId,
    });
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json())).toMatchObject({ error: 'binding_not_found', message: 'Карта не найдена.' });
    expect(
      paymentBindingsResponse.parse((await post(t.app, BINDINGS, { user_id: other.id, token: other.token })).json())
        .bindings,
    ).toEqual([]);
    expect(await paymentRows(t.database, otherOrder.id)).toEqual([]);
  });
});

describe.each(databaseKinds())('SBP on %s (SPEC 2 Payment, SPEC 4, SPEC 7 payment/sbp)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('gives a phone the bank apps, the default bank link and the QR; a bank page pays it', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 77_700 });
    const sbp = await startSbp(t.app, guest, order.id);
    expect(sbp.errorMessage).toBe('');
    expect(sbp.qrPayload).toMatch(
      /^https:\/\/qr\.nspk\.ru\/[A-Z0-9]{32}\?type=02&bank=\d+&sum=77700&cur=RUB&crc=[0-9A-F]{4}$/,
    );
    expect(sbp.variants.length).toBeGreaterThan(1);
    const qrId = new URL(sbp.qrPayload ?? '').pathname.slice(1);
    for (const variant of sbp.variants) {
      expect(variant.link).toMatch(new RegExp(`/sandbox/sbp/${qrId}\\?bank=\\d{12}$`));
      expect(variant.logo).toMatch(/^\/media\/banks\/[a-z]+\.svg$/);
      expect(variant.name).not.toBe('');
    }
    expect(sbp.paymentUrl).toMatch(new RegExp(`/sandbox/sbp/${qrId}$`));
    const logo = await t.app.inject({ method: 'GET', url: sbp.variants[0]?.logo ?? '' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');

    const second = sbp.variants[1];
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(second?.link ?? '').pathname + new URL(second?.link ?? '').search,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(second?.name);
    expect(page.body).toContain(formatMoney(77_700));
    expect(page.body).toMatch(/<button[^>]*value="pay"[^>]*>Оплатить/);
    expect(page.body).toMatch(/<button[^>]*value="decline"[^>]*>Отказаться/);

    expect(await check(t.app, order.id, guest.token)).toBe('pending');
    expect(await pressBankPage(t.app, second?.link ?? '', 'pay')).toEqual({ errorCode: '0', status: 'paid' });
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: true, status: 20, pay_method: 'sbp' });
    expect(await acceptedRows(t.database, order.id)).toBe(1);
  });

  it("gives a kiosk order, which has no user, the QR alone; it answers to its kiosk's token, with no guest's session", async () => {
    const kiosk = await connectedKiosk(t.database, 1);
    const order = await insertTestOrder(t.database, {
      userId: null,
      source: 'kiosk',
      type: 'inrest',
      kioskDeviceId: kiosk.id,
    });
    const sbp = await startSbp(t.app, null, order.id, { kiosk_token: kiosk.token });
    expect(sbp).toMatchObject({ variants: [], paymentUrl: null, errorMessage: '' });
    // What the kiosk draws is the sandbox bank's page, which a phone opens (issue 14).
    expect(sbp.qrPayload).toMatch(/^https?:\/\/[^/]+\/sandbox\/sbp\/[A-Z0-9]{32}$/);
    expect(await check(t.app, order.id, kiosk.token)).toBe('pending');
    await pressBankPage(t.app, sbp.qrPayload ?? '', 'pay');
    expect(await check(t.app, order.id, kiosk.token)).toBe('ok');
  });

  it("a kiosk order cannot be paid by card (SPEC 6): it is not the guest's own", async () => {
    const guest = await signedInUser(t.database);
    const kiosk = await connectedKiosk(t.database, 1);
    const order = await insertTestOrder(t.database, {
      userId: null,
      source: 'kiosk',
      type: 'inrest',
      kioskDeviceId: kiosk.id,
    });
    const res = await post(t.app, START, {
      user_id: guest.id,
      token: guest.token,
      order_id: order.id,
      kiosk_token: kiosk.token,
    });
    expect(res.statusCode).toBe(404);
  });

  it('a declined SBP payment answers fail; asking again gives a new QR that pays', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const first = await startSbp(t.app, guest, order.id);
    expect((await startSbp(t.app, guest, order.id)).qrPayload).toBe(first.qrPayload);
    await pressBankPage(t.app, first.paymentUrl ?? '', 'decline');
    expect(await check(t.app, order.id, guest.token)).toBe('fail');
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: false, status: 10 });
    const second = await startSbp(t.app, guest, order.id);
    expect(second.qrPayload).not.toBe(first.qrPayload);
    await pressBankPage(t.app, second.paymentUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
  });

  it('a bank page posted as a browser form comes back to itself (303) and then shows the result', async () => {
    const kiosk = await connectedKiosk(t.database, 1);
    const order = await insertTestOrder(t.database, {
      userId: null,
      source: 'kiosk',
      type: 'inrest',
      kioskDeviceId: kiosk.id,
    });
    const sbp = await startSbp(t.app, null, order.id, { kiosk_token: kiosk.token });
    const path = `${new URL(sbp.qrPayload ?? '').pathname}?bank=100000009003`;
    const res = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(path);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Перевод выполнен');
    expect(page.body).toContain('Банк Заря');
  });
});

describe.each(databaseKinds())('what cannot be paid, and who may ask, on %s (SPEC 4, 6, 8)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it.each([
    [{ paid: true, status: 20 }, 'order_paid', 'Заказ уже оплачен.'],
    [{ status: 90 }, 'order_cancelled', 'Заказ отменён, оплата невозможна.'],
    [{ status: 50 }, 'order_done', 'Заказ уже выполнен, оплата невозможна.'],
  ])('refuses to start paying an order with %o: 409 %s', async (fields, code, message) => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, ...fields });
    for (const url of [START, SBP]) {
      const res = await post(t.app, url, { user_id: guest.id, token: guest.token, order_id: order.id });
      expect(res.statusCode).toBe(409);
      expect(errorResponse.parse(res.json())).toMatchObject({ error: code, message });
    }
    expect(await paymentRows(t.database, order.id)).toEqual([]);
  });

  it('answers fail for a cancelled order and ok for a paid one, without asking the bank', async () => {
    const guest = await signedInUser(t.database);
    const cancelled = await insertTestOrder(t.database, { userId: guest.id, status: 90 });
    const paid = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20 });
    expect(await check(t.app, cancelled.id, guest.token)).toBe('fail');
    expect(await check(t.app, paid.id, guest.token)).toBe('ok');
  });

  it('keeps another guest out of an order: start, sbp and check answer 404 and say nothing of it', async () => {
    const owner = await signedInUser(t.database);
    const stranger = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: owner.id });
    const { formUrl } = await startCard(t.app, owner, order.id);
    for (const url of [START, SBP]) {
      const res = await post(t.app, url, { user_id: stranger.id, token: stranger.token, order_id: order.id });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(formUrl ?? '');
      expect(errorResponse.parse(res.json()).message).toBe('Заказ не найден.');
    }
    // The owner's id with the stranger's token is no session at all.
    const mixed = await post(t.app, START, { user_id: owner.id, token: stranger.token, order_id: order.id });
    expect(mixed.statusCode).toBe(401);

    const unknown = await checkRequest(t.app, 2_000_000_000);
    for (const res of [
      await checkRequest(t.app, order.id),
      await checkRequest(t.app, order.id, stranger.token),
      await checkRequest(t.app, order.id, 'x'.repeat(40)),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        error: 'order_not_found',
        message: unknown.json<{ message: string }>().message,
      });
    }
    expect(await check(t.app, order.id, owner.token)).toBe('pending');
    // The payment still belongs to the owner alone.
    expect(await paymentRows(t.database, order.id)).toHaveLength(1);
  });

  it('answers the check with the status alone, never cached', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20 });
    const res = await checkRequest(t.app, order.id, guest.token);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe.each(databaseKinds())("the acquirer's callback on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('settles a payment the bank reports, reading the status from the bank itself', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const { formUrl } = await startCard(t.app, guest, order.id);
    const mdOrder = mdOrderOf(formUrl ?? '');
    // A callback that claims success for a payment the bank has not taken changes nothing.
    expect((await callback(t.app, signedCallback(mdOrder))).statusCode).toBe(200);
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: false });

    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 2 })
      .where('md_order', '=', mdOrder)
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/order/payment/callback/acquiring',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(signedCallback(mdOrder)).toString(),
    });
    expect(res.statusCode).toBe(200);
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: true, status: 20 });
  });

  it('refuses a callback with a wrong checksum (403) and one for an unknown order (404)', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const { formUrl } = await startCard(t.app, guest, order.id);
    const mdOrder = mdOrderOf(formUrl ?? '');
    await t.database.db
      .updateTable('sandbox_acquiring_orders')
      .set({ status: 2 })
      .where('md_order', '=', mdOrder)
      .execute();
    const forged = { ...signedCallback(mdOrder), checksum: 'A'.repeat(64) };
    expect((await callback(t.app, forged)).statusCode).toBe(403);
    const { checksum: _dropped, ...unsigned } = signedCallback(mdOrder);
    expect((await callback(t.app, unsigned)).statusCode).toBe(403);
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: false });
    expect((await callback(t.app, signedCallback('00000000-0000-0000-0000-000000000000'))).statusCode).toBe(404);
  });
});

describe.each(databaseKinds())('the sandbox card form on %s (docs/sandbox.md)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('renders a Russian page with the merchant, order number, amount and the two buttons, without scripts', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 150_000 });
    const { formUrl } = await startCard(t.app, guest, order.id);
    const res = await t.app.inject({ method: 'GET', url: new URL(formUrl ?? '').pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).toContain('<html lang="ru">');
    expect(res.body).toContain('Жар-печь');
    expect(res.body).toContain(`Заказ № ${order.id}-`);
    expect(res.body).toContain('1500,00 ₽');
    expect(res.body).toMatch(/<form method="post" action="\/sandbox\/acquiring\/form\/[0-9a-f-]{36}">/);
    expect(res.body).toMatch(/<button[^>]*name="action" value="pay"[^>]*>Оплатить 1500,00 ₽<\/button>/);
    expect(res.body).toMatch(/<button[^>]*name="action" value="decline"[^>]*>Отказаться<\/button>/);
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toMatch(/https?:\/\/(?!localhost)/);

    await pressCardForm(t.app, formUrl ?? '', 'pay');
    const after = await t.app.inject({ method: 'GET', url: new URL(formUrl ?? '').pathname });
    expect(after.body).toContain('Оплата прошла');
    expect(after.body).not.toContain('value="pay"');
  });

  it('answers an unknown form with a 404 page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sandbox/acquiring/form/00000000-0000-0000-0000-000000000000',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Заказ не найден');
  });
});
