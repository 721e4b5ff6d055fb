import * as z from 'zod';
import { postForm, ProviderError } from '../http';
import type { CaptchaService, CaptchaVerdict } from './types';

/**
 * Yandex SmartCaptcha's check of a widget's token: `POST {base}/validate`, form-encoded
 * `secret` (the server key), `token` and `ip` (the guest's address, which helps the service),
 * answered `{ status: "ok" | "failed", message, host }` — `host` the site the check was passed
 * on. A token is single use and lives 5 minutes: a second check of it is `failed`. hCaptcha and
 * reCAPTCHA check their tokens the same way (`siteverify`), so another service is another client
 * of this interface.
 */
const PROVIDER = 'smartcaptcha';

const answer = z.object({ status: z.string(), message: z.string().optional(), host: z.string().optional() });

/** A `failed` that is about our key, not the guest's token: every guest would fail, so it is ours to fix. */
const KEY_REFUSED = /secret|authenticat|forbidden|unauthori/i;

export class SmartCaptchaClient implements CaptchaService {
  constructor(private readonly options: { baseUrl: () => string; serverKey: string; timeoutMs: number }) {}

  async validate(token: string, clientIp: string): Promise<CaptchaVerdict> {
    const raw = await postForm(
      PROVIDER,
      `${this.options.baseUrl()}/validate`,
      { secret: this.options.serverKey, token, ip: clientIp },
      {
        timeoutMs: this.options.timeoutMs,
      },
    );
    const parsed = answer.safeParse(raw);
    if (!parsed.success) throw new ProviderError(PROVIDER, `unreadable answer: ${JSON.stringify(raw).slice(0, 200)}`);
    const { status, message = '', host = '' } = parsed.data;
    if (status === 'ok') return { passed: true, host };
    if (status !== 'failed') throw new ProviderError(PROVIDER, `unknown status ${JSON.stringify(status).slice(0, 50)}`);
    if (KEY_REFUSED.test(message))
      throw new ProviderError(PROVIDER, `refused our server key: ${message.slice(0, 200)}`);
    return { passed: false, reason: message };
  }
}
