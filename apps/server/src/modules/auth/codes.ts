import type { Kysely } from 'kysely';
import type { CodeChannel, Database } from '../../db/types';
import { AppError, badRequest } from '../../http/errors';
import { hmac, sameHash } from './secrets';

export const RESEND_AFTER_SECONDS = 60;
export const CODE_TTL_SECONDS = 10 * 60;
export const MAX_WRONG_TRIES = 5;

export const CODE_WRONG_MESSAGE = 'Неверный код. Проверьте его и попробуйте ещё раз.';
export const CODE_EXPIRED_MESSAGE = 'Код устарел. Запросите новый код.';
export const CODE_ATTEMPTS_MESSAGE = 'Слишком много неверных попыток. Запросите новый код.';

/** 429 when the contact's last code is younger than the resend pause (SPEC 9 / issue: 60 s). */
export async function assertMayResend(db: Kysely<Database>, contact: string, now = new Date()): Promise<void> {
  const last = await db
    .selectFrom('auth_codes')
    .select('created_at')
    .where('contact', '=', contact)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!last) return;
  const wait = Math.ceil(RESEND_AFTER_SECONDS - (now.getTime() - last.created_at.getTime()) / 1000);
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
    await trx
      .updateTable('auth_codes')
      .set({ consumed_at: new Date() })
      .where('contact', '=', contact)
      .where('consumed_at', 'is', null)
      .execute();
    const row = await trx
      .insertInto('auth_codes')
      .values({
        contact,
        channel,
        code_hash: hmac(secret, 'code', contact, code),
        expires_at: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** Withdraws a code that could not be delivered. */
export async function withdrawCode(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('auth_codes').set({ consumed_at: new Date() }).where('id', '=', id).execute();
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
    const live = await trx
      .selectFrom('auth_codes')
      .select(['id', 'code_hash', 'attempts'])
      .where('contact', '=', contact)
      .where('channel', 'in', channels)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', new Date())
      .orderBy('created_at', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!live) return 'expired' as const;
    if (live.attempts >= MAX_WRONG_TRIES) return 'attempts' as const;
    if (sameHash(live.code_hash, hmac(secret, 'code', contact, code))) {
      await trx.updateTable('auth_codes').set({ consumed_at: new Date() }).where('id', '=', live.id).execute();
      return 'ok' as const;
    }
    const attempts = live.attempts + 1;
    await trx
      .updateTable('auth_codes')
      .set({ attempts, ...(attempts >= MAX_WRONG_TRIES ? { consumed_at: new Date() } : {}) })
      .where('id', '=', live.id)
      .execute();
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
