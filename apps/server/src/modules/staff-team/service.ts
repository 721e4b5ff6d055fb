import type { FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  STAFF_TEAM_TEXTS,
  STAFF_TEXTS,
  type PasswordDelivery,
  type StaffTeamAccount,
  type StaffTeamSession,
} from '@chain/contract';
import type { Database } from '../../db/types';
import { AppError, badRequest, conflict, notFound, unauthorized } from '../../http/errors';
import { savedOrStale } from '../../http/versioned';
import { deliver } from '../auth';
import {
  checkStaffAccount,
  endStaffSessions,
  existingRestaurantIds,
  generatePassword,
  hashPassword,
  isRefusal,
  keepAChainManager,
  lockActiveChainManagers,
  setStaffRestaurants,
  type StaffAccountFields,
  type StaffPrincipal,
  writeAudit,
} from '../staff';
import {
  insertTeamAccount,
  liveSessionCounts,
  liveSessionsOf,
  lockTeamAccount,
  restaurantsOfAccounts,
  saveTeamAccount,
  setPasswordHash,
  setTeamAccountActive,
  teamAccounts,
  teamRestaurants,
  type TeamAccountRow,
} from './repository';

// The back office's team (issue 31, docs/back-office.md "Team"): the rules of adding, editing,
// disabling an account, resetting its password and ending its sessions. Every change is saved
// with its audit row in one transaction; no password or hash is ever written to the audit log.

type Db = Kysely<Database> | Transaction<Database>;

const ACCOUNT_MISSING = { message: STAFF_TEAM_TEXTS.accountNotFound, code: 'staff_not_found' } as const;

async function accountsOf(db: Db, rows: TeamAccountRow[]): Promise<StaffTeamAccount[]> {
  const ids = rows.map((row) => row.id);
  const restaurants = await restaurantsOfAccounts(db, ids);
  const sessions = await liveSessionCounts(db, ids);
  return rows.map((row) => ({
    id: row.id,
    login: row.login,
    name: row.name,
    email: row.email,
    role: row.role,
    chain: row.chain,
    restaurant_ids: row.chain ? [] : (restaurants.get(row.id) ?? []),
    active: row.active,
    version: row.version,
    created_at: row.created_at.toISOString(),
    sessions: sessions.get(row.id) ?? 0,
  }));
}

/** One account as the team screen shows it, or undefined. */
export async function teamAccount(db: Db, id: number): Promise<StaffTeamAccount | undefined> {
  const [account] = await accountsOf(db, await teamAccounts(db, id));
  return account;
}

async function teamAccountOr404(db: Db, id: number): Promise<StaffTeamAccount> {
  const account = await teamAccount(db, id);
  if (!account) throw notFound(ACCOUNT_MISSING.message, ACCOUNT_MISSING.code);
  return account;
}

export async function teamList(db: Db) {
  return { accounts: await accountsOf(db, await teamAccounts(db)), restaurants: await teamRestaurants(db) };
}

/** What the audit log keeps of an account: never its password or hash. */
function audited(account: StaffTeamAccount) {
  return {
    login: account.login,
    name: account.name,
    email: account.email,
    role: account.role,
    chain: account.chain,
    restaurant_ids: account.restaurant_ids,
    active: account.active,
  };
}

/** The fields by the accounts' rules (staff/accounts.ts, shared with `npm run staff`), their restaurants existing; 400 validation in words otherwise. */
async function checkedFields(db: Db, input: Parameters<typeof checkStaffAccount>[0]): Promise<StaffAccountFields> {
  const checked = checkStaffAccount(input);
  if (isRefusal(checked)) throw badRequest(checked.message, 'validation');
  const found = await existingRestaurantIds(db, checked.restaurantIds);
  const unknown = checked.restaurantIds.filter((id) => !found.includes(id));
  if (unknown.length > 0)
    throw badRequest(`${STAFF_TEAM_TEXTS.unknownRestaurant} №${unknown.join(', №')}`, 'validation');
  return checked;
}

/**
 * The actor is still an active chain manager under the chain managers' locks: a change asked
 * just as the actor's own account was disabled (or demoted) by another is refused with their
 * session (401), so no change outlives its author's rights.
 */
function requireStillChainManager(managers: readonly number[], staff: StaffPrincipal): void {
  if (!managers.includes(staff.id)) throw unauthorized(STAFF_TEXTS.signInAgain, 'staff_unauthorized');
}

/** Mails the new password to the account; a mail that did not go out is a 502 saying the password changed all the same. */
async function mailPassword(app: FastifyInstance, account: StaffTeamAccount, password: string): Promise<void> {
  try {
    await deliver(app, () =>
      app.providers.email.send({
        to: account.email,
        subject: STAFF_TEAM_TEXTS.mailSubject,
        text: `Логин: ${account.login}\nПароль: ${password}\nВойдите в рабочее место ресторана (/staff): после пароля придёт код на этот адрес. Никому не сообщайте пароль.`,
      }),
    );
  } catch (error) {
    if (error instanceof AppError && error.code === 'provider')
      throw new AppError(502, 'provider', STAFF_TEAM_TEXTS.mailFailed);
    throw error;
  }
}

async function passwordAnswer(
  app: FastifyInstance,
  account: StaffTeamAccount,
  password: string,
  delivery: PasswordDelivery,
) {
  if (delivery === 'email') {
    await mailPassword(app, account, password);
    return { account, password: null, emailed_to: account.email };
  }
  return { account, password, emailed_to: null };
}

export async function addTeamAccount(
  app: FastifyInstance,
  staff: StaffPrincipal,
  body: {
    login: string;
    name: string;
    email: string;
    role: string;
    chain: boolean;
    restaurant_ids: number[];
    delivery: PasswordDelivery;
  },
) {
  const fields = await checkedFields(app.db, { ...body, restaurantIds: body.restaurant_ids });
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const account = await app.db.transaction().execute(async (trx) => {
    const id = await insertTeamAccount(trx, { ...fields, passwordHash });
    if (id === undefined) throw conflict(STAFF_TEAM_TEXTS.loginTaken, 'login_taken');
    await setStaffRestaurants(trx, id, fields.restaurantIds);
    const added = await teamAccountOr404(trx, id);
    await writeAudit(trx, staff, {
      action: 'team.add',
      restaurantId: null,
      target: `сотрудник ${added.login}`,
      before: null,
      after: { ...audited(added), delivery: body.delivery },
    });
    return added;
  });
  return passwordAnswer(app, account, password, body.delivery);
}

export async function saveTeamAccountFields(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  body: { version: number; name: string; email: string; role: string; chain: boolean; restaurant_ids: number[] },
): Promise<StaffTeamAccount> {
  return db.transaction().execute(async (trx) => {
    // The chain managers' locks first, then the account's: every team change takes them in this order.
    const managers = await lockActiveChainManagers(trx);
    const locked = await lockTeamAccount(trx, id);
    if (!locked) throw notFound(ACCOUNT_MISSING.message, ACCOUNT_MISSING.code);
    const fields = await checkedFields(trx, { ...body, login: locked.login, restaurantIds: body.restaurant_ids });
    const before = await teamAccountOr404(trx, id);
    if (locked.version === body.version) {
      if (id === staff.id && (fields.role !== locked.role || fields.chain !== locked.chain))
        throw conflict(STAFF_TEAM_TEXTS.ownAccount, 'own_account');
      keepAChainManager(managers, id, { role: fields.role, chain: fields.chain, active: locked.active });
      requireStillChainManager(managers, staff);
    }
    await savedOrStale(
      await saveTeamAccount(trx, id, body.version, fields),
      () => teamAccount(trx, id),
      ACCOUNT_MISSING,
    );
    await setStaffRestaurants(trx, id, fields.restaurantIds);
    const after = await teamAccountOr404(trx, id);
    await writeAudit(trx, staff, {
      action: 'team.save',
      restaurantId: null,
      target: `сотрудник ${after.login}`,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

export async function setTeamAccountActiveState(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  body: { version: number; active: boolean },
): Promise<StaffTeamAccount> {
  return db.transaction().execute(async (trx) => {
    const managers = await lockActiveChainManagers(trx);
    const locked = await lockTeamAccount(trx, id);
    if (!locked) throw notFound(ACCOUNT_MISSING.message, ACCOUNT_MISSING.code);
    if (locked.version === body.version) {
      if (id === staff.id && !body.active) throw conflict(STAFF_TEAM_TEXTS.ownAccount, 'own_account');
      keepAChainManager(managers, id, { role: locked.role, chain: locked.chain, active: body.active });
      requireStillChainManager(managers, staff);
    }
    await savedOrStale(
      await setTeamAccountActive(trx, id, body.version, body.active),
      () => teamAccount(trx, id),
      ACCOUNT_MISSING,
    );
    // A disabled account's sessions end with it, and their board streams close (STAFF_SESSIONS_CHANNEL).
    const ended = body.active ? [] : await endStaffSessions(trx, id, { except: null });
    const after = await teamAccountOr404(trx, id);
    await writeAudit(trx, staff, {
      action: body.active ? 'team.enable' : 'team.disable',
      restaurantId: null,
      target: `сотрудник ${after.login}`,
      before: { active: locked.active },
      after: { active: after.active, sessions_ended: ended.length },
    });
    return after;
  });
}

export async function resetTeamPassword(
  app: FastifyInstance,
  staff: StaffPrincipal,
  id: number,
  delivery: PasswordDelivery,
) {
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  const account = await app.db.transaction().execute(async (trx) => {
    const locked = await lockTeamAccount(trx, id);
    if (!locked) throw notFound(ACCOUNT_MISSING.message, ACCOUNT_MISSING.code);
    await setPasswordHash(trx, id, passwordHash);
    // Whoever knew the old password is signed out everywhere; a manager resetting their own keeps this session.
    const ended = await endStaffSessions(trx, id, { except: id === staff.id ? staff.sessionId : null });
    const after = await teamAccountOr404(trx, id);
    await writeAudit(trx, staff, {
      action: 'team.password',
      restaurantId: null,
      target: `сотрудник ${after.login}`,
      before: null,
      after: { delivery, sessions_ended: ended.length },
    });
    return after;
  });
  return passwordAnswer(app, account, password, delivery);
}

export async function teamSessions(
  db: Db,
  staff: StaffPrincipal,
  id: number,
): Promise<{ sessions: StaffTeamSession[] }> {
  await teamAccountOr404(db, id);
  const rows = await liveSessionsOf(db, id);
  return {
    sessions: rows.map((row) => ({
      id: row.id,
      user_agent: row.user_agent,
      created_at: row.created_at.toISOString(),
      last_seen_at: row.last_seen_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
      current: row.id === staff.sessionId,
    })),
  };
}

export async function endTeamSessions(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  sessionId: number | null,
): Promise<{ ended: number }> {
  return db.transaction().execute(async (trx) => {
    const locked = await lockTeamAccount(trx, id);
    if (!locked) throw notFound(ACCOUNT_MISSING.message, ACCOUNT_MISSING.code);
    const ended = await endStaffSessions(trx, id, sessionId === null ? { except: null } : { sessionId });
    if (sessionId !== null && ended.length === 0) throw notFound(STAFF_TEAM_TEXTS.sessionNotFound, 'session_not_found');
    await writeAudit(trx, staff, {
      action: 'team.sessions_end',
      restaurantId: null,
      target: `сотрудник ${locked.login}`,
      before: null,
      after: { sessions: ended },
    });
    return { ended: ended.length };
  });
}
