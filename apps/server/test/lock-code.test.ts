import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_CODE_ATTEMPTS_ERROR } from '@chain/contract';
import { LOCK_CODE_ATTEMPTS, LOCK_CODE_ATTEMPTS_MESSAGE } from '../src/http/lock-code';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { signedInUser } from './support/users';

/**
 * Issue 11 point 7 (the lock code): every call that takes a lock code (SPEC 4 locked dishes:
 * the menu call and order/create) counts wrong codes in one counter, per address and per
 * signed-in guest, so a 4-digit code cannot be tried through by switching calls.
 */

const MENU = '/api/v2/restoran/menu';
const CREATE = '/api/v2/order/create';
const PATRIARSHIE = 1;
const PATRIKI = DEMO_RESTAURANTS[0]?.fsUid ?? '';
/** The bar's locked dish at Патриаршие and its code (demo chain). */
const LOCKED_DISH = 1304;
const LOCK_CODE = '5821';

let addressSeq = 0;
const newAddress = () => `10.7.${Math.floor(addressSeq / 250)}.${(addressSeq++ % 250) + 1}`;
let keySeq = 0;

describe.each(databaseKinds())('one lock-code attempt counter on %s (issue 11.7, SPEC 4)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    // Патриаршие round the clock, so an order placed at any hour of the test run is taken.
    await sql`update restaurant_schedule set from_minute = 0, to_minute = 1440 where restaurant_id = ${PATRIARSHIE}`.execute(t.database.db);
    for (let weekday = 1; weekday <= 7; weekday++) {
      await sql`insert into restaurant_schedule (restaurant_id, weekday, from_minute, to_minute) values (${PATRIARSHIE}, ${weekday}, 0, 1440) on conflict do nothing`.execute(t.database.db);
    }
  });
  afterAll(() => t.close());

  const menu = (lockCode: string, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: MENU, payload: { ver: 4, fs_uid: PATRIKI, order_type: 'self', is_shop: 2, lock_code: lockCode }, remoteAddress });

  const order = (lockCode: string, remoteAddress: string, guest: { id: number; token: string }) =>
    t.app.inject({
      method: 'POST',
      url: CREATE,
      remoteAddress,
      payload: {
        source: 'web',
        v: 3,
        user: { id: guest.id, password: guest.token },
        cart: [{ item: 101, cnt: 2 }, { item: LOCKED_DISH, cnt: 1 }],
        order: { type: 'self' },
        restoran: PATRIARSHIE,
        lock_code: lockCode,
        idempotency_key: `lock-${process.pid}-${kind}-${keySeq++}`,
      },
    });

  const refusedForTries = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ success: false, error: LOCK_CODE_ATTEMPTS_ERROR, message: LOCK_CODE_ATTEMPTS_MESSAGE });
  };

  it('counts wrong codes of the menu and of order/create against one limit per address', async () => {
    const address = newAddress();
    const guest = await signedInUser(t.database);
    // Half the allowance on each call: each answers as it does for a wrong code.
    for (let i = 0; i < LOCK_CODE_ATTEMPTS.limit / 2; i++) {
      const onMenu = await menu(`90${String(i).padStart(2, '0')}`, address);
      expect(onMenu.statusCode).toBe(200);
      expect(onMenu.json()).toMatchObject({ lock_code: null });
      expect((await order(`80${String(i).padStart(2, '0')}`, address, guest)).json()).toMatchObject({ error: 'locked' });
    }
    refusedForTries(await menu('7000', address));
    refusedForTries(await order('7001', address, guest));
    // Without a guest (a kiosk) the address alone is counted: still refused.
    refusedForTries(await menu('7002', address));
  });

  it('counts a signed-in guest\'s wrong codes wherever they come from', async () => {
    const guest = await signedInUser(t.database);
    for (let i = 0; i < LOCK_CODE_ATTEMPTS.limit; i++) {
      expect((await order(`60${String(i).padStart(2, '0')}`, newAddress(), guest)).json()).toMatchObject({ error: 'locked' });
    }
    refusedForTries(await order('6100', newAddress(), guest));
  });

  it('never counts a right code: three times the allowance of right codes all open the dish', async () => {
    const address = newAddress();
    const guest = await signedInUser(t.database);
    for (let i = 0; i < LOCK_CODE_ATTEMPTS.limit * 3; i++) {
      const res = await menu(LOCK_CODE, address);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ lock_code: LOCK_CODE });
    }
    for (let i = 0; i < 5; i++) expect((await order(LOCK_CODE, address, guest)).statusCode).toBe(200);
    // Wrong codes still have their full allowance after all those right ones.
    for (let i = 0; i < LOCK_CODE_ATTEMPTS.limit; i++) expect((await menu(`50${String(i).padStart(2, '0')}`, address)).statusCode).toBe(200);
    refusedForTries(await menu('5100', address));
  });

  it('refuses even the right code once the allowance is spent, so a 429 never tells a wrong code from the right one', async () => {
    const address = newAddress();
    const guest = await signedInUser(t.database);
    for (let i = 0; i < LOCK_CODE_ATTEMPTS.limit; i++) await menu(`40${String(i).padStart(2, '0')}`, address);
    refusedForTries(await menu(LOCK_CODE, address));
    refusedForTries(await order(LOCK_CODE, address, guest));
    // Another address and guest are untouched.
    expect((await order(LOCK_CODE, newAddress(), await signedInUser(t.database))).statusCode).toBe(200);
  });

  it('lets no more than the allowance of 30 concurrent wrong codes through', async () => {
    const address = newAddress();
    const guest = await signedInUser(t.database);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? order(`30${String(i).padStart(2, '0')}`, address, guest) : menu(`31${String(i).padStart(2, '0')}`, address))),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 429)).toHaveLength(30 - LOCK_CODE_ATTEMPTS.limit);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 200 || status === 403)).toBe(true);
  });
});
