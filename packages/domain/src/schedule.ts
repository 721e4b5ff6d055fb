import { addDays, type CalendarDate, daysBetween, isSameDate, type Weekday, weekdayOf } from './calendar-date';
import { formatClock } from './time';
import type { MinuteOfDay } from './units';
import { DEFAULT_TIME_ZONE, type Instant, instantAt, type WallClock, wallClockAt } from './wall-clock';

/**
 * One day of a restaurant's `shedule` (SPEC 3): day 1 (Monday) to 7 (Sunday), open from
 * fromMinute up to (not including) toMinute. toMinute above 1440 reaches past midnight.
 */
export interface ScheduleEntry {
  readonly day: number;
  readonly fromMinute: MinuteOfDay;
  readonly toMinute: MinuteOfDay;
}

/** Hours before 06:00 belong to the previous day's schedule (SPEC 4, 9). */
export const DAY_BOUNDARY_MINUTE: MinuteOfDay = 6 * 60;

const MINUTES_PER_DAY = 1440;

function previousWeekday(weekday: Weekday): Weekday {
  return weekday === 1 ? 7 : ((weekday - 1) as Weekday);
}

// Open when fromMinute ≤ minute < toMinute of the day's entry; before 06:00 the previous day's
// entry is read with minute + 1440; no entry means closed. A round-the-clock day is therefore
// written 360..1800, and an entry cannot open its own day before 06:00.
/** Whether the schedule is open at a wall-clock minute; before 06:00 counts as the previous day (SPEC 4). */
export function isOpenAtWallClock(schedule: readonly ScheduleEntry[], clock: WallClock): boolean {
  const previousDay = clock.minuteOfDay < DAY_BOUNDARY_MINUTE;
  const day = previousDay ? previousWeekday(clock.weekday) : clock.weekday;
  const minute = previousDay ? clock.minuteOfDay + MINUTES_PER_DAY : clock.minuteOfDay;
  const entry = schedule.find((candidate) => candidate.day === day);
  return entry !== undefined && entry.fromMinute <= minute && minute < entry.toMinute;
}

/** Whether the schedule is open at an instant, read on the restaurant's zone clock (default Moscow) (SPEC 4). */
export function isOpenAt(
  schedule: readonly ScheduleEntry[],
  instant: Instant,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  return isOpenAtWallClock(schedule, wallClockAt(instant, timeZone));
}

/** Days of opening hours that can follow each other without a break: a week's worth. */
const MAX_JOINED_DAYS = 7;

/**
 * When the opening hours that `instant` falls in end, in epoch milliseconds, or null when the
 * schedule is closed then. Days whose hours meet (round the clock: 06:00 to 06:00 of the next
 * morning) are one stretch; a stretch longer than a week is cut there.
 */
export function openUntil(
  schedule: readonly ScheduleEntry[],
  instant: Instant,
  timeZone: string = DEFAULT_TIME_ZONE,
): number | null {
  let until: number | null = null;
  let at = Number(instant);
  for (let joined = 0; joined < MAX_JOINED_DAYS; joined++) {
    const clock = wallClockAt(at, timeZone);
    if (!isOpenAtWallClock(schedule, clock)) return until;
    const previousDay = clock.minuteOfDay < DAY_BOUNDARY_MINUTE;
    const day = previousDay ? previousWeekday(clock.weekday) : clock.weekday;
    const entry = schedule.find((candidate) => candidate.day === day);
    if (!entry) return until;
    at = instantAt(previousDay ? addDays(clock.date, -1) : clock.date, entry.toMinute, timeZone);
    until = at;
  }
  return until;
}

/** The open day's entry and the minute read against it: before 06:00 the previous day's, minute + 1440 (SPEC 4). */
function businessDayEntry(
  schedule: readonly (ScheduleEntry & { readonly from: string; readonly to: string })[],
  clock: WallClock,
) {
  const previousDay = clock.minuteOfDay < DAY_BOUNDARY_MINUTE;
  const day = previousDay ? previousWeekday(clock.weekday) : clock.weekday;
  const minute = previousDay ? clock.minuteOfDay + MINUTES_PER_DAY : clock.minuteOfDay;
  return { entry: schedule.find((candidate) => candidate.day === day), minute };
}

/** A closed restaurant's marker when no opening is said: closed for the rest of the day, or for a month and more. */
export const CLOSED_TEXT = 'Закрыто';

/**
 * The open-now line of a restaurant (SPEC 2 Self-pickup open-now marker, О кафе): 'Открыто до
 * 23:00', 'Открыто круглосуточно', 'Откроется в 10:00' later in the same business day, else
 * 'Закрыто'. Entries carry their bounds as 'HH:MM' text too (the wire's from/to).
 */
export function openHoursText(
  schedule: readonly (ScheduleEntry & { readonly from: string; readonly to: string })[],
  clock: WallClock,
): string {
  const { entry, minute } = businessDayEntry(schedule, clock);
  if (!entry) return CLOSED_TEXT;
  if (isOpenAtWallClock(schedule, clock)) {
    return entry.toMinute - entry.fromMinute >= MINUTES_PER_DAY ? 'Открыто круглосуточно' : `Открыто до ${entry.to}`;
  }
  return minute < entry.fromMinute ? `Откроется в ${entry.from}` : CLOSED_TEXT;
}

/**
 * A date whose hours differ from its weekday's (issue 31): closed (`hours` null) or other hours,
 * read as that date's business day (06:00 to 06:00) in place of its weekday's entry.
 */
export interface ScheduleHoliday {
  readonly date: CalendarDate;
  readonly hours: { readonly fromMinute: MinuteOfDay; readonly toMinute: MinuteOfDay } | null;
}

/** The business date of a wall clock: before 06:00 the previous calendar date (SPEC 4). */
export function businessDateOf(clock: WallClock): CalendarDate {
  return clock.minuteOfDay < DAY_BOUNDARY_MINUTE ? addDays(clock.date, -1) : clock.date;
}

/**
 * The week's schedule as it holds on one business date: a holiday of that date replaces its
 * weekday's entry (or removes it: closed). Read it only for moments of that business day.
 */
export function scheduleOnDate(
  schedule: readonly ScheduleEntry[],
  holidays: readonly ScheduleHoliday[],
  date: CalendarDate,
): readonly ScheduleEntry[] {
  const holiday = holidays.find((candidate) => isSameDate(candidate.date, date));
  if (!holiday) return schedule;
  const day = weekdayOf(date);
  const others = schedule.filter((entry) => entry.day !== day);
  return holiday.hours
    ? [...others, { day, fromMinute: holiday.hours.fromMinute, toMinute: holiday.hours.toMinute }]
    : others;
}

/** Whether the restaurant is open at a wall-clock minute with its holidays applied (SPEC 4, issue 31). */
export function isOpenOnWallClock(
  schedule: readonly ScheduleEntry[],
  holidays: readonly ScheduleHoliday[],
  clock: WallClock,
): boolean {
  return isOpenAtWallClock(scheduleOnDate(schedule, holidays, businessDateOf(clock)), clock);
}

/** A restaurant's opening hours: the week's `shedule` and the dates whose hours differ (issue 31). */
export interface RestaurantHours {
  readonly schedule: readonly ScheduleEntry[];
  readonly holidays: readonly ScheduleHoliday[];
}

/** Whether a business date is one of the holidays (closed or with other hours). */
export function isHoliday(holidays: readonly ScheduleHoliday[], date: CalendarDate): boolean {
  return holidays.some((holiday) => isSameDate(holiday.date, date));
}

/** Whether the restaurant is open at an instant with its holidays applied, on its zone's clock. */
export function isOpenWithHolidays(
  schedule: readonly ScheduleEntry[],
  holidays: readonly ScheduleHoliday[],
  instant: Instant,
  timeZone: string = DEFAULT_TIME_ZONE,
): boolean {
  return isOpenOnWallClock(schedule, holidays, wallClockAt(instant, timeZone));
}

/** «Закрыть на время» (issue 31): until when, and the words guests read meanwhile ('' for the default). */
export interface ClosedForNow {
  readonly until: Instant | null;
  readonly text: string;
}

/** The most a restaurant's «закрыто до …» text holds. */
export const CLOSED_TEXT_MAX_LENGTH = 120;

/**
 * What guests read while the restaurant is closed for now — the manager's words, or «Закрыто до
 * 18:00» (with the date when it is not today on the restaurant's clock) — or null once the time
 * has passed: it opens again by itself, nothing to sweep. order/create refuses with the same text.
 */
export function closedForNowText(
  closed: ClosedForNow,
  instant: Instant,
  timeZone: string = DEFAULT_TIME_ZONE,
): string | null {
  if (closed.until === null || Number(instant) >= Number(closed.until)) return null;
  const text = closed.text.trim();
  if (text !== '') return text;
  const until = wallClockAt(closed.until, timeZone);
  const today = isSameDate(until.date, wallClockAt(instant, timeZone).date);
  const day = today ? '' : `${String(until.date.day).padStart(2, '0')}.${String(until.date.month).padStart(2, '0')} `;
  return `Закрыто до ${day}${formatClock(until.minuteOfDay)}`;
}

/** How far ahead the next opening is looked for: a month of business days (a long holiday closure). */
const NEXT_OPENING_DAYS = 31;

/**
 * When the restaurant next opens after `instant`, in epoch milliseconds, or null when it does not
 * within a month: the first business day (06:00 to 06:00, SPEC 4) from the instant's whose hours —
 * its holiday's in place of its weekday's (issue 31) — start after it. Hours past midnight belong to
 * the day they started on, so at 03:30 a restaurant closed at 02:00 opens at 10:00 the same morning.
 * Read it while the restaurant is closed: while it is open it is the next day's opening.
 */
export function nextOpeningAt(
  hours: RestaurantHours,
  instant: Instant,
  timeZone: string = DEFAULT_TIME_ZONE,
): number | null {
  const now = Number(instant);
  const first = businessDateOf(wallClockAt(now, timeZone));
  for (let offset = 0; offset <= NEXT_OPENING_DAYS; offset++) {
    const date = addDays(first, offset);
    const day = weekdayOf(date);
    const entry = scheduleOnDate(hours.schedule, hours.holidays, date).find((candidate) => candidate.day === day);
    if (!entry) continue;
    const opens = instantAt(date, entry.fromMinute, timeZone);
    if (opens > now) return opens;
  }
  return null;
}

/** «в среду», «во вторник»: a weekday as «Откроется …» names it. */
const ON_WEEKDAY: Readonly<Record<Weekday, string>> = {
  1: 'в понедельник',
  2: 'во вторник',
  3: 'в среду',
  4: 'в четверг',
  5: 'в пятницу',
  6: 'в субботу',
  7: 'в воскресенье',
};

/**
 * When a restaurant closed now opens, as guests read it (SPEC 2 Self-pickup open-now marker, the
 * menu of a closed restaurant): «Откроется в 10:00» later on today's calendar date, «Откроется
 * завтра в 10:00», «Откроется в среду в 10:00» within the week, «Откроется 05.01 в 10:00» later,
 * «Закрыто» when it does not open within a month. Dates are the calendar's (decision 042).
 */
export function opensText(opening: Instant | null, instant: Instant, timeZone: string = DEFAULT_TIME_ZONE): string {
  if (opening === null) return CLOSED_TEXT;
  const at = wallClockAt(opening, timeZone);
  const clock = formatClock(at.minuteOfDay);
  const days = daysBetween(wallClockAt(instant, timeZone).date, at.date);
  if (days <= 0) return `Откроется в ${clock}`;
  if (days === 1) return `Откроется завтра в ${clock}`;
  if (days < 7) return `Откроется ${ON_WEEKDAY[at.weekday]} в ${clock}`;
  return `Откроется ${String(at.date.day).padStart(2, '0')}.${String(at.date.month).padStart(2, '0')} в ${clock}`;
}

/** Whether the restaurant is open now, and what its marker reads when it is not: opensText of nextOpeningAt (SPEC 4). */
export function openingNow(
  hours: RestaurantHours,
  instant: Instant,
  timeZone: string = DEFAULT_TIME_ZONE,
): { readonly open: boolean; readonly opens: string } {
  if (isOpenWithHolidays(hours.schedule, hours.holidays, instant, timeZone)) return { open: true, opens: '' };
  return { open: false, opens: opensText(nextOpeningAt(hours, instant, timeZone), instant, timeZone) };
}
