import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post as postFrom } from './support/calls';
import { signedInUser } from './support/users';

// Issue 4 "Bad input": every account call answers malformed JSON, wrong types, missing fields,
// oversized bodies and unknown ids with a 4xx and a readable message — never a 5xx (the `post`
// helper fails a test on any 5xx). User-scoped calls refuse another user's id and a wrong token.

interface Session {
  id: number;
  token: string;
}

interface CallCase {
  name: string;
  url: string;
  /** A complete valid body, optional fields included. */
  body: (user: Session, addressId: number, restaurantId: number) => Record<string, unknown>;
  /** The fields a body cannot do without. */
  required: string[];
  /** Where a user-scoped call takes the user id and the token. */
  auth?: { id: string; token: string };
  /** Ids the call may go without, where 0 and '' mean "none" (SPEC 7 list without id, feedback about no restaurant). */
  optionalIds?: string[];
}

const CALLS: CallCase[] = [
  {
    name: 'user/update',
    url: '/api/v1/user/update',
    body: (u) => ({
      id: u.id,
      password: u.token,
      passwordNew: '',
      name: 'Имя',
      phone: '79990001122',
      email: '',
      card: '1',
      city: 'М',
      street: 'С',
      house: '1',
      room: '2',
    }),
    required: ['id', 'password'],
    auth: { id: 'id', token: 'password' },
  },
  {
    name: 'user/drop_account',
    url: '/api/v1/user/drop_account',
    body: (u) => ({ id: u.id, password: u.token }),
    required: ['id', 'password'],
    auth: { id: 'id', token: 'password' },
  },
  {
    name: 'user/logout',
    url: '/api/v1/user/logout',
    body: (u) => ({ user_id: u.id, token: u.token }),
    required: ['user_id', 'token'],
    auth: { id: 'user_id', token: 'token' },
  },
  {
    name: 'user/address/save',
    url: '/api/v2/user/address/save',
    body: (u, addressId) => ({
      user_id: u.id,
      user_token: u.token,
      address: {
        id: addressId,
        street: { id: '1', name: 'Арбат', full: 'ул Арбат' },
        house: '1',
        room: '2',
        lat: 55.75,
        lon: 37.59,
      },
    }),
    required: ['user_id', 'user_token', 'address'],
    auth: { id: 'user_id', token: 'user_token' },
  },
  {
    name: 'user/address/list',
    url: '/api/v2/user/address/list',
    body: (u, addressId) => ({ id: addressId, user_id: u.id, user_token: u.token }),
    required: ['user_id', 'user_token'],
    auth: { id: 'user_id', token: 'user_token' },
    optionalIds: ['id'],
  },
  {
    name: 'user/address/delete',
    url: '/api/v2/user/address/delete',
    body: (u, addressId) => ({ id: addressId, user_id: u.id, user_token: u.token }),
    required: ['id', 'user_id', 'user_token'],
    auth: { id: 'user_id', token: 'user_token' },
  },
  {
    name: 'feedback/add',
    url: '/api/v1/feedback/add',
    body: (u, _addressId, restaurantId) => ({
      name: 'Имя',
      phone: '79990001122',
      message: 'Текст',
      restoran: restaurantId,
      type: 'Кухня',
      user_id: u.id,
      token: u.token,
    }),
    required: ['phone', 'message'],
    optionalIds: ['restoran'],
  },
];

// Every request comes from its own address, so feedback's per-address limit (429) never hides
// the answer under test.
let sent = 0;
const post = (app: FastifyInstance, url: string, payload: unknown, options: { contentType?: string } = {}) => {
  sent += 1;
  return postFrom(app, url, payload, {
    ...options,
    remoteAddress: `10.${(sent >> 16) & 255}.${(sent >> 8) & 255}.${sent & 255}`,
  });
};

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

describe.each(databaseKinds())('bad input to the account calls on %s (issue 4, SPEC 7, SPEC 8)', (kind) => {
  let t: TestApp;
  let owner: Session;
  let addressId: number;
  let restaurantId: number;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, undefined);
    owner = await signedInUser(t.database, { name: 'Владелец' });
    restaurantId = (await t.database.db.selectFrom('restaurants').select('id').orderBy('id').executeTakeFirstOrThrow())
      .id;
    const saved = await post(t.app, '/api/v2/user/address/save', {
      user_id: owner.id,
      user_token: owner.token,
      address: { street: { name: 'Тайная' }, house: '13' },
    });
    addressId = saved.json<{ result: { id: number } }>().result.id;
  });
  afterAll(() => t.close());

  // After each hostile request the owner and the address must still be there.
  async function expectOwnerIntact() {
    const res = await post(t.app, '/api/v2/user/address/list', { user_id: owner.id, user_token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ result: Array<{ id: number }> }>().result.map((a) => a.id)).toEqual([addressId]);
  }

  describe.each(CALLS)('$name', (call) => {
    it('answers malformed JSON with 400 «тело запроса не является корректным JSON»', async () => {
      for (const payload of ['{"id": ', '{id: 1}', "{'a':1}", '{"a":1}}', '\u0000', '{"__proto__": {"admin": true}}']) {
        const message = expectReadableError(await post(t.app, call.url, payload), 400);
        expect(message).toBe('Некорректный запрос: тело запроса не является корректным JSON.');
      }
    });

    it('answers a body that is no object, an empty body and an unknown content type with a 4xx', async () => {
      for (const payload of ['[]', '[1,2]', 'null', '"text"', '42', '{}']) {
        expectReadableError(await post(t.app, call.url, payload), 400);
      }
      expectReadableError(await post(t.app, call.url, ''), 400);
      expectReadableError(await post(t.app, call.url, 'id=1', { contentType: 'text/plain' }), 400);
      expectReadableError(await post(t.app, call.url, '<id>1</id>', { contentType: 'application/xml' }), 415);
      const bare = await t.app.inject({ method: 'POST', url: call.url });
      expectReadableError(bare, 'any4xx');
    });

    it('answers each missing required field with 400 naming it', async () => {
      const user = await signedInUser(t.database);
      for (const field of call.required) {
        const { [field]: _left, ...body } = call.body(user, addressId, restaurantId);
        const message = expectReadableError(await post(t.app, call.url, body), 400);
        if (call.name === 'feedback/add') expect(message).toBe('Не заполнены поля Телефон или Сообщение!');
        else expect(message).toContain(`«${field}»`);
      }
    });

    it('answers a wrong type in each field with 400 naming it', async () => {
      const user = await signedInUser(t.database);
      const valid = call.body(user, addressId, restaurantId);
      for (const field of Object.keys(valid)) {
        for (const wrong of WRONG_TYPES) {
          const res = await post(t.app, call.url, { ...valid, [field]: wrong });
          const message = expectReadableError(res, 400);
          expect(message, `${field} = ${JSON.stringify(wrong)}`).toContain(`«${field}`);
        }
      }
      // Repeated form fields arrive as arrays: also a 400.
      const form = Object.keys(valid)
        .map((key) => `${key}=1&${key}=2`)
        .join('&');
      expectReadableError(await post(t.app, call.url, form, { contentType: 'application/x-www-form-urlencoded' }), 400);
    });

    it('answers a body over 1 MB with 413', async () => {
      const user = await signedInUser(t.database);
      const huge = { ...call.body(user, addressId, restaurantId), padding: 'я'.repeat(600_000) };
      const message = expectReadableError(await post(t.app, call.url, huge), 413);
      expect(message).toBe('Слишком большой запрос.');
    });

    it('answers ids that do not exist or cannot exist with a 4xx', async () => {
      const user = await signedInUser(t.database);
      const valid = call.body(user, addressId, restaurantId);
      const idFields = Object.keys(valid).filter((key) => key === 'id' || key === 'user_id' || key === 'restoran');
      for (const field of idFields) {
        const none = call.optionalIds?.includes(field) ? [] : [0, ''];
        for (const id of [2_000_000_000, '1999999999', 2_147_483_648, '99999999999', -5, 1.5, 'abc', ...none]) {
          const res = await post(t.app, call.url, { ...valid, [field]: id });
          expectReadableError(res, 'any4xx');
        }
      }
      await expectOwnerIntact();
    });

    if (call.auth) {
      const auth = call.auth;

      it("refuses another user's id with the caller's token: 401 and nothing of the other user", async () => {
        const intruder = await signedInUser(t.database, { name: 'Чужой' });
        const body = { ...call.body(intruder, addressId, restaurantId), [auth.id]: owner.id };
        const res = await post(t.app, call.url, body);
        expectReadableError(res, 401);
        expect(errorResponse.parse(res.json()).error).toBe('unauthorized');
        expect(res.body).not.toContain('Владелец');
        expect(res.body).not.toContain('Тайная');
        await expectOwnerIntact();
      });

      it("refuses the owner's id with a wrong, empty or another user's token: 401", async () => {
        const intruder = await signedInUser(t.database);
        for (const token of [intruder.token, 'x'.repeat(43), '', owner.token.slice(0, -1), `${owner.token} `]) {
          const body = { ...call.body(owner, addressId, restaurantId), [auth.token]: token };
          const res = await post(t.app, call.url, body);
          expectReadableError(res, 401);
          expect(res.body).not.toContain('Тайная');
        }
        await expectOwnerIntact();
      });

      it('refuses an unknown user id with 401', async () => {
        const body = { ...call.body(owner, addressId, restaurantId), [auth.id]: 1_999_999_999 };
        expectReadableError(await post(t.app, call.url, body), 401);
      });
    }
  });

  it("answers an unknown address id like another user's: 404 «Адрес не найден»", async () => {
    const user = await signedInUser(t.database);
    const session = { user_id: user.id, user_token: user.token };
    for (const [url, body] of [
      ['/api/v2/user/address/list', { ...session, id: 1_999_999_999 }],
      ['/api/v2/user/address/delete', { ...session, id: 1_999_999_999 }],
      ['/api/v2/user/address/save', { ...session, address: { id: 1_999_999_999, street: { name: 'А' }, house: '1' } }],
      ['/api/v2/user/address/list', { ...session, id: addressId }],
      ['/api/v2/user/address/delete', { ...session, id: addressId }],
    ] as const) {
      expect(expectReadableError(await post(t.app, url, body), 404)).toBe('Адрес не найден');
    }
    await expectOwnerIntact();
  });

  it('answers an unknown restaurant in feedback with 404', async () => {
    const res = await post(t.app, '/api/v1/feedback/add', {
      phone: '79990001122',
      message: 'Текст',
      restoran: 1_999_999_999,
    });
    expect(expectReadableError(res, 404)).toBe('Ресторан не найден.');
  });
});
