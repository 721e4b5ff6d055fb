import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { errorResponse } from '@chain/contract';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

// Issue 4 "Bad input": every call answers malformed JSON, wrong types, missing fields, bodies
// over 1 MB and unknown ids with a 4xx and a message a person can read, never a 5xx.

const PATRIKI = DEMO_RESTAURANTS[0]!.fsUid;
const MENU = '/api/v2/restoran/menu';
const LIST = '/api/v2/restoran/list';
const TABLE = '/api/v1/restoran/table';
const JSON_TYPE = { 'content-type': 'application/json' };
const OVER_ONE_MEGABYTE = JSON.stringify({ fs_uid: PATRIKI, order_type: 'inrest', comment: 'я'.repeat(600_000) });
const validMenu = { fs_uid: PATRIKI, order_type: 'inrest', is_shop: 0, ver: 4 };

interface Case {
  name: string;
  request: InjectOptions;
  /** The exact status when the call must refuse; GET calls ignore a body and may answer 200. */
  status?: number;
  error?: string;
}

const menuCases: Case[] = [
  {
    name: 'malformed JSON',
    request: { method: 'POST', url: MENU, headers: JSON_TYPE, payload: '{"fs_uid": ' },
    status: 400,
  },
  { name: 'an empty JSON body', request: { method: 'POST', url: MENU, headers: JSON_TYPE, payload: '' }, status: 400 },
  {
    name: 'a JSON array instead of an object',
    request: { method: 'POST', url: MENU, headers: JSON_TYPE, payload: '[1,2]' },
    status: 400,
    error: 'validation',
  },
  {
    name: 'a JSON string instead of an object',
    request: { method: 'POST', url: MENU, headers: JSON_TYPE, payload: '"menu"' },
    status: 400,
  },
  { name: 'JSON null', request: { method: 'POST', url: MENU, headers: JSON_TYPE, payload: 'null' }, status: 400 },
  {
    name: 'an XML body',
    request: { method: 'POST', url: MENU, headers: { 'content-type': 'application/xml' }, payload: '<menu/>' },
    status: 415,
  },
  { name: 'no body at all', request: { method: 'POST', url: MENU }, status: 400, error: 'validation' },
  {
    name: 'a missing fs_uid',
    request: { method: 'POST', url: MENU, payload: { order_type: 'inrest' } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'a missing order_type',
    request: { method: 'POST', url: MENU, payload: { fs_uid: PATRIKI } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'fs_uid as a number',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, fs_uid: 123 } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'fs_uid as an object',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, fs_uid: { $ne: '' } } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'an unknown order_type',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, order_type: 'pickup' } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'is_shop out of range',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, is_shop: 7 } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'is_shop as words',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, is_shop: 'shop' } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'is_shop as a boolean',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, is_shop: true } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'user_id as words',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, user_id: 'admin' } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'a negative user_id',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, user_id: -5 } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'a fractional user_id',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, user_id: 1.5 } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'lock_code as an object',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, lock_code: { code: 1 } } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'booking_num as a list',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, booking_num: ['B-1'] } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'delivery_datetime_props as text',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, delivery_datetime_props: 'today' } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'ver as words',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, ver: 'four' } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'an fs_uid of a thousand characters',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, fs_uid: 'x'.repeat(1000) } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'a body over 1 MB',
    request: { method: 'POST', url: MENU, headers: JSON_TYPE, payload: OVER_ONE_MEGABYTE },
    status: 413,
    error: 'too_large',
  },
  {
    name: 'a form body over 1 MB',
    request: {
      method: 'POST',
      url: MENU,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `fs_uid=${'x'.repeat(1_100_000)}`,
    },
    status: 413,
  },
  {
    name: 'an unknown fs_uid',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, fs_uid: 'no-such-restaurant' } },
    status: 404,
    error: 'restaurant_not_found',
  },
  // booking_num needs the guest's session before anything is looked up (issue 11.8).
  {
    name: 'a booking_num without a session',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, user_id: 1, booking_num: 'B-0' } },
    status: 401,
    error: 'unauthorized',
  },
  {
    name: 'a booking_num with a token too long',
    request: {
      method: 'POST',
      url: MENU,
      payload: { ...validMenu, user_id: 1, token: 'x'.repeat(600), booking_num: 'B-0' },
    },
    status: 400,
    error: 'validation',
  },
  {
    name: 'a booking_num with a NUL byte',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, user_id: 1, booking_num: 'B-\u0000' } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'a user_id beyond the id range',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, user_id: 99_999_999_999, booking_num: 'B-1' } },
    status: 400,
    error: 'validation',
  },
  {
    name: 'the largest user_id, unknown',
    request: {
      method: 'POST',
      url: MENU,
      payload: { ...validMenu, user_id: 2_147_483_647, token: 'x'.repeat(43), booking_num: 'B-1' },
    },
    status: 401,
    error: 'unauthorized',
  },
  {
    name: 'a wrong lock_code',
    request: { method: 'POST', url: MENU, payload: { ...validMenu, is_shop: 2, lock_code: 'ZZZZ' } },
    status: 200,
  },
  { name: 'a GET instead of a POST', request: { method: 'GET', url: MENU }, status: 404, error: 'not_found' },
];

const tableCases: Case[] = [
  {
    name: 'an unknown code',
    request: { method: 'GET', url: `${TABLE}/T-0000-00` },
    status: 404,
    error: 'table_not_found',
  },
  {
    name: 'a code of digits only',
    request: { method: 'GET', url: `${TABLE}/12345` },
    status: 404,
    error: 'table_not_found',
  },
  { name: 'a code with a NUL byte', request: { method: 'GET', url: `${TABLE}/T-%00-01` }, status: 400 },
  {
    name: 'a code with quotes and SQL',
    request: { method: 'GET', url: `${TABLE}/${encodeURIComponent("' or 1=1 --")}` },
    status: 404,
  },
  {
    name: 'a code in Cyrillic',
    request: { method: 'GET', url: `${TABLE}/${encodeURIComponent('стол-1')}` },
    status: 404,
  },
  {
    name: 'a broken percent escape',
    request: { method: 'GET', url: `${TABLE}/%E0%A4%A` },
    status: 400,
    error: 'bad_request',
  },
  {
    name: 'a code of 65 characters',
    request: { method: 'GET', url: `${TABLE}/${'A'.repeat(65)}` },
    status: 400,
    error: 'validation',
  },
  {
    name: 'a code longer than the router takes',
    request: { method: 'GET', url: `${TABLE}/${'A'.repeat(500)}` },
    status: 414,
    error: 'bad_request',
  },
  { name: 'no code', request: { method: 'GET', url: `${TABLE}/` } },
  {
    name: 'malformed JSON sent along',
    request: { method: 'GET', url: `${TABLE}/T-JQBB-01`, headers: JSON_TYPE, payload: '{"x": ' },
  },
  {
    name: 'a body over 1 MB sent along',
    request: { method: 'GET', url: `${TABLE}/T-JQBB-01`, headers: JSON_TYPE, payload: OVER_ONE_MEGABYTE },
  },
  { name: 'a POST instead of a GET', request: { method: 'POST', url: `${TABLE}/T-JQBB-01`, payload: {} }, status: 404 },
];

const listCases: Case[] = [
  { name: 'malformed JSON sent along', request: { method: 'GET', url: LIST, headers: JSON_TYPE, payload: '{"x": ' } },
  {
    name: 'a body over 1 MB sent along',
    request: { method: 'GET', url: LIST, headers: JSON_TYPE, payload: OVER_ONE_MEGABYTE },
  },
  { name: 'query parameters of the wrong type', request: { method: 'GET', url: `${LIST}?id=abc&active[]=x` } },
  {
    name: 'an unknown id in the path',
    request: { method: 'GET', url: `${LIST}/999` },
    status: 404,
    error: 'not_found',
  },
  {
    name: 'a garbage If-None-Match',
    request: { method: 'GET', url: LIST, headers: { 'if-none-match': '"", W/, *x' } },
  },
  { name: 'a POST instead of a GET', request: { method: 'POST', url: LIST, payload: { x: 1 } }, status: 404 },
];

describe.each(databaseKinds())('bad input to the restaurants and menu calls on %s (issue 4, SPEC 7, 8)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  describe.each([
    ['POST /api/v2/restoran/menu', menuCases],
    ['GET /api/v1/restoran/table/{code}', tableCases],
    ['GET /api/v2/restoran/list', listCases],
  ] as const)('%s', (_call, cases) => {
    it.each(cases)(
      'answers $name without a 5xx, refusing with a readable message',
      async ({ request, status, error }) => {
        const res = await t.app.inject(request);
        expect(res.statusCode).toBeLessThan(500);
        if (status !== undefined) expect(res.statusCode).toBe(status);
        if (res.statusCode >= 400) {
          const body = errorResponse.parse(res.json());
          expect(body.message).toMatch(/[А-Яа-яЁё]/);
          if (error) expect(body.error).toBe(error);
        }
      },
    );
  });

  it('answers a path Fastify cannot even route (a broken escape) in the same error shape, with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${TABLE}/%E0%A4%A` });
    expect(res.statusCode).toBe(400);
    const body = errorResponse.parse(res.json());
    expect(body).toMatchObject({ error: 'bad_request', message: 'Некорректный адрес запроса.' });
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('names the field at fault, in Russian, in the message of a 400', async () => {
    const wrong = await t.app.inject({ method: 'POST', url: MENU, payload: { ...validMenu, order_type: 'pickup' } });
    expect(errorResponse.parse(wrong.json()).message).toBe(
      'Некорректное поле «order_type»: ожидается inrest, self или delivery.',
    );
    const missing = await t.app.inject({ method: 'POST', url: MENU, payload: { order_type: 'self' } });
    expect(errorResponse.parse(missing.json()).message).toBe('Некорректное поле «fs_uid»: обязательное поле.');
  });

  it('keeps answering normally after every kind of bad input', async () => {
    const res = await t.app.inject({ method: 'POST', url: MENU, payload: validMenu });
    expect(res.statusCode).toBe(200);
  });
});
