import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { BookingsTable, Database } from '../../db/types';

type Reader = Kysely<Database> | Transaction<Database>;

/** Statuses that hold a table (SPEC 3: cancelled and ended bookings give no table). */
export const LIVE_STATUSES = ['new', 'active'] as const;

export interface TableRow {
  id: number;
  restaurant_id: number;
  num: string;
  seats: number;
  bookable: boolean;
}

/** The bookable tables of these restaurants. */
export async function bookableTables(db: Reader, restaurantIds: readonly number[]): Promise<TableRow[]> {
  if (restaurantIds.length === 0) return [];
  return db
    .selectFrom('restaurant_tables')
    .select(['id', 'restaurant_id', 'num', 'seats', 'bookable'])
    .where('restaurant_id', 'in', [...restaurantIds])
    .where('bookable', '=', true)
    .orderBy('id')
    .execute();
}

/**
 * The restaurant's bookable tables, locked (`for update`) until the transaction ends: every
 * booking of the restaurant takes these locks first, so two bookings cannot both see the same
 * table free (decision 014).
 */
export async function lockBookableTables(trx: Transaction<Database>, restaurantId: number): Promise<TableRow[]> {
  return trx
    .selectFrom('restaurant_tables')
    .select(['id', 'restaurant_id', 'num', 'seats', 'bookable'])
    .where('restaurant_id', '=', restaurantId)
    .where('bookable', '=', true)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Live bookings of the restaurant that overlap [from, to). */
export async function liveHolds(db: Reader, restaurantId: number, from: Date, to: Date) {
  return db
    .selectFrom('bookings')
    .select(['table_id', 'timefrom', 'timeto'])
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', [...LIVE_STATUSES])
    .where('timefrom', '<', to)
    .where('timeto', '>', from)
    .execute();
}

/** The next booking id, taken before the insert so the booking number can carry it. */
export async function nextBookingId(trx: Transaction<Database>): Promise<number> {
  const result = await sql<{ id: string | number }>`select nextval(pg_get_serial_sequence('bookings', 'id')) as id`.execute(trx);
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error('no booking id from the sequence');
  return Number(id);
}

export type BookingRow = Selectable<BookingsTable>;

/** A booking with what its view shows: the restaurant, the table number and the guest's name. */
export interface BookingWithContext extends BookingRow {
  fs_uid: string;
  restaurant_name: string;
  restaurant_address: string;
  time_zone: string;
  table_num: string | null;
  user_name: string;
}

function bookingsWithContext(db: Reader) {
  return db
    .selectFrom('bookings')
    .innerJoin('restaurants', 'restaurants.id', 'bookings.restaurant_id')
    .innerJoin('users', 'users.id', 'bookings.user_id')
    .leftJoin('restaurant_tables', 'restaurant_tables.id', 'bookings.table_id')
    .selectAll('bookings')
    .select([
      'restaurants.fs_uid',
      'restaurants.name as restaurant_name',
      'restaurants.address as restaurant_address',
      'restaurants.time_zone',
      'restaurant_tables.num as table_num',
      'users.name as user_name',
    ]);
}

export async function findUserBooking(db: Reader, userId: number, bookingNum: string): Promise<BookingWithContext | undefined> {
  return bookingsWithContext(db).where('bookings.booking_num', '=', bookingNum).where('bookings.user_id', '=', userId).executeTakeFirst();
}

export async function findBookingById(db: Reader, id: number): Promise<BookingWithContext> {
  return bookingsWithContext(db).where('bookings.id', '=', id).executeTakeFirstOrThrow();
}

/** The user's bookings: all, newest first, or only those not over yet, soonest first (at most `limit`). */
export async function listUserBookings(db: Reader, userId: number, options: { liveAt: Date | null; limit: number }): Promise<BookingWithContext[]> {
  let query = bookingsWithContext(db).where('bookings.user_id', '=', userId);
  if (options.liveAt) {
    query = query
      .where('bookings.status', 'in', [...LIVE_STATUSES])
      .where('bookings.timeto', '>', options.liveAt)
      .orderBy('bookings.timefrom', 'asc');
  } else {
    query = query.orderBy('bookings.timefrom', 'desc');
  }
  return query.orderBy('bookings.id', 'desc').limit(options.limit).execute();
}

/** How many live bookings the user holds that are not over at `at`, and whether one overlaps [from, to). */
export async function userLiveBookings(db: Reader, userId: number, at: Date, range: { from: Date; to: Date }) {
  const rows = await db
    .selectFrom('bookings')
    .select(['timefrom', 'timeto'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...LIVE_STATUSES])
    .where('timeto', '>', at)
    .execute();
  return {
    count: rows.length,
    overlapping: rows.some((row) => row.timefrom < range.to && row.timeto > range.from),
  };
}
