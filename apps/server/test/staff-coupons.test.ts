import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  COUPON_TEXTS,
  type CouponFields,
  STAFF_TEXTS,
  staffCoupon,
  staffCouponsResponse,
  staffCouponStale,
} from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 31 «Coupons» (docs/back-office.md, decision 048): managers create coupons — a percent or a
// fixed sum (SPEC 5 discount, the one checkout quote), a minimum sum, dates, a total of uses, once
// per guest, restaurants and order types — switch them off and see their uses and money; versioned
// saves (decision 043) with their audit rows; a kitchen account is refused.

const KURSKY = 5; // self + courier, open round the clock
const KURSKY_UID = '489b39b8-4783-4e1b-92a0-44ea552f2e52';

describe.each(databaseKinds())('the back office’s coupons on %s (issue 31)', (kind) => {
  let t: TestApp;
  let chain: string;
  let local: string;
  let kitchen: string;
  let serial = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    chain = await staffToken(t.app, t.database, await staffAccount(t.database, { role: 'manager', chain: true }));
    local = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [1] }),
    );
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  /** A code no other test of this run has used. */
  const freshCode = (prefix: string) => `${prefix}${kind === 'pglite' ? 'L' : 'P'}${Date.now() % 1e6}${serial++}`;
  const fields = (extra: Partial<CouponFields> = {}): CouponFields => ({
    code: freshCode('TEST'),
    title: 'Тестовый купон',
    kind: 'percent',
    percent: 10,
    amount: 0,
    min_sum: 0,
    active_from: '2020-01-01',
    active_to: '2099-12-31',
    max_uses: null,
    once_per_user: false,
    restaurant_ids: null,
    order_types: ['inrest', 'self', 'delivery'],
    active: true,
    ...extra,
  });
  const create = async (token: string, extra: Partial<CouponFields> = {}) => {
    const answer = await call(token, 'POST', '/api/staff/coupons', fields(extra));
    expect(answer.statusCode, answer.body).toBe(200);
    return staffCoupon.parse(answer.json());
  };
  const save = (token: string, coupon: ReturnType<typeof staffCoupon.parse>, change: Partial<CouponFields>) => {
    const { id, ...rest } = coupon;
    return call(token, 'POST', `/api/staff/coupons/${id}`, { ...rest, ...change });
  };
  const order = (guest: { id: number; token: string }, coupon: string) =>
    post(t.app, '/api/v2/order/create', {
      source: 'web',
      v: 3,
      user: { id: guest.id, password: guest.token },
      cart: [{ item: 101, cnt: 2 }],
      order: { type: 'self', comment: '' },
      restoran: KURSKY,
      coupon,
      idempotency_key: `coupon-${process.pid}-${kind}-${serial++}`,
    });
  const discount = (guest: { id: number; token: string }, coupon: string) =>
    post(t.app, '/api/v1/order/discount', {
      coupon,
      order_type: 'self',
      fs_uid: KURSKY_UID,
      user_id: guest.id,
      token: guest.token,
      cart: [{ item: 101, cnt: 2 }],
    });

  it('keeps coupons from a kitchen account: 403 manager_only on every call', async () => {
    for (const answer of [
      await call(kitchen, 'GET', '/api/staff/coupons'),
      await call(kitchen, 'POST', '/api/staff/coupons', fields()),
      await call(kitchen, 'POST', '/api/staff/coupons/1', { ...fields(), version: 1 }),
      await call(kitchen, 'GET', '/api/staff/coupons/1/uses'),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'manager_only', message: STAFF_TEXTS.managerOnly });
    }
  });

  it('creates a coupon with its code as the guest’s field reads it, unique in that form, with its audit row', async () => {
    const code = freshCode('vesna');
    const made = await create(chain, { code: ` ${code.slice(0, 3)} ${code.slice(3)} `, title: '  Весна  ' });
    expect(made).toMatchObject({
      code: code.toUpperCase(),
      title: 'Весна',
      kind: 'percent',
      percent: 10,
      amount: 0,
      version: 1,
    });
    const again = await call(chain, 'POST', '/api/staff/coupons', fields({ code: code.toLowerCase() }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'coupon_code_taken', message: COUPON_TEXTS.codeTaken });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('action', '=', 'coupon.create')
      .where('target', '=', `купон ${made.code}`)
      .execute();
    expect(audit).toEqual([{ before: null, after: made }]);
    const list = staffCouponsResponse.parse((await call(chain, 'GET', '/api/staff/coupons')).json());
    expect(list.coupons.find((entry) => entry.coupon.id === made.id)).toEqual({
      coupon: made,
      stats: { uses: 0, paid_uses: 0, discount_given: 0 },
    });
  });

  it('refuses what a coupon cannot be, in words naming the field (400 validation)', async () => {
    const cases: Array<[Partial<CouponFields>, string]> = [
      [{ code: 'ab' }, 'Код купона — от 3 до 32 символов.'],
      [{ code: 'СКИДКА!' }, 'В коде купона — только буквы, цифры, «-» и «_».'],
      [{ title: '   ' }, 'Укажите название купона.'],
      [{ percent: 0 }, COUPON_TEXTS.percentRange],
      [{ kind: 'amount', percent: 0, amount: 0 }, COUPON_TEXTS.amountRange],
      [{ active_from: '2026-05-01', active_to: '2026-04-30' }, COUPON_TEXTS.datesOrder],
      [{ active_from: '2026-02-30' }, COUPON_TEXTS.badDate],
      [{ restaurant_ids: [999_999] }, COUPON_TEXTS.unknownRestaurant],
    ];
    for (const [change, message] of cases) {
      const answer = await call(chain, 'POST', '/api/staff/coupons', fields(change));
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'validation', message });
    }
    for (const change of [
      { percent: 101 },
      { amount: 10_000_001 },
      { order_types: [] },
      { restaurant_ids: [] },
      { max_uses: 0 },
      { title: 'я'.repeat(101) },
      { active_to: '31.12.2099' },
    ]) {
      const answer = await call(chain, 'POST', '/api/staff/coupons', fields(change));
      expect(answer.statusCode, JSON.stringify(change)).toBe(400);
      expect(answer.json<{ error: string }>().error).toBe('validation');
    }
  });

  it('lets a restaurant’s manager make and see only coupons of their restaurants (decision 048)', async () => {
    const everywhere = await call(local, 'POST', '/api/staff/coupons', fields());
    expect(everywhere.statusCode).toBe(403);
    expect(everywhere.json()).toMatchObject({ error: 'other_restaurant', message: COUPON_TEXTS.ownRestaurantsOnly });
    expect((await call(local, 'POST', '/api/staff/coupons', fields({ restaurant_ids: [1, 2] }))).json()).toMatchObject({
      error: 'other_restaurant',
      message: STAFF_TEXTS.otherRestaurant,
    });
    const own = await create(local, { restaurant_ids: [1] });
    const chainWide = await create(chain);
    const list = staffCouponsResponse.parse((await call(local, 'GET', '/api/staff/coupons')).json());
    expect(list.coupons.map((entry) => entry.coupon.id)).toContain(own.id);
    expect(list.coupons.every((entry) => entry.coupon.restaurant_ids?.every((id) => id === 1))).toBe(true);
    const theirs = await save(local, chainWide, { active: false });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: 'coupon_not_found', message: COUPON_TEXTS.notFound });
    expect((await call(local, 'GET', `/api/staff/coupons/${chainWide.id}/uses`)).statusCode).toBe(404);
    // Widening their own coupon beyond their restaurants is refused too.
    expect((await save(local, own, { restaurant_ids: null })).statusCode).toBe(403);
  });

  it('saves over the version named; racing saves of one coupon: one wins, the others 409 with the winner’s row', async () => {
    const coupon = await create(chain);
    const answers = await Promise.all([10, 20, 30, 40].map((percent) => save(chain, coupon, { percent })));
    const won = answers.filter((answer) => answer.statusCode === 200);
    expect(won).toHaveLength(1);
    const winner = staffCoupon.parse(won[0]?.json());
    expect(winner.version).toBe(2);
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      const body = staffCouponStale.parse(lost.json());
      expect(body).toMatchObject({ message: BACKOFFICE_TEXTS.staleVersion, current: winner });
    }
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('action', '=', 'coupon.save')
      .where('target', '=', `купон ${coupon.code}`)
      .execute();
    expect(audit).toEqual([{ before: coupon, after: winner }]);
    expect(
      (await call(chain, 'POST', '/api/staff/coupons/2000000000', { ...fields(), version: 1 })).json(),
    ).toMatchObject({ error: 'coupon_not_found' });
  });

  it('a fixed coupon takes its sum off the guest’s order, from order/discount to order/create; switched off, guests are told it has expired', async () => {
    const guest = await signedInUser(t.database);
    const coupon = await create(chain, { kind: 'amount', percent: 0, amount: 15_000, code: freshCode('minus') });
    const checked = await discount(guest, coupon.code.toLowerCase());
    expect(checked.json()).toMatchObject({
      success: true,
      discountPercent: 0,
      discountAmount: 15_000,
      message: 'Скидка 150,00 ₽',
      applied: true,
      discountSum: 15_000,
    });
    const placed = await order(guest, coupon.code);
    expect(placed.statusCode, placed.body).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['items_sum', 'discount_percent', 'discount_sum', 'sum', 'coupon_id'])
      .where('id', '=', placed.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      discount_percent: 0,
      discount_sum: 15_000,
      sum: row.items_sum - 15_000,
      coupon_id: coupon.id,
    });

    const off = await save(chain, coupon, { active: false });
    expect(off.json()).toMatchObject({ active: false, version: 2 });
    expect((await discount(guest, coupon.code)).json()).toMatchObject({ error: 'coupon_expired' });
  });

  it('gives the last use of a limited coupon to exactly one of the orders racing for it, and counts uses and the money it gave', async () => {
    const coupon = await create(chain, { max_uses: 2, code: freshCode('LAST') });
    const first = await signedInUser(t.database);
    const placed = await order(first, coupon.code);
    expect(placed.statusCode, placed.body).toBe(200);
    const racers = await Promise.all(Array.from({ length: 4 }, () => signedInUser(t.database)));
    const answers = await Promise.all(racers.map((guest) => order(guest, coupon.code)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    for (const lost of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(lost.statusCode).toBe(409);
      expect(lost.json()).toMatchObject({
        error: 'coupon_used_up',
        message: 'Купон закончился: его уже использовали столько раз, сколько он действует',
      });
    }
    expect((await discount(first, coupon.code)).json()).toMatchObject({ error: 'coupon_used_up' });

    await t.database.db
      .updateTable('orders')
      .set({ paid: true })
      .where('id', '=', placed.json<{ id: number }>().id)
      .execute();
    const history = (await call(chain, 'GET', `/api/staff/coupons/${coupon.id}/uses`)).json<{
      stats: object;
      uses: Array<{ paid: boolean; discount: number }>;
    }>();
    expect(history.uses).toHaveLength(2);
    const paidDiscount = history.uses.filter((use) => use.paid).reduce((sum, use) => sum + use.discount, 0);
    expect(paidDiscount).toBeGreaterThan(0);
    expect(history.stats).toEqual({ uses: 2, paid_uses: 1, discount_given: paidDiscount });
  });
});
