import type {
  ActionFields,
  bookingPeriodsAction,
  bookingPeriodsResponse,
  bookingSaveAction,
  BookingView,
} from '@chain/contract';
import type * as z from 'zod/mini';
import {
  BOOKING_CANCELLED_MESSAGE,
  BOOKING_ENDED_MESSAGE,
  BOOKING_EXTEND_MINUTES,
  BOOKING_MAX_MINUTES,
  BOOKING_MAX_UPCOMING,
  bookingExtension,
  bookingDateOf,
  bookingDates,
  bookingMinimumSum,
  bookingNumber,
  bookingPhase,
  bookingSlotRange,
  bookingSlots,
  CHOOSE_RESTAURANT_MESSAGE,
  DEFAULT_BOOKING_GUESTS,
  DEFAULT_BOOKING_MINUTES,
  DEFAULT_TIME_ZONE,
  formatClock,
  formatGuests,
  freeTableFor,
  NO_FREE_TABLES_ON_DATE_MESSAGE,
  parseClock,
  russianPlural,
  wallClockAt,
  type BookingPhase,
  type BookingSlot,
  type BookingStatus,
  type CalendarDate,
  type TableHold,
} from '@chain/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { UserRow } from '../auth';
import {
  activeRestaurantsWithSchedules,
  findActiveRestaurant,
  restaurantChoiceOf,
  type RestaurantWithSchedule,
} from '../restaurants';
import { loadSettings } from '../settings';
import { dateChoicesWire, dateWire, sameDate, seconds } from './dates';
import { periodsOffered, periodsRefused } from './periods';
import {
  bookableTables,
  closeUserBooking,
  findBookingById,
  findUserBooking,
  findUserBookingTerms,
  insertBooking,
  listUserBookings,
  liveHolds,
  lockBookableTables,
  lockGuestBookings,
  lockUserBooking,
  nextBookingId,
  setBookingEnd,
  userLiveBookings,
  type TableRow,
} from './repository';
import { bookingView } from './view';

export const BOOKING_NOT_ALLOWED_MESSAGE =
  'Бронирование столов недоступно для вашего аккаунта. Обратитесь в ресторан по телефону.';
export const NO_BOOKING_HERE_MESSAGE = 'В этом ресторане нельзя забронировать стол.';
export const BOOKING_DATE_MESSAGE = 'Стол можно забронировать с сегодняшнего дня до воскресенья.';
export const BOOKING_TIME_MESSAGE = 'Это время недоступно для брони. Выберите другое время.';
export const BOOKING_NOT_FOUND_MESSAGE = 'Бронь не найдена.';
export const BOOKING_OTHER_RESTAURANT_MESSAGE = 'Эта бронь сделана в другом ресторане.';
export const BOOKING_NOT_LIVE_MESSAGE = 'Бронь отменена или уже закончилась.';
export const BOOKING_OVERLAP_MESSAGE = 'У вас уже есть бронь на это время.';
export const BOOKING_LIMIT_MESSAGE = `Можно держать не больше ${BOOKING_MAX_UPCOMING} броней одновременно. Отмените ненужную бронь.`;
export const BOOKING_EXTEND_NOT_STARTED_MESSAGE = 'Бронь ещё не началась — продлить её можно во время брони.';
export const BOOKING_EXTEND_LIMIT_MESSAGE = `Бронь не может длиться дольше ${BOOKING_MAX_MINUTES / 60} часов.`;
export const BOOKING_EXTEND_CLOSED_MESSAGE = 'Ресторан в этот день закрыт — продлить бронь нельзя.';

/** How many bookings bookingList answers at most. */
const BOOKING_LIST_LIMIT = 50;

type PeriodsFields = ActionFields<typeof bookingPeriodsAction>;
type SaveFields = ActionFields<typeof bookingSaveAction>;
type PeriodsAnswer = z.input<typeof bookingPeriodsResponse>;

/** SPEC 2: the booking tile shows for users with the booking flag; the server keeps the same rule (decision 014). */
function assertMayBook(user: UserRow): void {
  if (!user.booking) throw forbidden(BOOKING_NOT_ALLOWED_MESSAGE, 'booking_not_allowed');
}

function noFreeTableMessage(guests: number, time: string): string {
  return `К сожалению, на ${time} свободных столов для ${guests} ${russianPlural(guests, ['гостя', 'гостей', 'гостей'])} не осталось. Выберите другое время.`;
}

/** Restaurants that take bookings: active, seating guests (deliveryRest), with bookable tables. */
async function bookingRestaurants(db: Kysely<Database>) {
  const restaurants = (await activeRestaurantsWithSchedules(db)).filter((r) => r.row.delivery_rest);
  const tables = await bookableTables(
    db,
    restaurants.map((r) => r.row.id),
  );
  return restaurants
    .map((restaurant) => ({ restaurant, tables: tables.filter((table) => table.restaurant_id === restaurant.row.id) }))
    .filter((entry) => entry.tables.length > 0);
}

/** The calendar day `date` (seconds) + `timeZoneOffset` mean, or today on the restaurant's clock. */
function chosenDate(
  fields: { date?: number | undefined; timeZoneOffset?: number | undefined },
  today: CalendarDate,
  timeZone: string,
): CalendarDate {
  return fields.date === undefined ? today : bookingDateOf(fields.date, fields.timeZoneOffset ?? null, timeZone);
}

interface DayPlan {
  slots: BookingSlot[];
  holds: TableHold[];
}

/** The periods that start on the calendar day and the live bookings of the restaurant that could touch them. */
async function dayPlan(
  db: Kysely<Database>,
  restaurant: RestaurantWithSchedule,
  date: CalendarDate,
  minutes: number,
  now: Date,
): Promise<DayPlan> {
  const tz = restaurant.row.time_zone;
  const slots = bookingSlots({ schedule: restaurant.schedule, date, minutes, now: wallClockAt(now, tz) });
  const first = slots[0];
  const last = slots.at(-1);
  if (!first || !last) return { slots, holds: [] };
  const rows = await liveHolds(
    db,
    restaurant.row.id,
    new Date(bookingSlotRange(first, tz).from),
    new Date(bookingSlotRange(last, tz).to),
  );
  return {
    slots,
    holds: rows.map((row) => ({ tableId: row.table_id, from: row.timefrom.getTime(), to: row.timeto.getTime() })),
  };
}

/**
 * bookingPeriods (SPEC 7): the free periods of a restaurant for a party on a date — every half
 * hour within the opening hours when some bookable table with enough seats has no live booking
 * over the whole period. Not being able to book is an answer (allowbooking 0 and why), not an
 * error; an unknown restaurant is a 404.
 */
export async function bookingPeriodsAnswer(
  db: Kysely<Database>,
  user: UserRow,
  fields: PeriodsFields,
  now: Date,
): Promise<PeriodsAnswer> {
  assertMayBook(user);
  const guests = fields.cntpersons ?? DEFAULT_BOOKING_GUESTS;
  const minutes = fields.cntminutes ?? DEFAULT_BOOKING_MINUTES;
  const minSum = bookingMinimumSum(guests);
  const choices = await bookingRestaurants(db);
  const restaurantChoices = choices.map(({ restaurant, tables }) => ({
    ...restaurantChoiceOf(restaurant.row),
    maxPersons: Math.max(...tables.map((table) => table.seats)),
  }));

  const restaurant = fields.restoranid === undefined ? null : await findActiveRestaurant(db, fields.restoranid);
  const tz = restaurant?.row.time_zone ?? DEFAULT_TIME_ZONE;
  // The calendar's today, not the business day's (issue 30): at 03:30 on Saturday it is Saturday.
  const today = wallClockAt(now, tz).date;
  const week = bookingDates(today);
  const dates = dateChoicesWire(today, week.length - 1, tz);
  const date = chosenDate(fields, today, tz);
  const base = {
    restorans: restaurantChoices,
    restoranid: restaurant?.row.id ?? null,
    dates: dates.map(dateWire),
    min_sum: minSum,
  };
  const refuse = (message: string): PeriodsAnswer => ({ ...base, ...periodsRefused(date, 1, message) });

  if (!restaurant) return refuse(CHOOSE_RESTAURANT_MESSAGE);
  const tables = choices.find((choice) => choice.restaurant.row.id === restaurant.row.id)?.tables;
  if (!tables) return refuse(NO_BOOKING_HERE_MESSAGE);
  if (!week.some((day) => sameDate(day, date))) return refuse(BOOKING_DATE_MESSAGE);
  const maxSeats = Math.max(...tables.map((table) => table.seats));
  if (guests > maxSeats)
    return refuse(
      `Самый большой стол здесь — на ${formatGuests(maxSeats)}. Для большой компании позвоните в ресторан.`,
    );

  const plan = await dayPlan(db, restaurant, date, minutes, now);
  const periods = plan.slots
    .filter((slot) => freeTableFor(tables, plan.holds, guests, bookingSlotRange(slot, tz)) !== null)
    .map((slot) => {
      const range = bookingSlotRange(slot, tz);
      const from = formatClock(slot.startMinute);
      const to = formatClock(slot.toMinute);
      return {
        periodfrom: from,
        from,
        to,
        timefrom: seconds(range.from),
        timeto: seconds(range.to),
        text: `${from}–${to}`,
      };
    });
  if (periods.length === 0) {
    return refuse(
      plan.slots.length === 0
        ? 'В этот день ресторан не принимает брони на это время. Выберите другую дату.'
        : NO_FREE_TABLES_ON_DATE_MESSAGE,
    );
  }
  return { ...base, ...periodsOffered(date, 1, periods, fields.periodfrom) };
}

/**
 * bookingSave (SPEC 7): books the smallest free table that seats the party. The period is
 * checked against the opening hours first; then, in one transaction, the guest's bookings are
 * locked (an advisory lock, so two bookings of one guest at two restaurants cannot both pass the
 * overlap and limit checks), then the restaurant's bookable tables `for update`, and everything is
 * checked again under the locks, so of two guests after the last table exactly one gets it and
 * the other a 409 (decision 014).
 */
export async function saveBooking(
  db: Kysely<Database>,
  user: UserRow,
  fields: SaveFields,
  now: Date,
): Promise<{ success: true; booking: BookingView; message: string }> {
  assertMayBook(user);
  const restaurant = await findActiveRestaurant(db, fields.restoran);
  const tz = restaurant.row.time_zone;
  if (!restaurant.row.delivery_rest) throw conflict(NO_BOOKING_HERE_MESSAGE, 'booking_unavailable');
  const today = wallClockAt(now, tz).date;
  const date = bookingDateOf(fields.date, fields.timeZoneOffset ?? null, tz);
  if (!bookingDates(today).some((day) => sameDate(day, date))) throw badRequest(BOOKING_DATE_MESSAGE, 'booking_date');

  // `periodfrom` is the clock time on the calendar day `date`, as bookingPeriods offered it.
  const startMinute = parseClock(fields.periodfrom);
  const slot = bookingSlots({
    schedule: restaurant.schedule,
    date,
    minutes: fields.cntminutes,
    now: wallClockAt(now, tz),
  }).find((candidate) => candidate.startMinute === startMinute);
  if (!slot) throw conflict(BOOKING_TIME_MESSAGE, 'booking_time');
  const range = bookingSlotRange(slot, tz);
  const timefrom = new Date(range.from);
  const timeto = new Date(range.to);

  const id = await db.transaction().execute(async (trx) => {
    await lockGuestBookings(trx, user.id);
    const tables: TableRow[] = await lockBookableTables(trx, restaurant.row.id);
    if (tables.length === 0) throw conflict(NO_BOOKING_HERE_MESSAGE, 'booking_unavailable');
    const mine = await userLiveBookings(trx, user.id, now, { from: timefrom, to: timeto });
    if (mine.overlapping) throw conflict(BOOKING_OVERLAP_MESSAGE, 'booking_overlap');
    if (mine.count >= BOOKING_MAX_UPCOMING) throw conflict(BOOKING_LIMIT_MESSAGE, 'booking_limit');
    const holds = (await liveHolds(trx, restaurant.row.id, timefrom, timeto)).map((row) => ({
      tableId: row.table_id,
      from: row.timefrom.getTime(),
      to: row.timeto.getTime(),
    }));
    const table = freeTableFor(tables, holds, fields.cntpersons, range);
    if (!table)
      throw new AppError(409, 'no_free_table', noFreeTableMessage(fields.cntpersons, formatClock(slot.startMinute)));
    const bookingId = await nextBookingId(trx);
    await insertBooking(trx, {
      id: bookingId,
      booking_num: bookingNumber(date, bookingId),
      user_id: user.id,
      restaurant_id: restaurant.row.id,
      table_id: table.id,
      timefrom,
      timeto,
      cntpersons: fields.cntpersons,
      cntminutes: fields.cntminutes,
      min_sum: bookingMinimumSum(fields.cntpersons),
      status: 'new',
      comment: fields.comment ?? '',
    });
    return bookingId;
  });
  const booking = bookingView(await findBookingById(db, id), now, await bookingImage(db));
  return { success: true, booking, message: booking.message };
}

/** The picture shown with a booking: the chain's logo (settings). */
async function bookingImage(db: Kysely<Database>): Promise<string> {
  return (await loadSettings(db)).logo;
}

/** bookingList (SPEC 7): the user's bookings; active 1 keeps those not over yet. */
export async function listBookings(
  db: Kysely<Database>,
  user: UserRow,
  activeOnly: boolean,
  now: Date,
): Promise<{ items: BookingView[] }> {
  const rows = await listUserBookings(db, user.id, { liveAt: activeOnly ? now : null, limit: BOOKING_LIST_LIMIT });
  const img = await bookingImage(db);
  return { items: rows.map((row) => bookingView(row, now, img)) };
}

/**
 * bookingCancel and bookingEnd (SPEC 4): a new booking is cancelled before it starts, a running
 * one is ended (which frees its table at once). One conditional update decides, so a double tap
 * or two devices change the booking once; when it does not apply the answer says why.
 */
export async function closeBooking(
  db: Kysely<Database>,
  user: UserRow,
  bookingNum: string,
  how: 'cancel' | 'end',
  now: Date,
): Promise<{ success: true; booking: BookingView; message: string }> {
  const num = bookingNum.trim();
  const changed = await closeUserBooking(db, user.id, num, how, now);
  const booking = await findUserBooking(db, user.id, num);
  // Another guest's booking reads as unknown: booking numbers are not for guessing.
  if (!booking) throw notFound(BOOKING_NOT_FOUND_MESSAGE, 'booking_not_found');
  if (!changed) {
    if (booking.status === 'cancelled' || booking.status === 'ended')
      throw conflict('Бронь уже отменена или завершена.', 'booking_closed');
    if (booking.timeto <= now) throw conflict('Время брони уже закончилось.', 'booking_closed');
    if (how === 'cancel') throw conflict('Бронь уже началась — её можно только завершить.', 'booking_started');
    throw conflict('Бронь ещё не началась — её можно отменить.', 'booking_not_started');
  }
  const view = bookingView(booking, now, await bookingImage(db));
  return {
    success: true,
    booking: view,
    message: how === 'cancel' ? BOOKING_CANCELLED_MESSAGE : BOOKING_ENDED_MESSAGE,
  };
}

/**
 * bookingExtend (decision 027; SPEC 4 «продлить», SPEC 7 names no call): the user's running
 * booking gets BOOKING_EXTEND_MINUTES more on the same table. In one transaction, in bookingSave's
 * order, the guest's bookings are locked first (so a booking of the guest elsewhere and this
 * extension cannot both pass the overlap check), then the restaurant's bookable tables (so a
 * booking of the table right after and this extension cannot both win), then the booking's row;
 * everything is checked again under the locks: still running, within the hours and
 * BOOKING_MAX_MINUTES, the table and the guest free for those minutes. Two extends at once run
 * one after the other and add up.
 */
export async function extendBooking(
  db: Kysely<Database>,
  user: UserRow,
  bookingNum: string,
  now: Date,
): Promise<{ success: true; booking: BookingView; message: string }> {
  assertMayBook(user);
  const num = bookingNum.trim();
  const known = await findUserBooking(db, user.id, num);
  // Another guest's booking reads as unknown: booking numbers are not for guessing.
  if (!known) throw notFound(BOOKING_NOT_FOUND_MESSAGE, 'booking_not_found');
  const restaurant = await findActiveRestaurant(db, known.restaurant_id);
  const tz = restaurant.row.time_zone;
  const id = await db.transaction().execute(async (trx) => {
    await lockGuestBookings(trx, user.id);
    const tables = await lockBookableTables(trx, restaurant.row.id);
    const booking = await lockUserBooking(trx, user.id, num);
    if (!booking) throw notFound(BOOKING_NOT_FOUND_MESSAGE, 'booking_not_found');
    const phase = phaseNow(booking, now);
    if (phase === 'finished') throw conflict(BOOKING_NOT_LIVE_MESSAGE, 'booking_closed');
    if (phase === 'upcoming') throw conflict(BOOKING_EXTEND_NOT_STARTED_MESSAGE, 'booking_not_started');
    const extension = bookingExtension({
      schedule: restaurant.schedule,
      start: wallClockAt(booking.timefrom, tz),
      minutes: Math.round((booking.timeto.getTime() - booking.timefrom.getTime()) / 60_000),
    });
    if (!extension.ok) {
      if (extension.reason === 'too_long') throw conflict(BOOKING_EXTEND_LIMIT_MESSAGE, 'booking_extend_limit');
      throw conflict(
        extension.closeMinute === null
          ? BOOKING_EXTEND_CLOSED_MESSAGE
          : `Ресторан закрывается в ${formatClock(extension.closeMinute)} — продлить бронь нельзя.`,
        'booking_extend_closing',
      );
    }
    const from = booking.timeto;
    const to = new Date(booking.timeto.getTime() + BOOKING_EXTEND_MINUTES * 60_000);
    const table = tables.find((candidate) => candidate.id === booking.table_id);
    const taken = (await liveHolds(trx, restaurant.row.id, from, to)).some(
      (hold) => hold.id !== booking.id && hold.table_id === booking.table_id,
    );
    if (!table || taken)
      throw conflict(
        `Стол после ${clockAt(from, tz)} уже забронирован — продлить бронь нельзя.`,
        'booking_extend_taken',
      );
    if ((await userLiveBookings(trx, user.id, now, { from, to }, booking.id)).overlapping)
      throw conflict(BOOKING_OVERLAP_MESSAGE, 'booking_overlap');
    await setBookingEnd(trx, booking.id, to, extension.minutes);
    return booking.id;
  });
  const booking = bookingView(await findBookingById(db, id), now, await bookingImage(db));
  return { success: true, booking, message: `Бронь продлена до ${clockAt(new Date(booking.timeto * 1000), tz)}.` };
}

/** 'HH:MM' of an instant on the restaurant's clock. */
function clockAt(at: Date, timeZone: string): string {
  return formatClock(wallClockAt(at, timeZone).minuteOfDay);
}

/** What an order takes from the guest's live booking: its minimum sum (kopecks) and its start. */
export interface LiveBookingTerms {
  min_sum: number;
  timefrom: Date;
}

/**
 * The signed-in guest's own live booking at this restaurant (SPEC 4, 5): its minimum sum, which
 * the menu call answers as `min_sum` and order/create applies to an inrest order with
 * `booking_num`, and its start, which that order is for (domain bookingOrderTime). Another
 * guest's booking, or none without a guest, reads exactly as an unknown one (404): booking
 * numbers are no oracle (issue 11 point 8). Another restaurant's, cancelled, ended or past: 409.
 */
export async function liveBookingTerms(
  db: Kysely<Database>,
  bookingNum: string,
  at: { restaurantId: number; userId: number | null },
  now = new Date(),
): Promise<LiveBookingTerms> {
  const booking = at.userId === null ? undefined : await findUserBookingTerms(db, at.userId, bookingNum.trim());
  if (!booking) throw notFound(BOOKING_NOT_FOUND_MESSAGE, 'booking_not_found');
  if (booking.restaurant_id !== at.restaurantId)
    throw conflict(BOOKING_OTHER_RESTAURANT_MESSAGE, 'booking_other_restaurant');
  if (phaseNow(booking, now) === 'finished') throw conflict(BOOKING_NOT_LIVE_MESSAGE, 'booking_closed');
  return { min_sum: booking.min_sum, timefrom: booking.timefrom };
}

/** A booking row's phase at `now` by the domain's one rule (SPEC 3, 4): rows hold dates, the rule seconds. */
function phaseNow(booking: { status: BookingStatus; timefrom: Date; timeto: Date }, now: Date): BookingPhase {
  return bookingPhase(
    { status: booking.status, timefrom: seconds(booking.timefrom), timeto: seconds(booking.timeto) },
    seconds(now),
  );
}
