import { type CalendarDate, type Weekday, weekdayOf } from './calendar-date';
import type { MinuteOfDay } from './units';

/** The chain's restaurants keep Moscow time unless they carry their own zone (ARCHITECTURE). */
export const DEFAULT_TIME_ZONE = 'Europe/Moscow';

/** A moment: a Date or epoch milliseconds. */
export type Instant = Date | number;

/** What a wall clock in some time zone shows at an instant: date, weekday, minute of the day. */
export interface WallClock {
  readonly date: CalendarDate;
  readonly weekday: Weekday;
  readonly minuteOfDay: MinuteOfDay;
}

const MS_PER_MINUTE = 60_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

// Building an Intl formatter costs far more than using one, so one is kept per zone.
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const known = formatters.get(timeZone);
  if (known !== undefined) return known;
  const created = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  formatters.set(timeZone, created);
  return created;
}

/** The wall clock of an instant in an IANA zone (default Europe/Moscow), never the host's zone (SPEC 4). */
export function wallClockAt(instant: Instant, timeZone: string = DEFAULT_TIME_ZONE): WallClock {
  const fields: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = Object.fromEntries(
    formatterFor(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  const date: CalendarDate = { year: Number(fields.year), month: Number(fields.month), day: Number(fields.day) };
  return { date, weekday: weekdayOf(date), minuteOfDay: Number(fields.hour) * 60 + Number(fields.minute) };
}

/** Minutes a zone is ahead of UTC at an instant (Moscow +180) (SPEC 4); JS getTimezoneOffset is its negation. */
export function utcOffsetMinutes(instant: Instant, timeZone: string = DEFAULT_TIME_ZONE): number {
  const minuteStart = Math.floor(Number(instant) / MS_PER_MINUTE) * MS_PER_MINUTE;
  const wall = wallClockAt(minuteStart, timeZone);
  const wallAsUtc =
    Date.UTC(wall.date.year, wall.date.month - 1, wall.date.day) + wall.minuteOfDay * MS_PER_MINUTE;
  return (wallAsUtc - minuteStart) / MS_PER_MINUTE;
}

/** Epoch milliseconds at which the zone's clock shows `date` at `minuteOfDay` (SPEC 4, 9). */
export function instantAt(
  date: CalendarDate,
  minuteOfDay: MinuteOfDay,
  timeZone: string = DEFAULT_TIME_ZONE,
): number {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MS_PER_MINUTE;
  // The offset at the guess can differ from the offset at the answer across a DST change,
  // so the offset is read a second time at the first estimate.
  const estimate = wallAsUtc - utcOffsetMinutes(wallAsUtc, timeZone) * MS_PER_MINUTE;
  return wallAsUtc - utcOffsetMinutes(estimate, timeZone) * MS_PER_MINUTE;
}
