import { addDays, type Weekday } from './calendar-date';
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
export function openUntil(schedule: readonly ScheduleEntry[], instant: Instant, timeZone: string = DEFAULT_TIME_ZONE): number | null {
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
function businessDayEntry(schedule: readonly (ScheduleEntry & { readonly from: string; readonly to: string })[], clock: WallClock) {
  const previousDay = clock.minuteOfDay < DAY_BOUNDARY_MINUTE;
  const day = previousDay ? previousWeekday(clock.weekday) : clock.weekday;
  const minute = previousDay ? clock.minuteOfDay + MINUTES_PER_DAY : clock.minuteOfDay;
  return { entry: schedule.find((candidate) => candidate.day === day), minute };
}

/**
 * The open-now line of a restaurant (SPEC 2 Self-pickup open-now marker, О кафе): 'Открыто до
 * 23:00', 'Открыто круглосуточно', 'Откроется в 10:00' later in the same business day, else
 * 'Закрыто'. Entries carry their bounds as 'HH:MM' text too (the wire's from/to).
 */
export function openHoursText(schedule: readonly (ScheduleEntry & { readonly from: string; readonly to: string })[], clock: WallClock): string {
  const { entry, minute } = businessDayEntry(schedule, clock);
  if (!entry) return 'Закрыто';
  if (isOpenAtWallClock(schedule, clock)) {
    return entry.toMinute - entry.fromMinute >= MINUTES_PER_DAY ? 'Открыто круглосуточно' : `Открыто до ${entry.to}`;
  }
  return minute < entry.fromMinute ? `Откроется в ${entry.from}` : 'Закрыто';
}
