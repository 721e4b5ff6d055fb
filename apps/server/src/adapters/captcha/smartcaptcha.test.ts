import { describe, expect, it } from 'vitest';
import { ProviderError } from '../http';
import { stubProvider } from '../provider-stub.test-support';
import { SmartCaptchaClient } from './smartcaptcha';

describe('the SmartCaptcha client (decision 061)', () => {
  const client = new SmartCaptchaClient({
    baseUrl: () => 'https://captcha.test',
    serverKey: 'server-key',
    timeoutMs: 1000,
  });
  const provider = stubProvider();
  const { sent } = provider;
  const serviceAnswers = provider.answer;

  it('posts the server key, the token and the guest address as a form to /validate, and passes on "ok"', async () => {
    serviceAnswers(200, { status: 'ok', message: '', host: 'order.example.ru' });
    await expect(client.validate('token-1', '203.0.113.7')).resolves.toEqual({
      passed: true,
      host: 'order.example.ru',
    });
    expect(sent[0]?.url).toBe('https://captcha.test/validate');
    expect((sent[0]?.init.headers as Record<string, string>)['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(sent[0]?.init.body as string))).toEqual({
      secret: 'server-key',
      token: 'token-1',
      ip: '203.0.113.7',
    });
  });

  it('answers "failed" for a token the service did not pass', async () => {
    serviceAnswers(200, { status: 'failed', message: 'Invalid or expired Token.' });
    await expect(client.validate('used', '203.0.113.7')).resolves.toEqual({
      passed: false,
      reason: 'Invalid or expired Token.',
    });
  });

  it.each([
    [
      'our key refused (HTTP 403)',
      403,
      { status: 'failed', message: 'Authentication failed. Secret is invalid.' },
      /HTTP 403/,
    ],
    [
      'our key refused (HTTP 200)',
      200,
      { status: 'failed', message: 'Authentication failed. Secret has not provided.' },
      /refused our server key/,
    ],
    ['an HTTP error', 503, '503 Service Temporarily Unavailable', /HTTP 503/],
    ['an unreadable answer', 200, '<html>', /unreadable answer/],
    ['an answer without a status', 200, { ok: true }, /unreadable answer/],
    ['an unknown status', 200, { status: 'maybe' }, /unknown status/],
  ])('throws a ProviderError, never a verdict, for %s', async (_what, status, body, message) => {
    serviceAnswers(status, body);
    const failure = client.validate('token', '203.0.113.7');
    await expect(failure).rejects.toBeInstanceOf(ProviderError);
    await expect(failure).rejects.toThrow(message);
  });
});
