import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ORDER_STATUS } from '@chain/domain';
import type { BookingsTable, Database, OrderType } from '../../db/types';

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
 * Serialises, to the end of the transaction, the booking changes of one guest (a transaction-scoped
 * advisory lock). bookingSave and bookingExtend take it first, before any table lock, so two
 * bookings of one guest at two restaurants — which lock different tables — still run one after
 * the other, and the second sees the first when it checks the guest's overlap and limit.
 */
export async function lockGuestBookings(trx: Transaction<Database>, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`booking-guest:${userId}`}))`.execute(trx);
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
    .select(['id', 'table_id', 'timefrom', 'timeto'])
    .where('restaurant_id', '=', restaurantId)
    .where('status', 'in', [...LIVE_STATUSES])
    .where('timefrom', '<', to)
    .where('timeto', '>', from)
    .execute();
}

/** The next booking id, taken before the insert so the booking number can carry it. */
export async function nextBookingId(trx: Transaction<Database>): Promise<number> {
  const result = await sql<{
    id: string | number;
  }>`select nextval(pg_get_serial_sequence('bookings', 'id')) as id`.execute(trx);
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

export async function findUserBooking(
  db: Reader,
  userId: number,
  bookingNum: string,
): Promise<BookingWithContext | undefined> {
  return bookingsWithContext(db)
    .where('bookings.booking_num', '=', bookingNum)
    .where('bookings.user_id', '=', userId)
    .executeTakeFirst();
}

export async function findBookingById(db: Reader, id: number): Promise<BookingWithContext> {
  return bookingsWithContext(db).where('bookings.id', '=', id).executeTakeFirstOrThrow();
}

/** The user's bookings: all, newest first, or only those not over yet, soonest first (at most `limit`). */
export async function listUserBookings(
  db: Reader,
  userId: number,
  options: { liveAt: Date | null; limit: number },
): Promise<BookingWithContext[]> {
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

/** How many live bookings the user holds that are not over at `at` (but `exceptId`), and whether one overlaps [from, to). */
export async function userLiveBookings(
  db: Reader,
  userId: number,
  at: Date,
  range: { from: Date; to: Date },
  exceptId: number | null = null,
) {
  let query = db
    .selectFrom('bookings')
    .select(['timefrom', 'timeto'])
    .where('user_id', '=', userId)
    .where('status', 'in', [...LIVE_STATUSES])
    .where('timeto', '>', at);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  const rows = await query.execute();
  return {
    count: rows.length,
    overlapping: rows.some((row) => row.timefrom < range.to && row.timeto > range.from),
  };
}

export async function insertBooking(trx: Transaction<Database>, booking: Insertable<BookingsTable>): Promise<void> {
  await trx.insertInto('bookings').values(booking).execute();
}

/**
 * Closes the user's booking in one conditional update: `cancel` a new one before it starts,
 * `end` an active one (the restaurant seated the guest, perhaps before the start) or a new one
 * that has started — the bookings the domain's bookingPhase calls running; the id when it
 * changed, undefined when the booking is unknown, another user's, over, or not in a state for this.
 */
export async function closeUserBooking(
  db: Reader,
  userId: number,
  bookingNum: string,
  how: 'cancel' | 'end',
  now: Date,
): Promise<{ id: number } | undefined> {
  let query = db
    .updateTable('bookings')
    .where('booking_num', '=', bookingNum)
    .where('user_id', '=', userId)
    .where('timeto', '>', now);
  query =
    how === 'cancel'
      ? query.set({ status: 'cancelled' }).where('status', '=', 'new').where('timefrom', '>', now)
      : query
          .set({ status: 'ended' })
          .where((eb) =>
            eb.or([eb('status', '=', 'active'), eb.and([eb('status', '=', 'new'), eb('timefrom', '<=', now)])]),
          );
  return query.returning('id').executeTakeFirst();
}

/**
 * The user's booking with this number, its row locked (`for update`) until the transaction
 * ends: an extension reads and moves its end under this lock, so two at once add up (decision 027).
 */
export async function lockUserBooking(trx: Transaction<Database>, userId: number, bookingNum: string) {
  return trx
    .selectFrom('bookings')
    .select(['id', 'restaurant_id', 'table_id', 'status', 'timefrom', 'timeto', 'cntminutes'])
    .where('booking_num', '=', bookingNum)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves a booking's end (and its length in minutes) after an extension was checked under the locks. */
export async function setBookingEnd(
  trx: Transaction<Database>,
  id: number,
  timeto: Date,
  cntminutes: number,
): Promise<void> {
  await trx.updateTable('bookings').set({ timeto, cntminutes }).where('id', '=', id).execute();
}

/** What an order needs of the user's booking with this number: its restaurant, minimum sum, status, start and end. */
export async function findUserBookingTerms(db: Reader, userId: number, bookingNum: string) {
  return db
    .selectFrom('bookings')
    .select(['restaurant_id', 'min_sum', 'status', 'timefrom', 'timeto'])
    .where('booking_num', '=', bookingNum)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

// ---------------------------------------------------------------------------------------------
// Delayed orders (checkDelayed)

/** The user's latest delayed order at the restaurant for the order type that still awaits payment. */
export async function latestDelayedOrder(db: Reader, userId: number, restaurantId: number, orderType: OrderType) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('restaurant_id', '=', restaurantId)
    .where('type', '=', orderType)
    .where('delayed', '=', true)
    .where('paid', '=', false)
    .where('status', '=', ORDER_STATUS.awaitingPayment)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** These dishes with their price, shop flag, whether they are on sale, and their menu. */
export async function dishesWithMenuKind(db: Reader, dishIds: number[]) {
  return db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select(['dishes.id', 'dishes.price', 'dishes.is_shop', 'dishes.active', 'categories.menu_kind'])
    .where('dishes.id', 'in', dishIds)
    .execute();
}

export async function optionsOfDishes(db: Reader, dishIds: number[]) {
  return db
    .selectFrom('dish_options')
    .selectAll()
    .where('dish_id', 'in', dishIds)
    .where('archived_at', 'is', null)
    .execute();
}

/** Which of these dishes are on the restaurant's stop list. */
export async function stoppedDishIds(db: Reader, restaurantId: number, dishIds: number[]): Promise<number[]> {
  return (
    await db
      .selectFrom('stop_list')
      .select('dish_id')
      .where('restaurant_id', '=', restaurantId)
      .where('dish_id', 'in', dishIds)
      .execute()
  ).map((row) => row.dish_id);
}
