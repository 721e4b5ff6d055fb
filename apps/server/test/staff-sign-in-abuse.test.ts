import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_CODE_ATTEMPTS,
  STAFF_SIGN_IN_TRIES_PER_ADDRESS,
  STAFF_TEXTS,
  STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA,
  staffSignInResponse,
  staffVerifyResponse,
} from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { readOutbox } from './support/sign-in';
import { lastStaffCode, staffAccount } from './support/staff';

// Issue 30.3: anyone could lock staff out — five wrong passwords for a login, from any addresses,
// and the right password answered 429 for 15 minutes — and each right password mailed another
// code (30 in a row, 30 mails). Now the guesser is throttled, not the owner (decision 039): a
// device that signed in as the login before is trusted and counts only its own wrong passwords;
// any other client counts against its address and, past the login's five wrong passwords, reads
// a captcha for each try. One code per account stands while unused, and is answered again.

type Account = Awaited<ReturnType<typeof staffAccount>>;

describe.each(databaseKinds())('staff sign-in under abuse on %s (issue 30.3)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  let addresses = 0;
  /** A fresh client address each call: a stranger with many of them. */
  const someAddress = () => {
    addresses += 1;
    return `10.${kind === 'postgres' ? 1 : 2}.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
  };

  const signIn = (payload: Record<string, unknown>, remoteAddress = someAddress()) =>
    t.app.inject({ method: 'POST', url: '/api/staff/sign-in', payload, remoteAddress });
  const verify = (challenge: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/staff/verify', payload: { challenge, code } });

  /** Signs the account in through both steps, as its owner on their tablet: the device token it answers. */
  async function ownerDevice(account: Account): Promise<string> {
    const first = await signIn({ login: account.login, password: account.password });
    expect(first.statusCode, first.body).toBe(200);
    const second = await verify(
      first.json<{ challenge: string }>().challenge,
      await lastStaffCode(t.database, account.email),
    );
    expect(second.statusCode, second.body).toBe(200);
    return staffVerifyResponse.parse(second.json()).device;
  }

  /** A captcha image drawn by a client for the id, and its answer as a person reads it (the sandbox's record). */
  async function drawCaptcha(): Promise<{ id: string; answer: string }> {
    const id = randomBytes(16).toString('hex');
    const image = await t.app.inject({ method: 'GET', url: `/api/staff/captcha/${id}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('no-store');
    const answer = (await readOutbox(t.app, `staff-sign-in:${id}`)).captcha;
    if (!answer) throw new Error('no captcha answer in the sandbox');
    return { id, answer };
  }

  async function mailsTo(email: string): Promise<number> {
    const rows = await t.database.db.selectFrom('sandbox_outbox').select('id').where('recipient', '=', email).execute();
    return rows.length;
  }

  it('lets the owner in after wrong passwords from many addresses: at once on a device that signed in before, after a captcha on any other', async () => {
    const account = await staffAccount(t.database);
    const device = await ownerDevice(account);

    const guesses = [];
    for (let index = 0; index < 12; index++)
      guesses.push(await signIn({ login: account.login, password: `guess-${index}` }));
    expect(guesses.map((answer) => answer.statusCode)).toEqual([
      ...Array<number>(STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA).fill(401),
      ...Array<number>(12 - STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA).fill(400),
    ]);
    expect(guesses.at(-1)!.json()).toMatchObject({ error: 'captcha_required', message: STAFF_TEXTS.captchaRequired });

    // The owner's tablet: straight to the code, no captcha, no 429.
    const trusted = await signIn({ login: account.login, password: account.password, device });
    expect(trusted.statusCode, trusted.body).toBe(200);
    const verified = await verify(
      trusted.json<{ challenge: string }>().challenge,
      await lastStaffCode(t.database, account.email),
    );
    expect(verified.statusCode).toBe(200);

    // A new device of the owner: the captcha, then in.
    const untrusted = await signIn({ login: account.login.toUpperCase(), password: account.password });
    expect(untrusted.statusCode).toBe(400);
    expect(untrusted.json()).toMatchObject({ error: 'captcha_required' });
    const captcha = await drawCaptcha();
    const withCaptcha = await signIn({
      login: account.login,
      password: account.password,
      captcha_id: captcha.id,
      captcha: captcha.answer,
    });
    expect(withCaptcha.statusCode, withCaptcha.body).toBe(200);
    expect(staffSignInResponse.parse(withCaptcha.json()).email_hint).toBe(`${account.email[0]}***@staff.test`);
  });

  it('asks a stranger past the allowance for a captcha on every try: a wrong or used one is refused before the password is looked at', async () => {
    const account = await staffAccount(t.database);
    for (let index = 0; index < STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA; index++) {
      expect((await signIn({ login: account.login, password: `guess-${index}` })).statusCode).toBe(401);
    }
    const captcha = await drawCaptcha();
    const wrongAnswer = captcha.answer === '00000' ? '11111' : '00000';
    const wrong = await signIn({
      login: account.login,
      password: account.password,
      captcha_id: captcha.id,
      captcha: wrongAnswer,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'captcha' });
    // One image, one try: the right answer to a used image is refused too, even with the right password.
    const reused = await signIn({
      login: account.login,
      password: account.password,
      captcha_id: captcha.id,
      captcha: captcha.answer,
    });
    expect(reused.json()).toMatchObject({ error: 'captcha' });
    const unknown = await signIn({
      login: account.login,
      password: account.password,
      captcha_id: randomBytes(16).toString('hex'),
      captcha: '12345',
    });
    expect(unknown.json()).toMatchObject({ error: 'captcha' });
    // A right captcha with a wrong password: 401, and the next try needs a new image.
    const next = await drawCaptcha();
    const guessed = await signIn({
      login: account.login,
      password: 'guess-with-captcha',
      captcha_id: next.id,
      captcha: next.answer,
    });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json()).toMatchObject({ error: 'wrong_credentials', message: STAFF_TEXTS.wrongCredentials });
    expect((await signIn({ login: account.login, password: account.password })).json()).toMatchObject({
      error: 'captcha_required',
    });
    // An unknown login is throttled the same way: nothing tells the two apart.
    const nobody = `nobody-${randomBytes(4).toString('hex')}`;
    const answers = [];
    for (let index = 0; index <= STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA; index++)
      answers.push((await signIn({ login: nobody, password: account.password })).statusCode);
    expect(answers).toEqual([...Array<number>(STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA).fill(401), 400]);
  });

  it('counts a trusted device’s wrong passwords on its own: they put no one else behind a captcha, and past five it is any other client', async () => {
    const account = await staffAccount(t.database);
    const device = await ownerDevice(account);
    for (let index = 0; index < STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA; index++) {
      expect((await signIn({ login: account.login, password: `typo-${index}`, device })).statusCode).toBe(401);
    }
    // The login's allowance is untouched: another client still signs in without a captcha.
    expect((await signIn({ login: account.login, password: account.password })).statusCode).toBe(200);
    // The device's sixth wrong password counts as a stranger's.
    for (let index = 0; index < STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA + 1; index++)
      await signIn({ login: account.login, password: `typo-again-${index}`, device });
    expect((await signIn({ login: account.login, password: account.password })).json()).toMatchObject({
      error: 'captcha_required',
    });
  });

  it('trusts a device token only for its own account, signed by the server', async () => {
    const account = await staffAccount(t.database);
    const other = await staffAccount(t.database);
    const othersDevice = await ownerDevice(other);
    const device = await ownerDevice(account);
    for (let index = 0; index < STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA; index++)
      await signIn({ login: account.login, password: `guess-${index}` });
    const [version, id, issued, nonce, mac] = device.split('.');
    const forged = [version, id, issued, nonce, `${mac!.slice(0, -1)}${mac!.endsWith('0') ? '1' : '0'}`].join('.');
    for (const token of [othersDevice, forged, 'd1.1.1.x.y', 'x'.repeat(300)]) {
      const answer = await signIn({ login: account.login, password: account.password, device: token });
      expect(answer.statusCode, token).toBe(400);
      expect(answer.json()).toMatchObject({ error: 'captcha_required' });
    }
    expect((await signIn({ login: account.login, password: account.password, device })).statusCode).toBe(200);
  });

  it(`takes ${STAFF_SIGN_IN_TRIES_PER_ADDRESS} tries per address in 15 minutes (429), while a trusted device behind that address still signs in`, async () => {
    const account = await staffAccount(t.database);
    const device = await ownerDevice(account);
    const hall = someAddress();
    const answers = [];
    for (let index = 0; index <= STAFF_SIGN_IN_TRIES_PER_ADDRESS; index++) {
      answers.push((await signIn({ login: `someone-${index}`, password: 'guess' }, hall)).statusCode);
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((status) => status === 401)).toBe(true);
    const refused = await signIn({ login: account.login, password: account.password }, hall);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: 'too_many_attempts', message: STAFF_TEXTS.tooManyAttempts });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn({ login: account.login, password: account.password, device }, hall)).statusCode).toBe(200);
  });

  it('mails one code for 30 right sign-ins in a row, answering the same challenge, and the code opens the session', async () => {
    const account = await staffAccount(t.database);
    const answers = [];
    for (let index = 0; index < 30; index++)
      answers.push(await signIn({ login: account.login, password: account.password }));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    const bodies = answers.map((answer) => staffSignInResponse.parse(answer.json()));
    expect(await mailsTo(account.email)).toBe(1);
    expect(new Set(bodies.map((body) => body.challenge)).size).toBe(1);
    expect(bodies.map((body) => body.new_code)).toEqual([true, ...Array<boolean>(29).fill(false)]);
    expect(new Set(bodies.map((body) => body.sent_at)).size).toBe(1);
    const verified = await verify(bodies[0]!.challenge, await lastStaffCode(t.database, account.email));
    expect(verified.statusCode).toBe(200);
    // The code is used: the next sign-in mails a new one at once.
    const again = await signIn({ login: account.login, password: account.password });
    expect(staffSignInResponse.parse(again.json()).new_code).toBe(true);
    expect(await mailsTo(account.email)).toBe(2);
  });

  it('mails a new code once the wait is over (1 minute, then 2, 4, 8), ending the old one; a code spent on wrong tries waits its turn (429)', async () => {
    const account = await staffAccount(t.database);
    /** Moves the account's codes `seconds` into the past, as if that much time went by. */
    const age = async (seconds: number) => {
      await t.database.db
        .updateTable('staff_challenges')
        .set({ created_at: sql<Date>`created_at - make_interval(secs => ${seconds})` })
        .where('staff_id', '=', account.id)
        .execute();
    };
    const start = async () =>
      staffSignInResponse.parse((await signIn({ login: account.login, password: account.password })).json());
    const first = await start();
    const firstCode = await lastStaffCode(t.database, account.email);
    await age(61);
    const second = await start();
    expect(second.new_code).toBe(true);
    expect(second.challenge).not.toBe(first.challenge);
    expect(await mailsTo(account.email)).toBe(2);
    // The first code ended with the second.
    expect((await verify(first.challenge, firstCode)).json()).toMatchObject({ error: 'code_expired' });
    // Two unused codes this hour: the next waits 2 minutes.
    await age(61);
    expect((await start()).new_code).toBe(false);
    await age(60);
    expect((await start()).new_code).toBe(true);
    expect(await mailsTo(account.email)).toBe(3);

    // Someone with the password but not the mailbox spends the code's tries: no new mail until the wait is over.
    const live = await start();
    for (let index = 0; index < STAFF_CODE_ATTEMPTS; index++) await verify(live.challenge, '000000');
    const waiting = await signIn({ login: account.login, password: account.password });
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ error: 'code_wait' });
    expect(waiting.json<{ message: string }>().message).toMatch(/через \d+ мин\./);
    expect(Number(waiting.headers['retry-after'])).toBeGreaterThan(0);
    expect(await mailsTo(account.email)).toBe(3);
  });

  it('lets the owner ask again at once when the code could not be mailed (502)', async () => {
    const account = await staffAccount(t.database);
    expect(
      (await t.app.inject({ method: 'POST', url: '/sandbox/providers/mailgun/faults', payload: { count: 1 } }))
        .statusCode,
    ).toBe(200);
    const failed = await signIn({ login: account.login, password: account.password });
    expect(failed.statusCode).toBe(502);
    const again = await signIn({ login: account.login, password: account.password });
    expect(again.statusCode, again.body).toBe(200);
    expect(staffSignInResponse.parse(again.json()).new_code).toBe(true);
    expect(
      (await verify(again.json<{ challenge: string }>().challenge, await lastStaffCode(t.database, account.email)))
        .statusCode,
    ).toBe(200);
  });

  it('refuses a captcha id that is not 32 hex digits (400), never a 500', async () => {
    for (const id of ['short', 'g'.repeat(32), `${'a'.repeat(32)}0`]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/staff/captcha/${id}` })).statusCode, id).toBe(400);
    }
    const bad = await signIn({ login: 'manager', password: 'x', captcha_id: '../../etc', captcha: '1' });
    expect(bad.statusCode).toBe(400);
  });

  it.runIf(kind === 'postgres')(
    'checks no more than five wrong passwords of 30 sent at once from 30 addresses; the owner’s device still signs in',
    async () => {
      const account = await staffAccount(t.database);
      const device = await ownerDevice(account);
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) => signIn({ login: account.login, password: `burst-${index}` })),
      );
      const statuses = answers.map((answer) => answer.statusCode);
      expect(statuses.filter((status) => status === 401)).toHaveLength(STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA);
      expect(statuses.filter((status) => status === 400)).toHaveLength(30 - STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA);
      expect((await signIn({ login: account.login, password: account.password, device })).statusCode).toBe(200);
    },
  );

  it.runIf(kind === 'postgres')(
    'mails one code for 10 right sign-ins sent at once, all answered the same challenge',
    async () => {
      const account = await staffAccount(t.database);
      // Every try is counted before its password is looked at (so a burst gets no more wrong ones
      // checked than the allowance): ten at once are five from the owner's device and five more.
      const device = await ownerDevice(account);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          signIn({ login: account.login, password: account.password, ...(index < 5 ? { device } : {}) }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200));
      expect(new Set(answers.map((answer) => answer.json<{ challenge: string }>().challenge)).size).toBe(1);
      // The owner's first sign-in's code, and one for the ten.
      expect(await mailsTo(account.email)).toBe(2);
    },
  );
});
