import { STAFF_LOGIN_MAX_LENGTH, STAFF_TEAM_MAX_RESTAURANTS, STAFF_TEAM_TEXTS, type StaffRole } from '@chain/contract';
import { isEmailValid } from '@chain/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { conflict } from '../../http/errors';
import {
  endStaffSessions,
  lockActiveChainManagers,
  lockStaffByLogin,
  setStaffInactive,
  upsertStaffAccountIn,
} from './repository';
import { normaliseLogin } from './sessions';

/**
 * The rules of a staff account (issue 17, issue 31), in one place for the `npm run staff`
 * command and the back office's team screen: the login, the name, the e-mail the sign-in codes
 * go to, the role, and where it acts — a kitchen account has exactly one restaurant (access.ts),
 * a manager one or more or the whole chain (`chain`, managers only).
 */
export interface StaffAccountInput {
  login: string;
  name: string;
  email: string;
  role: string;
  chain: boolean;
  restaurantIds: readonly number[];
}

export interface StaffAccountFields {
  login: string;
  name: string;
  email: string;
  role: StaffRole;
  chain: boolean;
  restaurantIds: number[];
}

/** Which field a refusal names: the screen shows it beside that field. */
export type StaffAccountField = 'login' | 'name' | 'email' | 'role' | 'restaurants';

const LOGIN = /^[a-z0-9._-]{2,64}$/;

/** The account normalised (login and e-mail lower-case, trimmed, restaurants once each, ordered), or the field and the Russian words of the first rule it breaks. */
export function checkStaffAccount(
  input: StaffAccountInput,
): StaffAccountFields | { field: StaffAccountField; message: string } {
  const login = normaliseLogin(input.login);
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  const { role, chain } = input;
  const restaurantIds = [...new Set(input.restaurantIds)].sort((a, b) => a - b);
  if (!LOGIN.test(login) || login.length > STAFF_LOGIN_MAX_LENGTH)
    return { field: 'login', message: STAFF_TEAM_TEXTS.login };
  if (name === '' || name.length > 200) return { field: 'name', message: STAFF_TEAM_TEXTS.name };
  if (!isEmailValid(email)) return { field: 'email', message: STAFF_TEAM_TEXTS.email };
  if (role !== 'manager' && role !== 'kitchen') return { field: 'role', message: STAFF_TEAM_TEXTS.role };
  if (
    restaurantIds.some((id) => !Number.isSafeInteger(id) || id < 1) ||
    restaurantIds.length > STAFF_TEAM_MAX_RESTAURANTS
  ) {
    return { field: 'restaurants', message: STAFF_TEAM_TEXTS.unknownRestaurant };
  }
  if (chain && role !== 'manager') return { field: 'role', message: STAFF_TEAM_TEXTS.chainIsManager };
  if (role === 'kitchen' && restaurantIds.length !== 1)
    return { field: 'restaurants', message: STAFF_TEAM_TEXTS.kitchenOneRestaurant };
  if (role === 'manager' && !chain && restaurantIds.length === 0)
    return { field: 'restaurants', message: STAFF_TEAM_TEXTS.managerRestaurants };
  // A manager of the whole chain names no restaurants: every one is theirs.
  return { login, name, email, role, chain, restaurantIds: chain ? [] : restaurantIds };
}

/** Whether checkStaffAccount refused. */
export function isRefusal(
  checked: StaffAccountFields | { field: StaffAccountField; message: string },
): checked is { field: StaffAccountField; message: string } {
  return 'message' in checked;
}

/** What decides whether an account is a manager of the whole chain, as it will be. */
export interface ChainStanding {
  role: StaffRole;
  chain: boolean;
  active: boolean;
}

const isChainManager = (account: ChainStanding) => account.active && account.role === 'manager' && account.chain;

/**
 * The chain keeps an active manager of the whole chain: a change that would leave the account
 * `targetId` otherwise, when it is the last one of `managers` (lockActiveChainManagers, taken
 * before the account's own row lock — always in that order, so two changes never deadlock), is a
 * 409 last_chain_manager. Under those locks racing changes are decided one after the other: two
 * chain managers disabling each other at once leave one.
 */
export function keepAChainManager(managers: readonly number[], targetId: number, after: ChainStanding): void {
  if (!isChainManager(after) && managers.length === 1 && managers[0] === targetId)
    throw conflict(STAFF_TEAM_TEXTS.lastChainManager, 'last_chain_manager');
}

/**
 * The `npm run staff -- add` save: creates the account, or updates the one of this login (its
 * sessions stay) — never taking the chain's last manager away.
 */
export async function saveStaffAccountByLogin(
  db: Kysely<Database>,
  account: StaffAccountFields & { passwordHash: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const managers = await lockActiveChainManagers(trx);
    const existing = await lockStaffByLogin(trx, account.login);
    if (existing) keepAChainManager(managers, existing.id, { role: account.role, chain: account.chain, active: true });
    return upsertStaffAccountIn(trx, account);
  });
}

/** The `npm run staff -- disable` change: the account can no longer sign in and its sessions end at once; false when no such login. */
export async function disableStaffAccount(db: Kysely<Database>, login: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const managers = await lockActiveChainManagers(trx);
    const row = await lockStaffByLogin(trx, login);
    if (!row) return false;
    keepAChainManager(managers, row.id, { ...row, active: false });
    await setStaffInactive(trx, row.id);
    await endStaffSessions(trx, row.id, { except: null });
    return true;
  });
}
