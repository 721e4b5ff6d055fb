import type { Config } from '../config';
import { MailgunClient } from './email/mailgun';
import type { EmailSender } from './email/types';
import { SmsRuClient } from './sms/smsru';
import type { InboundCallVerifier, PhoneCodeSender } from './sms/types';

export interface Providers {
  phone: PhoneCodeSender;
  inbound: InboundCallVerifier;
  email: EmailSender;
}

/**
 * The outside services, each the real protocol client. Without a configured base URL (the
 * sandbox) they talk to the sandbox counterparts this very server mounts under
 * /sandbox/providers/, found through `selfOrigin` once the server listens.
 */
export function createProviders(config: Config, selfOrigin: () => string): Providers {
  const smsruBase = () => config.providers.smsru.baseUrl ?? `${selfOrigin()}/sandbox/providers/smsru`;
  const smsru = new SmsRuClient({ baseUrl: smsruBase, apiId: config.providers.smsru.apiId });
  const mail = config.providers.mail;
  return {
    phone: smsru,
    inbound: smsru,
    email: new MailgunClient({
      baseUrl: () => mail.baseUrl ?? `${selfOrigin()}/sandbox/providers/mailgun`,
      apiKey: mail.apiKey,
      domain: mail.domain,
      from: mail.from,
    }),
  };
}
