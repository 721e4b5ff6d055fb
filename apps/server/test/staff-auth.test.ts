import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUE_CALLS,
  COUPON_CALLS,
  EXTRAS_CALLS,
  MANAGE_MENU_CALLS,
  REFUND_CALLS,
  RESTAURANT_MANAGE_CALLS,
  STAFF_SESSION_CALLS,
  STAFF_TEAM_CALLS,
  STAFF_TEXTS,
  TEXTS_CALLS,
  ZONE_CALLS,
} from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { signedInUser } from './support/users';
import { bearer, lastStaffCode, staffAccount, staffToken } from './support/staff';

// Issue 17: staff sign in with their own credentials and an e-mailed code; staff sessions are
// separate from guests'; every staff call refuses a guest's token.

describe.each(databaseKinds())('staff sign-in on %s (issue 17)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('signs in with login, password and the e-mailed code; me names the role and restaurants; sign-out ends the session', async () => {
    const account = await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { login: account.login.toUpperCase(), password: account.password },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.json<{ email_hint: string }>().email_hint).toBe(`${account.email[0]}***@staff.test`);
    const code = await lastStaffCode(t.database, account.email);
    const { challenge } = first.json<{ challenge: string }>();
    const verified = await t.app.inject({ method: 'POST', url: '/api/staff/verify', payload: { challenge, code } });
    expect(verified.statusCode).toBe(200);
    const { token, staff, device } = verified.json<{
      token: string;
      device: string;
      staff: { role: string; restaurants: Array<{ id: number }> };
    }>();
    // This device's token for the login (issue 30.3): it names the account, never the password or the session.
    expect(device).toMatch(new RegExp(`^d1\\.${account.id}\\.\\d+\\.[0-9a-f]{32}\\.[0-9a-f]{64}$`));
    expect(device).not.toContain(token);
    expect(staff.role).toBe('kitchen');
    expect(staff.restaurants.map((restaurant) => restaurant.id)).toEqual([1]);
    // The code is used: a second try with it is refused.
    const again = await t.app.inject({ method: 'POST', url: '/api/staff/verify', payload: { challenge, code } });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ error: 'code_expired', message: STAFF_TEXTS.codeExpired });

    const me = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: bearer(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ login: account.login, role: 'kitchen', chain: false });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/staff/sign-out', headers: bearer(token) })).statusCode,
    ).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ error: 'staff_unauthorized', message: STAFF_TEXTS.signInAgain });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select('action')
      .where('staff_id', '=', account.id)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['staff.sign_in', 'staff.sign_out']);
  });

  it('refuses a wrong password and an unknown login alike, and a wrong code, in words', async () => {
    const account = await staffAccount(t.database);
    for (const payload of [
      { login: account.login, password: 'not-the-password' },
      { login: 'nobody-here', password: account.password },
    ]) {
      const answer = await t.app.inject({ method: 'POST', url: '/api/staff/sign-in', payload });
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ error: 'wrong_credentials', message: STAFF_TEXTS.wrongCredentials });
    }
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { login: account.login, password: account.password },
    });
    const { challenge } = first.json<{ challenge: string }>();
    const code = await lastStaffCode(t.database, account.email);
    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/staff/verify',
      payload: { challenge, code: wrong },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'wrong_code', message: STAFF_TEXTS.wrongCode });
    const badShape = await t.app.inject({
      method: 'POST',
      url: '/api/staff/verify',
      payload: { challenge, code: '12ab' },
    });
    expect(badShape.statusCode).toBe(400);
    // Five tries in all, then the challenge is spent even for the right code.
    for (let index = 0; index < 4; index++)
      await t.app.inject({ method: 'POST', url: '/api/staff/verify', payload: { challenge, code: wrong } });
    const spent = await t.app.inject({ method: 'POST', url: '/api/staff/verify', payload: { challenge, code } });
    expect(spent.json()).toMatchObject({ error: 'code_expired' });
  });

  it('after 5 wrong passwords for a login in 15 minutes asks a client without the login’s device token for a captcha (400), never a 429 for the owner (issue 30.3)', async () => {
    const account = await staffAccount(t.database);
    const answers = [];
    for (let index = 0; index < 6; index++) {
      answers.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/staff/sign-in',
            payload: { login: account.login, password: `wrong-${index}` },
          })
        ).statusCode,
      );
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 400]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/staff/sign-in',
      payload: { login: account.login, password: account.password },
    });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({ error: 'captcha_required', message: STAFF_TEXTS.captchaRequired });
  });

  it('refuses a guest token, no token and a forged one on every staff call (401), before reading the body', async () => {
    const guest = await signedInUser(t.database);
    const registered = t.app.calls.filter((call) => call.auth === 'staff');
    expect(registered.map((call) => call.name).sort()).toEqual(
      [
        ...STAFF_SESSION_CALLS,
        ...STAFF_TEAM_CALLS,
        ...REFUND_CALLS,
        ...ZONE_CALLS,
        ...CATALOGUE_CALLS,
        ...EXTRAS_CALLS,
        ...MANAGE_MENU_CALLS,
        ...COUPON_CALLS,
        ...TEXTS_CALLS,
        ...RESTAURANT_MANAGE_CALLS,
      ]
        .map((call) => call.name)
        .sort(),
    );
    for (const call of registered) {
      const url = call.path.replace(/:\w+/g, '1');
      for (const headers of [bearer(guest.token), {}, bearer('x'.repeat(43))]) {
        const answer = await t.app.inject({
          method: call.method,
          url,
          headers,
          ...(call.method === 'POST' ? { payload: {} } : {}),
        });
        expect(answer.statusCode, `${call.name} ${JSON.stringify(headers)}`).toBe(401);
        expect(answer.json()).toMatchObject({ error: 'staff_unauthorized', message: STAFF_TEXTS.signInAgain });
      }
    }
  });

  it('ends a disabled account’s sessions at once', async () => {
    const account = await staffAccount(t.database);
    const token = await staffToken(t.app, t.database, account);
    const { disableStaffAccount } = await import('../src/modules/staff/accounts');
    expect(await disableStaffAccount(t.database.db, account.login)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/me', headers: bearer(token) })).statusCode).toBe(401);
  });
});
