import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CodeChannel, Database, UsersTable } from '../../db/types';

export type UserRow = Selectable<UsersTable>;

// ---------------------------------------------------------------------------------------------
// Captchas

export async function saveCaptcha(
  db: Kysely<Database>,
  captcha: { id: string; contact: string; answerHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('captchas')
    .values({
      id: captcha.id,
      contact: captcha.contact,
      answer_hash: captcha.answerHash,
      expires_at: captcha.expiresAt,
    })
    .execute();
}

/**
 * Uses up the contact's latest captcha, if it is live, and returns it to be checked: only the
 * latest image counts, and one image allows one try whatever the answer.
 */
export async function useLatestCaptcha(
  db: Kysely<Database>,
  contact: string,
): Promise<{ id: string; answer_hash: string } | undefined> {
  return db
    .updateTable('captchas')
    .set({ used_at: new Date() })
    .where('id', '=', (qb) =>
      qb
        .selectFrom('captchas')
        .select('id')
        .where('contact', '=', contact)
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(1),
    )
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning(['id', 'answer_hash'])
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Codes

/** When the contact's last code was created, if it has one. */
export async function lastCodeCreatedAt(db: Kysely<Database>, contact: string): Promise<Date | undefined> {
  const last = await db
    .selectFrom('auth_codes')
    .select('created_at')
    .where('contact', '=', contact)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last?.created_at;
}

/** Ends every live code of the contact. */
export async function consumeLiveCodes(db: Kysely<Database>, contact: string): Promise<void> {
  await db
    .updateTable('auth_codes')
    .set({ consumed_at: new Date() })
    .where('contact', '=', contact)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Kysely<Database>,
  code: { contact: string; channel: CodeChannel; codeHash: string; expiresAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('auth_codes')
    .values({
      contact: code.contact,
      channel: code.channel,
      code_hash: code.codeHash,
      expires_at: code.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ends a code: used, or withdrawn because it could not be delivered. */
export async function markCodeConsumed(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('auth_codes').set({ consumed_at: new Date() }).where('id', '=', id).execute();
}

/** The contact's latest live code by one of these channels, row-locked until the transaction ends. */
export async function lockLiveCode(
  trx: Transaction<Database>,
  contact: string,
  channels: CodeChannel[],
): Promise<{ id: number; code_hash: string; attempts: number } | undefined> {
  return trx
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
}

/** Records a wrong try; the last allowed one also ends the code. */
export async function countWrongTry(
  trx: Kysely<Database>,
  id: number,
  attempts: number,
  exhausted: boolean,
): Promise<void> {
  await trx
    .updateTable('auth_codes')
    .set({ attempts, ...(exhausted ? { consumed_at: new Date() } : {}) })
    .where('id', '=', id)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Users and sessions

/**
 * The user of this phone or e-mail; a new contact creates one (SPEC 4: signing in with a known
 * contact reaches the same user), with `newFlags` set (the sandbox's booking and stop-list
 * flags); a known user's flags are left as they are. Safe when two sign-ins of a new contact race.
 */
export async function findOrCreateUser(
  db: Kysely<Database>,
  contact: { phone: string } | { email: string },
  newFlags: { booking?: boolean; stoplist?: boolean } = {},
): Promise<UserRow> {
  const column = 'phone' in contact ? 'phone' : 'email';
  const value = 'phone' in contact ? contact.phone : contact.email;
  await db
    .insertInto('users')
    .values({ ...(column === 'phone' ? { phone: value } : { email: value }), ...newFlags })
    .onConflict((oc) => oc.column(column).doNothing())
    .execute();
  return db.selectFrom('users').selectAll().where(column, '=', value).executeTakeFirstOrThrow();
}

export async function insertSession(
  db: Kysely<Database>,
  userId: number,
  tokenHash: string,
  pushToken: string | null,
): Promise<void> {
  await db.insertInto('sessions').values({ user_id: userId, token_hash: tokenHash, push_token: pushToken }).execute();
}

/** The user of a session with this token hash and user id that was not revoked, with the session's id and last use. */
export async function findSessionUser(db: Kysely<Database>, userId: number, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.last_seen_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: new Date() }).where('id', '=', sessionId).execute();
}

/** Ends the session of this token hash. Idempotent. */
export async function revokeSessionByHash(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Sign-in by the guest's own call

export async function saveInboundCheck(
  db: Kysely<Database>,
  check: { id: string; phone: string; providerCheckId: string; callNumber: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('inbound_checks')
    .values({
      id: check.id,
      phone: check.phone,
      provider_check_id: check.providerCheckId,
      call_number: check.callNumber,
      expires_at: check.expiresAt,
    })
    .execute();
}

export async function findInboundCheck(db: Kysely<Database>, id: string, phone: string) {
  return db.selectFrom('inbound_checks').selectAll().where('id', '=', id).where('phone', '=', phone).executeTakeFirst();
}

/** Marks a confirmed check used; only one caller gets `true`, so exactly one poll signs in. */
export async function takeInboundCheck(db: Kysely<Database>, id: string, confirmedAt: Date): Promise<boolean> {
  const taken = await db
    .updateTable('inbound_checks')
    .set({ confirmed_at: confirmedAt, consumed_at: new Date() })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return taken !== undefined;
}
