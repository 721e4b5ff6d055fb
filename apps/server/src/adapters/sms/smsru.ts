import * as z from 'zod';
import { postForm, ProviderError } from '../http';
import type { InboundCallVerifier, InboundCheckStatus, PhoneCodeSender } from './types';

/**
 * SMS.ru's HTTP API (https://sms.ru/api): `sms/send`, `code/call` (a robot call whose
 * number's last four digits are the code) and `callcheck/add|status` (the guest calls us).
 * Every call is a form POST with `api_id` and `json=1`; `status: "OK"` means success and
 * `status_code`/`status_text` explain a refusal.
 */
const PROVIDER = 'sms.ru';

const base = z.object({ status: z.string(), status_code: z.number().optional(), status_text: z.string().optional() });
const codeCallAnswer = base.extend({
  code: z.union([z.string(), z.number()]).optional(),
  call_id: z.string().optional(),
});
const callcheckAddAnswer = base.extend({
  check_id: z.string().optional(),
  call_phone: z.string().optional(),
  call_phone_pretty: z.string().optional(),
});
const callcheckStatusAnswer = base.extend({ check_status: z.union([z.string(), z.number()]).optional() });

export class SmsRuClient implements PhoneCodeSender, InboundCallVerifier {
  constructor(private readonly options: { baseUrl: () => string; apiId: string; timeoutMs?: number }) {}

  async sendSms(phone: string, text: string): Promise<void> {
    this.ok(base.parse(await this.post('/sms/send', { to: phone, msg: text })));
  }

  async callWithCode(phone: string, clientIp: string): Promise<{ code: string }> {
    const answer = this.ok(codeCallAnswer.parse(await this.post('/code/call', { phone, ip: clientIp })));
    const code = String(answer.code ?? '');
    if (!/^\d{4}$/.test(code)) throw new ProviderError(PROVIDER, `code/call answered without a 4-digit code`);
    return { code };
  }

  async start(phone: string) {
    const answer = this.ok(callcheckAddAnswer.parse(await this.post('/callcheck/add', { phone })));
    if (!answer.check_id || !answer.call_phone)
      throw new ProviderError(PROVIDER, 'callcheck/add answered without a number');
    return {
      checkId: answer.check_id,
      callNumber: answer.call_phone,
      callNumberPretty: answer.call_phone_pretty ?? answer.call_phone,
    };
  }

  async status(checkId: string): Promise<InboundCheckStatus> {
    const answer = this.ok(callcheckStatusAnswer.parse(await this.post('/callcheck/status', { check_id: checkId })));
    // 400: waiting for the call, 401: confirmed, 402: expired or unknown.
    switch (String(answer.check_status)) {
      case '401':
        return 'confirmed';
      case '400':
        return 'pending';
      default:
        return 'expired';
    }
  }

  private post(path: string, form: Record<string, string>): Promise<unknown> {
    return postForm(
      PROVIDER,
      `${this.options.baseUrl()}${path}`,
      { ...form, api_id: this.options.apiId, json: '1' },
      {
        timeoutMs: this.options.timeoutMs ?? 5000,
      },
    );
  }

  private ok<T extends z.infer<typeof base>>(answer: T): T {
    if (answer.status !== 'OK') {
      throw new ProviderError(PROVIDER, `refused: ${answer.status_code ?? ''} ${answer.status_text ?? answer.status}`);
    }
    return answer;
  }
}
