import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The answer kept for a question while it lives, or undefined (migration 014). */
export async function readCachedAnswer(db: Kysely<Database>, key: string, now: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('geocoder_cache')
    .select('answer')
    .where('key', '=', key)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.answer;
}

/** Keeps an answer until `expiresAt`, replacing an older one for the same question. */
export async function writeCachedAnswer(
  db: Kysely<Database>,
  key: string,
  answer: string,
  expiresAt: Date,
): Promise<void> {
  await db
    .insertInto('geocoder_cache')
    .values({ key, answer, expires_at: expiresAt })
    .onConflict((oc) => oc.column('key').doUpdateSet({ answer, expires_at: expiresAt }))
    .execute();
}

/** Deletes expired answers, then the soonest to expire beyond `maxRows`. Returns the rows deleted. */
export async function pruneCachedAnswers(db: Kysely<Database>, now: Date, maxRows: number): Promise<number> {
  const expired = await db.deleteFrom('geocoder_cache').where('expires_at', '<=', now).executeTakeFirst();
  const beyond = await db
    .deleteFrom('geocoder_cache')
    .where('key', 'in', (qb) =>
      qb.selectFrom('geocoder_cache').select('key').orderBy('expires_at', 'desc').offset(maxRows),
    )
    .executeTakeFirst();
  return Number(expired.numDeletedRows) + Number(beyond.numDeletedRows);
}

/** How many answers are kept (for tests and the docs' measurements). */
export async function countCachedAnswers(db: Kysely<Database>, keyPrefix = ''): Promise<number> {
  const row = await db
    .selectFrom('geocoder_cache')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('key', 'like', `${keyPrefix.replace(/[\\%_]/g, '\\$&')}%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
