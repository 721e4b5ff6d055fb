import { sql, type Kysely, type Transaction } from 'kysely';
import { STAFF_TEAM_MAX_SESSIONS } from '@chain/contract';
import type { Database, StaffRoleColumn } from '../../db/types';
import { notifyTeamChange } from '../staff';

// Every SQL statement of the back office's team (issue 31): staff accounts as the chain manager
// edits them, and their sessions. Never selects a password hash.

type Db = Kysely<Database> | Transaction<Database>;

const ACCOUNT_COLUMNS = ['id', 'login', 'name', 'email', 'role', 'chain', 'active', 'version', 'created_at'] as const;

export interface TeamAccountRow {
  id: number;
  login: string;
  name: string;
  email: string;
  role: StaffRoleColumn;
  chain: boolean;
  active: boolean;
  version: number;
  created_at: Date;
}

/** Every account (or one), by login. */
export function teamAccounts(db: Db, id: number | null = null): Promise<TeamAccountRow[]> {
  let query = db.selectFrom('staff_accounts').select(ACCOUNT_COLUMNS).orderBy('login');
  if (id !== null) query = query.where('id', '=', id);
  return query.execute();
}

/** The account under its row lock, for a change decided on what it is now. */
export function lockTeamAccount(trx: Transaction<Database>, id: number): Promise<TeamAccountRow | undefined> {
  return trx.selectFrom('staff_accounts').select(ACCOUNT_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** The restaurants of these accounts: account id → restaurant ids, ordered. */
export async function restaurantsOfAccounts(db: Db, ids: readonly number[]): Promise<Map<number, number[]>> {
  const found = new Map<number, number[]>();
  if (ids.length === 0) return found;
  const rows = await db
    .selectFrom('staff_restaurants')
    .select(['staff_id', 'restaurant_id'])
    .where('staff_id', 'in', ids)
    .orderBy('restaurant_id')
    .execute();
  for (const row of rows) found.set(row.staff_id, [...(found.get(row.staff_id) ?? []), row.restaurant_id]);
  return found;
}

/** Live sessions of these accounts: account id → how many. */
export async function liveSessionCounts(db: Db, ids: readonly number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('staff_sessions')
    .select(['staff_id', (eb) => eb.fn.countAll<string>().as('count')])
    .where('staff_id', 'in', ids)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .groupBy('staff_id')
    .execute();
  return new Map(rows.map((row) => [row.staff_id, Number(row.count)]));
}

/** Every restaurant an account may name, by id. */
export function teamRestaurants(db: Db) {
  return db.selectFrom('restaurants').select(['id', 'name']).orderBy('id').execute();
}

/** A new account; undefined when its login is taken. */
export async function insertTeamAccount(
  trx: Transaction<Database>,
  account: { login: string; name: string; email: string; role: StaffRoleColumn; chain: boolean; passwordHash: string },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('staff_accounts')
    .values({
      login: account.login,
      name: account.name,
      email: account.email,
      role: account.role,
      chain: account.chain,
      password_hash: account.passwordHash,
      active: true,
    })
    .onConflict((oc) => oc.column('login').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) await notifyTeamChange(trx, row.id, 'account');
  return row?.id;
}

/** The account's fields saved over `version` (decision 043); undefined when it is at another version or gone. */
export async function saveTeamAccount(
  trx: Transaction<Database>,
  id: number,
  version: number,
  fields: { name: string; email: string; role: StaffRoleColumn; chain: boolean },
): Promise<number | undefined> {
  const row = await trx
    .updateTable('staff_accounts')
    .set((eb) => ({
      name: fields.name,
      email: fields.email,
      role: fields.role,
      chain: fields.chain,
      version: eb('version', '+', 1),
    }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  if (row) await notifyTeamChange(trx, row.id, 'account');
  return row?.id;
}

/** The account switched on or off over `version`; undefined when it is at another version or gone. */
export async function setTeamAccountActive(
  trx: Transaction<Database>,
  id: number,
  version: number,
  active: boolean,
): Promise<number | undefined> {
  const row = await trx
    .updateTable('staff_accounts')
    .set((eb) => ({ active, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  if (row) await notifyTeamChange(trx, row.id, 'account');
  return row?.id;
}

export async function setPasswordHash(trx: Transaction<Database>, id: number, passwordHash: string): Promise<void> {
  await trx.updateTable('staff_accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  await notifyTeamChange(trx, id, 'account');
}

/** The account's live sessions, newest first. */
export function liveSessionsOf(db: Db, staffId: number) {
  return db
    .selectFrom('staff_sessions')
    .select(['id', 'user_agent', 'created_at', 'last_seen_at', 'expires_at'])
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .orderBy('id', 'desc')
    .limit(STAFF_TEAM_MAX_SESSIONS)
    .execute();
}
