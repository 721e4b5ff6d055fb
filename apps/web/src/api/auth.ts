import {
  authInbound,
  type CaptchaConfig,
  captchaConfig,
  checkEmailCode,
  checkInbound,
  checkSms,
  type PhoneAuthType,
  sendEmailCode,
  sendSms,
  type User as WireUser,
} from '@chain/contract';
import type { User } from '../state/guest-store';
import { call, type RequestOptions } from './client';
import { createQuery } from './query-cache';

/*
 * The sign-in calls of SPEC 7 (shapes in packages/contract/src/auth.ts). Each answer is parsed
 * with the contract's schema; failures arrive as ApiError with the server's text or SPEC 8's
 * request-failed text (client.ts).
 */

/** What a successful code request tells the guest: digits to enter and when a new code may be asked. */
export interface CodeSent {
  readonly codeLength: number;
  readonly resendAfter: number;
  readonly message: string;
}

/** The number to call for inbound sign-in (SPEC 2, 4, 9). */
export interface InboundCall {
  /** For display, e.g. '+7 (800) 500-12-34'. */
  readonly number: string;
  /** The tel: link (SPEC 7: shown as a QR code where a QR encoder is available). */
  readonly qr: string;
  /** The callId for check_inbound. */
  readonly uid: string;
  /** Seconds the guest has to call (SPEC 9: 1 minute). */
  readonly expiresIn: number;
}

export type InboundStatus =
  { readonly signedIn: true; readonly user: User } | { readonly signedIn: false; readonly message: string };

/**
 * GET /api/v1/auth/captcha: which captcha the sign-in shows, the picture or a captcha service's
 * widget (decision 061); the same for every guest, asked once a visit.
 */
export const captchaConfigQuery = createQuery<void, CaptchaConfig>({ load: () => call(captchaConfig) });

/**
 * GET /captcha/{contact}?{timestamp} (SPEC 7): a new image for the contact. The timestamp makes
 * every image a new request; only the latest image of a contact counts on the server.
 */
export function captchaUrl(contact: string, timestamp: number = Date.now()): string {
  return `/captcha/${encodeURIComponent(contact)}?${timestamp}`;
}

/**
 * The wire user as the client keeps it (SPEC 3): the id as its digits (the API takes both) and
 * the 0/1 flags as booleans, so the persisted shape of decision 004 stays as it is.
 */
export function toStoredUser(user: WireUser): User {
  return {
    authorized: true,
    id: String(user.id),
    password: user.password,
    name: user.name,
    phone: user.phone,
    email: user.email,
    card: user.card,
    city: user.city,
    street: user.street,
    house: user.house,
    room: user.room,
    booking: user.booking === 1,
    stoplist: user.stoplist === 1,
  };
}

export async function requestEmailCode(email: string, captcha: string, options?: RequestOptions): Promise<CodeSent> {
  const sent = await call(sendEmailCode, { email, captcha }, options);
  return { codeLength: sent.codeLength, resendAfter: sent.resendAfter, message: sent.message };
}

export async function signInWithEmailCode(email: string, code: string, options?: RequestOptions): Promise<User> {
  const signed = await call(checkEmailCode, { email, code }, options);
  return toStoredUser(signed.user);
}

/** authType 'call': a robot calls and the code is the last 4 digits of its number (SPEC 2). */
export async function requestPhoneCode(
  phone: string,
  captcha: string,
  authType: PhoneAuthType = 'call',
  options?: RequestOptions,
): Promise<CodeSent> {
  const sent = await call(sendSms, { phone, captcha, authType }, options);
  return { codeLength: sent.codeLength, resendAfter: sent.resendAfter, message: sent.message };
}

export async function signInWithPhoneCode(
  phone: string,
  code: string,
  authType: PhoneAuthType = 'call',
  options?: RequestOptions,
): Promise<User> {
  const signed = await call(checkSms, { phone, code, authType }, options);
  return toStoredUser(signed.user);
}

export async function startInboundCall(phone: string, captcha: string, options?: RequestOptions): Promise<InboundCall> {
  const started = await call(authInbound, { phone, captcha }, options);
  return { number: started.number, qr: started.qr, uid: started.uid, expiresIn: started.expiresIn };
}

/** One poll of check_inbound (SPEC 4: every 10 s until success). */
export async function pollInboundCall(callId: string, phone: string, options?: RequestOptions): Promise<InboundStatus> {
  const answer = await call(checkInbound, { callId, phone }, options);
  return answer.success
    ? { signedIn: true, user: toStoredUser(answer.user) }
    : { signedIn: false, message: answer.message };
}
