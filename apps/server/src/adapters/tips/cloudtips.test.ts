import { describe, expect, it, vi } from 'vitest';
import { ProviderError } from '../http';
import { stubProvider } from '../provider-stub.test-support';
import { CloudTipsClient } from './cloudtips';

describe('the CloudTips-like tips client (decision 025)', () => {
  const client = new CloudTipsClient({ baseUrl: () => 'https://tips.test/', apiKey: 'partner-key' });
  const provider = stubProvider();
  const { sent } = provider;
  const serviceAnswers = provider.answer;

  const order = { externalId: 'order-17', name: 'Жар-печь на Тверской', place: 'Москва, Тверская, 1' };

  it('registers the order as a receiver with the bearer key and answers its layoutId', async () => {
    serviceAnswers(200, { succeed: true, data: { layoutId: 'a1b2c3d4e5f6', extra: 1 } });
    await expect(client.registerReceiver(order)).resolves.toBe('a1b2c3d4e5f6');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toBe('https://tips.test/api/receivers');
    expect(sent[0]?.init.method).toBe('POST');
    expect((sent[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer partner-key');
    expect(JSON.parse(sent[0]?.init.body as string)).toEqual({
      externalId: 'order-17',
      name: 'Жар-печь на Тверской',
      placeName: 'Москва, Тверская, 1',
    });
  });

  it.each([
    ['a refusal', 200, { succeed: false, errors: ['bad key'] }, /refused: \["bad key"\]/],
    ['an HTTP error', 503, '503 Service Temporarily Unavailable', /HTTP 503/],
    ['an unreadable answer', 200, '<html>', /unreadable answer/],
    ['a layoutId that is no id', 200, { succeed: true, data: { layoutId: '../x y' } }, /unreadable answer/],
  ])('throws a ProviderError for %s', async (_what, status, body, message) => {
    serviceAnswers(status, body);
    const failure = client.registerReceiver(order);
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow(message);
  });

  it('stops reading an answer over 1 MB, declared or streamed, and says so', async () => {
    serviceAnswers(200, `{"succeed":true,"data":{"layoutId":"${'x'.repeat(1024 * 1024)}"}}`);
    await expect(client.registerReceiver(order)).rejects.toThrow(/over 1048576 bytes/);
    vi.stubGlobal('fetch', async () => {
      const chunk = new Uint8Array(256 * 1024);
      let sentChunks = 0;
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          sentChunks += 1;
          if (sentChunks > 8) controller.close();
          else controller.enqueue(chunk);
        },
      });
      return new Response(body, { status: 200 });
    });
    await expect(client.registerReceiver(order)).rejects.toBeInstanceOf(ProviderError);
  });

  it('gives up on a service that does not answer within its timeout, naming only its origin', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const quick = new CloudTipsClient({ baseUrl: () => 'https://tips.test', apiKey: 'secret-key', timeoutMs: 50 });
    const failure = quick.registerReceiver(order);
    await expect(failure).rejects.toThrow('tips: no answer from https://tips.test');
    await expect(failure).rejects.not.toThrow(/secret-key/);
  });
});
