import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { loggedPath, loggerOptions, maskContacts } from './options';

// Issue 32 «Logs that help at 3 a.m.»: what a log line may hold (docs/operations.md «Logs»).

describe('what a log line may hold (issue 32)', () => {
  it('shows a request path without its query string, and no secret segment', () => {
    expect(loggedPath('/api/v1/order/receipt/12?sig=abc')).toBe('/api/v1/order/receipt/12');
    expect(loggedPath('/sandbox/outbox?to=%2B79161234567')).toBe('/sandbox/outbox');
    expect(loggedPath('/api/v1/order/follow/2.tp9i93.Jpff7LIzuGIgK1zwl_Rffw')).toBe('/api/v1/order/follow/[redacted]');
    expect(loggedPath('/follow/2.tp9i93.Jpff7LIzuGIgK1zwl_Rffw?x=1')).toBe('/follow/[redacted]');
    expect(loggedPath('/captcha/79161234567?1700000000')).toBe('/captcha/[redacted]');
    expect(loggedPath('/api/v2/order/create')).toBe('/api/v2/order/create');
  });

  it('masks phones in every common spelling and e-mail addresses, and leaves ids, sums and times', () => {
    for (const phone of [
      '+79161234567',
      '79161234567',
      '89161234567',
      '9161234567',
      '+7 (916) 123-45-67',
      '8 (916) 123-45-67',
      '8-916-123-45-67',
    ]) {
      expect(maskContacts(`{"msg":"refused ${phone} today"}`)).toBe('{"msg":"refused [contact] today"}');
    }
    expect(maskContacts('{"err":"bad address Anna.Petrova+x@mail.example.ru"}')).toBe(
      '{"err":"bad address [contact]"}',
    );
    const plain =
      '{"time":1795866633401,"orderId":79161,"sum":169000,"providerPaymentId":"00e6ab78-57a8-457c-9eb8-cefbcb49ab46","reqId":"b18e855f-7c0f-48be-9f74-4870e354df93"}';
    expect(maskContacts(plain)).toBe(plain);
  });

  it("redacts the keys of contacts and secrets at the top of a line and one object down, in the app's own logger", async () => {
    const lines: string[] = [];
    const app = Fastify({ logger: loggerOptions({ logLevel: 'info' }, { write: (line) => void lines.push(line) }) });
    app.log.info(
      {
        password: 'p-1',
        body: { phone: 'p-2', email: 'p-3', token: 'p-4' },
        headers: { authorization: 'p-5', cookie: 'p-6' },
        orderId: 7,
      },
      'a line',
    );
    await app.close();
    const line = lines.find((text) => text.includes('a line')) ?? '';
    expect(JSON.parse(line)).toMatchObject({
      password: '[redacted]',
      body: { phone: '[redacted]', email: '[redacted]', token: '[redacted]' },
      headers: { authorization: '[redacted]', cookie: '[redacted]' },
      orderId: 7,
    });
    expect(line).not.toMatch(/p-\d/);
  });
});
