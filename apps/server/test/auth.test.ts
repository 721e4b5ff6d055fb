import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, userResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { lastCode, readOutbox, solveCaptcha } from './support/sign-in';

let phoneSeq = 0;
/** A fresh phone per test, so per-contact limits and pauses never leak between tests. */
const newPhone = () => `7916${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq++).padStart(4, '0')}`;
let mailSeq = 0;
const newEmail = () => `guest${process.pid}.${mailSeq++}@example.ru`;
let ipSeq = 0;
/** Each test its own client address, so per-IP limits of one test do not touch another. */
const newIp = () => `10.1.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

describe.each(databaseKinds())('sign-in on %s (SPEC 2 Sign-in, 4, 5, 7, 9)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url, payload, remoteAddress: ip });
  const ageCodes = (contact: string) =>
    sql`update auth_codes set created_at = created_at - interval '2 minutes' where contact = ${contact}`.execute(
      t.database.db,
    );

  describe('the captcha', () => {
    it('is a server-drawn PNG, never cached, for a 5-digit answer (the picture itself: captcha-solver.test.ts)', async () => {
      const phone = newPhone();
      const res = await t.app.inject({ method: 'GET', url: `/captcha/${phone}?1700000000` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('no-store');
      const { captcha } = await readOutbox(t.app, phone);
      expect(captcha).toMatch(/^\d{5}$/);
    });

    it('stores only a hash of the answer', async () => {
      const phone = newPhone();
      const answer = await solveCaptcha(t.app, phone);
      const rows = await t.database.db
        .selectFrom('captchas')
        .select('answer_hash')
        .where('contact', '=', phone)
        .execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.answer_hash).not.toContain(answer);
    });

    it('accepts the +7 mask and refuses a contact that is neither phone nor e-mail (SPEC 5)', async () => {
      expect(
        (await t.app.inject({ method: 'GET', url: `/captcha/${encodeURIComponent('+7 (916) 000-11-22')}` })).statusCode,
      ).toBe(200);
      const bad = await t.app.inject({ method: 'GET', url: '/captcha/12345' });
      expect(bad.statusCode).toBe(400);
      expect(errorResponse.parse(bad.json()).message).toBe('Проверьте правильность ввода телефона.');
    });

    it("answers an empty captcha with 'Код не введен!' (SPEC 5)", async () => {
      const res = await post('/api/v1/user/sendSms', { phone: newPhone(), captcha: '' }, newIp());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'captcha_empty', message: 'Код не введен!' });
    });

    it('allows one try per image: a wrong answer uses it up, and so does a right one', async () => {
      const phone = newPhone();
      const ip = newIp();
      const answer = await solveCaptcha(t.app, phone);
      const wrong = await post('/api/v1/user/sendSms', { phone, captcha: answer === '00000' ? '11111' : '00000' }, ip);
      expect(wrong.json()).toMatchObject({ error: 'captcha' });
      const again = await post('/api/v1/user/sendSms', { phone, captcha: answer }, ip);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toMatchObject({ error: 'captcha' });
    });

    it('counts only the latest image of a contact, and expires after 5 minutes', async () => {
      const phone = newPhone();
      const ip = newIp();
      const first = await solveCaptcha(t.app, phone);
      const second = await solveCaptcha(t.app, phone);
      if (first !== second)
        expect((await post('/api/v1/user/sendSms', { phone, captcha: first }, ip)).json()).toMatchObject({
          error: 'captcha',
        });
      const third = await solveCaptcha(t.app, phone);
      await sql`update captchas set expires_at = now() - interval '1 second' where contact = ${phone}`.execute(
        t.database.db,
      );
      expect((await post('/api/v1/user/sendSms', { phone, captcha: third }, ip)).json()).toMatchObject({
        error: 'captcha',
      });
    });
  });

  describe('by e-mail code', () => {
    it('e-mails a 6-digit code and signs in with it, creating the user (SPEC 4)', async () => {
      const email = newEmail();
      const ip = newIp();
      const captcha = await solveCaptcha(t.app, email);
      const sent = await post('/api/v2/user/sendEmailCode', { email: email.toUpperCase(), captcha }, ip);
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ success: true, codeLength: 6, resendAfter: 60 });
      const outbox = await readOutbox(t.app, email);
      expect(outbox.messages).toHaveLength(1);
      expect(outbox.messages[0]).toMatchObject({ channel: 'email', to: email });
      const code = await lastCode(t.app, email);
      expect(code).toMatch(/^\d{6}$/);

      const res = await post('/api/v2/user/checkEmailCode', { email, code }, ip);
      expect(res.statusCode).toBe(200);
      const user = userResponse.parse(res.json<{ user: unknown }>().user);
      expect(user).toMatchObject({ authorized: true, email, phone: '' });
      // The token has at least 128 bits and is stored only as a hash.
      expect(Buffer.from(user.password, 'base64url').length).toBeGreaterThanOrEqual(16);
      const session = await t.database.db
        .selectFrom('sessions')
        .select('token_hash')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(session.token_hash).toBe(createHash('sha256').update(user.password).digest('hex'));
    });

    it('signs a known address into the same user, with a new session', async () => {
      const email = newEmail();
      const ip = newIp();
      const signIn = async () => {
        const captcha = await solveCaptcha(t.app, email);
        expect((await post('/api/v2/user/sendEmailCode', { email, captcha }, ip)).statusCode).toBe(200);
        const res = await post('/api/v2/user/checkEmailCode', { email, code: await lastCode(t.app, email) }, ip);
        return userResponse.parse(res.json<{ user: unknown }>().user);
      };
      const first = await signIn();
      await ageCodes(email);
      const second = await signIn();
      expect(second.id).toBe(first.id);
      expect(second.password).not.toBe(first.password);
    });

    it('makes a new code for the same address wait 60 s', async () => {
      const email = newEmail();
      const ip = newIp();
      expect(
        (await post('/api/v2/user/sendEmailCode', { email, captcha: await solveCaptcha(t.app, email) }, ip)).statusCode,
      ).toBe(200);
      const again = await post('/api/v2/user/sendEmailCode', { email, captcha: await solveCaptcha(t.app, email) }, ip);
      expect(again.statusCode).toBe(429);
      expect(again.json<{ message: string }>().message).toMatch(/^Новый код можно запросить через \d+ сек\.$/);
    });

    it("refuses a malformed address with 'Введите верный email.' and a code of the wrong length with the SPEC 5 text", async () => {
      const bad = await post('/api/v2/user/sendEmailCode', { email: 'a@b', captcha: '12345' }, newIp());
      expect(bad.json()).toMatchObject({ error: 'email', message: 'Введите верный email.' });
      const short = await post('/api/v2/user/checkEmailCode', { email: newEmail(), code: '1234' }, newIp());
      expect(short.json()).toMatchObject({ error: 'code_format', message: 'Проверьте правильность ввода кода.' });
    });

    it('allows five wrong tries, then the code is dead even when right', async () => {
      const email = newEmail();
      const ip = newIp();
      await post('/api/v2/user/sendEmailCode', { email, captcha: await solveCaptcha(t.app, email) }, ip);
      const code = await lastCode(t.app, email);
      const wrongCode = code === '000000' ? '111111' : '000000';
      for (let i = 1; i <= 4; i++) {
        expect((await post('/api/v2/user/checkEmailCode', { email, code: wrongCode }, ip)).json()).toMatchObject({
          error: 'code_wrong',
        });
      }
      const fifth = await post('/api/v2/user/checkEmailCode', { email, code: wrongCode }, ip);
      expect(fifth.statusCode).toBe(429);
      expect(fifth.json()).toMatchObject({ error: 'code_attempts' });
      expect((await post('/api/v2/user/checkEmailCode', { email, code }, ip)).statusCode).toBe(400);
    });

    it('lets a code expire', async () => {
      const email = newEmail();
      const ip = newIp();
      await post('/api/v2/user/sendEmailCode', { email, captcha: await solveCaptcha(t.app, email) }, ip);
      await sql`update auth_codes set expires_at = now() - interval '1 second' where contact = ${email}`.execute(
        t.database.db,
      );
      const res = await post('/api/v2/user/checkEmailCode', { email, code: await lastCode(t.app, email) }, ip);
      expect(res.json()).toMatchObject({ error: 'code_expired', message: 'Код устарел. Запросите новый код.' });
    });

    it('uses a code once', async () => {
      const email = newEmail();
      const ip = newIp();
      await post('/api/v2/user/sendEmailCode', { email, captcha: await solveCaptcha(t.app, email) }, ip);
      const code = await lastCode(t.app, email);
      expect((await post('/api/v2/user/checkEmailCode', { email, code }, ip)).statusCode).toBe(200);
      expect((await post('/api/v2/user/checkEmailCode', { email, code }, ip)).json()).toMatchObject({
        error: 'code_expired',
      });
    });
  });

  describe('by phone', () => {
    it('signs in with the last 4 digits of the robot call (authType call)', async () => {
      const phone = newPhone();
      const ip = newIp();
      const sent = await post(
        '/api/v1/user/sendSms',
        {
          phone: `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`,
          captcha: await solveCaptcha(t.app, phone),
          authType: 'call',
        },
        ip,
      );
      expect(sent.statusCode).toBe(200);
      expect(sent.json()).toMatchObject({ codeLength: 4 });
      const call = (await readOutbox(t.app, phone)).messages.at(-1);
      expect(call).toMatchObject({ channel: 'call', to: phone });
      expect(call?.text).toContain(call?.code ?? 'x');
      const res = await post('/api/v1/user/checkSms', { phone, authType: 'call', code: call?.code }, ip);
      expect(res.statusCode).toBe(200);
      expect(userResponse.parse(res.json<{ user: unknown }>().user)).toMatchObject({ authorized: true, phone });
    });

    it('sends a 4-digit SMS for authType sms, taking the form-urlencoded body the old app sends', async () => {
      const phone = newPhone();
      const ip = newIp();
      const captcha = await solveCaptcha(t.app, phone);
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/sendSms',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ phone, captcha, authType: 'sms', pushToken: '' }).toString(),
        remoteAddress: ip,
      });
      expect(sent.statusCode).toBe(200);
      const sms = (await readOutbox(t.app, phone)).messages.at(-1);
      expect(sms).toMatchObject({ channel: 'sms' });
      expect(sms?.code).toMatch(/^\d{4}$/);
      const res = await post('/api/v1/user/checkSms', { phone, authType: 'sms', code: sms?.code }, ip);
      expect(res.statusCode).toBe(200);
    });

    it("refuses a phone that is not 11 digits with 'Проверьте правильность ввода телефона.'", async () => {
      const res = await post('/api/v1/user/sendSms', { phone: '+7 916 123', captcha: '12345' }, newIp());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'phone', message: 'Проверьте правильность ввода телефона.' });
    });
  });

  describe('by inbound call (SPEC 4: poll every 10 s until the call comes)', () => {
    it('gives a number and a tel: QR, answers pending, then signs in once the guest has called', async () => {
      const phone = newPhone();
      const ip = newIp();
      const started = await post(
        '/api/v2/user/auth_inbound',
        { phone, captcha: await solveCaptcha(t.app, phone), authType: 'inbound' },
        ip,
      );
      expect(started.statusCode).toBe(200);
      const { number, qr, uid, expiresIn } = started.json<{
        number: string;
        qr: string;
        uid: string;
        expiresIn: number;
      }>();
      expect(number).toMatch(/^\+7 \(800\)/);
      expect(qr).toMatch(/^tel:\+7800\d{7}$/);
      expect(expiresIn).toBe(60);

      const pending = await post('/api/v2/user/check_inbound', { callId: uid, phone }, ip);
      expect(pending.json()).toMatchObject({ success: false, pending: true });

      const call = await t.app.inject({ method: 'POST', url: '/sandbox/inbound-call', payload: { phone } });
      expect(call.statusCode).toBe(200);
      const done = await post('/api/v2/user/check_inbound', { callId: uid, phone }, ip);
      expect(done.statusCode).toBe(200);
      expect(userResponse.parse(done.json<{ user: unknown }>().user)).toMatchObject({ phone });
      // The call signs in once.
      expect((await post('/api/v2/user/check_inbound', { callId: uid, phone }, ip)).statusCode).toBe(404);
    });

    it('gives up after the minute to call, and refuses another phone’s check', async () => {
      const phone = newPhone();
      const ip = newIp();
      const started = await post('/api/v2/user/auth_inbound', { phone, captcha: await solveCaptcha(t.app, phone) }, ip);
      const { uid } = started.json<{ uid: string }>();
      expect((await post('/api/v2/user/check_inbound', { callId: uid, phone: newPhone() }, ip)).statusCode).toBe(404);
      await sql`update inbound_checks set expires_at = now() - interval '1 second' where id = ${uid}`.execute(
        t.database.db,
      );
      const late = await post('/api/v2/user/check_inbound', { callId: uid, phone }, ip);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toMatchObject({ error: 'inbound_expired' });
    });
  });

  describe('limits', () => {
    it('limits code requests per client address', async () => {
      const ip = newIp();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const phone = newPhone();
        statuses.push(
          (await post('/api/v1/user/sendSms', { phone, captcha: await solveCaptcha(t.app, phone) }, ip)).statusCode,
        );
      }
      expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
      const phone = newPhone();
      const refused = await post('/api/v1/user/sendSms', { phone, captcha: await solveCaptcha(t.app, phone) }, ip);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits code requests per contact, whatever the address', async () => {
      const phone = newPhone();
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        await ageCodes(phone);
        statuses.push(
          (await post('/api/v1/user/sendSms', { phone, captcha: await solveCaptcha(t.app, phone) }, newIp()))
            .statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    });

    it('follows the settings: a sign-in type switched off is refused', async () => {
      await t.database.db
        .updateTable('settings')
        .set({ value: JSON.stringify(0) })
        .where('key', '=', 'allow_email_auth')
        .execute();
      try {
        const email = newEmail();
        const res = await post(
          '/api/v2/user/sendEmailCode',
          { email, captcha: await solveCaptcha(t.app, email) },
          newIp(),
        );
        expect(res.statusCode).toBe(403);
        expect(res.json()).toMatchObject({ error: 'auth_type_disabled' });
      } finally {
        await t.database.db
          .updateTable('settings')
          .set({ value: JSON.stringify(1) })
          .where('key', '=', 'allow_email_auth')
          .execute();
      }
    });
  });
});

describe('when a provider fails', () => {
  let t: TestApp;
  beforeAll(async () => {
    const base = (await import('../src/config')).testConfig();
    t = await buildTestApp('pglite', {
      providers: {
        ...base.providers,
        smsru: { baseUrl: 'http://127.0.0.1:9/nothing', apiId: 'x' },
        mail: { ...base.providers.mail, baseUrl: 'http://127.0.0.1:9/nothing' },
      },
    });
  });
  afterAll(() => t.close());

  it('answers 502 with a Russian message and leaves no usable code behind', async () => {
    const email = `fail${process.pid}@example.ru`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/sendEmailCode',
      payload: { email, captcha: await solveCaptcha(t.app, email) },
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ error: 'provider', message: 'Не удалось отправить код. Попробуйте позже.' });
    const live = await t.database.db
      .selectFrom('auth_codes')
      .select('id')
      .where('contact', '=', email)
      .where('consumed_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
  });
});

describe('when a provider refuses (SMS.ru answers status ERROR for a wrong api_id)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {
      providers: { ...(await import('../src/config')).testConfig().providers, smsru: { baseUrl: null, apiId: '' } },
    });
  });
  afterAll(() => t.close());

  it('answers 502 for a robot call and for an inbound check', async () => {
    const phone = '79160000001';
    const call = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/sendSms',
      payload: { phone, captcha: await solveCaptcha(t.app, phone) },
    });
    expect(call.statusCode).toBe(502);
    const inbound = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/auth_inbound',
      payload: { phone, captcha: await solveCaptcha(t.app, phone) },
    });
    expect(inbound.statusCode).toBe(502);
  });
});

describe('without the sandbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { sandbox: false });
  });
  afterAll(() => t.close());

  it('has no /sandbox/* at all', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/outbox?to=79160000000' })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/sandbox/inbound-call', payload: { phone: '79160000000' } }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/sandbox/providers/smsru/code/call', payload: {} })).statusCode,
    ).toBe(404);
  });
});
