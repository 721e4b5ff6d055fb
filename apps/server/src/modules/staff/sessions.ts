import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import {
  STAFF_CODE_ATTEMPTS,
  STAFF_CODE_LENGTH,
  STAFF_CODE_MINUTES,
  STAFF_CODE_RESEND_SECONDS,
  STAFF_SESSION_HOURS,
  STAFF_TEXTS,
  staffCodeWaitText,
  type StaffMe,
} from '@chain/contract';
import type { Database } from '../../db/types';
import { unauthorized } from '../../http/errors';
import { RateLimitedError } from '../../http/rate-limit';
import { deliver, hmac, sameHash } from '../auth';
import type { StaffPrincipal } from './access';
import { writeAudit } from './audit';
import { issueDeviceToken } from './devices';
import { decoyHash, verifyPassword } from './passwords';
import {
  countChallengeTry,
  deleteChallenge,
  endStaffSessions,
  endLiveChallenges,
  findLiveStaffSession,
  findStaffByLogin,
  insertChallenge,
  insertStaffSession,
  lockChallenge,
  lockStaffAccount,
  recentChallenges,
  touchStaffSession,
  staffRestaurantIds,
  staffRestaurantList,
} from './repository';
import { countSignInTry } from './sign-in-limits';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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
 * decoy check) once the try is counted (sign-in-limits.ts: the guesser is throttled, not the
 * owner); a right pair answers the challenge whose code is e-mailed (issueChallenge). A right
 * password does not use the allowance of wrong ones.
 */
export async function startStaffSignIn(
  app: FastifyInstance,
  input: {
    login: string;
    password: string;
    ip: string;
    device?: string | undefined;
    captchaId?: string | undefined;
    captcha?: string | undefined;
  },
) {
  const login = normaliseLogin(input.login);
  const now = new Date();
  const account = await findStaffByLogin(app.db, login);
  const giveBack = await countSignInTry(app, { ...input, login, staffId: account?.id }, now);
  const matches = await verifyPassword(input.password, account?.password_hash ?? (await decoyHash()));
  if (!account || !account.active || !matches) throw unauthorized(STAFF_TEXTS.wrongCredentials, 'wrong_credentials');
  await giveBack();
  const issued = await issueChallenge(app, account.id, now);
  if (issued.code !== undefined) {
    const code = issued.code;
    try {
      await deliver(app, () =>
        app.providers.email.send({
          to: account.email,
          subject: `Код для входа сотрудника: ${code}`,
          text: `Код для входа в рабочее место ресторана: ${code}\nКод действует ${STAFF_CODE_MINUTES} минут. Если вы не входили, сообщите менеджеру.`,
        }),
      );
    } catch (error) {
      // A code that never went out holds nobody back: the next sign-in mails a new one at once.
      await deleteChallenge(app.db, issued.id);
      throw error;
    }
  }
  return {
    challenge: issued.challenge,
    email_hint: emailHint(account.email),
    sent_at: issued.sentAt.toISOString(),
    new_code: issued.code !== undefined,
  };
}

/**
 * The challenge token of a code: derived from the code's salt with AUTH_SECRET, so a sign-in
 * again can be answered the same challenge while only its hash and the salt are stored.
 */
function challengeToken(secret: string, salt: string): string {
  return Buffer.from(hmac(secret, 'staff-challenge', salt), 'hex').toString('base64url');
}

/** How long the account's last code, unused, stands before another is mailed: 1, 2, 4, 8 minutes by the unused codes of the hour, at most the code's life. */
function resendWaitMs(unusedThisHour: number): number {
  return Math.min(STAFF_CODE_RESEND_SECONDS * 1000 * 2 ** Math.max(0, unusedThisHour - 1), STAFF_CODE_MINUTES * 60_000);
}

/**
 * One live code per account (issue 30.3, the mail flood): decided under the account's row lock,
 * so concurrent sign-ins mail at most one code. The last code, while unused and younger than the
 * resend wait, is answered again (its challenge, no mail); once the wait is over — or the last
 * code was used or is gone — a new code ends the older ones and is to be mailed (`code`). A last
 * code that has had its five tries within the wait is a 429 naming the minutes left.
 */
async function issueChallenge(
  app: FastifyInstance,
  staffId: number,
  now: Date,
): Promise<{ id: number; challenge: string; sentAt: Date; code?: string }> {
  const secret = app.config.authSecret;
  return app.db.transaction().execute(async (trx) => {
    await lockStaffAccount(trx, staffId);
    const recent = await recentChallenges(trx, staffId, new Date(now.getTime() - 3600_000));
    const last = recent[0];
    const [salt = '', hash] = last?.code_hash.split('.') ?? [];
    if (last && last.used_at === null && hash !== undefined) {
      const readyAt = last.created_at.getTime() + resendWaitMs(recent.filter((row) => row.used_at === null).length);
      if (now.getTime() < readyAt) {
        if (last.expires_at.getTime() > now.getTime() && last.attempts < STAFF_CODE_ATTEMPTS) {
          return { id: last.id, challenge: challengeToken(secret, salt), sentAt: last.created_at };
        }
        const seconds = Math.ceil((readyAt - now.getTime()) / 1000);
        throw new RateLimitedError(staffCodeWaitText(Math.ceil(seconds / 60)), seconds, 'code_wait');
      }
    }
    await endLiveChallenges(trx, staffId, now);
    const newSalt = randomBytes(16).toString('hex');
    const code = String(randomInt(0, 10 ** STAFF_CODE_LENGTH)).padStart(STAFF_CODE_LENGTH, '0');
    const challenge = challengeToken(secret, newSalt);
    const id = await insertChallenge(trx, {
      tokenHash: sha256(challenge),
      staffId,
      codeHash: `${newSalt}.${hmac(secret, 'staff-code', newSalt, code)}`,
      createdAt: now,
      expiresAt: new Date(now.getTime() + STAFF_CODE_MINUTES * 60_000),
    });
    return { id, challenge, sentAt: now, code };
  });
}

/**
 * The second step: the e-mailed code of a live challenge (5 tries, 10 minutes, once) opens a
 * staff session; its token is answered once and kept hashed, with this device's token for the
 * login (devices.ts). Written to the audit log.
 */
export async function finishStaffSignIn(
  app: FastifyInstance,
  input: { challenge: string; code: string; userAgent?: string | undefined },
): Promise<{ token: string; staff: StaffMe; device: string }> {
  const secret = app.config.authSecret;
  const challengeHash = sha256(input.challenge);
  const result = await app.db.transaction().execute(async (trx) => {
    const row = await lockChallenge(trx, challengeHash);
    if (!row || row.used_at !== null || row.expires_at.getTime() <= Date.now() || row.attempts >= STAFF_CODE_ATTEMPTS) {
      return { refused: 'expired' as const };
    }
    const [salt = '', hash = ''] = row.code_hash.split('.');
    const right = sameHash(hash, hmac(secret, 'staff-code', salt, input.code));
    await countChallengeTry(trx, row.id, right);
    if (!right) return { refused: 'wrong' as const };
    const token = randomBytes(32).toString('base64url');
    await insertStaffSession(
      trx,
      row.staff_id,
      sha256(token),
      new Date(Date.now() + STAFF_SESSION_HOURS * 3600_000),
      input.userAgent ?? '',
    );
    await writeAudit(
      trx,
      { id: row.staff_id },
      { action: 'staff.sign_in', restaurantId: null, target: `сотрудник №${row.staff_id}`, before: null, after: null },
    );
    return { token, staffId: row.staff_id };
  });
  if ('refused' in result) {
    throw result.refused === 'wrong'
      ? unauthorized(STAFF_TEXTS.wrongCode, 'wrong_code')
      : unauthorized(STAFF_TEXTS.codeExpired, 'code_expired');
  }
  const staff = await authenticateStaffToken(app.db, result.token);
  return {
    token: result.token,
    staff: await staffMe(app.db, staff),
    device: issueDeviceToken(secret, result.staffId, new Date()),
  };
}

/** The staff member of a Bearer token: a live session of an active account, or 401 staff_unauthorized. */
export async function authenticateStaffToken(db: Kysely<Database>, token: string | undefined): Promise<StaffPrincipal> {
  if (typeof token !== 'string' || token.length < 16 || token.length > 200)
    throw unauthorized(STAFF_TEXTS.signInAgain, 'staff_unauthorized');
  const found = await findLiveStaffSession(db, sha256(token));
  if (!found) throw unauthorized(STAFF_TEXTS.signInAgain, 'staff_unauthorized');
  if (Date.now() - found.last_seen_at.getTime() > 60_000) await touchStaffSession(db, found.session_id);
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
    await endStaffSessions(trx, staff.id, { sessionId: staff.sessionId });
    await writeAudit(trx, staff, {
      action: 'staff.sign_out',
      restaurantId: null,
      target: `сотрудник №${staff.id}`,
      before: null,
      after: null,
    });
  });
}
