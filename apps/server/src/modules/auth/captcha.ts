import { randomBytes } from 'node:crypto';
import {
  CAPTCHA_UNAVAILABLE_MESSAGE,
  CAPTCHA_WIDGET_EMPTY_MESSAGE,
  CAPTCHA_WIDGET_FAILED_MESSAGE,
} from '@chain/contract';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { ProviderError } from '../../adapters/http';
import type { Database } from '../../db/types';
import { badRequest, UnavailableError } from '../../http/errors';
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
export async function verifyCaptcha(
  db: Kysely<Database>,
  secret: string,
  contact: string,
  answer: string,
): Promise<void> {
  const given = answer.trim();
  if (given === '') throw badRequest(CAPTCHA_EMPTY_MESSAGE, 'captcha_empty');
  const latest = await useLatestCaptcha(db, contact);
  if (!latest || !sameHash(latest.answer_hash, hmac(secret, 'captcha', latest.id, given))) {
    throw badRequest(CAPTCHA_WRONG_MESSAGE, 'captcha');
  }
}

/** How soon a guest may try again when the captcha service did not answer (503 Retry-After). */
export const CAPTCHA_RETRY_AFTER_SECONDS = 60;

/**
 * The captcha before a guest's code is sent (SPEC 2), whichever the chain configured (decision
 * 061): the picture's answer for the contact (verifyCaptcha), or the widget's token, which the
 * captcha service must pass. With the service, a picture's answer is never taken: the weaker path
 * would stay open beside it. A service that cannot tell is a 503 with Retry-After (fail closed:
 * no code, SMS or call is paid for unchecked), never a pass and never the guest's fault.
 */
export async function checkSignInCaptcha(
  app: FastifyInstance,
  input: { contact: string; captcha: string; ip: string },
): Promise<void> {
  const service = app.providers.captcha;
  if (service === null) return verifyCaptcha(app.db, app.config.authSecret, input.contact, input.captcha);
  const token = input.captcha.trim();
  if (token === '') throw badRequest(CAPTCHA_WIDGET_EMPTY_MESSAGE, 'captcha_empty');
  let verdict;
  try {
    verdict = await service.validate(token, input.ip);
  } catch (error) {
    if (error instanceof ProviderError) {
      throw new UnavailableError('captcha_unavailable', CAPTCHA_UNAVAILABLE_MESSAGE, CAPTCHA_RETRY_AFTER_SECONDS, {
        cause: error,
      });
    }
    throw error;
  }
  if (!verdict.passed) throw badRequest(CAPTCHA_WIDGET_FAILED_MESSAGE, 'captcha');
  if (!earnedOn(verdict.host, app.config.publicOrigin)) {
    app.log.warn({ host: verdict.host.slice(0, 100) }, 'captcha token passed on another site');
    throw badRequest(CAPTCHA_WIDGET_FAILED_MESSAGE, 'captcha');
  }
}

/**
 * Whether the service's `host` — the site the box was ticked on — is the chain's own
 * (PUBLIC_ORIGIN): a token earned on another site that shows the same client key passes nothing.
 * Where either is unknown (the service left it out, no PUBLIC_ORIGIN in the sandbox) it is not compared.
 */
export function earnedOn(host: string, publicOrigin: string | null): boolean {
  if (host === '' || publicOrigin === null) return true;
  const own = new URL(publicOrigin);
  return host === own.host || host === own.hostname;
}
