import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';

// Issue 4 "Bad input" for the sign-in calls: malformed JSON, wrong types, missing fields,
// oversized bodies and unknown ids get a 4xx with a readable message, never a 5xx (`post`
// fails the test on any 5xx).

const CALLS: Array<{ url: string; body: Record<string, unknown>; required: string[] }> = [
  {
    url: '/api/v2/user/sendEmailCode',
    body: { captcha: '12345', email: 'guest@example.ru', pushToken: 'p' },
    required: ['captcha', 'email'],
  },
  {
    url: '/api/v2/user/checkEmailCode',
    body: { email: 'guest@example.ru', code: '123456' },
    required: ['email', 'code'],
  },
  {
    url: '/api/v1/user/sendSms',
    body: { captcha: '12345', phone: '79160000000', authType: 'call' },
    required: ['captcha', 'phone'],
  },
  {
    url: '/api/v1/user/checkSms',
    body: { phone: '79160000000', authType: 'call', code: '1234' },
    required: ['phone', 'code'],
  },
  {
    url: '/api/v2/user/auth_inbound',
    body: { phone: '79160000000', captcha: '12345' },
    required: ['phone', 'captcha'],
  },
  { url: '/api/v2/user/check_inbound', body: { callId: 'abc', phone: '79160000000' }, required: ['callId', 'phone'] },
];

describe.each(databaseKinds())('sign-in calls refuse bad input on %s', (kind) => {
  let t: TestApp;
  let ip = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());
  const from = () => ({ remoteAddress: `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}` });

  describe.each(CALLS)('$url', ({ url, body, required }) => {
    it('answers malformed JSON with 400', async () => {
      const res = await post(t.app, url, '{"phone": 7916', from());
      expect(res.statusCode).toBe(400);
      expect(errorResponse.parse(res.json()).message).toMatch(/JSON/);
    });

    it.each(required)('answers a missing %s with 400 naming the field', async (field) => {
      const { [field]: _dropped, ...rest } = body;
      const res = await post(t.app, url, rest, from());
      expect(res.statusCode).toBe(400);
      expect(errorResponse.parse(res.json()).message).toContain(field);
    });

    it.each(required)('answers %s of a wrong type with 400', async (field) => {
      const res = await post(t.app, url, { ...body, [field]: { nested: [1, 2] } }, from());
      expect(res.statusCode).toBe(400);
    });

    it('answers a body over 1 MB with 413', async () => {
      const res = await post(t.app, url, { ...body, pushToken: 'x'.repeat(1_100_000) }, from());
      expect(res.statusCode).toBe(413);
    });

    it('answers a body that is not an object with 400', async () => {
      expect((await post(t.app, url, '[1,2,3]', from())).statusCode).toBe(400);
      expect((await post(t.app, url, '"text"', from())).statusCode).toBe(400);
    });
  });

  it('answers an unknown inbound call id with 404', async () => {
    const res = await post(
      t.app,
      '/api/v2/user/check_inbound',
      { callId: 'f'.repeat(32), phone: '79160000000' },
      from(),
    );
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ error: 'inbound_unknown' });
  });

  it('answers a checkSms with no code ever sent as an expired code, not an error', async () => {
    const res = await post(t.app, '/api/v1/user/checkSms', { phone: '79169999999', code: '1234' }, from());
    expect(res.json()).toMatchObject({ error: 'code_expired' });
  });

  it('answers an unknown authType with 400', async () => {
    const res = await post(
      t.app,
      '/api/v1/user/sendSms',
      { phone: '79160000000', captcha: '1', authType: 'pigeon' },
      from(),
    );
    expect(res.statusCode).toBe(400);
  });

  // Issue 11, second read, point 6: the path arrives decoded once; decoding it again made a
  // percent sign a 500 and %2540 an @.
  it.each([
    '/captcha/a%25',
    '/captcha/%25E0',
    '/captcha/%25%25',
    '/captcha/guest%2540example.ru',
    '/captcha/7916%2500',
  ])('answers %s, a contact that is neither a phone nor an e-mail, with a readable 400, never a 500', async (url) => {
    const res = await t.app.inject({ method: 'GET', url, ...from() });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json()).message).toMatch(/телефона|email/);
  });

  it('draws a captcha for an e-mail whose @ came percent-encoded once, as a browser sends it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/captcha/guest%40example.ru', ...from() });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
  });

  it('answers a captcha path that is too long with 4xx', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/captcha/${'9'.repeat(400)}` });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
