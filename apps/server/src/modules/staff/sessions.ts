import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  STAFF_CODE_ATTEMPTS,
  STAFF_CODE_LENGTH,
  STAFF_CODE_MINUTES,
  STAFF_SESSION_HOURS,
  STAFF_TEXTS,
  type StaffMe,
} from '@chain/contract';
import type { Database } from '../../db/types';
import { addressLimitKey } from '../../http/client-address';
import { unauthorized } from '../../http/errors';
import { consumeRateLimits, giveBackRateLimits, type RateLimitRule } from '../../http/rate-limit';
import { hmac, sameHash } from '../auth/secrets';
import type { StaffPrincipal } from './access';
import { writeAudit } from './audit';
import { decoyHash, verifyPassword } from './passwords';
import {
  countChallengeTry,
  findLiveStaffSession,
  findStaffByLogin,
  insertChallenge,
  insertStaffSession,
  lockChallenge,
  revokeStaffSession,
  staffRestaurantIds,
  staffRestaurantList,
} from './repository';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Wrong passwords per login, and sign-in tries per client address, in 15 minutes. */
const PASSWORD_TRIES_PER_LOGIN = 5;
const SIGN_IN_TRIES_PER_ADDRESS = 20;
const LIMIT_WINDOW_SECONDS = 15 * 60;

function signInLimits(login: string, ip: string): RateLimitRule[] {
  const refusal = { message: STAFF_TEXTS.tooManyAttempts, code: 'too_many_attempts' };
  return [
    { key: `staff_sign_in:login:${login}`, limit: PASSWORD_TRIES_PER_LOGIN, windowSeconds: LIMIT_WINDOW_SECONDS, ...refusal },
    { key: addressLimitKey('staff_sign_in', ip), limit: SIGN_IN_TRIES_PER_ADDRESS, windowSeconds: LIMIT_WINDOW_SECONDS, ...refusal },
  ];
}

/** The login as stored: trimmed, lower-case. */
export function normaliseLogin(login: string): string {
  return login.trim().toLowerCase();
}

/** «m***@example.ru»: enough for staff to know which mailbox to open. */
export function emailHint(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

/**
 * The first step: the login and password, checked in constant time (an unknown login costs a
 * decoy check); a right pair e-mails a 6-digit code and answers the challenge that names it. A
 * right password does not use the login's allowance of wrong ones.
 */
export async function startStaffSignIn(app: FastifyInstance, input: { login: string; password: string; ip: string }) {
  const login = normaliseLogin(input.login);
  const limits = signInLimits(login, input.ip);
  const now = new Date();
  await consumeRateLimits(app.db, limits, now);
  const account = await findStaffByLogin(app.db, login);
  const matches = await verifyPassword(input.password, account?.password_hash ?? (await decoyHash()));
  if (!account || !account.active || !matches) throw unauthorized(STAFF_TEXTS.wrongCredentials, 'wrong_credentials');
  await giveBackRateLimits(app.db, limits.slice(0, 1), now);

  const challenge = randomBytes(24).toString('base64url');
  const code = String(randomInt(0, 10 ** STAFF_CODE_LENGTH)).padStart(STAFF_CODE_LENGTH, '0');
  await insertChallenge(app.db, {
    tokenHash: sha256(challenge),
    staffId: account.id,
    codeHash: hmac(app.config.authSecret, 'staff-code', challenge, code),
    expiresAt: new Date(Date.now() + STAFF_CODE_MINUTES * 60_000),
  });
  await app.providers.email.send({
    to: account.email,
    subject: `Код для входа сотрудника: ${code}`,
    text: `Код для входа в рабочее место ресторана: ${code}\nКод действует ${STAFF_CODE_MINUTES} минут. Если вы не входили, сообщите менеджеру.`,
  });
  return { challenge, email_hint: emailHint(account.email) };
}

/**
 * The second step: the e-mailed code of a live challenge (5 tries, 10 minutes, once) opens a
 * staff session; its token is answered once and kept hashed. Written to the audit log.
 */
export async function finishStaffSignIn(app: FastifyInstance, input: { challenge: string; code: string }): Promise<{ token: string; staff: StaffMe }> {
  const challengeHash = sha256(input.challenge);
  const result = await app.db.transaction().execute(async (trx) => {
    const row = await lockChallenge(trx, challengeHash);
    if (!row || row.used_at !== null || row.expires_at.getTime() <= Date.now() || row.attempts >= STAFF_CODE_ATTEMPTS) {
      return { refused: 'expired' as const };
    }
    const right = sameHash(row.code_hash, hmac(app.config.authSecret, 'staff-code', input.challenge, input.code));
    await countChallengeTry(trx, row.id, right);
    if (!right) return { refused: 'wrong' as const };
    const token = randomBytes(32).toString('base64url');
    await insertStaffSession(trx, row.staff_id, sha256(token), new Date(Date.now() + STAFF_SESSION_HOURS * 3600_000));
    await writeAudit(trx, { id: row.staff_id }, { action: 'staff.sign_in', restaurantId: null, target: `сотрудник №${row.staff_id}`, before: null, after: null });
    return { token, staffId: row.staff_id };
  });
  if ('refused' in result) {
    throw result.refused === 'wrong' ? unauthorized(STAFF_TEXTS.wrongCode, 'wrong_code') : unauthorized(STAFF_TEXTS.codeExpired, 'code_expired');
  }
  const staff = await authenticateStaffToken(app.db, result.token);
  return { token: result.token, staff: await staffMe(app.db, staff) };
}

/** The staff member of a Bearer token: a live session of an active account, or 401 staff_unauthorized. */
export async function authenticateStaffToken(db: Kysely<Database>, token: string | undefined): Promise<StaffPrincipal> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 200) throw unauthorized(STAFF_TEXTS.signInAgain, 'staff_unauthorized');
  const found = await findLiveStaffSession(db, sha256(token));
  if (!found) throw unauthorized(STAFF_TEXTS.signInAgain, 'staff_unauthorized');
  return {
    id: found.id,
    login: found.login,
    name: found.name,
    role: found.role,
    chain: found.chain,
    restaurantIds: found.chain ? [] : await staffRestaurantIds(db, found.id),
    sessionId: found.session_id,
  };
}

export async function staffMe(db: Kysely<Database>, staff: StaffPrincipal): Promise<StaffMe> {
  return {
    id: staff.id,
    login: staff.login,
    name: staff.name,
    role: staff.role,
    chain: staff.chain,
    restaurants: await staffRestaurantList(db, staff),
  };
}

export async function endStaffSession(db: Kysely<Database>, staff: StaffPrincipal): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await revokeStaffSession(trx, staff.sessionId);
    await writeAudit(trx, staff, { action: 'staff.sign_out', restaurantId: null, target: `сотрудник №${staff.id}`, before: null, after: null });
  });
}
