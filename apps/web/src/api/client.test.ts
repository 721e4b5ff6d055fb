import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { cartPriborsAction, defineCall } from '@chain/contract';
import { createActionCaller } from './action';
import { ApiError, createApiClient, REQUEST_FAILED_MESSAGE } from './client';

const pong = z.object({ pong: z.literal(true), count: z.int() });
const about = { tag: 'test', summary: 'a call of these tests', auth: 'public' } as const;
const ping = defineCall({ ...about, name: 'ping', method: 'GET', path: '/api/ping', response: pong });
const rateList = defineCall({
  ...about,
  name: 'rateList',
  method: 'POST',
  path: '/api/v1/rate/list',
  body: z.object({ user_id: z.string(), token: z.string() }),
  response: pong,
});
const sendSms = defineCall({
  ...about,
  name: 'sendSms',
  method: 'POST',
  path: '/api/v1/user/sendSms',
  body: z.object({}),
  response: pong,
});
const orderReceipt = defineCall({
  ...about,
  name: 'orderReceipt',
  method: 'GET',
  path: '/api/v1/order/:orderId/receipt/:part',
  params: z.object({ orderId: z.number(), part: z.string() }),
  response: pong,
});

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
    await expect(client.call(ping)).resolves.toEqual({ pong: true, count: 3 });
  });

  it('sends GET with JSON accepted and POST with a JSON body', async () => {
    const fetchStub = answer(200, { pong: true, count: 1 });
    const client = createApiClient(fetchStub);
    await client.call(ping);
    await client.call(rateList, { user_id: '42', token: 't' });
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
      answer(422, {
        success: false,
        error: 'invalid_phone',
        message: 'Проверьте правильность ввода телефона.',
        requestId: 'r-1',
      }),
    );
    const error = await failure(client.call(sendSms, {}));
    expect(error.message).toBe('Проверьте правильность ввода телефона.');
    expect(error).toMatchObject({ kind: 'server', status: 422, code: 'invalid_phone', requestId: 'r-1' });
  });

  it("reads an error body sent with 200 as the server's error", async () => {
    const client = createApiClient(answer(200, { success: false, error: 'captcha', message: 'Код не введен!' }));
    const error = await failure(client.call(sendSms, {}));
    expect(error).toMatchObject({ kind: 'server', message: 'Код не введен!' });
  });

  it('gives the request-failed text when the network fails (SPEC 8)', async () => {
    const client = createApiClient(vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failure(client.call(ping));
    expect(error.message).toBe(REQUEST_FAILED_MESSAGE);
    expect(error).toMatchObject({ kind: 'network', status: null });
  });

  it('gives the request-failed text for an answer that is not JSON', async () => {
    const client = createApiClient(answer(200, '<html>proxy</html>', true));
    const error = await failure(client.call(ping));
    expect(error).toMatchObject({ kind: 'invalid', message: REQUEST_FAILED_MESSAGE });
  });

  it('gives the request-failed text for an answer of the wrong shape, never a cast value', async () => {
    const client = createApiClient(answer(200, { pong: 'yes', count: 1.5 }));
    const error = await failure(client.call(ping));
    expect(error).toMatchObject({ kind: 'invalid', status: 200, message: REQUEST_FAILED_MESSAGE });
  });

  it('gives the request-failed text for an error answer without a message (a 502 page)', async () => {
    const client = createApiClient(answer(502, 'Bad Gateway', true));
    const error = await failure(client.call(ping));
    expect(error).toMatchObject({ kind: 'server', status: 502, message: REQUEST_FAILED_MESSAGE });
  });

  it('lets a cancellation by the caller through as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    const client = createApiClient(vi.fn(async () => Promise.reject(abort)));
    await expect(client.call(ping, { signal: controller.signal })).rejects.toBe(abort);
  });

  it("fills a call's path parameters in, each encoded", async () => {
    const fetchStub = answer(200, { pong: true, count: 1 });
    await createApiClient(fetchStub).call(orderReceipt, { params: { orderId: 42, part: 'a/b c' } });
    expect(vi.mocked(fetchStub).mock.calls[0]?.[0]).toBe('/api/v1/order/42/receipt/a%2Fb%20c');
  });

  it('sends an action of the generic call in its envelope and parses its answer with the action schema', async () => {
    const fetchStub = answer(200, { items: [] });
    const callAction = createActionCaller(createApiClient(fetchStub).send);
    const fields = { order_type: 'self' as const, restoran_id: '5', cart_items: [] };
    await expect(callAction(cartPriborsAction, fields, { user_id: '42', token: 't' })).resolves.toEqual({ items: [] });
    const [path, init] = vi.mocked(fetchStub).mock.calls[0] ?? [];
    expect(path).toBe('/rest/');
    expect(JSON.parse(init?.body as string)).toEqual({ user_id: '42', token: 't', action: 'cartPribors', fields });
  });
});
