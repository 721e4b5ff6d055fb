import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertTestOrder } from './support/orders';
import { BINDINGS, CALLBACK, checkRequest, SBP, START } from './support/payments';
import { signedInUser } from './support/users';

// Issue 5 "Bad input" for the payment calls: malformed JSON, wrong types, missing fields,
// oversized bodies and unknown ids get a 4xx with a readable message, never a 5xx (`post`
// fails the test on any 5xx).

describe.each(databaseKinds())('payment calls refuse bad input on %s', (kind) => {
  let t: TestApp;
  let guest: { id: number; token: string };
  let orderId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    guest = await signedInUser(t.database);
    orderId = (await insertTestOrder(t.database, { userId: guest.id })).id;
  });
  afterAll(() => t.close());

  const calls = () => [
    {
      url: START,
      body: { user_id: guest.id, token: guest.token, order_id: orderId },
      required: ['user_id', 'token', 'order_id'],
    },
    { url: SBP, body: { user_id: guest.id, token: guest.token, order_id: orderId }, required: ['order_id'] },
    { url: BINDINGS, body: { user_id: guest.id, token: guest.token }, required: ['user_id', 'token'] },
  ];

  it('answers malformed JSON with 400', async () => {
    for (const { url } of calls()) {
      const res = await post(t.app, url, '{"order_id": 1');
      expect(res.statusCode).toBe(400);
      expect(errorResponse.parse(res.json()).message).toMatch(/JSON/);
    }
  });

  it('answers a missing field with 400 naming it', async () => {
    for (const { url, body, required } of calls()) {
      for (const field of required) {
        const { [field as keyof typeof body]: _dropped, ...rest } = body;
        const res = await post(t.app, url, rest);
        expect(res.statusCode, `${url} without ${field}`).toBe(400);
        expect(errorResponse.parse(res.json()).message).toContain(field);
      }
    }
  });

  it.each([
    ['order_id', 'abc'],
    ['order_id', -1],
    ['order_id', 1.5],
    ['order_id', 99_999_999_999],
    ['order_id', { id: 1 }],
    ['user_id', [1]],
    ['token', { value: 'x' }],
    ['binding_id', { id: 'x' }],
    ['fs_uid', ['x']],
  ])('answers %s = %j with 400', async (field, value) => {
    const res = await post(t.app, START, { user_id: guest.id, token: guest.token, order_id: orderId, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json())).toMatchObject({ error: 'validation' });
    expect(errorResponse.parse(res.json()).message).toContain(field);
  });

  it('answers a body over 1 MB with 413', async () => {
    const res = await post(t.app, START, {
      user_id: guest.id,
      token: guest.token,
      order_id: orderId,
      fs_uid: 'x'.repeat(1_100_000),
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers an unknown order with 404 and a wrong session with 401', async () => {
    for (const url of [START, SBP]) {
      const unknown = await post(t.app, url, { user_id: guest.id, token: guest.token, order_id: 2_000_000_000 });
      expect(unknown.statusCode).toBe(404);
      expect(errorResponse.parse(unknown.json()).message).toBe('Заказ не найден.');
      const wrong = await post(t.app, url, { user_id: guest.id, token: 'not-the-token-at-all', order_id: orderId });
      expect(wrong.statusCode).toBe(401);
    }
    const bindings = await post(t.app, BINDINGS, { user_id: 2_000_000_000, token: guest.token });
    expect(bindings.statusCode).toBe(401);
    const card = await post(t.app, START, {
      user_id: guest.id,
      token: guest.token,
      order_id: orderId,
      binding_id: 'no-such-card',
    });
    expect(card.statusCode).toBe(404);
  });

  it.each(['abc', '0', '-5', '1.5', '99999999999', '%00'])('answers check/%s with 400 or 404', async (id) => {
    const res = await checkRequest(t.app, id);
    expect([400, 404]).toContain(res.statusCode);
    expect(errorResponse.safeParse(res.json()).success).toBe(true);
  });

  it('answers a callback without parameters, with nested ones, or unsigned, with 4xx', async () => {
    const bare = await t.app.inject({ method: 'GET', url: CALLBACK });
    expect(bare.statusCode).toBe(403);
    const nested = await post(t.app, CALLBACK, { mdOrder: { $ne: '' }, checksum: 'x' });
    expect(nested.statusCode).toBe(400);
    const text = await post(t.app, CALLBACK, 'mdOrder=1&checksum=2', { contentType: 'text/plain' });
    expect(text.statusCode).toBe(400);
  });

  it('refuses the sandbox pages bad actions and unknown ids with 4xx', async () => {
    expect((await post(t.app, '/sandbox/acquiring/form/not-an-id', { action: 'pay' })).statusCode).toBe(404);
    expect(
      (await post(t.app, '/sandbox/acquiring/form/00000000-0000-0000-0000-000000000000', { action: 'steal' }))
        .statusCode,
    ).toBe(400);
    expect((await post(t.app, '/sandbox/sbp/NOPE', { action: 'pay' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/sandbox/sbp/NOPE' })).statusCode).toBe(404);
    const wrongLogin = await post(
      t.app,
      '/sandbox/acquiring/payment/rest/register.do',
      'userName=x&password=y&orderNumber=1&amount=100&returnUrl=http://x',
      {
        contentType: 'application/x-www-form-urlencoded',
      },
    );
    expect(wrongLogin.json()).toMatchObject({ errorCode: '5' });
  });
});
