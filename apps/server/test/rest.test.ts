import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineAction, errorResponse, ratingTypesResponse } from '@chain/contract';
import { DEMO_RATING_SECTIONS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post, postForm } from './support/calls';
import { signedInUser } from './support/users';

/** A public action only this test registers: it echoes its checked fields and who asked. */
const echoAction = defineAction({
  name: 'testEcho',
  auth: 'public',
  summary: 'Echoes its fields (tests only).',
  fields: z.object({ n: z.int(), word: z.optional(z.string()) }),
  response: z.object({
    n: z.int(),
    word: z.string(),
    signedIn: z.boolean(),
    version: z.nullable(z.union([z.string(), z.number()])),
  }),
});

/** An action whose handler breaks its own contract. */
const brokenAction = defineAction({
  name: 'testBroken',
  auth: 'public',
  summary: 'Answers the wrong shape (tests only).',
  fields: z.object({}),
  response: z.object({ ok: z.literal(true) }),
});

describe.each(databaseKinds())(
  'the generic call on %s (SPEC 7: configurable path, user_id, token, action, fields, version)',
  (kind) => {
    let t: TestApp;
    let user: { id: number; token: string };
    beforeAll(async () => {
      t = await buildTestApp(kind);
      t.app.restActions.register(echoAction, async ({ fields, user, version }) => ({
        n: fields.n,
        word: fields.word ?? '',
        signedIn: user !== null,
        version,
      }));
      t.app.restActions.register(brokenAction, async () => ({ ok: false }) as unknown as { ok: true });
      user = await signedInUser(t.database);
    });
    afterAll(() => t.close());

    const rest = (body: unknown) => post(t.app, '/rest/', body);

    it('answers rateGetTypes with the rating sections and their items (SPEC 3 Rating types)', async () => {
      const res = await rest({ user_id: user.id, token: user.token, action: 'rateGetTypes', fields: {}, version: 1 });
      expect(res.statusCode).toBe(200);
      const types = ratingTypesResponse.parse(res.json());
      expect(types.sections).toEqual(DEMO_RATING_SECTIONS.map((s) => ({ id: s.id, name: s.name })));
      expect(types.items).toEqual(
        DEMO_RATING_SECTIONS.flatMap((s) => s.items.map((i) => ({ id: i.id, name: i.name, section_id: s.id }))),
      );
    });

    it('takes the envelope as a form with fields as JSON text, or with no fields at all', async () => {
      const form = await postForm(t.app, '/rest/', {
        user_id: String(user.id),
        token: user.token,
        action: 'rateGetTypes',
        fields: '{}',
        version: '3',
      });
      expect(form.statusCode).toBe(200);
      expect(ratingTypesResponse.parse(form.json()).sections.length).toBeGreaterThan(0);
      expect(
        (await postForm(t.app, '/rest/', { user_id: String(user.id), token: user.token, action: 'rateGetTypes' }))
          .statusCode,
      ).toBe(200);
      expect(
        (await rest({ user_id: user.id, token: user.token, action: 'rateGetTypes', fields: null })).statusCode,
      ).toBe(200);
      expect((await rest({ user_id: user.id, token: user.token, action: 'rateGetTypes', fields: '' })).statusCode).toBe(
        200,
      );

      const echo = await postForm(t.app, '/rest/', {
        action: 'testEcho',
        fields: JSON.stringify({ n: 7, word: 'семь' }),
        version: '3',
      });
      expect(echo.json()).toEqual({ n: 7, word: 'семь', signedIn: false, version: '3' });
    });

    it('refuses a user action without a live session with 401 (SPEC 6)', async () => {
      const other = await signedInUser(t.database);
      for (const body of [
        { action: 'rateGetTypes' },
        { user_id: user.id, token: other.token, action: 'rateGetTypes' },
        { user_id: user.id, token: '', action: 'rateGetTypes' },
        { user_id: 1_999_999_999, token: user.token, action: 'rateGetTypes' },
      ]) {
        const res = await rest(body);
        expect(res.statusCode).toBe(401);
        expect(errorResponse.parse(res.json()).message).toBe('Сессия истекла. Войдите снова.');
      }
    });

    it('reads user_id by the one id rule of the contract: "" and null are no user, digits (as text too) are the guest, anything else is a 400 naming user_id (issue 11, second read)', async () => {
      for (const none of ['', null]) {
        expect((await rest({ user_id: none, action: 'testEcho', fields: { n: 1 } })).json()).toMatchObject({
          n: 1,
          signedIn: false,
        });
        expect((await rest({ user_id: none, token: user.token, action: 'rateGetTypes' })).statusCode).toBe(401);
      }
      for (const id of [user.id, String(user.id), ` ${user.id} `, `000${user.id}`]) {
        expect(
          (await rest({ user_id: id, token: user.token, action: 'rateGetTypes' })).statusCode,
          JSON.stringify(id),
        ).toBe(200);
      }
      for (const bad of ['abc', '12abc', '0x10', '1e3', [user.id], true, -1, 1.5]) {
        for (const action of ['rateGetTypes', 'testEcho']) {
          const res = await rest({ user_id: bad, token: user.token, action, fields: { n: 1 } });
          expect(res.statusCode, `${action} ${JSON.stringify(bad)}`).toBe(400);
          expect(errorResponse.parse(res.json()).message).toContain('user_id');
        }
      }
    });

    it('runs a public action without user_id and token, and ignores them when sent', async () => {
      expect((await rest({ action: 'testEcho', fields: { n: 1 } })).json()).toMatchObject({
        n: 1,
        signedIn: false,
        version: null,
      });
      expect(
        (await rest({ user_id: 5, token: 'nonsense', action: 'testEcho', fields: { n: 2 }, version: 4 })).json(),
      ).toMatchObject({ n: 2, version: 4 });
    });

    it('answers an unknown action with 400 naming it in Russian', async () => {
      for (const action of ['bookingListt', 'RATEGETTYPES', 'constructor', '__proto__', 'toString', 'x'.repeat(64)]) {
        const res = await rest({ user_id: user.id, token: user.token, action, fields: {} });
        const body = errorResponse.parse(res.json());
        expect(res.statusCode).toBe(400);
        expect(body).toMatchObject({ error: 'unknown_action', message: `Неизвестное действие «${action}».` });
      }
    });

    it('answers malformed fields with 400 naming the field inside fields', async () => {
      for (const [fields, message] of [
        [{ n: 'seven' }, /^Некорректное поле «fields\.n»/],
        [{}, /^Некорректное поле «fields\.n»/],
        ['{"n": ', /^Некорректное поле «fields»: ожидается объект или его JSON-текст\.$/],
        ['[1,2]', /^Некорректное поле «fields»/],
        ['"text"', /^Некорректное поле «fields»/],
        ['null', /^Некорректное поле «fields»/],
        [[1, 2], /^Некорректное поле «fields»/],
        [42, /^Некорректное поле «fields»/],
        [true, /^Некорректное поле «fields»/],
      ] as const) {
        const res = await rest({ action: 'testEcho', fields });
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(message);
      }
    });

    it('answers a malformed envelope with 400: no action, wrong types, bad JSON, a body over 1 MB with 413', async () => {
      for (const body of [
        {},
        { action: '' },
        { action: 5 },
        { action: ['rateGetTypes'] },
        { action: 'testEcho', fields: { n: 1 }, version: {} },
        { action: 'testEcho', user_id: {} },
        { action: 'testEcho', token: 5 },
        [],
        'null',
      ]) {
        const res = await rest(body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorResponse.parse(res.json()).message.length).toBeGreaterThan(5);
      }
      const badJson = await rest('{"action": ');
      expect(errorResponse.parse(badJson.json()).message).toBe(
        'Некорректный запрос: тело запроса не является корректным JSON.',
      );
      const huge = await rest({ action: 'testEcho', fields: { n: 1, word: 'я'.repeat(600_000) } });
      expect(huge.statusCode).toBe(413);
      expect((await rest('<a/>')).statusCode).toBe(400);
    });

    it('checks an action’s answer against its contract outside production (a 500, logged, no details)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/rest/',
        headers: { 'content-type': 'application/json' },
        payload: { action: 'testBroken' },
      });
      expect(res.statusCode).toBe(500);
      expect(errorResponse.parse(res.json()).message).toBe('Внутренняя ошибка сервера. Попробуйте позже.');
    });

    it('lists the endpoint and its actions in the API reference', async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<{
        paths: Record<string, { post?: { description?: string } }>;
      }>();
      const description = doc.paths['/rest/']?.post?.description ?? '';
      expect(description).toContain('`rateGetTypes` (user)');
      expect(description).toContain('Неизвестное действие');
      // Every generic action SPEC 7 names is registered and described.
      for (const [name, auth] of [
        ['bookingPeriods', 'user'],
        ['bookingSave', 'user'],
        ['bookingList', 'user'],
        ['bookingCancel', 'user'],
        ['bookingEnd', 'user'],
        ['checkDelayed', 'user'],
        ['predzakazPeriods', 'public'],
        ['delayedzakazRestorans', 'public'],
        ['zagruzkaLoadRestList', 'public'],
        ['zagruzkaLoadPeriods', 'public'],
        ['zagruzkaLoadInfo', 'public'],
        ['zagruzkaLoadCookTime', 'public'],
        ['cartRecommends', 'public'],
        ['cartPribors', 'public'],
      ]) {
        expect(description).toContain(`\`${name}\` (${auth})`);
      }
    });
  },
);

describe('the generic call at a configured path (REST_PATH)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', { restPath: '/api/custom-rest/' });
  });
  afterAll(() => t.close());

  it('answers at REST_PATH and not at the default /rest/', async () => {
    const user = await signedInUser(t.database);
    const res = await post(t.app, '/api/custom-rest/', { user_id: user.id, token: user.token, action: 'rateGetTypes' });
    expect(res.statusCode).toBe(200);
    expect((await post(t.app, '/rest/', { action: 'rateGetTypes' })).statusCode).toBe(404);
  });
});
