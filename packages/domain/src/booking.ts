import { addDays, type CalendarDate, weekdayOf } from './calendar-date';
import type { UnixSeconds } from './units';
import { DEFAULT_TIME_ZONE, instantAt } from './wall-clock';

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
/** Seconds left on a booking: timeto − max(now, timefrom), never below 0 (SPEC 4). */
export function bookingRemainingSeconds(
  booking: { readonly timefrom: UnixSeconds; readonly timeto: UnixSeconds },
  nowSeconds: UnixSeconds,
): number {
  return Math.max(0, booking.timeto - Math.max(nowSeconds, booking.timefrom));
}
