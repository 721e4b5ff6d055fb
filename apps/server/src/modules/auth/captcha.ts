import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { badRequest } from '../../http/errors';
import { captchaAnswer, captchaPng } from './captcha-image';
import { saveCaptcha, useLatestCaptcha } from './repository';
import { hmac, sameHash } from './secrets';

export const CAPTCHA_TTL_SECONDS = 5 * 60;
export const CAPTCHA_EMPTY_MESSAGE = 'Код не введен!';
export const CAPTCHA_WRONG_MESSAGE = 'Неверный код с картинки. Обновите картинку и введите код ещё раз.';

/**
 * Issues a captcha for a contact and returns its picture (a PNG, captcha-image.ts). Only the
 * latest image of a contact counts; the answer is kept as an HMAC. `onIssued` lets the sandbox
 * keep the plain answer.
 */
export async function issueCaptcha(
  db: Kysely<Database>,
  secret: string,
  contact: string,
  onIssued?: (contact: string, answer: string) => Promise<void>,
): Promise<Buffer> {
  const answer = captchaAnswer();
  const id = randomBytes(16).toString('hex');
  await saveCaptcha(db, {
    id,
    contact,
    answerHash: hmac(secret, 'captcha', id, answer),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_SECONDS * 1000),
  });
  await onIssued?.(contact, answer);
  return captchaPng(answer);
}

/**
 * Checks the answer against the contact's latest captcha and uses it up whatever the result,
 * so one image allows one try (SPEC 2: a captcha before a code is sent).
 */
export async function verifyCaptcha(db: Kysely<Database>, secret: string, contact: string, answer: string): Promise<void> {
  const given = answer.trim();
  if (given === '') throw badRequest(CAPTCHA_EMPTY_MESSAGE, 'captcha_empty');
  const latest = await useLatestCaptcha(db, contact);
  if (!latest || !sameHash(latest.answer_hash, hmac(secret, 'captcha', latest.id, given))) {
    throw badRequest(CAPTCHA_WRONG_MESSAGE, 'captcha');
  }
}
