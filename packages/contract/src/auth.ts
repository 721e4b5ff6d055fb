import * as z from 'zod/mini';
import { defineCall } from './call';
import { userResponse } from './user';

/**
 * Sign-in (SPEC 2 Sign-in, 4, 5, 7, 9): a captcha image first, then a one-time code by e-mail,
 * SMS or robot call (last four digits of the calling number), or the guest's own call to a
 * number we give (inbound). Success returns the user of SPEC 3 with a new session token.
 */

const pushToken = z.optional(z.nullable(z.string().check(z.maxLength(4096))));
const contactText = z.string().check(z.maxLength(254));

/** 'call': a robot calls and the guest enters the last 4 digits of its number; 'sms': a 4-digit SMS code. */
export const phoneAuthType = z.enum(['call', 'sms']);
export type PhoneAuthType = z.infer<typeof phoneAuthType>;

export const codeSentResponse = z.object({
  success: z.literal(true),
  /** Digits the guest will enter. */
  codeLength: z.int(),
  /** Seconds before another code may be asked for the same contact. */
  resendAfter: z.int(),
  message: z.string(),
});

export const signedInResponse = z.object({ success: z.literal(true), user: userResponse });

/**
 * The captcha the sign-in screen shows (decision 061): SPEC 7's picture (`image`, GET
 * /captcha/{contact}) or Yandex SmartCaptcha's widget (`smartcaptcha`), whose token the send
 * calls carry in `captcha` instead of the picture's digits.
 */
export const CAPTCHA_KINDS = ['image', 'smartcaptcha'] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

/** The longest `captcha` a send call takes: the picture's answer is 5 digits, a widget's token a few hundred characters. */
export const CAPTCHA_MAX_LENGTH = 2048;

const captchaField = z.string().check(z.maxLength(CAPTCHA_MAX_LENGTH));
const CAPTCHA_FIELD_TEXT =
  'With the picture (captchaConfig kind `image`), the digits of the latest image of GET /captcha/{contact}; with the widget (kind `smartcaptcha`), the token its callback gave.';
/** A send call without the widget's token (400 captcha_empty with the service); the screen says it before sending. */
export const CAPTCHA_WIDGET_EMPTY_MESSAGE = 'Отметьте «Я не робот».';
/** The service did not pass the token: wrong, used or older than 5 minutes (400 captcha). */
export const CAPTCHA_WIDGET_FAILED_MESSAGE = 'Проверка «Я не робот» не пройдена или устарела. Пройдите её ещё раз.';
/** The 503 a send call answers when the captcha service cannot check a token (decision 061: fail closed). */
export const CAPTCHA_UNAVAILABLE_MESSAGE = 'Проверка «Я не робот» сейчас недоступна. Попробуйте через минуту.';
const CAPTCHA_UNAVAILABLE = `the captcha service did not answer in time or failed (503 with Retry-After, '${CAPTCHA_UNAVAILABLE_MESSAGE}')`;

/** What the sign-in screen shows before a code is sent (decision 061). */
export const captchaConfigResponse = z.object({
  kind: z.enum(CAPTCHA_KINDS),
  /** The widget's client key (SmartCaptcha's sitekey) for `smartcaptcha`; '' for `image`. */
  sitekey: z.string(),
  /** The widget's script, loaded only for `smartcaptcha` (window.smartCaptcha.render); '' for `image`. */
  scriptUrl: z.string(),
});
export type CaptchaConfig = z.infer<typeof captchaConfigResponse>;

export const captchaConfig = defineCall({
  name: 'captchaConfig',
  method: 'GET',
  path: '/api/v1/auth/captcha',
  tag: 'Sign-in',
  summary:
    "Which captcha the sign-in screen shows: the picture of GET /captcha/{contact}, or a captcha service's widget",
  description:
    "kind `image`: SPEC 7's picture; the send calls carry its digits in `captcha`. kind `smartcaptcha` (Yandex SmartCaptcha, decision 061): load `scriptUrl`, call window.smartCaptcha.render(container, { sitekey, callback }) and send the token the callback gives in `captcha`; a token is single use and lives 5 minutes. The same for every guest; cacheable for 5 minutes.",
  auth: 'public',
  response: captchaConfigResponse,
});

export const sendEmailCode = defineCall({
  name: 'sendEmailCode',
  method: 'POST',
  path: '/api/v2/user/sendEmailCode',
  tag: 'Sign-in',
  summary: 'Checks the captcha and e-mails a 6-digit sign-in code',
  description: `${CAPTCHA_FIELD_TEXT} A new code for the same address waits 60 s. Codes expire in 10 minutes and allow 5 wrong tries.`,
  auth: 'public',
  personal: true,
  body: z.object({ captcha: captchaField, email: contactText, pushToken }),
  response: codeSentResponse,
  errors: {
    validation: 'a field is missing or malformed',
    email: "'Введите верный email.'",
    captcha_empty: "'Код не введен!'",
    captcha: 'the captcha answer is wrong or expired (a new image or widget check is needed)',
    captcha_unavailable: CAPTCHA_UNAVAILABLE,
    too_soon: 'a code was sent less than 60 s ago',
    rate_limited: 'too many requests from this address or for this contact',
    auth_type_disabled: 'e-mail sign-in is off in settings',
    provider: 'the e-mail provider did not accept the message (502)',
  },
});

export const checkEmailCode = defineCall({
  name: 'checkEmailCode',
  method: 'POST',
  path: '/api/v2/user/checkEmailCode',
  tag: 'Sign-in',
  summary: 'Signs in with the e-mailed code; a new address creates the user',
  auth: 'public',
  personal: true,
  body: z.object({ email: contactText, code: z.coerce.string().check(z.maxLength(16)), pushToken }),
  response: signedInResponse,
  errors: {
    code_format: "'Проверьте правильность ввода кода.' (not 6 digits)",
    code_wrong: 'the code does not match',
    code_expired: 'no live code for this address: ask for a new one',
    code_attempts: 'five wrong tries: ask for a new code',
  },
});

export const sendSms = defineCall({
  name: 'sendSms',
  method: 'POST',
  path: '/api/v1/user/sendSms',
  tag: 'Sign-in',
  summary: 'Checks the captcha, then calls the phone (authType call) or sends an SMS code (authType sms)',
  description: `authType "call" (default): a robot calls; the code is the last 4 digits of its number. authType "sms": a 4-digit code by SMS. The phone is 11 digits starting with 7 (a +7 mask is accepted). ${CAPTCHA_FIELD_TEXT}`,
  auth: 'public',
  personal: true,
  body: z.object({
    captcha: captchaField,
    phone: contactText,
    authType: z._default(phoneAuthType, 'call'),
    pushToken,
  }),
  response: codeSentResponse,
  errors: {
    phone: "'Проверьте правильность ввода телефона.'",
    captcha_empty: "'Код не введен!'",
    captcha: 'the captcha answer is wrong or expired',
    captcha_unavailable: CAPTCHA_UNAVAILABLE,
    too_soon: 'a code was sent less than 60 s ago',
    rate_limited: 'too many requests',
    auth_type_disabled: 'phone sign-in is off in settings',
    provider: 'the SMS/call provider refused (502)',
  },
});

export const checkSms = defineCall({
  name: 'checkSms',
  method: 'POST',
  path: '/api/v1/user/checkSms',
  tag: 'Sign-in',
  summary: 'Signs in with the 4-digit code; a new phone creates the user',
  auth: 'public',
  personal: true,
  body: z.object({
    phone: contactText,
    authType: z._default(phoneAuthType, 'call'),
    code: z.coerce.string().check(z.maxLength(16)),
    pushToken,
  }),
  response: signedInResponse,
  errors: {
    code_format: 'the code is not 4 digits',
    code_wrong: 'the code does not match',
    code_expired: 'no live code for this phone',
    code_attempts: 'five wrong tries',
  },
});

export const authInbound = defineCall({
  name: 'authInbound',
  method: 'POST',
  path: '/api/v2/user/auth_inbound',
  tag: 'Sign-in',
  summary: 'Checks the captcha and gives a number the guest calls within 1 minute',
  description: `\`number\` is for display, \`qr\` the tel: link to show as a QR code, \`uid\` the callId for check_inbound, which the app polls every 10 s. ${CAPTCHA_FIELD_TEXT}`,
  auth: 'public',
  personal: true,
  body: z.object({ phone: contactText, captcha: captchaField, authType: z.optional(z.string()), pushToken }),
  response: z.object({
    success: z.literal(true),
    number: z.string(),
    qr: z.string(),
    uid: z.string(),
    expiresIn: z.int(),
  }),
  errors: {
    phone: "'Проверьте правильность ввода телефона.'",
    captcha: 'the captcha answer is wrong or expired',
    captcha_empty: "'Код не введен!'",
    captcha_unavailable: CAPTCHA_UNAVAILABLE,
    rate_limited: 'too many requests',
    auth_type_disabled: 'inbound sign-in is off in settings',
    provider: 'the provider refused (502)',
  },
});

export const checkInbound = defineCall({
  name: 'checkInbound',
  method: 'POST',
  path: '/api/v2/user/check_inbound',
  tag: 'Sign-in',
  summary: 'Whether the guest has called yet: the user once the call came, else pending',
  auth: 'public',
  personal: true,
  body: z.object({ callId: z.string().check(z.minLength(1), z.maxLength(64)), phone: contactText, pushToken }),
  response: z.union([
    signedInResponse,
    z.object({ success: z.literal(false), pending: z.literal(true), message: z.string() }),
  ]),
  errors: {
    inbound_unknown: 'no such call check for this phone',
    inbound_expired: 'the minute to call has passed: start again',
  },
});

export const captchaImage = defineCall({
  name: 'captchaImage',
  method: 'GET',
  path: '/captcha/:contact',
  tag: 'Sign-in',
  summary: 'A new captcha image (PNG) for this phone or e-mail; any query string (a timestamp) is ignored',
  description:
    'Answers image/png bytes, 360 × 120 pixels, Cache-Control no-store. Single use, valid 5 minutes; only the latest image of a contact counts. The answer is 5 digits. Answers are stored hashed.',
  auth: 'public',
  params: z.object({ contact: contactText }),
  response: z.string(),
});

export const AUTH_CALLS = [
  captchaConfig,
  captchaImage,
  sendEmailCode,
  checkEmailCode,
  sendSms,
  checkSms,
  authInbound,
  checkInbound,
] as const;
