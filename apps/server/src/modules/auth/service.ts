import { randomBytes } from 'node:crypto';
import { randomDigits } from '@chain/domain';
import type { FastifyInstance } from 'fastify';
import type { Settings, User } from '@chain/contract';
import { addressLimitKey } from '../../http/client-address';
import { AppError, badRequest } from '../../http/errors';
import { consumeRateLimits } from '../../http/rate-limit';
import { loadSettings } from '../settings';
import { ProviderError } from '../../adapters/http';
import { checkSignInCaptcha } from './captcha';
import { assertMayResend, consumeCode, RESEND_AFTER_SECONDS, storeCode } from './codes';
import { findInboundCheck, findOrCreateUser, markCodeConsumed, saveInboundCheck, takeInboundCheck } from './repository';
import { openSession, toUserResponse } from './sessions';

export const EMAIL_CODE_LENGTH = 6; // docs/decisions/005-email-code-length.md
export const PHONE_CODE_LENGTH = 4; // SPEC 9
export const INBOUND_WINDOW_SECONDS = 60; // SPEC 9: call within 1 minute

export const CODE_FORMAT_MESSAGE = 'Проверьте правильность ввода кода.';
export const PROVIDER_FAILED_MESSAGE = 'Не удалось отправить код. Попробуйте позже.';
export const INBOUND_EXPIRED_MESSAGE = 'Время ожидания звонка истекло. Попробуйте ещё раз.';
export const INBOUND_PENDING_MESSAGE = 'Ожидаем ваш звонок.';

const TEN_MINUTES = 600;
const HOUR = 3600;

/** Per-address and per-contact limits on asking for codes (issue 4: per-IP and per-contact). */
function sendLimits(kind: string, ip: string, contact: string) {
  return [
    { key: addressLimitKey(kind, ip), limit: 10, windowSeconds: TEN_MINUTES },
    { key: `${kind}:contact:${contact}`, limit: 5, windowSeconds: HOUR },
  ];
}

function checkLimits(kind: string, ip: string) {
  return [{ key: addressLimitKey(`${kind}-check`, ip), limit: 60, windowSeconds: TEN_MINUTES }];
}

async function assertAllowed(
  app: FastifyInstance,
  flag: keyof Pick<Settings, 'allow_email_auth' | 'allow_phone_auth' | 'allow_inbound_auth'>,
  what: string,
) {
  const settings = await loadSettings(app.db);
  if (settings[flag] !== 1) throw new AppError(403, 'auth_type_disabled', `Вход ${what} сейчас недоступен.`);
}

/** Runs a provider's call: its failure is logged and answered 502 «Не удалось отправить код…». */
export async function deliver<T>(app: FastifyInstance, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (error instanceof ProviderError) {
      app.log.error({ err: error }, 'provider failed');
      throw new AppError(502, 'provider', PROVIDER_FAILED_MESSAGE);
    }
    throw error;
  }
}

/** What a guest who asked for a code is told (SPEC 7): its length, when another may be asked for, the message. */
function codeSent(codeLength: number, message: string) {
  return { success: true as const, codeLength, resendAfter: RESEND_AFTER_SECONDS, message };
}

/**
 * A new code of `length` digits for the contact, stored, then sent through `send` (with the
 * app's name for the text); a code that could not be sent is ended at once.
 */
async function storeAndSend(
  app: FastifyInstance,
  contact: string,
  channel: 'email' | 'sms',
  length: number,
  send: (code: string, appName: string) => Promise<unknown>,
): Promise<void> {
  const code = randomDigits(length);
  const id = await storeCode(app.db, app.config.authSecret, contact, channel, code);
  const settings = await loadSettings(app.db);
  try {
    await deliver(app, () => send(code, settings.app_name));
  } catch (error) {
    await markCodeConsumed(app.db, id);
    throw error;
  }
}

/** A code is `length` digits, or a 400 before it is looked up. */
function assertCodeFormat(code: string, length: number): void {
  if (!new RegExp(`^\\d{${length}}$`).test(code)) throw badRequest(CODE_FORMAT_MESSAGE, 'code_format');
}

/** The flags a new guest gets in the sandbox. */
export const SANDBOX_GUEST_FLAGS = { booking: true, stoplist: true } as const;

async function signIn(
  app: FastifyInstance,
  contact: { phone: string } | { email: string },
  pushToken?: string | null,
): Promise<User> {
  // The sandbox (SANDBOX=1, docs/sandbox.md): every new guest may book a table and read the stop
  // list, so a person trying the app reaches those screens (SPEC 6 flags).
  const user = await findOrCreateUser(app.db, contact, app.config.sandbox ? SANDBOX_GUEST_FLAGS : {});
  const token = await openSession(app.db, user.id, pushToken);
  return toUserResponse(user, token);
}

export async function sendEmailCode(app: FastifyInstance, input: { email: string; captcha: string; ip: string }) {
  await assertAllowed(app, 'allow_email_auth', 'по e-mail');
  await consumeRateLimits(app.db, sendLimits('email', input.ip, input.email));
  await checkSignInCaptcha(app, { contact: input.email, captcha: input.captcha, ip: input.ip });
  await assertMayResend(app.db, input.email);
  await storeAndSend(app, input.email, 'email', EMAIL_CODE_LENGTH, (code, appName) =>
    app.providers.email.send({
      to: input.email,
      subject: `Код для входа: ${code}`,
      text: `Ваш код для входа в ${appName}: ${code}\nКод действует 10 минут. Если вы не запрашивали код, просто удалите это письмо.`,
    }),
  );
  return codeSent(EMAIL_CODE_LENGTH, 'Код отправлен на вашу почту.');
}

export async function checkEmailCode(
  app: FastifyInstance,
  input: { email: string; code: string; ip: string; pushToken?: string | null },
) {
  assertCodeFormat(input.code, EMAIL_CODE_LENGTH);
  await consumeRateLimits(app.db, checkLimits('email', input.ip));
  await consumeCode(app.db, app.config.authSecret, input.email, ['email'], input.code);
  return { success: true as const, user: await signIn(app, { email: input.email }, input.pushToken) };
}

export async function sendPhoneCode(
  app: FastifyInstance,
  input: { phone: string; captcha: string; authType: 'call' | 'sms'; ip: string },
) {
  await assertAllowed(app, 'allow_phone_auth', 'по телефону');
  await consumeRateLimits(app.db, sendLimits('phone', input.ip, input.phone));
  await checkSignInCaptcha(app, { contact: input.phone, captcha: input.captcha, ip: input.ip });
  await assertMayResend(app.db, input.phone);
  if (input.authType === 'call') {
    // The provider chooses the calling number, so it tells us the code.
    const { code } = await deliver(app, () => app.providers.phone.callWithCode(input.phone, input.ip));
    await storeCode(app.db, app.config.authSecret, input.phone, 'call', code);
    return codeSent(PHONE_CODE_LENGTH, 'Вам поступит звонок. Введите последние 4 цифры номера, с которого звонят.');
  }
  await storeAndSend(app, input.phone, 'sms', PHONE_CODE_LENGTH, (code, appName) =>
    app.providers.phone.sendSms(input.phone, `${code} — код для входа в ${appName}`),
  );
  return codeSent(PHONE_CODE_LENGTH, 'Код отправлен в SMS.');
}

export async function checkPhoneCode(
  app: FastifyInstance,
  input: { phone: string; code: string; ip: string; pushToken?: string | null },
) {
  assertCodeFormat(input.code, PHONE_CODE_LENGTH);
  await consumeRateLimits(app.db, checkLimits('phone', input.ip));
  // Either way of sending a phone code signs in with it: the guest may switch after asking.
  await consumeCode(app.db, app.config.authSecret, input.phone, ['call', 'sms'], input.code);
  return { success: true as const, user: await signIn(app, { phone: input.phone }, input.pushToken) };
}

export async function startInbound(app: FastifyInstance, input: { phone: string; captcha: string; ip: string }) {
  await assertAllowed(app, 'allow_inbound_auth', 'звонком');
  await consumeRateLimits(app.db, sendLimits('inbound', input.ip, input.phone));
  await checkSignInCaptcha(app, { contact: input.phone, captcha: input.captcha, ip: input.ip });
  const check = await deliver(app, () => app.providers.inbound.start(input.phone));
  const uid = randomBytes(16).toString('hex');
  await saveInboundCheck(app.db, {
    id: uid,
    phone: input.phone,
    providerCheckId: check.checkId,
    callNumber: check.callNumber,
    expiresAt: new Date(Date.now() + INBOUND_WINDOW_SECONDS * 1000),
  });
  return {
    success: true as const,
    number: check.callNumberPretty,
    qr: `tel:+${check.callNumber.replace(/\D/g, '')}`,
    uid,
    expiresIn: INBOUND_WINDOW_SECONDS,
  };
}

export async function checkInbound(
  app: FastifyInstance,
  input: { callId: string; phone: string; ip: string; pushToken?: string | null },
) {
  await consumeRateLimits(app.db, checkLimits('inbound', input.ip));
  const check = await findInboundCheck(app.db, input.callId, input.phone);
  if (!check || check.consumed_at)
    throw new AppError(404, 'inbound_unknown', 'Запрос на вход звонком не найден. Начните заново.');
  if (!check.confirmed_at) {
    const status = await deliver(app, () => app.providers.inbound.status(check.provider_check_id));
    if (status === 'pending' && check.expires_at > new Date()) {
      return { success: false as const, pending: true as const, message: INBOUND_PENDING_MESSAGE };
    }
    if (status !== 'confirmed') throw new AppError(410, 'inbound_expired', INBOUND_EXPIRED_MESSAGE);
  }
  // Exactly one poll turns a confirmed call into a session.
  const taken = await takeInboundCheck(app.db, check.id, check.confirmed_at ?? new Date());
  if (!taken) throw new AppError(404, 'inbound_unknown', 'Запрос на вход звонком не найден. Начните заново.');
  return { success: true as const, user: await signIn(app, { phone: input.phone }, input.pushToken) };
}
