import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTCHA_UNAVAILABLE_MESSAGE,
  CAPTCHA_WIDGET_EMPTY_MESSAGE,
  CAPTCHA_WIDGET_FAILED_MESSAGE,
  captchaConfigResponse,
  errorResponse,
} from '@chain/contract';
import { SmartCaptchaClient } from '../src/adapters/captcha/smartcaptcha';
import { parseConfig, SANDBOX_ENV, SANDBOX_SMARTCAPTCHA_KEYS } from '../src/config';
import { contentSecurityPolicy } from '../src/http/security';
import { CAPTCHA_RETRY_AFTER_SECONDS } from '../src/modules/auth/captcha';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { lastCode, solveCaptcha } from './support/sign-in';

// Issue 30.5, decision 061: the captcha before a sign-in code (SPEC 2 Sign-in, SPEC 7 sendSms,
// sendEmailCode, auth_inbound) as a captcha service's widget token, checked by the real
// SmartCaptcha adapter against the sandbox's counterpart; a service that cannot tell is a 503
// with Retry-After (fail closed), never a pass and never a 500.

let seq = 0;
const newPhone = () => `7926${String(process.pid % 1000).padStart(3, '0')}${String(seq++).padStart(4, '0')}`;
const newEmail = () => `widget${process.pid}.${seq++}@example.ru`;
const newIp = () => `10.30.${Math.floor(seq / 250)}.${(seq++ % 250) + 1}`;

const SERVICE = {
  kind: 'smartcaptcha',
  baseUrl: null,
  clientKey: SANDBOX_SMARTCAPTCHA_KEYS.client,
  serverKey: SANDBOX_SMARTCAPTCHA_KEYS.server,
  timeoutMs: 3000,
} as const;

describe.each(databaseKinds())('sign-in behind the captcha service on %s (SPEC 2, 7; decision 061)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { captcha: SERVICE });
  });
  afterAll(() => t.close());

  const origin = () => `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  const send = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, remoteAddress: newIp() });
  /** What ticking the sandbox widget's box gives: a fresh token. */
  async function widgetToken(host = 'localhost'): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/smartcaptcha/check',
      payload: { sitekey: SERVICE.clientKey, host },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  }
  /** Runs `during` with the app's captcha service swapped for `service`. */
  async function withService(service: SmartCaptchaClient, during: () => Promise<void>) {
    const own = t.app.providers.captcha;
    t.app.providers.captcha = service;
    try {
      await during();
    } finally {
      t.app.providers.captcha = own;
    }
  }
  const expectUnavailable = (res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe(String(CAPTCHA_RETRY_AFTER_SECONDS));
    expect(errorResponse.parse(res.json())).toMatchObject({
      error: 'captcha_unavailable',
      message: CAPTCHA_UNAVAILABLE_MESSAGE,
    });
  };

  it('tells the app to show the widget, and serves the stand-in script with the real global API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/captcha' });
    expect(res.statusCode).toBe(200);
    expect(captchaConfigResponse.parse(res.json())).toEqual({
      kind: 'smartcaptcha',
      sitekey: SERVICE.clientKey,
      scriptUrl: '/sandbox/smartcaptcha/captcha.js',
    });
    const script = await t.app.inject({ method: 'GET', url: '/sandbox/smartcaptcha/captcha.js' });
    expect(script.headers['content-type']).toMatch(/^application\/javascript/);
    expect(script.body).toContain('window.smartCaptcha = {');
    expect(script.body).toContain('Я не робот');
  });

  it('sends a code for a token the service passes, by phone, e-mail and the inbound call', async () => {
    const phone = newPhone();
    const sms = await send('/api/v1/user/sendSms', { phone, captcha: await widgetToken(), authType: 'sms' });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(await lastCode(t.app, phone)).toMatch(/^\d{4}$/);
    const email = newEmail();
    expect((await send('/api/v2/user/sendEmailCode', { email, captcha: await widgetToken() })).statusCode).toBe(200);
    expect(await lastCode(t.app, email)).toMatch(/^\d{6}$/);
    expect(
      (await send('/api/v2/user/auth_inbound', { phone: newPhone(), captcha: await widgetToken() })).statusCode,
    ).toBe(200);
  });

  it("refuses a token the service passed on another site than the chain's own (PUBLIC_ORIGIN), sending nothing", async () => {
    const config = t.app.config as { publicOrigin: string | null };
    const own = config.publicOrigin;
    config.publicOrigin = 'https://order.example.ru';
    try {
      const phone = newPhone();
      const elsewhere = await send('/api/v1/user/sendSms', { phone, captcha: await widgetToken('copy.example.com') });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toMatchObject({ error: 'captcha', message: CAPTCHA_WIDGET_FAILED_MESSAGE });
      await expect(lastCode(t.app, phone)).rejects.toThrow(/no code delivered/);
      const here = await send('/api/v1/user/sendSms', { phone, captcha: await widgetToken('order.example.ru') });
      expect(here.statusCode, here.body).toBe(200);
      expect(await lastCode(t.app, phone)).toMatch(/^\d{4}$/);
    } finally {
      config.publicOrigin = own;
    }
  });

  it("refuses a wrong token, an empty one and a picture's answer with a readable 400, sending nothing", async () => {
    const phone = newPhone();
    const wrong = await send('/api/v1/user/sendSms', { phone, captcha: 'sandbox-not-a-token-it-issued' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'captcha', message: CAPTCHA_WIDGET_FAILED_MESSAGE });
    const empty = await send('/api/v1/user/sendSms', { phone, captcha: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'captcha_empty', message: CAPTCHA_WIDGET_EMPTY_MESSAGE });
    // SPEC 7's picture is still drawn, but with the service its answer opens nothing: the weaker path stays shut.
    const picture = await send('/api/v1/user/sendSms', { phone, captcha: await solveCaptcha(t.app, phone) });
    expect(picture.statusCode).toBe(400);
    expect(picture.json()).toMatchObject({ error: 'captcha' });
    const sent = await t.database.db.selectFrom('sandbox_outbox').select('id').where('recipient', '=', phone).execute();
    expect(sent).toEqual([]);
  });

  it('takes a token once: used again, or sent twice at once, only one request gets a code', async () => {
    const token = await widgetToken();
    expect((await send('/api/v1/user/sendSms', { phone: newPhone(), captcha: token })).statusCode).toBe(200);
    const again = await send('/api/v1/user/sendSms', { phone: newPhone(), captcha: token });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'captcha' });

    const twice = await widgetToken();
    const statuses = (
      await Promise.all([0, 1, 2, 3].map(() => send('/api/v1/user/sendSms', { phone: newPhone(), captcha: twice })))
    ).map((r) => r.statusCode);
    expect(statuses.sort()).toEqual([200, 400, 400, 400]);
  });

  it('refuses a token older than 5 minutes', async () => {
    const token = await widgetToken();
    await t.database.db
      .updateTable('sandbox_smartcaptcha_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token', '=', token)
      .execute();
    expect((await send('/api/v1/user/sendSms', { phone: newPhone(), captcha: token })).json()).toMatchObject({
      error: 'captcha',
    });
  });

  it('answers 503 with Retry-After when the service is down (HTTP 503), keeping the token unspent', async () => {
    const token = await widgetToken();
    expect(
      (await t.app.inject({ method: 'POST', url: '/sandbox/smartcaptcha/faults', payload: { count: 1 } })).statusCode,
    ).toBe(200);
    const phone = newPhone();
    expectUnavailable(await send('/api/v1/user/sendSms', { phone, captcha: token }));
    expect((await send('/api/v1/user/sendSms', { phone, captcha: token })).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After when our server key is refused: every guest would fail, so it is ours', async () => {
    const wrongKey = new SmartCaptchaClient({
      baseUrl: () => `${origin()}/sandbox/smartcaptcha`,
      serverKey: 'not-the-server-key',
      timeoutMs: 3000,
    });
    await withService(wrongKey, async () => {
      expectUnavailable(await send('/api/v1/user/sendSms', { phone: newPhone(), captcha: await widgetToken() }));
    });
  });

  it('answers 503 with Retry-After when the service is unreachable or hangs past its timeout', async () => {
    const unreachable = new SmartCaptchaClient({
      baseUrl: () => 'http://127.0.0.1:9',
      serverKey: SERVICE.serverKey,
      timeoutMs: 3000,
    });
    await withService(unreachable, async () => {
      expectUnavailable(await send('/api/v2/user/sendEmailCode', { email: newEmail(), captcha: 'any-token' }));
    });
    const hanging: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve));
    try {
      const port = (hanging.address() as { port: number }).port;
      const slow = new SmartCaptchaClient({
        baseUrl: () => `http://127.0.0.1:${port}`,
        serverKey: SERVICE.serverKey,
        timeoutMs: 300,
      });
      await withService(slow, async () => {
        const started = Date.now();
        expectUnavailable(await send('/api/v2/user/auth_inbound', { phone: newPhone(), captcha: 'any-token' }));
        expect(Date.now() - started).toBeLessThan(2000);
      });
    } finally {
      hanging.closeAllConnections();
      await new Promise<void>((resolve) => hanging.close(() => resolve()));
    }
  });
});

describe('the captcha service in configuration and the CSP (decision 061)', () => {
  const production = {
    AUTH_SECRET: 'x'.repeat(32),
    SMSRU_API_ID: 'id',
    MAIL_API_KEY: 'key',
    MAIL_DOMAIN: 'mg.example.ru',
    PUBLIC_ORIGIN: 'https://order.example.ru',
    ACQUIRING_USERNAME: 'user',
    ACQUIRING_PASSWORD: 'password',
    ACQUIRING_CALLBACK_SECRET: 'c'.repeat(16),
    MAP_TILES_URL: 'https://tiles.example.ru/{z}/{x}/{y}.png',
    GEOCODER_URL: 'https://photon.example.ru',
  };

  it('needs both keys without the sandbox, and allows the service origin in the CSP only when the widget is shown', () => {
    expect(() =>
      parseConfig({ ...production, CAPTCHA_PROVIDER: 'smartcaptcha', SMARTCAPTCHA_CLIENT_KEY: 'ysc1_client_key' }),
    ).toThrow(/SMARTCAPTCHA_CLIENT_KEY and SMARTCAPTCHA_SERVER_KEY are required/);
    expect(() => parseConfig({ ...production, CAPTCHA_PROVIDER: 'recaptcha' })).toThrow(
      /CAPTCHA_PROVIDER must be image or smartcaptcha/,
    );
    const service = parseConfig({
      ...production,
      CAPTCHA_PROVIDER: 'smartcaptcha',
      SMARTCAPTCHA_CLIENT_KEY: 'ysc1_client_key',
      SMARTCAPTCHA_SERVER_KEY: 'ysc2_server_key',
    });
    expect(service.captcha).toEqual({
      kind: 'smartcaptcha',
      baseUrl: 'https://smartcaptcha.yandexcloud.net',
      clientKey: 'ysc1_client_key',
      serverKey: 'ysc2_server_key',
      timeoutMs: 3000,
    });
    const csp = contentSecurityPolicy(service);
    for (const directive of ['script-src', 'frame-src', 'connect-src'])
      expect(csp[directive]).toContain('https://smartcaptcha.yandexcloud.net');
    const picture = contentSecurityPolicy(parseConfig(production));
    expect(JSON.stringify(picture)).not.toContain('smartcaptcha');
    // The sandbox's stand-in comes from the server itself: 'self' covers it.
    expect(
      JSON.stringify(contentSecurityPolicy(parseConfig({ ...SANDBOX_ENV, CAPTCHA_PROVIDER: 'smartcaptcha' }))),
    ).not.toContain('smartcaptcha');
  });
});
