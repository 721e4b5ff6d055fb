import type { Kysely } from 'kysely';
import type { CodeChannel, Database } from '../../db/types';
import { AppError, badRequest } from '../../http/errors';
import {
  countWrongTry,
  consumeLiveCodes,
  insertCode,
  lastCodeCreatedAt,
  lockLiveCode,
  markCodeConsumed,
} from './repository';
import { hmac, sameHash } from './secrets';

export const RESEND_AFTER_SECONDS = 60;
export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_WRONG_TRIES = 5;

export const CODE_WRONG_MESSAGE = 'Неверный код. Проверьте его и попробуйте ещё раз.';
export const CODE_EXPIRED_MESSAGE = 'Код устарел. Запросите новый код.';
export const CODE_ATTEMPTS_MESSAGE = 'Слишком много неверных попыток. Запросите новый код.';

/** 429 when the contact's last code is younger than the resend pause (SPEC 9 / issue: 60 s). */
export async function assertMayResend(db: Kysely<Database>, contact: string, now = new Date()): Promise<void> {
  const last = await lastCodeCreatedAt(db, contact);
  if (!last) return;
  const wait = Math.ceil(RESEND_AFTER_SECONDS - (now.getTime() - last.getTime()) / 1000);
  if (wait > 0) throw new AppError(429, 'too_soon', `Новый код можно запросить через ${wait} сек.`);
}

/** Stores a code (hashed) for the contact; earlier live codes of the contact stop counting. */
export async function storeCode(
  db: Kysely<Database>,
  secret: string,
  contact: string,
  channel: CodeChannel,
  code: string,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await consumeLiveCodes(trx, contact);
    return insertCode(trx, {
      contact,
      channel,
      codeHash: hmac(secret, 'code', contact, code),
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
  });
}

/**
 * Uses up the contact's live code when the given one matches; a wrong try counts, and the
 * fifth wrong try ends the code. The check and the count are one row-locked transaction, so
 * parallel guesses cannot exceed the limit.
 */
export async function consumeCode(
  db: Kysely<Database>,
  secret: string,
  contact: string,
  channels: CodeChannel[],
  code: string,
): Promise<void> {
  const outcome = await db.transaction().execute(async (trx) => {
    const live = await lockLiveCode(trx, contact, channels);
    if (!live) return 'expired' as const;
    if (live.attempts >= MAX_WRONG_TRIES) return 'attempts' as const;
    if (sameHash(live.code_hash, hmac(secret, 'code', contact, code))) {
      await markCodeConsumed(trx, live.id);
      return 'ok' as const;
    }
    const attempts = live.attempts + 1;
    await countWrongTry(trx, live.id, attempts, attempts >= MAX_WRONG_TRIES);
    return attempts >= MAX_WRONG_TRIES ? ('attempts' as const) : ('wrong' as const);
  });
  switch (outcome) {
    case 'ok':
      return;
    case 'expired':
      throw badRequest(CODE_EXPIRED_MESSAGE, 'code_expired');
    case 'attempts':
      throw new AppError(429, 'code_attempts', CODE_ATTEMPTS_MESSAGE);
    case 'wrong':
      throw badRequest(CODE_WRONG_MESSAGE, 'code_wrong');
  }
}
