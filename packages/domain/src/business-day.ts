import { addDays, type CalendarDate } from './calendar-date';
import { DAY_BOUNDARY_MINUTE } from './schedule';
import type { MinuteOfDay } from './units';
import { DEFAULT_TIME_ZONE, type Instant, wallClockAt } from './wall-clock';

/** The restaurant's working day of an instant: before 06:00 it is still the previous day (SPEC 4, 9). */
export function businessDay(instant: Instant, timeZone: string = DEFAULT_TIME_ZONE): CalendarDate {
  const clock = wallClockAt(instant, timeZone);
  return clock.minuteOfDay < DAY_BOUNDARY_MINUTE ? addDays(clock.date, -1) : clock.date;
}

const MINUTES_PER_DAY = 1440;

/**
 * Where a minute of a business day falls on the calendar: past 1440 it is the next calendar day
 * (Friday's minute 1500 is Saturday 01:00) — the inverse of scheduleDayClock. The business day
 * (06:00 to 06:00, SPEC 4, 9) only says whose opening hours hold a moment; every date a guest or a
 * host reads names the calendar day this gives (issue 30, decision 042).
 */
export function calendarClockOf(
  businessDate: CalendarDate,
  minute: MinuteOfDay,
): { readonly date: CalendarDate; readonly minuteOfDay: MinuteOfDay } {
  const days = Math.floor(minute / MINUTES_PER_DAY);
  return { date: addDays(businessDate, days), minuteOfDay: minute - days * MINUTES_PER_DAY };
}

/** 'YYYY-MM-DD' (the database's date text) → a calendar date, or null when it is not a real date. */
export function parseIsoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return null;
  const date = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const real =
    date.month >= 1 &&
    date.month <= 12 &&
    date.day >= 1 &&
    date.day <= new Date(Date.UTC(date.year, date.month, 0)).getUTCDate();
  return real ? date : null;
}

/** A calendar date as 'YYYY-MM-DD' (the database's date text). */
export function isoDateText(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}
