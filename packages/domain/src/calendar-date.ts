/** A day on the calendar, independent of any time zone; month is 1 to 12. */
export interface CalendarDate {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

/** Day of the week, Monday 1 to Sunday 7 (SPEC 4: Sunday is day 7). */
export type Weekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

const MS_PER_DAY = 86_400_000;

function utcMidnight(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day);
}

function dateOfUtc(ms: number): CalendarDate {
  const moment = new Date(ms);
  return { year: moment.getUTCFullYear(), month: moment.getUTCMonth() + 1, day: moment.getUTCDate() };
}

/** The date `days` calendar days later, negative for earlier; months and years roll over (SPEC 9 date choices). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return dateOfUtc(utcMidnight(date) + days * MS_PER_DAY);
}

/** Weekday of a date, Monday 1 … Sunday 7 (SPEC 4). */
export function weekdayOf(date: CalendarDate): Weekday {
  return (((new Date(utcMidnight(date)).getUTCDay() + 6) % 7) + 1) as Weekday;
}

/** Whole days from `from` to `to`, negative when `to` is earlier (SPEC 9 date choices). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((utcMidnight(to) - utcMidnight(from)) / MS_PER_DAY);
}

/** Whether two dates are the same calendar day, e.g. today (SPEC 5, 9). */
export function isSameDate(a: CalendarDate, b: CalendarDate): boolean {
  return daysBetween(a, b) === 0;
}
