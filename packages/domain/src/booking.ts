import { calendarClockOf } from './business-day';
import { addDays, type CalendarDate, daysBetween, isSameDate, weekdayOf } from './calendar-date';
import { russianPlural } from './plural';
import { DAY_BOUNDARY_MINUTE, type ScheduleEntry } from './schedule';
import { formatClock, formatLongDate, formatShortDate } from './time';
import type { Kopecks, MinuteOfDay, Minutes, UnixSeconds } from './units';
import { DEFAULT_TIME_ZONE, type Instant, instantAt, type WallClock, wallClockAt } from './wall-clock';

const MINUTES_PER_DAY = 1440;

/** Default guests for a table booking (SPEC 9). */
export const DEFAULT_BOOKING_GUESTS = 2;
/** Default booking length in minutes (SPEC 9). */
export const DEFAULT_BOOKING_MINUTES = 60;
/** The agreement checkbox starts ticked (SPEC 5). */
export const DEFAULT_BOOKING_AGREEMENT = true;

/** Booking dates: today to Sunday of the current Monday-to-Sunday week, inclusive (SPEC 9). */
export function bookingDates(today: CalendarDate): CalendarDate[] {
  return Array.from({ length: 8 - weekdayOf(today) }, (_, offset) => addDays(today, offset));
}

/** Unix seconds of 00:00 of a date on the restaurant's clock (default Moscow): the booking `date` field (SPEC 9). */
export function startOfDaySeconds(date: CalendarDate, timeZone: string = DEFAULT_TIME_ZONE): UnixSeconds {
  return Math.floor(instantAt(date, 0, timeZone) / 1000);
}

// Before timefrom the whole booking (timeto − timefrom) is shown; then the countdown to timeto.
// Format it with formatDuration.
/** A booking countdown ticking every second: '1:05:09' from an hour, '05:09' below (SPEC 4, 9). */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const two = (value: number) => String(value).padStart(2, '0');
  const hours = Math.floor(total / 3600);
  const rest = `${two(Math.floor((total % 3600) / 60))}:${two(total % 60)}`;
  return hours > 0 ? `${hours}:${rest}` : rest;
}

/** Seconds left on a booking: timeto − max(now, timefrom), never below 0 (SPEC 4). */
export function bookingRemainingSeconds(
  booking: { readonly timefrom: UnixSeconds; readonly timeto: UnixSeconds },
  nowSeconds: UnixSeconds,
): number {
  return Math.max(0, booking.timeto - Math.max(nowSeconds, booking.timefrom));
}

// --- table booking rules (SPEC 3 Booking, SPEC 4, decision 014) ----------------------------------

/** Booking periods start on the half hour of the restaurant's clock (:00 and :30). */
export const BOOKING_STEP_MINUTES = 30;
/** A booking for today starts at least this many minutes from now. */
export const BOOKING_LEAD_MINUTES = 15;
/** Guests per booking the calls accept; a table must still have as many seats. */
export const BOOKING_MIN_GUESTS = 1;
export const BOOKING_MAX_GUESTS = 20;
/** Booking lengths the calls accept, minutes. */
export const BOOKING_MIN_MINUTES = 30;
export const BOOKING_MAX_MINUTES = 360;
/** The chain's booking minimum: 1000 ₽ per guest, in kopecks (decision 014). */
export const BOOKING_MIN_SUM_PER_GUEST: Kopecks = 100_000;
/** Upcoming bookings a guest may hold at once (decision 014). */
export const BOOKING_MAX_UPCOMING = 3;
/** One «Продлить» adds this many minutes to a running booking, on the same table (decision 027). */
export const BOOKING_EXTEND_MINUTES = 30;

/** A booking cancelled (SPEC 4): bookingCancel's answer and a cancelled booking's message. */
export const BOOKING_CANCELLED_MESSAGE = 'Бронь отменена.';
/** A booking finished (SPEC 4): bookingEnd's answer and an ended booking's message. */
export const BOOKING_ENDED_MESSAGE = 'Бронь завершена. Спасибо, что были у нас!';
/** Every period of the chosen date is taken: bookingPeriods' reason, and the booking form's when it has none. */
export const NO_FREE_TABLES_ON_DATE_MESSAGE = 'На эту дату свободных столов нет. Выберите другую дату.';

/** The minimum order of a booking in kopecks: 1000 ₽ per guest (SPEC 3 min_sum, SPEC 5, decision 014). */
export function bookingMinimumSum(guests: number): Kopecks {
  return Math.max(0, Math.floor(guests)) * BOOKING_MIN_SUM_PER_GUEST;
}

/** '1 гость', '3 гостя', '5 гостей', '21 гость': the Russian plural of guests. */
export function formatGuests(guests: number): string {
  return `${guests} ${russianPlural(guests, ['гость', 'гостя', 'гостей'])}`;
}

/**
 * The calendar date the booking calls mean by `date` (Unix seconds, SPEC 9) and
 * `timeZoneOffset` (the app's Date#getTimezoneOffset: minutes behind UTC, Moscow −180): the
 * date the app's own clock shows at that moment. Without the offset the date is read on the
 * restaurant's clock.
 */
export function bookingDateOf(
  dateSeconds: UnixSeconds,
  timeZoneOffset: number | null | undefined,
  timeZone: string = DEFAULT_TIME_ZONE,
): CalendarDate {
  if (timeZoneOffset === null || timeZoneOffset === undefined) return wallClockAt(dateSeconds * 1000, timeZone).date;
  const local = new Date(dateSeconds * 1000 - timeZoneOffset * 60_000);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/**
 * A wall clock read as the schedule reads it: the day whose schedule the moment belongs to and
 * the minute of that day, past 1440 before 06:00 (SPEC 4, 9: hours before 06:00 count as the
 * previous day).
 */
export function scheduleDayClock(clock: WallClock): { readonly date: CalendarDate; readonly minute: MinuteOfDay } {
  return clock.minuteOfDay < DAY_BOUNDARY_MINUTE
    ? { date: addDays(clock.date, -1), minute: clock.minuteOfDay + MINUTES_PER_DAY }
    : { date: clock.date, minute: clock.minuteOfDay };
}

/** A booking period of a schedule day: minutes of that day, past 1440 after midnight. */
export interface BookingPeriod {
  readonly fromMinute: MinuteOfDay;
  readonly toMinute: MinuteOfDay;
}

// The periods lie inside the day's one schedule entry, so the restaurant is open for the whole
// of each (SPEC 4: open from fromMinute up to toMinute, which may pass midnight). A period starts
// at least BOOKING_LEAD_MINUTES from now — at 05:57 the next business day's 06:00 is too soon; a
// past day has none.
/** The booking periods of a day: every half hour while `minutes` still fit before closing (SPEC 4, 9). */
export function bookingPeriods(input: {
  readonly schedule: readonly ScheduleEntry[];
  readonly date: CalendarDate;
  readonly minutes: Minutes;
  /** The restaurant's wall clock now (wallClockAt). */
  readonly now: WallClock;
}): BookingPeriod[] {
  const { schedule, date, minutes } = input;
  const entry = schedule.find((candidate) => candidate.day === weekdayOf(date));
  if (entry === undefined || !(minutes > 0)) return [];
  const now = scheduleDayClock(input.now);
  const daysAhead = daysBetween(now.date, date);
  if (daysAhead < 0) return [];
  // Now on the date's own minute scale: 05:57 is minute 357 of the business day starting at 06:00.
  const earliest = Math.max(entry.fromMinute, now.minute - daysAhead * MINUTES_PER_DAY + BOOKING_LEAD_MINUTES);
  const periods: BookingPeriod[] = [];
  const first = Math.ceil(earliest / BOOKING_STEP_MINUTES) * BOOKING_STEP_MINUTES;
  for (let from = first; from + minutes <= entry.toMinute; from += BOOKING_STEP_MINUTES) {
    periods.push({ fromMinute: from, toMinute: from + minutes });
  }
  return periods;
}

/**
 * A booking period as the guest chooses it: on the calendar day it starts on, at the clock time it
 * starts at (what the guest reads, and what `date` and `periodfrom` carry on the wire), within the
 * opening hours of one business day (`businessDate`, minutes past 1440 after midnight).
 */
export interface BookingSlot extends BookingPeriod {
  readonly businessDate: CalendarDate;
  /** The calendar day the period starts on. */
  readonly date: CalendarDate;
  /** The minute of that calendar day it starts at, 0 to 1439. */
  readonly startMinute: MinuteOfDay;
}

// A calendar day holds the night of the business day before (its periods from midnight to 06:00)
// and the day of its own business day (from 06:00 to midnight): the night of 27 to 28 November,
// 04:00, is offered under the 28th, though Friday the 27th's hours hold it (issue 30, decision 042).
/** The booking periods that start on a calendar day, soonest first, each within one business day's hours (SPEC 4, 9). */
export function bookingSlots(input: {
  readonly schedule: readonly ScheduleEntry[];
  /** The calendar day chosen. */
  readonly date: CalendarDate;
  readonly minutes: Minutes;
  /** The restaurant's wall clock now (wallClockAt). */
  readonly now: WallClock;
}): BookingSlot[] {
  return [addDays(input.date, -1), input.date].flatMap((businessDate) =>
    bookingPeriods({ ...input, date: businessDate }).flatMap((period) => {
      const start = calendarClockOf(businessDate, period.fromMinute);
      return isSameDate(start.date, input.date)
        ? [{ ...period, businessDate, date: start.date, startMinute: start.minuteOfDay }]
        : [];
    }),
  );
}

/** A slot's start and end in epoch milliseconds on the restaurant's clock. */
export function bookingSlotRange(slot: BookingSlot, timeZone: string = DEFAULT_TIME_ZONE): TimeRange {
  return {
    from: instantAt(slot.businessDate, slot.fromMinute, timeZone),
    to: instantAt(slot.businessDate, slot.toMinute, timeZone),
  };
}

/**
 * When a booking is, as the guest and the host read it (SPEC 3 Booking.dateFormatted, SPEC 9):
 * the calendar day of its start on the restaurant's clock, full weekday and genitive month, and
 * its clock times — 'суббота, 28 ноября, 05:00–06:00', never the business day's date.
 */
export function bookingWhenText(from: Instant, to: Instant, timeZone: string = DEFAULT_TIME_ZONE): string {
  const start = wallClockAt(from, timeZone);
  return `${formatLongDate(start.date)}, ${formatClock(start.minuteOfDay)}–${formatClock(wallClockAt(to, timeZone).minuteOfDay)}`;
}

/**
 * The span of the staff's bookings board at `now`: the current business day and the next, from
 * 06:00 to 06:00 two days on. A host before midnight sees the night's bookings, one at 05:30 the
 * morning's (issue 30); the board names each booking's calendar day.
 */
export function bookingBoardSpan(now: Instant, timeZone: string = DEFAULT_TIME_ZONE): TimeRange {
  const today = scheduleDayClock(wallClockAt(now, timeZone)).date;
  return {
    from: instantAt(today, DAY_BOUNDARY_MINUTE, timeZone),
    to: instantAt(addDays(today, 2), DAY_BOUNDARY_MINUTE, timeZone),
  };
}

/** Whether a booking may run BOOKING_EXTEND_MINUTES longer: its new length, or why not (decision 027). */
export type BookingExtension =
  | { readonly ok: true; readonly minutes: Minutes }
  | { readonly ok: false; readonly reason: 'too_long' }
  /** The restaurant closes before the new end; `closeMinute` is its closing minute of that schedule day (past 1440 after midnight), null when closed that day. */
  | { readonly ok: false; readonly reason: 'closing'; readonly closeMinute: MinuteOfDay | null };

// The new end must stay within the opening hours of the booking's own schedule day (the 06:00
// boundary, as bookingPeriods offers it) and the booking within BOOKING_MAX_MINUTES.
/** The extension of a booking that starts at `start` (the restaurant's wall clock) and lasts `minutes` (SPEC 4, decision 027). */
export function bookingExtension(input: {
  readonly schedule: readonly ScheduleEntry[];
  readonly start: WallClock;
  readonly minutes: Minutes;
}): BookingExtension {
  const minutes = input.minutes + BOOKING_EXTEND_MINUTES;
  if (minutes > BOOKING_MAX_MINUTES) return { ok: false, reason: 'too_long' };
  const start = scheduleDayClock(input.start);
  const entry = input.schedule.find((candidate) => candidate.day === weekdayOf(start.date));
  if (entry === undefined) return { ok: false, reason: 'closing', closeMinute: null };
  if (start.minute + minutes > entry.toMinute) return { ok: false, reason: 'closing', closeMinute: entry.toMinute };
  return { ok: true, minutes };
}

/** A time range [from, to) in any one unit (seconds, milliseconds). */
export interface TimeRange {
  readonly from: number;
  readonly to: number;
}

/** Whether two half-open ranges share a moment; touching ends do not (a booking may start when another ends). */
export function rangesOverlap(a: TimeRange, b: TimeRange): boolean {
  return a.from < b.to && b.from < a.to;
}

/** A table as booking reads it (SPEC 3 restaurant tables: seats, bookable). */
export interface BookableTable {
  readonly id: number;
  readonly seats: number;
  readonly bookable: boolean;
}

/** A live booking (new or active) holding a table over a range. */
export interface TableHold {
  readonly tableId: number | null;
  readonly from: number;
  readonly to: number;
}

// The smallest fitting table keeps the big ones for big parties; equal tables go by id.
/** The smallest bookable table with seats ≥ guests and no hold over the range, or null (decision 014). */
export function freeTableFor<T extends BookableTable>(
  tables: readonly T[],
  holds: readonly TableHold[],
  guests: number,
  range: TimeRange,
): T | null {
  const held = new Set(holds.filter((hold) => rangesOverlap(hold, range)).map((hold) => hold.tableId));
  const fitting = tables
    .filter((table) => table.bookable && table.seats >= guests && !held.has(table.id))
    .toSorted((a, b) => a.seats - b.seats || a.id - b.id);
  return fitting[0] ?? null;
}

/** A booking number people can read out: 'Б-' day and month of the booking, then its serial, at least 4 digits ('Б-2611-0042'). */
export function bookingNumber(date: CalendarDate, serial: number): string {
  const dd = String(date.day).padStart(2, '0');
  const mm = String(date.month).padStart(2, '0');
  return `Б-${dd}${mm}-${String(serial).padStart(4, '0')}`;
}

/**
 * When an inrest order made from a booking is for (SPEC 4 «Заказать блюда к столу», SPEC 5): the
 * booking's start while it is still ahead, on the restaurant's clock — 'DD.MM.YYYY' of the
 * calendar day it starts on (a 01:00 start is the next calendar day, though its schedule day is
 * the previous one) and 'HH:MM' — or null once it has started: the order is then cooked as soon
 * as ready. A booking was checked against its own rules when it was made (dates to Sunday, the
 * opening hours to 06:00, from now + 15 minutes), so the order takes its time from it, not from
 * the pickup slots a chosen time must be one of.
 */
export function bookingOrderTime(
  booking: { readonly timefrom: UnixSeconds },
  nowSeconds: UnixSeconds,
  timeZone: string,
): { readonly at: UnixSeconds; readonly deliveryDate: string; readonly deliveryTime: string } | null {
  if (booking.timefrom <= nowSeconds) return null;
  const clock = wallClockAt(booking.timefrom * 1000, timeZone);
  return {
    at: booking.timefrom,
    deliveryDate: formatShortDate(clock.date),
    deliveryTime: formatClock(clock.minuteOfDay),
  };
}

/** A booking's stored status (new: made; active: the guest has arrived; cancelled; ended). */
export type BookingStatus = 'new' | 'active' | 'cancelled' | 'ended';

/** Where a booking stands for the guest: before its start, under way, or over (cancelled, ended, time up). */
export type BookingPhase = 'upcoming' | 'running' | 'finished';

/** The phase of a booking at a moment (SPEC 4): a new booking before timefrom is upcoming; from timefrom to timeto it runs. */
export function bookingPhase(
  booking: { readonly status: BookingStatus; readonly timefrom: UnixSeconds; readonly timeto: UnixSeconds },
  nowSeconds: UnixSeconds,
): BookingPhase {
  if (booking.status === 'cancelled' || booking.status === 'ended' || nowSeconds >= booking.timeto) return 'finished';
  return booking.status === 'active' || nowSeconds >= booking.timefrom ? 'running' : 'upcoming';
}

/** What the booking result page offers (SPEC 3 allowOrder, allowCancel, allowMain, textContinue; SPEC 4). */
export interface BookingControls {
  /** Order dishes to the table (opens the restaurant's menu in inrest mode with the booking). */
  readonly allowOrder: boolean;
  /** The main button cancels the booking (upcoming). */
  readonly allowCancel: boolean;
  /** The main button ends the booking (running). */
  readonly allowEnd: boolean;
  /** The booking may be extended by BOOKING_EXTEND_MINUTES (running; the server still checks the table and the hours, decision 027). */
  readonly allowExtend: boolean;
  /** The main button is shown at all. */
  readonly allowMain: boolean;
  /** The order button's text. */
  readonly textContinue: string;
  /** The main button's text. */
  readonly textMain: string;
}

// SPEC 4: a new booking allows ordering dishes or cancel; an existing one allows continuing the
// order, extending or finishing while time remains; the main button cancels or ends it.
/** The result page's buttons for a booking's phase (SPEC 4). */
export function bookingControls(phase: BookingPhase): BookingControls {
  switch (phase) {
    case 'upcoming':
      return {
        allowOrder: true,
        allowCancel: true,
        allowEnd: false,
        allowExtend: false,
        allowMain: true,
        textContinue: 'Заказать блюда к столу',
        textMain: 'Отменить бронь',
      };
    case 'running':
      return {
        allowOrder: true,
        allowCancel: false,
        allowEnd: true,
        allowExtend: true,
        allowMain: true,
        textContinue: 'Продолжить заказ',
        textMain: 'Завершить бронь',
      };
    case 'finished':
      return {
        allowOrder: false,
        allowCancel: false,
        allowEnd: false,
        allowExtend: false,
        allowMain: false,
        textContinue: '',
        textMain: '',
      };
  }
}

/**
 * The booking's words for the guest in a phase (SPEC 3 Booking.message): what the server answers
 * with a booking, and what the result page shows once the clock has moved the booking on (started,
 * or over) without waiting for the server to say so. `dateText` is its Booking.dateFormatted.
 */
export function bookingMessage(
  booking: { readonly status: BookingStatus; readonly table_num: string | null; readonly cntpersons: number },
  phase: BookingPhase,
  dateText: string,
): string {
  if (booking.status === 'cancelled') return BOOKING_CANCELLED_MESSAGE;
  if (booking.status === 'ended') return BOOKING_ENDED_MESSAGE;
  if (phase === 'finished') return 'Время брони закончилось.';
  if (phase === 'running') return 'Бронь идёт. Приятного вечера!';
  const table = booking.table_num ? `Стол №${booking.table_num} забронирован` : 'Стол забронирован';
  return `${table}: ${dateText}. Гостей: ${booking.cntpersons}.`;
}

/**
 * The moves the restaurant's staff may make on a booking (issue 17): a new one becomes active
 * when the guest comes, or is cancelled; an active one ends. Cancelled and ended ones are final.
 */
export function staffBookingMoves(
  status: 'new' | 'active' | 'ended' | 'cancelled',
): Array<'active' | 'ended' | 'cancelled'> {
  if (status === 'new') return ['active', 'cancelled'];
  if (status === 'active') return ['ended'];
  return [];
}
