import { sql, type Kysely, type Transaction } from 'kysely';
import { BOOKING_MAX_MINUTES } from '@chain/domain';
import type { Database, StaffRoleColumn } from '../../db/types';

// Every SQL statement of the staff side's accounts, sign-in, sessions and audit log.

type Db = Kysely<Database> | Transaction<Database>;

export interface StaffAccountRow {
  id: number;
  login: string;
  name: string;
  email: string;
  password_hash: string;
  role: StaffRoleColumn;
  chain: boolean;
  active: boolean;
}

export function findStaffByLogin(db: Db, login: string): Promise<StaffAccountRow | undefined> {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'login', 'name', 'email', 'password_hash', 'role', 'chain', 'active'])
    .where('login', '=', login)
    .executeTakeFirst();
}

export async function staffRestaurantIds(db: Db, staffId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('staff_restaurants')
    .select('restaurant_id')
    .where('staff_id', '=', staffId)
    .orderBy('restaurant_id')
    .execute();
  return rows.map((row) => row.restaurant_id);
}

/** The restaurants a staff member may act on, with their names: a chain manager's are all active ones. */
export function staffRestaurantList(
  db: Db,
  staff: { id: number; chain: boolean },
): Promise<Array<{ id: number; name: string }>> {
  let query = db.selectFrom('restaurants').select(['restaurants.id', 'restaurants.name']).orderBy('restaurants.id');
  if (!staff.chain) {
    query = query
      .innerJoin('staff_restaurants', 'staff_restaurants.restaurant_id', 'restaurants.id')
      .where('staff_restaurants.staff_id', '=', staff.id);
  }
  return query.execute();
}

/** What the staff screens need of a restaurant: its name, clock and menus. */
export function restaurantForStaff(db: Db, restaurantId: number) {
  return db
    .selectFrom('restaurants')
    .select(['id', 'name', 'time_zone', 'menu_kinds'])
    .where('id', '=', restaurantId)
    .executeTakeFirst();
}

export async function insertChallenge(
  db: Db,
  values: { tokenHash: string; staffId: number; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('staff_challenges')
    .values({
      token_hash: values.tokenHash,
      staff_id: values.staffId,
      code_hash: values.codeHash,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The account's row lock: one sign-in of an account at a time decides whether a code is mailed. */
export async function lockStaffAccount(trx: Transaction<Database>, staffId: number): Promise<void> {
  await trx.selectFrom('staff_accounts').select('id').where('id', '=', staffId).forUpdate().execute();
}

/** The account's challenges created since `since`, newest first. */
export function recentChallenges(db: Db, staffId: number, since: Date) {
  return db
    .selectFrom('staff_challenges')
    .select(['id', 'code_hash', 'attempts', 'created_at', 'expires_at', 'used_at'])
    .where('staff_id', '=', staffId)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Ends the account's live challenges: a new code is the only one that works. */
export async function endLiveChallenges(db: Db, staffId: number, now: Date): Promise<void> {
  await db
    .updateTable('staff_challenges')
    .set({ expires_at: now })
    .where('staff_id', '=', staffId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** Forgets a challenge whose code could not be mailed: it holds no one back from asking again. */
export async function deleteChallenge(db: Db, id: number): Promise<void> {
  await db.deleteFrom('staff_challenges').where('id', '=', id).execute();
}

/** The challenge under a row lock, for one try of its code. */
export function lockChallenge(trx: Transaction<Database>, tokenHash: string) {
  return trx
    .selectFrom('staff_challenges')
    .select(['id', 'staff_id', 'code_hash', 'attempts', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function countChallengeTry(trx: Transaction<Database>, id: number, used: boolean): Promise<void> {
  await trx
    .updateTable('staff_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), ...(used ? { used_at: sql<Date>`now()` } : {}) }))
    .where('id', '=', id)
    .execute();
}

export async function insertStaffSession(
  db: Db,
  staffId: number,
  tokenHash: string,
  expiresAt: Date,
  userAgent = '',
): Promise<number> {
  const row = await db
    .insertInto('staff_sessions')
    .values({ staff_id: staffId, token_hash: tokenHash, expires_at: expiresAt, user_agent: userAgent.slice(0, 300) })
    .returning('id')
    .executeTakeFirstOrThrow();
  await notifyTeamChange(db, staffId, 'sessions');
  return row.id;
}

/** The live session of a token: not revoked, not expired, its account active. */
export function findLiveStaffSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select([
      'staff_sessions.id as session_id',
      'staff_sessions.last_seen_at',
      'staff_accounts.id',
      'staff_accounts.login',
      'staff_accounts.name',
      'staff_accounts.role',
      'staff_accounts.chain',
    ])
    .where('staff_sessions.token_hash', '=', tokenHash)
    .where('staff_sessions.revoked_at', 'is', null)
    .where('staff_sessions.expires_at', '>', sql<Date>`now()`)
    .where('staff_accounts.active', '=', true)
    .executeTakeFirst();
}

/** Marks the session used now: at most once a minute (the team screen's «last seen»). */
export async function touchStaffSession(db: Db, sessionId: number): Promise<void> {
  await db
    .updateTable('staff_sessions')
    .set({ last_seen_at: sql<Date>`now()` })
    .where('id', '=', sessionId)
    .where('last_seen_at', '<', sql<Date>`now() - interval '1 minute'`)
    .execute();
}

/**
 * The channel ended staff sessions are announced on, committed with their ending: the payload is
 * their ids, comma-separated. Every instance's board streams of those sessions close (staff-board/hub.ts).
 */
export const STAFF_SESSIONS_CHANNEL = 'staff_sessions_ended';

/**
 * The channel a change of the team is announced on, committed with it: the payload is the
 * account's id, followed by `:sessions` when only its sessions changed (signed in, signed out,
 * ended). The team screens of every instance follow it, and a change of the account itself (its
 * fields, role, restaurants, access, password) ends that account's back-office streams, whose
 * reconnection is checked against its rights as they are now (staff/events-hub.ts).
 */
export const STAFF_TEAM_CHANNEL = 'staff_team';

/** What changed of an account: the account itself, or only its sessions. */
export type TeamChange = 'account' | 'sessions';

/**
 * Announces a change of the account on STAFF_TEAM_CHANNEL, inside the transaction that made it
 * (delivered when it commits; the same announcement twice in one transaction arrives once).
 * Every write of staff accounts, their restaurants and sessions calls it.
 */
export async function notifyTeamChange(db: Db, staffId: number, change: TeamChange): Promise<void> {
  await sql`select pg_notify(${STAFF_TEAM_CHANNEL}, ${change === 'sessions' ? `${staffId}:sessions` : String(staffId)})`.execute(
    db,
  );
}

/**
 * Ends live sessions of the account — one (`sessionId`), or all but `except` (null: all) — and
 * announces them on STAFF_SESSIONS_CHANNEL in the same transaction. Returns the ids ended.
 */
export async function endStaffSessions(
  db: Db,
  staffId: number,
  which: { sessionId: number } | { except: number | null },
): Promise<number[]> {
  let query = db
    .updateTable('staff_sessions')
    .set({ revoked_at: sql<Date>`now()` })
    .where('staff_id', '=', staffId)
    .where('revoked_at', 'is', null);
  if ('sessionId' in which) query = query.where('id', '=', which.sessionId);
  else if (which.except !== null) query = query.where('id', '<>', which.except);
  const ids = (await query.returning('id').execute()).map((row) => row.id);
  // A NOTIFY payload holds under 8000 bytes: 500 ids of at most 10 digits each a time.
  for (let start = 0; start < ids.length; start += 500) {
    await sql`select pg_notify(${STAFF_SESSIONS_CHANNEL}, ${ids.slice(start, start + 500).join(',')})`.execute(db);
  }
  if (ids.length > 0) await notifyTeamChange(db, staffId, 'sessions');
  return ids;
}

export async function insertAudit(
  db: Db,
  entry: {
    staffId: number;
    action: string;
    restaurantId: number | null;
    target: string;
    before: unknown;
    after: unknown;
  },
): Promise<void> {
  await db
    .insertInto('staff_audit')
    .values({
      staff_id: entry.staffId,
      action: entry.action,
      restaurant_id: entry.restaurantId,
      target: entry.target.slice(0, 200),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
    })
    .execute();
}

/** A page of the audit log, newest first: of these restaurants (null: all), before an id. */
export function auditPage(
  db: Db,
  options: { restaurantIds: number[] | null; restaurantId: number | null; beforeId: number | null; limit: number },
) {
  let query = db
    .selectFrom('staff_audit')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_audit.staff_id')
    .select([
      'staff_audit.id',
      'staff_audit.at',
      'staff_audit.action',
      'staff_audit.restaurant_id',
      'staff_audit.target',
      'staff_audit.before',
      'staff_audit.after',
      'staff_accounts.id as staff_id',
      'staff_accounts.login',
      'staff_accounts.name',
    ])
    .orderBy('staff_audit.id', 'desc')
    .limit(options.limit);
  if (options.restaurantIds !== null)
    query = query.where(
      'staff_audit.restaurant_id',
      'in',
      options.restaurantIds.length > 0 ? options.restaurantIds : [-1],
    );
  if (options.restaurantId !== null) query = query.where('staff_audit.restaurant_id', '=', options.restaurantId);
  if (options.beforeId !== null) query = query.where('staff_audit.id', '<', options.beforeId);
  return query.execute();
}

/** An account as the CLI and the sandbox's demo accounts write it. */
export interface StaffAccountUpsert {
  login: string;
  name: string;
  email: string;
  passwordHash: string;
  role: StaffRoleColumn;
  chain: boolean;
  restaurantIds: number[];
}

/** Creates an account, or updates the one of this login (the CLI and the sandbox's demo accounts). */
export async function upsertStaffAccount(db: Kysely<Database>, account: StaffAccountUpsert): Promise<number> {
  return db.transaction().execute((trx) => upsertStaffAccountIn(trx, account));
}

/** upsertStaffAccount inside the caller's transaction. */
export async function upsertStaffAccountIn(trx: Transaction<Database>, account: StaffAccountUpsert): Promise<number> {
  const row = await trx
    .insertInto('staff_accounts')
    .values({
      login: account.login,
      name: account.name,
      email: account.email,
      password_hash: account.passwordHash,
      role: account.role,
      chain: account.chain,
      active: true,
    })
    .onConflict((oc) =>
      oc.column('login').doUpdateSet((eb) => ({
        name: account.name,
        email: account.email,
        password_hash: account.passwordHash,
        role: account.role,
        chain: account.chain,
        active: true,
        version: eb('staff_accounts.version', '+', 1),
      })),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  await setStaffRestaurants(trx, row.id, account.restaurantIds);
  await notifyTeamChange(trx, row.id, 'account');
  return row.id;
}

/** The account's restaurants, replaced. */
export async function setStaffRestaurants(
  trx: Transaction<Database>,
  staffId: number,
  restaurantIds: readonly number[],
): Promise<void> {
  await trx.deleteFrom('staff_restaurants').where('staff_id', '=', staffId).execute();
  if (restaurantIds.length > 0) {
    await trx
      .insertInto('staff_restaurants')
      .values(restaurantIds.map((restaurantId) => ({ staff_id: staffId, restaurant_id: restaurantId })))
      .execute();
  }
  await notifyTeamChange(trx, staffId, 'account');
}

/**
 * The row locks of every active manager of the whole chain, in id order (so two takers never
 * deadlock), and their ids. A transaction that may take the chain's last one away takes these
 * first: on PostgreSQL a second taker waits, then reads the rows as the first one left them
 * (a row the first one disabled or demoted no longer qualifies), so of two racing changes the
 * second sees what the first did.
 */
export async function lockActiveChainManagers(trx: Transaction<Database>): Promise<number[]> {
  const rows = await trx
    .selectFrom('staff_accounts')
    .select('id')
    .where('role', '=', 'manager')
    .where('chain', '=', true)
    .where('active', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((row) => row.id);
}

/** The account of a login under its row lock. */
export function lockStaffByLogin(trx: Transaction<Database>, login: string) {
  return trx
    .selectFrom('staff_accounts')
    .select(['id', 'role', 'chain', 'active'])
    .where('login', '=', login)
    .forUpdate()
    .executeTakeFirst();
}

/** Disables the account (the CLI's `disable`): it can no longer sign in. */
export async function setStaffInactive(trx: Transaction<Database>, staffId: number): Promise<void> {
  await trx
    .updateTable('staff_accounts')
    .set((eb) => ({ active: false, version: eb('version', '+', 1) }))
    .where('id', '=', staffId)
    .execute();
  await notifyTeamChange(trx, staffId, 'account');
}

export function listStaffAccounts(db: Db) {
  return db
    .selectFrom('staff_accounts')
    .select(['id', 'login', 'name', 'email', 'role', 'chain', 'active'])
    .orderBy('login')
    .execute();
}

export async function existingRestaurantIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('restaurants').select('id').where('id', 'in', ids).execute();
  return rows.map((row) => row.id);
}

// Guests' flags, bookings and tables, as the staff screen manages them.

export function guestByContact(db: Db, contact: { phone: string } | { email: string }) {
  let query = db
    .selectFrom('users')
    .select(['id', 'name', 'phone', 'email', 'booking', 'stoplist'])
    .where('deleted_at', 'is', null);
  query = 'phone' in contact ? query.where('phone', '=', contact.phone) : query.where('email', '=', contact.email);
  return query.execute();
}

export function lockGuest(trx: Transaction<Database>, userId: number) {
  return trx
    .selectFrom('users')
    .select(['id', 'name', 'phone', 'email', 'booking', 'stoplist'])
    .where('id', '=', userId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function setGuestFlags(
  trx: Transaction<Database>,
  userId: number,
  flags: { booking: boolean; stoplist: boolean },
): Promise<void> {
  await trx
    .updateTable('users')
    .set({ booking: flags.booking, stoplist: flags.stoplist, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .execute();
}

export function restaurantTables(db: Db, restaurantId: number) {
  return db
    .selectFrom('restaurant_tables')
    .select(['id', 'num', 'code', 'seats'])
    .where('restaurant_id', '=', restaurantId)
    .orderBy('id')
    .execute();
}

/** A booking as the staff see it, with its guest. */
const BOOKING_COLUMNS = [
  'bookings.id',
  'bookings.booking_num',
  'bookings.status',
  'bookings.table_id',
  'bookings.timefrom',
  'bookings.timeto',
  'bookings.cntpersons',
  'bookings.comment',
  'bookings.min_sum',
  'bookings.restaurant_id',
  'users.name as guest_name',
  'users.phone as guest_phone',
] as const;

/** The restaurant's bookings that run at some moment of [from, to) — one begun before `from` and still running included — with their guests. */
export function bookingsBetween(db: Db, restaurantId: number, from: Date, to: Date) {
  return (
    db
      .selectFrom('bookings')
      .innerJoin('users', 'users.id', 'bookings.user_id')
      .select(BOOKING_COLUMNS)
      .where('bookings.restaurant_id', '=', restaurantId)
      // No booking lasts longer than BOOKING_MAX_MINUTES: the index on (restaurant_id, timefrom) bounds the scan.
      .where('bookings.timefrom', '>', new Date(from.getTime() - BOOKING_MAX_MINUTES * 60_000))
      .where('bookings.timeto', '>', from)
      .where('bookings.timefrom', '<', to)
      .orderBy('bookings.timefrom')
      .orderBy('bookings.id')
      .execute()
  );
}

export type StaffBookingRow = Awaited<ReturnType<typeof bookingsBetween>>[number];

export function bookingById(db: Db, bookingId: number) {
  return db
    .selectFrom('bookings')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .select(BOOKING_COLUMNS)
    .where('bookings.id', '=', bookingId)
    .executeTakeFirst();
}

export function lockBooking(trx: Transaction<Database>, bookingId: number) {
  return trx
    .selectFrom('bookings')
    .select(['id', 'status', 'restaurant_id', 'booking_num'])
    .where('id', '=', bookingId)
    .forUpdate()
    .executeTakeFirst();
}

export async function setBookingStatus(
  trx: Transaction<Database>,
  bookingId: number,
  status: 'new' | 'active' | 'ended' | 'cancelled',
): Promise<void> {
  await trx.updateTable('bookings').set({ status }).where('id', '=', bookingId).execute();
}
