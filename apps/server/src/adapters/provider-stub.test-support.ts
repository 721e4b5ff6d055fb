import { afterEach, vi } from 'vitest';

/**
 * For adapters' unit tests: a provider stubbed in place of `fetch`. `answer(status, body)` makes
 * it answer every call so (a string body as is, anything else as JSON); the calls are kept in
 * `sent`. The stub is removed after each test.
 */
export function stubProvider() {
  const sent: Array<{ url: string; init: RequestInit }> = [];
  afterEach(() => vi.unstubAllGlobals());
  return {
    sent,
    answer: (status: number, body: unknown) => {
      sent.length = 0;
      vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
        sent.push({ url, init });
        return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
      });
    },
  };
}
