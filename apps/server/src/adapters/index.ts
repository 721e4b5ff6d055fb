import type { CaptchaConfig } from '@chain/contract';
import type { Config } from '../config';
import { RbsClient } from './acquiring/rbs';
import type { CardAcquirer } from './acquiring/types';
import { SmartCaptchaClient } from './captcha/smartcaptcha';
import type { CaptchaService } from './captcha/types';
import { MailgunClient } from './email/mailgun';
import type { EmailSender } from './email/types';
import { PhotonClient } from './geocoder/photon';
import type { Geocoder } from './geocoder/types';
import { YandexGeocoderClient } from './geocoder/yandex';
import { SmsRuClient } from './sms/smsru';
import type { InboundCallVerifier, PhoneCodeSender } from './sms/types';
import { SBP_BANK_APPS } from './sbp/banks';
import { NSPK_LINKS, RbsSbpClient, sandboxSbpLinks } from './sbp/rbs-sbp';
import type { SbpGateway } from './sbp/types';
import { CloudTipsClient } from './tips/cloudtips';
import type { TipsService } from './tips/types';

export interface Providers {
  phone: PhoneCodeSender;
  inbound: InboundCallVerifier;
  email: EmailSender;
  acquiring: CardAcquirer;
  sbp: SbpGateway;
  geocoder: Geocoder;
  /** Null: no tips service configured (production without TIPS_API_KEY, decision 025). */
  tips: TipsService | null;
  /** Null: the sign-in captcha is SPEC 7's picture (CAPTCHA_PROVIDER=image, decision 061). */
  captcha: CaptchaService | null;
}

/**
 * The outside services, each the real protocol client. Without a configured base URL (the
 * sandbox) they talk to the sandbox counterparts this very server mounts under
 * /sandbox/providers/, found through `selfOrigin` once the server listens.
 */
export function createProviders(
  config: Config,
  selfOrigin: () => string,
  publicOrigin: () => string = selfOrigin,
): Providers {
  const smsruBase = () => config.providers.smsru.baseUrl ?? `${selfOrigin()}/sandbox/providers/smsru`;
  const smsru = new SmsRuClient({ baseUrl: smsruBase, apiId: config.providers.smsru.apiId });
  const mail = config.providers.mail;
  const acquiring = config.providers.acquiring;
  const rbs = new RbsClient({
    baseUrl: () => acquiring.baseUrl ?? `${selfOrigin()}/sandbox/acquiring`,
    userName: acquiring.userName,
    password: acquiring.password,
  });
  return {
    phone: smsru,
    inbound: smsru,
    email: new MailgunClient({
      baseUrl: () => mail.baseUrl ?? `${selfOrigin()}/sandbox/providers/mailgun`,
      apiKey: mail.apiKey,
      domain: mail.domain,
      from: mail.from,
    }),
    acquiring: rbs,
    // The sandbox's bank apps are its own pages; real ones open by NSPK deep links.
    sbp: new RbsSbpClient(rbs, SBP_BANK_APPS, acquiring.baseUrl === null ? sandboxSbpLinks(publicOrigin) : NSPK_LINKS),
    geocoder: createGeocoder(config.providers.geocoder, selfOrigin),
    tips: createTips(config.providers.tips, selfOrigin),
    captcha: createCaptcha(config.captcha, selfOrigin),
  };
}

/** The sandbox captcha service's address on this server (src/sandbox/smartcaptcha.ts). */
export const SANDBOX_SMARTCAPTCHA_PATH = '/sandbox/smartcaptcha';

/** The configured captcha service (decision 061); without a base URL, the sandbox's own. */
function createCaptcha(captcha: Config['captcha'], selfOrigin: () => string): CaptchaService | null {
  if (captcha.kind === 'image') return null;
  return new SmartCaptchaClient({
    baseUrl: () => captcha.baseUrl ?? `${selfOrigin()}${SANDBOX_SMARTCAPTCHA_PATH}`,
    serverKey: captcha.serverKey,
    timeoutMs: captcha.timeoutMs,
  });
}

/**
 * What the sign-in screen is told of the captcha (contract captchaConfig): the widget's script
 * comes from the service's own address, or from this server's sandbox counterpart (a path, so it
 * loads from whatever origin the guest opened).
 */
export function captchaConfigOf(captcha: Config['captcha']): CaptchaConfig {
  if (captcha.kind === 'image') return { kind: 'image', sitekey: '', scriptUrl: '' };
  return {
    kind: 'smartcaptcha',
    sitekey: captcha.clientKey,
    scriptUrl: `${captcha.baseUrl ?? SANDBOX_SMARTCAPTCHA_PATH}/captcha.js`,
  };
}

/** The configured geocoder (issue 13); a Photon one without a base URL is the sandbox's own. */
function createGeocoder(geocoder: Config['providers']['geocoder'], selfOrigin: () => string): Geocoder {
  const baseUrl = () => geocoder.baseUrl ?? `${selfOrigin()}/sandbox/providers/photon`;
  return geocoder.kind === 'yandex'
    ? new YandexGeocoderClient({ baseUrl, apiKey: geocoder.key, timeoutMs: geocoder.timeoutMs })
    : new PhotonClient({ baseUrl, timeoutMs: geocoder.timeoutMs });
}

/** The configured tips service (decision 025); without a base URL, the sandbox's own. */
function createTips(tips: Config['providers']['tips'], selfOrigin: () => string): TipsService | null {
  if (tips === null) return null;
  return new CloudTipsClient({ baseUrl: () => tips.baseUrl ?? `${selfOrigin()}/sandbox/tips`, apiKey: tips.apiKey });
}

/**
 * The base of the tips pages guests open, settings' tips_url (decision 025): the configured one,
 * the sandbox's own {public origin}/sandbox/tips/, or '' without a tips service.
 */
export function tipsPageBase(config: Config, publicOrigin: () => string): string {
  const tips = config.providers.tips;
  if (tips === null) return '';
  return tips.pageUrl ?? `${publicOrigin()}/sandbox/tips/`;
}
