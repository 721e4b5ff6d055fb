import type { FastifyInstance } from 'fastify';
import {
  STAFF_CAPTCHA_ID,
  STAFF_DEVICE_WRONG_PASSWORDS,
  STAFF_SIGN_IN_TRIES_PER_ADDRESS,
  STAFF_SIGN_IN_WINDOW_MINUTES,
  STAFF_TEXTS,
  STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA,
} from '@chain/contract';
import { addressLimitKey } from '../../http/client-address';
import { badRequest } from '../../http/errors';
import { consumeRateLimits, countRateLimitHit, giveBackRateLimits, type RateLimitRule } from '../../http/rate-limit';
import { verifyCaptcha } from '../auth';
import { trustedDevice } from './devices';

// Who pays for a wrong staff password (issue 30.3, decision 039): the guesser, never the
// account's owner. Five wrong passwords from anywhere used to answer the right one 429 for 15
// minutes, so one request every three minutes kept a restaurant's staff out.

const WINDOW_SECONDS = STAFF_SIGN_IN_WINDOW_MINUTES * 60;

const CAPTCHA_CONTACT_PREFIX = 'staff-sign-in:';

/** The captcha "contact" of a staff sign-in captcha: its id, which only the client that drew it knows. */
export function staffCaptchaContact(id: string): string {
  return `${CAPTCHA_CONTACT_PREFIX}${id}`;
}

/** Whether the text is a staff sign-in captcha's contact (the sandbox's outbox reads its answer by it). */
export function isStaffCaptchaContact(text: string): boolean {
  return text.startsWith(CAPTCHA_CONTACT_PREFIX) && STAFF_CAPTCHA_ID.test(text.slice(CAPTCHA_CONTACT_PREFIX.length));
}

/** A try as the throttle sees it: who it names, from where, and what the client brought. */
export interface SignInTry {
  login: string;
  ip: string;
  /** The account of the login, if there is one (an unknown login is throttled like a known one). */
  staffId: number | undefined;
  device?: string | undefined;
  captchaId?: string | undefined;
  captcha?: string | undefined;
}

/**
 * Counts one try before the password is looked at, each counter in one atomic statement (so a
 * burst gets no more tries evaluated than the allowance), and answers how to give it back when
 * the password turns out right:
 * - a device with this account's device token: its own counter only, STAFF_DEVICE_WRONG_PASSWORDS
 *   wrong passwords a window; past them it is any other client for the rest of the window;
 * - any other client: its address's STAFF_SIGN_IN_TRIES_PER_ADDRESS tries (429), and the login's
 *   count of wrong passwords — past STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA every try needs a
 *   captcha (400 captcha_required, then one image per try), never a 429 for the login.
 */
export async function countSignInTry(
  app: FastifyInstance,
  attempt: SignInTry,
  now: Date,
): Promise<() => Promise<void>> {
  const nonce =
    attempt.staffId === undefined ? null : trustedDevice(app.config.authSecret, attempt.device, attempt.staffId, now);
  if (nonce !== null) {
    const device = { key: `staff_sign_in:device:${nonce}`, windowSeconds: WINDOW_SECONDS };
    if ((await countRateLimitHit(app.db, device, now)) <= STAFF_DEVICE_WRONG_PASSWORDS)
      return () => giveBackRateLimits(app.db, [device], now);
  }

  const address: RateLimitRule = {
    key: addressLimitKey('staff_sign_in', attempt.ip),
    limit: STAFF_SIGN_IN_TRIES_PER_ADDRESS,
    windowSeconds: WINDOW_SECONDS,
    message: STAFF_TEXTS.tooManyAttempts,
    code: 'too_many_attempts',
  };
  await consumeRateLimits(app.db, [address], now);
  const login = { key: `staff_sign_in:login:${attempt.login}`, windowSeconds: WINDOW_SECONDS };
  if ((await countRateLimitHit(app.db, login, now)) > STAFF_WRONG_PASSWORDS_BEFORE_CAPTCHA) {
    try {
      if (attempt.captchaId === undefined) throw badRequest(STAFF_TEXTS.captchaRequired, 'captcha_required');
      await verifyCaptcha(app.db, app.config.authSecret, staffCaptchaContact(attempt.captchaId), attempt.captcha ?? '');
    } catch (error) {
      // No password was looked at: this try is no wrong password.
      await giveBackRateLimits(app.db, [login], now);
      throw error;
    }
  }
  return () => giveBackRateLimits(app.db, [login], now);
}
