import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse } from '@chain/contract';
import { sql } from 'kysely';
import { badRequest } from '../src/http/errors';
import { buildTestApp, type TestApp } from './support/build';

// The error contract does not depend on the database, so one database is enough here.
describe('the central error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite', {}, (app) => {
      app.post('/api/test/echo', async (request) => ({ success: true, body: request.body }));
      app.get('/api/test/boom', async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/internal.ts:42');
      });
      app.get('/api/test/nul', async () => {
        await sql`select ${'a\u0000b'}::text`.execute(app.db);
        return { success: true };
      });
      app.get('/api/test/refused', async () => {
        throw badRequest('Проверьте правильность ввода телефона.', 'phone');
      });
    });
  });
  afterAll(() => t.close());

  it('accepts JSON bodies', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { phone: '79990000000' } });
    expect(res.json()).toEqual({ success: true, body: { phone: '79990000000' } });
  });

  it('accepts form-urlencoded bodies', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'phone=79990000000&name=%D0%90%D0%BD%D0%BD%D0%B0',
    });
    expect(res.json()).toEqual({ success: true, body: { phone: '79990000000', name: 'Анна' } });
  });

  it('answers malformed JSON with 400 and a readable message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"phone": ',
    });
    expect(res.statusCode).toBe(400);
    const body = errorResponse.parse(res.json());
    expect(body.message).toBe('Некорректный запрос: тело запроса не является корректным JSON.');
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(errorResponse.parse(res.json()).error).toBe('unsupported_media_type');
  });

  it('keeps a deliberate 4xx with its own Russian message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      success: false,
      error: 'phone',
      message: 'Проверьте правильность ввода телефона.',
    });
  });

  it('never leaks internals in a 500, but names the request id to look up in the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = errorResponse.parse(res.json());
    expect(body.message).toBe('Внутренняя ошибка сервера. Попробуйте позже.');
    expect(res.body).not.toContain('secret_table');
    expect(res.body).not.toContain('internal.ts');
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('answers a value the database refuses (a NUL byte) with 400, not 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/nul' });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json()).message).toBe('Некорректный запрос.');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v9/nothing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json()).error).toBe('not_found');
  });
});
