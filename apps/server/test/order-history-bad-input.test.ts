import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, RATE_ADD_BODY_LIMIT } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { insertRichOrder } from './support/rich-order';
import { signedInUser } from './support/users';

// Issue 5 "Bad input": order/listUser, rate/add, rate/list and the generic call answer malformed
// JSON, wrong types, missing fields, oversized bodies and unknown ids with a 4xx and a readable
// message — never a 5xx (the `post` helper fails a test on any 5xx). Each refuses another user.

interface Session {
  id: number;
  token: string;
}

interface CallCase {
  name: string;
  url: (user: Session) => string;
  /** A complete valid body. */
  body: (user: Session, orderId: number) => Record<string, unknown>;
  required: string[];
  auth: { id: string; token: string };
  /** Ids the call may go without, where 0 and '' mean "none". */
  optionalIds?: string[];
  /** The body limit, when the call raises it. */
  bodyLimit?: number;
}

const CALLS: CallCase[] = [
  {
    name: 'order/listUser',
    url: (u) => `/api/v1/order/listUser/${u.id}`,
    body: (u, orderId) => ({ user_id: u.id, user_token: u.token, limit: 20, offset: 0, id: orderId }),
    required: ['user_id', 'user_token'],
    auth: { id: 'user_id', token: 'user_token' },
    optionalIds: ['id'],
  },
  {
    name: 'rate/add',
    url: () => '/api/v1/rate/add',
    body: (u, orderId) => ({
      order_id: orderId,
      item_id: 101,
      spec_id: 9001,
      user_id: u.id,
      token: u.token,
      taste: 5,
      fresh: 5,
      speed: 5,
      comment: 'ok',
      photos: [],
      type: 1,
    }),
    required: ['order_id', 'user_id', 'token'],
    auth: { id: 'user_id', token: 'token' },
    optionalIds: ['item_id', 'spec_id', 'type'],
    bodyLimit: RATE_ADD_BODY_LIMIT,
  },
  {
    name: 'rate/list',
    url: () => '/api/v1/rate/list',
    body: (u) => ({ user_id: u.id, token: u.token, limit: 10, offset: 0 }),
    required: ['user_id', 'token'],
    auth: { id: 'user_id', token: 'token' },
  },
  {
    name: 'rest rateGetTypes',
    url: () => '/rest/',
    body: (u) => ({ user_id: u.id, token: u.token, action: 'rateGetTypes', fields: {}, version: 1 }),
    required: ['action'],
    auth: { id: 'user_id', token: 'token' },
  },
];

const WRONG_TYPES: unknown[] = [{ nested: true }, [1, 2], true];

function expectReadableError(res: { statusCode: number; json: () => unknown }, status: number | 'any4xx'): string {
  if (status === 'any4xx') {
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  } else {
    expect(res.statusCode).toBe(status);
  }
  const body = errorResponse.parse(res.json());
  expect(body.message.trim().length).toBeGreaterThan(5);
  return body.message;
}

describe.each(databaseKinds())(
  'bad input to the order history, rating and generic calls on %s (issue 5, SPEC 7, SPEC 8)',
  (kind) => {
    let t: TestApp;
    let owner: Session;
    let orderId: number;
    beforeAll(async () => {
      t = await buildTestApp(kind);
      owner = await signedInUser(t.database, { name: 'Владелец' });
      orderId = (await insertRichOrder(t.database, { userId: owner.id, paid: true, status: 20 })).id;
    });
    afterAll(() => t.close());

    // After each hostile request the owner's order is still theirs and still unrated.
    async function expectOwnerIntact() {
      const res = await post(t.app, `/api/v1/order/listUser/${owner.id}`, {
        user_id: owner.id,
        user_token: owner.token,
        id: orderId,
      });
      expect(res.statusCode).toBe(200);
      const [order] = res.json<{ items: Array<{ id: number; rate: unknown; basket: Array<{ rate: unknown }> }> }>()
        .items;
      expect(order?.id).toBe(orderId);
      expect(order?.rate).toBeNull();
      expect(order?.basket.every((line) => line.rate === null)).toBe(true);
    }

    describe.each(CALLS)('$name', (call) => {
      it('answers malformed JSON with 400 «тело запроса не является корректным JSON»', async () => {
        for (const payload of ['{"id": ', '{id: 1}', "{'a':1}", '{"a":1}}', '\u0000']) {
          const message = expectReadableError(await post(t.app, call.url(owner), payload), 400);
          expect(message).toBe('Некорректный запрос: тело запроса не является корректным JSON.');
        }
      });

      it('answers a body that is no object, an empty body and an unknown content type with a 4xx', async () => {
        for (const payload of ['[]', '[1,2]', 'null', '"text"', '42', '{}']) {
          expectReadableError(await post(t.app, call.url(owner), payload), 400);
        }
        expectReadableError(await post(t.app, call.url(owner), ''), 400);
        expectReadableError(await post(t.app, call.url(owner), 'id=1', { contentType: 'text/plain' }), 'any4xx');
        expectReadableError(await post(t.app, call.url(owner), '<id>1</id>', { contentType: 'application/xml' }), 415);
        expectReadableError(await t.app.inject({ method: 'POST', url: call.url(owner) }), 'any4xx');
      });

      it('answers each missing required field with 400 or 401, never touching data', async () => {
        const user = await signedInUser(t.database);
        for (const field of call.required) {
          const { [field]: _left, ...body } = call.body(user, orderId);
          const message = expectReadableError(await post(t.app, call.url(user), body), 'any4xx');
          if (call.name !== 'rest rateGetTypes' || field === 'action') expect(message).toContain(`«${field}»`);
        }
        await expectOwnerIntact();
      });

      it('answers a wrong type in each field with a 4xx naming it', async () => {
        const user = await signedInUser(t.database);
        const valid = call.body(user, orderId);
        for (const field of Object.keys(valid)) {
          for (const wrong of WRONG_TYPES) {
            // Any object is a valid `fields` of an action without fields (unknown keys are dropped).
            if (field === 'fields' && !Array.isArray(wrong) && typeof wrong === 'object') continue;
            const res = await post(t.app, call.url(user), { ...valid, [field]: wrong });
            const message = expectReadableError(res, 'any4xx');
            if (res.statusCode === 400) expect(message, `${field} = ${JSON.stringify(wrong)}`).toContain(`«${field}`);
          }
        }
        const form = Object.keys(valid)
          .map((key) => `${key}=1&${key}=2`)
          .join('&');
        expectReadableError(
          await post(t.app, call.url(user), form, { contentType: 'application/x-www-form-urlencoded' }),
          'any4xx',
        );
        await expectOwnerIntact();
      });

      it(`answers a body over its limit with 413 «Слишком большой запрос.»`, async () => {
        const user = await signedInUser(t.database);
        const limit = call.bodyLimit ?? 1024 * 1024;
        const huge = { ...call.body(user, orderId), padding: 'x'.repeat(limit + 1) };
        expect(expectReadableError(await post(t.app, call.url(user), huge), 413)).toBe('Слишком большой запрос.');
      });

      it('answers ids that do not exist or cannot exist with a 4xx', async () => {
        const user = await signedInUser(t.database);
        const valid = call.body(user, orderId);
        const idFields = Object.keys(valid).filter((key) => key.endsWith('id') || key === 'type');
        for (const field of idFields) {
          const none = call.optionalIds?.includes(field) ? [] : [0, ''];
          for (const id of [2_000_000_000, '1999999999', 2_147_483_648, '99999999999', -5, 1.5, 'abc', ...none]) {
            expectReadableError(await post(t.app, call.url(user), { ...valid, [field]: id }), 'any4xx');
          }
        }
        for (const pathId of ['abc', '0', '-1', '99999999999', '1.5']) {
          if (call.name === 'order/listUser') {
            expectReadableError(await post(t.app, `/api/v1/order/listUser/${pathId}`, valid), 'any4xx');
          }
        }
        await expectOwnerIntact();
      });

      it("refuses another user's id with the caller's token (401), and the owner's id with a wrong token (401)", async () => {
        const intruder = await signedInUser(t.database, { name: 'Чужой' });
        const asOwner = { ...call.body(intruder, orderId), [call.auth.id]: owner.id };
        const res = await post(t.app, call.url(owner), asOwner);
        expectReadableError(res, 401);
        expect(res.body).not.toContain('Маргарита');
        for (const token of [intruder.token, 'x'.repeat(43), '', owner.token.slice(0, -1), `${owner.token} `]) {
          expectReadableError(
            await post(t.app, call.url(owner), { ...call.body(owner, orderId), [call.auth.token]: token }),
            401,
          );
        }
        await expectOwnerIntact();
      });
    });

    it("refuses to rate another user's order with the intruder's own session: 404, nothing stored", async () => {
      const intruder = await signedInUser(t.database);
      const res = await post(t.app, '/api/v1/rate/add', {
        order_id: orderId,
        user_id: intruder.id,
        token: intruder.token,
        stars: 1,
        comment: 'плохо',
      });
      expect(expectReadableError(res, 404)).toBe('Заказ не найден.');
      await expectOwnerIntact();
    });
  },
);
