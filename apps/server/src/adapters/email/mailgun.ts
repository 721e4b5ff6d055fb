import * as z from 'zod';
import { postForm, ProviderError } from '../http';
import { EMAIL_CALL_TIMEOUT_MS, type EmailMessage, type EmailSender } from './types';

/**
 * Mailgun's HTTP API (`POST /v3/{domain}/messages`, basic auth `api:{key}`, form fields
 * from/to/subject/text/html, and `h:Message-Id` — a custom header — for a letter with a key).
 * Several Russian providers offer the same protocol.
 */
const PROVIDER = 'mailgun';
const answer = z.object({ id: z.string().optional(), message: z.string().optional() });

export class MailgunClient implements EmailSender {
  constructor(
    private readonly options: {
      baseUrl: () => string;
      apiKey: string;
      domain: string;
      from: string;
      timeoutMs?: number;
    },
  ) {}

  async send(message: EmailMessage): Promise<void> {
    const url = `${this.options.baseUrl()}/v3/${encodeURIComponent(this.options.domain)}/messages`;
    const parsed = answer.parse(
      await postForm(
        PROVIDER,
        url,
        {
          from: this.options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.key ? { 'h:Message-Id': `<${message.key}@${this.options.domain}>` } : {}),
        },
        {
          timeoutMs: this.options.timeoutMs ?? EMAIL_CALL_TIMEOUT_MS,
          headers: { authorization: `Basic ${Buffer.from(`api:${this.options.apiKey}`).toString('base64')}` },
        },
      ),
    );
    if (!parsed.id) throw new ProviderError(PROVIDER, `not queued: ${parsed.message ?? 'no id'}`);
  }
}
