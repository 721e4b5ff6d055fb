import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { wireId, type User } from '@chain/contract';
import type { Database } from '../../db/types';
import { unauthorized } from '../../http/errors';
import { findSessionUser, insertSession, revokeSessionByHash, touchSession, type UserRow } from './repository';

export type { UserRow } from './repository';

/** A session unused this long is no longer accepted. */
const SESSION_IDLE_DAYS = 180;
/** last_seen_at is written at most this often, so a busy guest does not cost a write per call. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

export const SESSION_EXPIRED_MESSAGE = 'Сессия истекла. Войдите снова.';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session for the user and returns its token (256 random bits, base64url). */
export async function openSession(db: Kysely<Database>, userId: number, pushToken?: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, userId, hashToken(token), pushToken ?? null);
  return token;
}

/**
 * The user whose id and session token these are; a wrong pair, another user's id, a revoked
 * or long-idle session is a 401 — every user-scoped call goes through here.
 */
export async function authenticate(db: Kysely<Database>, userId: unknown, token: unknown): Promise<UserRow> {
  // The contract's one id rule (wireId; issue 11, second read): what no call takes as an id is no session.
  const parsed = wireId.safeParse(userId);
  if (!parsed.success || typeof token !== 'string' || token.length < 16 || token.length > 200) {
    throw unauthorized(SESSION_EXPIRED_MESSAGE);
  }
  const id = parsed.data;
  const found = await findSessionUser(db, id, hashToken(token));
  if (!found) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  const idleMs = Date.now() - found.last_seen_at.getTime();
  if (idleMs > SESSION_IDLE_DAYS * 24 * 3600 * 1000) throw unauthorized(SESSION_EXPIRED_MESSAGE);
  if (idleMs > TOUCH_EVERY_MS) {
    await touchSession(db, found.session_id);
  }
  const { session_id: _sessionId, last_seen_at: _lastSeen, ...user } = found;
  return user;
}

/** Ends the session of this token (sign-out). Idempotent. */
export async function revokeSession(db: Kysely<Database>, token: string): Promise<void> {
  await revokeSessionByHash(db, hashToken(token));
}

/** The SPEC 3 user as the app receives it, with the session token as `password`. */
export function toUserResponse(row: UserRow, token: string): User {
  return {
    authorized: true,
    id: row.id,
    password: token,
    name: row.name,
    phone: row.phone ?? '',
    email: row.email ?? '',
    card: row.card,
    city: row.city,
    street: row.street,
    house: row.house,
    room: row.room,
    booking: row.booking ? 1 : 0,
    stoplist: row.stoplist ? 1 : 0,
  };
}
