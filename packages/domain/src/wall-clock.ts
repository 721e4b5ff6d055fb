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

/** From this instant (2021-01-01 UTC) the zones of FIXED_OFFSET_ZONES have kept their offsets. */
export const FIXED_OFFSETS_SINCE = Date.UTC(2021, 0, 1);

/**
 * Zones that keep one offset from UTC all year (no daylight saving), in minutes ahead of UTC,
 * since FIXED_OFFSETS_SINCE: Russia's zones (the last change, Volgograd's, was in December 2020)
 * and UTC. Their wall clock is arithmetic. The first Intl formatter a page builds costs a phone
 * 0.15–0.3 s of ICU's start-up on the screen's first draw (issue 18), and a restaurant of the
 * chain keeps one of these zones. Other zones, and instants before that date, ask Intl. A test
 * checks every entry against the runtime's time-zone data, so a law that moves a zone's clock
 * fails it and the entry is mended or dropped.
 */
export const FIXED_OFFSET_ZONES: Readonly<Record<string, number>> = {
  UTC: 0,
  'Etc/UTC': 0,
  'Europe/Kaliningrad': 120,
  'Europe/Moscow': 180,
  'Europe/Simferopol': 180,
  'Europe/Kirov': 180,
  'Europe/Volgograd': 180,
  'Europe/Astrakhan': 240,
  'Europe/Samara': 240,
  'Europe/Saratov': 240,
  'Europe/Ulyanovsk': 240,
  'Asia/Yekaterinburg': 300,
  'Asia/Omsk': 360,
  'Asia/Barnaul': 420,
  'Asia/Krasnoyarsk': 420,
  'Asia/Novokuznetsk': 420,
  'Asia/Novosibirsk': 420,
  'Asia/Tomsk': 420,
  'Asia/Irkutsk': 480,
  'Asia/Chita': 540,
  'Asia/Khandyga': 540,
  'Asia/Yakutsk': 540,
  'Asia/Ust-Nera': 600,
  'Asia/Vladivostok': 600,
  'Asia/Magadan': 660,
  'Asia/Sakhalin': 660,
  'Asia/Srednekolymsk': 660,
  'Asia/Anadyr': 720,
  'Asia/Kamchatka': 720,
};

function fixedOffsetAt(instant: number, timeZone: string): number | undefined {
  if (!Number.isFinite(instant) || instant < FIXED_OFFSETS_SINCE || !Object.hasOwn(FIXED_OFFSET_ZONES, timeZone))
    return undefined;
  return FIXED_OFFSET_ZONES[timeZone];
}

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
  const ms = Number(instant);
  const offset = fixedOffsetAt(ms, timeZone);
  if (offset !== undefined) {
    const shifted = new Date(ms + offset * MS_PER_MINUTE);
    const date: CalendarDate = {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth() + 1,
      day: shifted.getUTCDate(),
    };
    return { date, weekday: weekdayOf(date), minuteOfDay: shifted.getUTCHours() * 60 + shifted.getUTCMinutes() };
  }
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
  const wallAsUtc = Date.UTC(wall.date.year, wall.date.month - 1, wall.date.day) + wall.minuteOfDay * MS_PER_MINUTE;
  return (wallAsUtc - minuteStart) / MS_PER_MINUTE;
}

/** Epoch milliseconds at which the zone's clock shows `date` at `minuteOfDay` (SPEC 4, 9). */
export function instantAt(date: CalendarDate, minuteOfDay: MinuteOfDay, timeZone: string = DEFAULT_TIME_ZONE): number {
  const wallAsUtc = Date.UTC(date.year, date.month - 1, date.day) + minuteOfDay * MS_PER_MINUTE;
  // The offset at the guess can differ from the offset at the answer across a DST change,
  // so the offset is read a second time at the first estimate.
  const estimate = wallAsUtc - utcOffsetMinutes(wallAsUtc, timeZone) * MS_PER_MINUTE;
  return wallAsUtc - utcOffsetMinutes(estimate, timeZone) * MS_PER_MINUTE;
}
