import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderListUserResponse, settingsResponse } from '@chain/contract';
import { tipsLink } from '@chain/domain';
import { testConfig } from '../src/config';
import { assignDueTips, TIPS_POLICY, tipsWorkerRun, type TipsDeps } from '../src/modules/payments/tips';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post, postForm } from './support/calls';
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
  startCard,
} from './support/payments';
import { signedInUser } from './support/users';

// Tips (SPEC 3 Order tips_id, Settings tips_volume; SPEC 4 the tips link for paid orders with
// tips_id; SPEC 7 a tips service link with tips_id and amount; decision 025): a paid order gets
// its tips_id from the tips service after the payment commits, never blocking or failing it.

/** How long the tips id may take after the request that paid the order answered. */
const ASSIGNED = { timeout: 10_000, interval: 50 };

describe.each(databaseKinds())('tips ids of paid orders on %s (SPEC 3, 4, 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, process.env.TIPS_DEBUG ? { logLevel: 'debug' } : {});
  });
  afterAll(() => t.close());

  const deps = (): TipsDeps => ({ db: t.database.db, tips: t.app.providers.tips, log: t.app.log });
  const origin = () => `http://localhost:${(t.app.server.address() as { port: number }).port}`;
  const faults = async (count: number) =>
    expect((await post(t.app, '/sandbox/tips/faults', { count })).statusCode).toBe(200);
  const receiversOf = (orderId: number) =>
    t.database.db
      .selectFrom('sandbox_tips_receivers')
      .selectAll()
      .where('external_id', '=', `order-${orderId}`)
      .execute();

  /** A guest's unpaid order, paid at the sandbox bank's card form; the bank's own callback settles it too. */
  async function paidAtBank() {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 98_000, restaurantId: 1 });
    const started = await startCard(t.app, guest, order.id);
    await pressCardForm(t.app, started.formUrl ?? '', 'pay');
    return { guest, order, mdOrder: mdOrderOf(started.formUrl ?? '') };
  }

  it("settings' tips_url is the sandbox tips page's base (SPEC 3 Settings)", async () => {
    const settings = settingsResponse.parse((await t.app.inject({ method: 'GET', url: '/settings.php' })).json());
    expect(settings.tips_url).toBe(`${origin()}/sandbox/tips/`);
    expect(settings.tips_volume.length).toBeGreaterThan(0);
  });

  it('gives a paid order its tips_id, registered once for the order at its restaurant, and order/listUser answers it', async () => {
    const { guest, order } = await paidAtBank();
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    await vi.waitFor(async () => expect((await orderRow(t.database, order.id)).tips_id).not.toBeNull(), ASSIGNED);
    const row = await orderRow(t.database, order.id);
    const [receiver, ...others] = await receiversOf(order.id);
    expect(others).toEqual([]);
    expect(row).toMatchObject({ paid: true, tips_id: receiver?.tips_id, tips_due_at: null, tips_attempts: 1 });
    const restaurant = await t.database.db
      .selectFrom('restaurants')
      .select(['name', 'address'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(receiver).toMatchObject({ name: restaurant.name, place: restaurant.address });

    const listed = await post(t.app, `/api/v1/order/listUser/${guest.id}`, {
      user_id: guest.id,
      user_token: guest.token,
      id: order.id,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(orderListUserResponse.parse(listed.json()).items[0]?.tips_id).toBe(receiver?.tips_id);
  });

  it('leaves the order paid when the tips service fails, and the worker gives it its tips_id once the service is back', async () => {
    await faults(100);
    try {
      const { guest, order } = await paidAtBank();
      expect(await check(t.app, order.id, guest.token)).toBe('ok');
      // The failed ask is over once the order is due again later (the first retry waits 30 s).
      await vi.waitFor(async () => expect((await orderRow(t.database, order.id)).tips_attempts).toBe(1), ASSIGNED);
      await vi.waitFor(
        async () =>
          expect((await orderRow(t.database, order.id)).tips_due_at?.getTime()).toBeGreaterThan(Date.now() + 20_000),
        ASSIGNED,
      );
      const row = await orderRow(t.database, order.id);
      expect(row).toMatchObject({ paid: true, status: 20, tips_id: null });
      expect(await acceptedRows(t.database, order.id)).toBe(1);
      expect((await paymentRows(t.database, order.id)).map((payment) => payment.status)).toEqual(['paid']);
      expect(await check(t.app, order.id, guest.token)).toBe('ok');
      // Not before its time.
      expect(await assignDueTips(deps(), order.id)).toEqual([]);

      await faults(0);
      await t.database.db
        .updateTable('orders')
        .set({ tips_due_at: new Date(Date.now() - 1000) })
        .where('id', '=', order.id)
        .execute();
      expect(await tipsWorkerRun(deps())).toContainEqual({ orderId: order.id, result: 'assigned' });
      expect(await orderRow(t.database, order.id)).toMatchObject({
        paid: true,
        tips_id: (await receiversOf(order.id))[0]?.tips_id,
        tips_due_at: null,
        tips_attempts: 2,
      });
    } finally {
      await faults(0);
    }
  });

  it('pays an order whose tips service is unreachable, and gives up after its tries', async () => {
    const unreachable = await buildTestApp(kind, {
      providers: {
        ...testConfig().providers,
        tips: { baseUrl: 'http://127.0.0.1:9', apiKey: 'sandbox', pageUrl: null },
      },
    });
    try {
      const guest = await signedInUser(unreachable.database);
      const order = await insertTestOrder(unreachable.database, { userId: guest.id, sum: 50_000 });
      const started = await startCard(unreachable.app, guest, order.id);
      await pressCardForm(unreachable.app, started.formUrl ?? '', 'pay');
      expect(await check(unreachable.app, order.id, guest.token)).toBe('ok');
      await vi.waitFor(
        async () => expect((await orderRow(unreachable.database, order.id)).tips_attempts).toBe(1),
        ASSIGNED,
      );
      expect(await orderRow(unreachable.database, order.id)).toMatchObject({ paid: true, status: 20, tips_id: null });

      // The last try leaves the order without a tips id and no longer due.
      await unreachable.database.db
        .updateTable('orders')
        .set({ tips_attempts: TIPS_POLICY.maxAttempts - 1, tips_due_at: new Date(Date.now() - 1000) })
        .where('id', '=', order.id)
        .execute();
      const unreachableDeps = {
        db: unreachable.database.db,
        tips: unreachable.app.providers.tips,
        log: unreachable.app.log,
      };
      expect(await assignDueTips(unreachableDeps, order.id)).toEqual([{ orderId: order.id, result: 'gave_up' }]);
      expect(await orderRow(unreachable.database, order.id)).toMatchObject({
        paid: true,
        tips_id: null,
        tips_due_at: null,
      });
    } finally {
      await unreachable.close();
    }
  });

  it('gives one tips_id when the payment is settled by many requests at once (check, callback), and asks the service once', async () => {
    const { guest, order, mdOrder } = await paidAtBank();
    const answers = await Promise.all([
      ...Array.from({ length: 4 }, () => checkRequest(t.app, order.id, guest.token)),
      ...Array.from({ length: 4 }, () => callback(t.app, signedCallback(mdOrder))),
    ]);
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    await vi.waitFor(async () => expect((await orderRow(t.database, order.id)).tips_id).not.toBeNull(), ASSIGNED);
    const receivers = await receiversOf(order.id);
    expect(receivers).toHaveLength(1);
    expect(await orderRow(t.database, order.id)).toMatchObject({ tips_id: receivers[0]?.tips_id, tips_attempts: 1 });
    expect(await acceptedRows(t.database, order.id)).toBe(1);
  });

  it('two takers of one due order at once (a request and the worker, two instances) ask the service once', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 20 });
    await t.database.db
      .updateTable('orders')
      .set({ paid_at: new Date(), tips_due_at: new Date(Date.now() - 1000) })
      .where('id', '=', order.id)
      .execute();
    const [first, second, third] = await Promise.all([
      assignDueTips(deps(), order.id),
      assignDueTips(deps(), order.id),
      tipsWorkerRun(deps()),
    ]);
    expect([...first, ...second, ...third].filter((report) => report.orderId === order.id)).toEqual([
      { orderId: order.id, result: 'assigned' },
    ]);
    expect(await orderRow(t.database, order.id)).toMatchObject({ tips_attempts: 1, tips_due_at: null });
    expect(await receiversOf(order.id)).toHaveLength(1);
  });

  it('asks nothing for an order paid more than a day ago, and gives it up', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, paid: true, status: 50 });
    await t.database.db
      .updateTable('orders')
      .set({ paid_at: new Date(Date.now() - 25 * 3600 * 1000), tips_due_at: new Date(Date.now() - 1000) })
      .where('id', '=', order.id)
      .execute();
    expect((await tipsWorkerRun(deps())).filter((report) => report.orderId === order.id)).toEqual([]);
    expect(await orderRow(t.database, order.id)).toMatchObject({ tips_id: null, tips_due_at: null, tips_attempts: 0 });
  });

  it('the tips link of a paid order opens the sandbox tips page with that amount, where a person leaves a tip and sees a confirmation (SPEC 7)', async () => {
    const { guest, order } = await paidAtBank();
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    await vi.waitFor(async () => expect((await orderRow(t.database, order.id)).tips_id).not.toBeNull(), ASSIGNED);
    const tipsId = (await orderRow(t.database, order.id)).tips_id ?? '';
    const settings = settingsResponse.parse((await t.app.inject({ method: 'GET', url: '/settings.php' })).json());
    const link = new URL(tipsLink(settings.tips_url, tipsId, 20_000) ?? '');
    expect(link.pathname).toBe(`/sandbox/tips/${tipsId}`);

    const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<html lang="ru">');
    expect(page.body).toContain('Оставить чаевые');
    expect(page.body).toMatch(/<input id="amount" name="amount"[^>]*value="200"/);
    expect(page.body).not.toContain('<script');

    const left = await postForm(t.app, link.pathname, { amount: '200', comment: 'Спасибо!' });
    expect(left.statusCode).toBe(303);
    const thanks = await t.app.inject({ method: 'GET', url: String(left.headers.location) });
    expect(thanks.statusCode).toBe(200);
    expect(thanks.body).toContain('Спасибо! Чаевые отправлены');
    expect(thanks.body).toContain('200,00 ₽');
    const tips = await t.database.db.selectFrom('sandbox_tips').selectAll().where('tips_id', '=', tipsId).execute();
    expect(tips.map((tip) => [tip.amount, tip.comment])).toEqual([[20_000, 'Спасибо!']]);
  });

  it('the tips page refuses an amount out of bounds in words, and an unknown tips id is a 404 page', async () => {
    const { guest, order } = await paidAtBank();
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    await vi.waitFor(async () => expect((await orderRow(t.database, order.id)).tips_id).not.toBeNull(), ASSIGNED);
    const tipsId = (await orderRow(t.database, order.id)).tips_id ?? '';
    for (const amount of ['0', '-5', 'abc', '100001', '1.234', 'x'.repeat(5000)]) {
      const refused = await postForm(t.app, `/sandbox/tips/${tipsId}`, { amount });
      expect(refused.statusCode, amount).toBe(400);
      expect(refused.body).toContain('Укажите сумму от 1 ₽ до 100000,00 ₽.');
      expect(refused.body).toContain('aria-invalid="true"');
    }
    // A link with a bad amount opens the page with the field empty.
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/tips/${tipsId}?amount=-1` })).body).toMatch(
      /name="amount"[^>]*value=""/,
    );
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/tips/nope' })).statusCode).toBe(404);
    expect((await postForm(t.app, '/sandbox/tips/nope', { amount: '100' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/sandbox/tips/${'a'.repeat(500)}` })).statusCode).toBe(404);
    // A confirmation link with a number beyond the tips' integer ids is the plain tips page, not a 500.
    for (const thanks of ['2147483648', '999999999999', '0']) {
      const page = await t.app.inject({ method: 'GET', url: `/sandbox/tips/${tipsId}?thanks=${thanks}` });
      expect(page.statusCode, thanks).toBe(200);
      expect(page.body).toContain('Оставить чаевые');
    }
  });

  it('the sandbox tips API checks its key and body, and answers the same tips id for the same order', async () => {
    const api = (body: unknown, key = 'sandbox') =>
      t.app.inject({
        method: 'POST',
        url: '/sandbox/tips/api/receivers',
        headers: { authorization: `Bearer ${key}` },
        payload: body as object,
      });
    expect((await api({ externalId: 'x-1', name: 'Ресторан' }, 'wrong')).statusCode).toBe(401);
    expect((await api({ externalId: '', name: 'Ресторан' })).statusCode).toBe(400);
    expect((await api({ externalId: 'x-1', name: 'Р'.repeat(201) })).statusCode).toBe(400);
    const first = await api({ externalId: 'x-1', name: 'Ресторан', placeName: 'Тверская, 1' });
    const again = await api({ externalId: 'x-1', name: 'Ресторан' });
    const answer = first.json<{ succeed: boolean; data: { layoutId: string } }>();
    expect(answer.succeed).toBe(true);
    expect(answer.data.layoutId).toMatch(/^[0-9a-f]{12}$/);
    expect(again.json()).toEqual(first.json());
    expect((await post(t.app, '/sandbox/tips/faults', { count: 101 })).statusCode).toBe(400);
  });
});

describe('without a tips service (production without TIPS_API_KEY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { providers: { ...testConfig().providers, tips: null } });
  });
  afterAll(() => t.close());

  it('pays orders as ever, gives them no tips_id, and settings answer no tips page', async () => {
    const guest = await signedInUser(t.database);
    const order = await insertTestOrder(t.database, { userId: guest.id, sum: 40_000 });
    const started = await startCard(t.app, guest, order.id);
    await pressCardForm(t.app, started.formUrl ?? '', 'pay');
    expect(await check(t.app, order.id, guest.token)).toBe('ok');
    expect(await tipsWorkerRun({ db: t.database.db, tips: null, log: t.app.log })).toEqual([]);
    expect(await orderRow(t.database, order.id)).toMatchObject({ paid: true, tips_id: null, tips_due_at: null });
    const settings = settingsResponse.parse((await t.app.inject({ method: 'GET', url: '/settings.php' })).json());
    expect(settings.tips_url).toBe('');
  });
});
