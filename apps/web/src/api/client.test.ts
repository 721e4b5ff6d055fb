import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { ApiError, createApiClient, REQUEST_FAILED_MESSAGE } from './client';

const pong = z.object({ pong: z.literal(true), count: z.int() });

function answer(status: number, body: unknown, raw = false): typeof fetch {
  return vi.fn(async () => new Response(raw ? String(body) : JSON.stringify(body), { status }));
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the request to fail');
}

describe('API client', () => {
  it('returns the answer parsed with the contract schema', async () => {
    const client = createApiClient(answer(200, { pong: true, count: 3, extra: 'dropped' }));
    await expect(client.get('/api/ping', pong)).resolves.toEqual({ pong: true, count: 3 });
  });

  it('sends GET with JSON accepted and POST with a JSON body', async () => {
    const fetchStub = answer(200, { pong: true, count: 1 });
    const client = createApiClient(fetchStub);
    await client.get('/api/ping', pong);
    await client.post('/api/v1/rate/list', { user_id: '42', token: 't' }, pong);
    const calls = vi.mocked(fetchStub).mock.calls;
    expect(calls[0]?.[0]).toBe('/api/ping');
    expect(calls[0]?.[1]).toMatchObject({ method: 'GET', headers: { accept: 'application/json' } });
    expect(calls[1]?.[1]).toMatchObject({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: '42', token: 't' }),
    });
  });

  it("turns an error answer into an ApiError with the server's message (SPEC 8)", async () => {
    const client = createApiClient(
      answer(422, { success: false, error: 'invalid_phone', message: 'Проверьте правильность ввода телефона.', requestId: 'r-1' }),
    );
    const error = await failure(client.post('/api/v1/user/sendSms', {}, pong));
    expect(error.message).toBe('Проверьте правильность ввода телефона.');
    expect(error).toMatchObject({ kind: 'server', status: 422, code: 'invalid_phone', requestId: 'r-1' });
  });

  it("reads an error body sent with 200 as the server's error", async () => {
    const client = createApiClient(answer(200, { success: false, error: 'captcha', message: 'Код не введен!' }));
    const error = await failure(client.post('/api/v2/user/sendEmailCode', {}, pong));
    expect(error).toMatchObject({ kind: 'server', message: 'Код не введен!' });
  });

  it('gives the request-failed text when the network fails (SPEC 8)', async () => {
    const client = createApiClient(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failure(client.get('/api/ping', pong));
    expect(error.message).toBe(REQUEST_FAILED_MESSAGE);
    expect(error).toMatchObject({ kind: 'network', status: null });
  });

  it('gives the request-failed text for an answer that is not JSON', async () => {
    const client = createApiClient(answer(200, '<html>proxy</html>', true));
    const error = await failure(client.get('/api/ping', pong));
    expect(error).toMatchObject({ kind: 'invalid', message: REQUEST_FAILED_MESSAGE });
  });

  it('gives the request-failed text for an answer of the wrong shape, never a cast value', async () => {
    const client = createApiClient(answer(200, { pong: 'yes', count: 1.5 }));
    const error = await failure(client.get('/api/ping', pong));
    expect(error).toMatchObject({ kind: 'invalid', status: 200, message: REQUEST_FAILED_MESSAGE });
  });

  it('gives the request-failed text for an error answer without a message (a 502 page)', async () => {
    const client = createApiClient(answer(502, 'Bad Gateway', true));
    const error = await failure(client.get('/api/ping', pong));
    expect(error).toMatchObject({ kind: 'server', status: 502, message: REQUEST_FAILED_MESSAGE });
  });

  it('lets a cancellation by the caller through as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    const client = createApiClient(vi.fn(async () => Promise.reject(abort)));
    await expect(client.get('/api/ping', pong, { signal: controller.signal })).rejects.toBe(abort);
  });
});
