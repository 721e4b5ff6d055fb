import { DAY_BOUNDARY_MINUTE, type ScheduleEntry } from './schedule';
import { formatClock, parseClock, weekdayShortName } from './time';
import type { Weekday } from './calendar-date';
import type { MinuteOfDay } from './units';

/*
 * A restaurant's hours as a manager types them (issue 31): 'HH:MM' to 'HH:MM' on the
 * restaurant's clock, a closing time at or before the opening one reaching past midnight
 * (10:00–02:00), read into the schedule's minutes (schedule.ts: toMinute past 1440 belongs to the
 * day until 06:00, SPEC 4). 06:00–06:00 is round the clock.
 */

const MINUTES_PER_DAY = 1440;
/** The schedule's last minute: 06:00 of the next morning. */
const LAST_MINUTE = MINUTES_PER_DAY + DAY_BOUNDARY_MINUTE;

/** Hours as the form sends them. */
export interface HoursText {
  readonly from: string;
  readonly to: string;
}

export type HoursReading =
  | { readonly ok: true; readonly fromMinute: MinuteOfDay; readonly toMinute: MinuteOfDay }
  | { readonly ok: false; readonly message: string };

export const HOURS_TEXTS = {
  notAClock: 'время — в виде ЧЧ:ММ, например 10:00',
  beforeDayStart: 'открытие до 06:00 относится к часам предыдущего дня: укажите его там (например, 10:00–02:00)',
  pastNextDay: 'часы заходят на следующий день: после полуночи можно работать до 06:00',
  twice: 'часы этого дня указаны дважды',
} as const;

/** The schedule's minutes of typed hours, or why they are not hours of one business day. */
export function readHours(hours: HoursText): HoursReading {
  const from = parseClock(hours.from);
  const to = parseClock(hours.to);
  if (from === null || to === null || from >= MINUTES_PER_DAY) return { ok: false, message: HOURS_TEXTS.notAClock };
  if (from < DAY_BOUNDARY_MINUTE) return { ok: false, message: HOURS_TEXTS.beforeDayStart };
  const toMinute = to <= from ? to + MINUTES_PER_DAY : to;
  if (toMinute > LAST_MINUTE) return { ok: false, message: HOURS_TEXTS.pastNextDay };
  return { ok: true, fromMinute: from, toMinute };
}

/** A schedule entry's bounds as the form shows them ('10:00', '02:00'). */
export function hoursTextOf(entry: Pick<ScheduleEntry, 'fromMinute' | 'toMinute'>): HoursText {
  return { from: formatClock(entry.fromMinute), to: formatClock(entry.toMinute) };
}

/**
 * A week of typed hours (days 1 = Monday … 7) as schedule entries, or the first problem named by
 * its day («Пт: часы заходят на следующий день …»). A day absent is a day off.
 */
export function readWeekHours(
  days: readonly (HoursText & { readonly day: number })[],
): { ok: true; entries: ScheduleEntry[] } | { ok: false; message: string } {
  const entries: ScheduleEntry[] = [];
  for (const day of days) {
    const name = weekdayShortName(day.day as Weekday);
    if (entries.some((entry) => entry.day === day.day)) return { ok: false, message: `${name}: ${HOURS_TEXTS.twice}` };
    const reading = readHours(day);
    if (!reading.ok) return { ok: false, message: `${name}: ${reading.message}` };
    entries.push({ day: day.day, fromMinute: reading.fromMinute, toMinute: reading.toMinute });
  }
  return { ok: true, entries: entries.sort((a, b) => a.day - b.day) };
}

/** Whether the name is an IANA time zone this runtime knows ('Europe/Moscow'); offsets and abbreviations are not. */
export function isTimeZoneName(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/.test(name) || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
