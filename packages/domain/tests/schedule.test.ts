import { describe, expect, it } from 'vitest';
import {
  CLOSED_TEXT,
  DAY_BOUNDARY_MINUTE,
  isOpenAt,
  isOpenAtWallClock,
  nextOpeningAt,
  openingNow,
  opensText,
  openUntil,
  type ScheduleEntry,
} from '../src/schedule';
import { instantAt, type WallClock } from '../src/wall-clock';

// Monday to Saturday 10:00–02:00 (past midnight), Sunday 12:00–22:00.
const schedule: ScheduleEntry[] = [
  ...[1, 2, 3, 4, 5, 6].map((day) => ({ day, fromMinute: 600, toMinute: 1560 })),
  { day: 7, fromMinute: 720, toMinute: 1320 },
];

function at(weekday: WallClock['weekday'], hours: number, minutes = 0): WallClock {
  return { date: { year: 2024, month: 1, day: weekday }, weekday, minuteOfDay: hours * 60 + minutes };
}

describe('open now (SPEC 4)', () => {
  it('is open from fromMinute and closed at toMinute (SPEC 4)', () => {
    expect(isOpenAtWallClock(schedule, at(3, 9, 59))).toBe(false);
    expect(isOpenAtWallClock(schedule, at(3, 10, 0))).toBe(true);
    expect(isOpenAtWallClock(schedule, at(7, 21, 59))).toBe(true);
    expect(isOpenAtWallClock(schedule, at(7, 22, 0))).toBe(false);
  });

  it('counts hours before 06:00 as the previous day, 24 h later (SPEC 4, 9)', () => {
    expect(DAY_BOUNDARY_MINUTE).toBe(360);
    // Tuesday 01:59 is Monday 25:59, inside Monday's 10:00–26:00
    expect(isOpenAtWallClock(schedule, at(2, 1, 59))).toBe(true);
    expect(isOpenAtWallClock(schedule, at(2, 2, 0))).toBe(false);
  });

  it('treats midnight as the previous day (SPEC 4)', () => {
    expect(isOpenAtWallClock(schedule, at(2, 0, 0))).toBe(true);
    // Monday 00:00 belongs to Sunday, which closed at 22:00
    expect(isOpenAtWallClock(schedule, at(1, 0, 0))).toBe(false);
  });

  it('switches days between 05:59 and 06:00 (SPEC 4, 9)', () => {
    const nightOwl: ScheduleEntry[] = [
      { day: 1, fromMinute: 360, toMinute: 1800 },
      { day: 2, fromMinute: 420, toMinute: 1320 },
    ];
    // Tuesday 05:59 is still Monday (minute 1799): open
    expect(isOpenAtWallClock(nightOwl, at(2, 5, 59))).toBe(true);
    // Tuesday 06:00 is Tuesday, which opens at 07:00: closed
    expect(isOpenAtWallClock(nightOwl, at(2, 6, 0))).toBe(false);
    // Monday 06:00 is Monday's own first minute
    expect(isOpenAtWallClock(nightOwl, at(1, 6, 0))).toBe(true);
  });

  it('reads Sunday as day 7 for the small hours of Monday (SPEC 4)', () => {
    const lateSunday: ScheduleEntry[] = [{ day: 7, fromMinute: 720, toMinute: 1500 }];
    expect(isOpenAtWallClock(lateSunday, at(1, 0, 59))).toBe(true);
    expect(isOpenAtWallClock(lateSunday, at(1, 1, 0))).toBe(false);
  });

  it('is closed on a day without an entry (SPEC 4)', () => {
    const weekdaysOnly = schedule.filter((entry) => entry.day !== 7);
    expect(isOpenAtWallClock(weekdaysOnly, at(7, 15))).toBe(false);
    expect(isOpenAtWallClock([], at(3, 15))).toBe(false);
  });

  it('reads the restaurant zone clock, Moscow by default, never the host clock (SPEC 4)', () => {
    // 2024-01-01 06:30 UTC: Monday 09:30 in Moscow (closed), Monday 15:30 in Yakutsk (open)
    const instant = Date.UTC(2024, 0, 1, 6, 30);
    expect(isOpenAt(schedule, instant)).toBe(false);
    expect(isOpenAt(schedule, new Date(instant), 'Asia/Yakutsk')).toBe(true);
    // 07:00 UTC is 10:00 in Moscow
    expect(isOpenAt(schedule, Date.UTC(2024, 0, 1, 7, 0))).toBe(true);
  });
});

describe('when the opening hours end (decision 032)', () => {
  // 1 January 2024 was a Monday; Moscow time.
  const moscow = (day: number, minute: number) => instantAt({ year: 2024, month: 1, day }, minute, 'Europe/Moscow');

  it('is the end of the hours the moment falls in, past midnight too, and none while closed', () => {
    expect(openUntil(schedule, moscow(3, 12 * 60))).toBe(moscow(4, 2 * 60));
    // Thursday 01:30 belongs to Wednesday's 10:00–02:00.
    expect(openUntil(schedule, moscow(4, 90))).toBe(moscow(4, 2 * 60));
    expect(openUntil(schedule, moscow(7, 21 * 60))).toBe(moscow(7, 22 * 60));
    expect(openUntil(schedule, moscow(3, 9 * 60))).toBeNull();
    expect(openUntil(schedule, moscow(4, 3 * 60))).toBeNull();
  });

  it('joins days whose hours meet, so round the clock runs on past 06:00, a week at most', () => {
    const roundTheClock = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 360, toMinute: 1800 }));
    // Monday 05:00 is in Sunday's day; seven days joined end on Sunday morning.
    expect(openUntil(roundTheClock, moscow(1, 5 * 60))).toBe(moscow(7, 6 * 60));
    const untilSunday = [1, 2, 3, 4, 5, 6].map((day) => ({ day, fromMinute: 360, toMinute: 1800 }));
    expect(openUntil(untilSunday, moscow(3, 12 * 60))).toBe(moscow(7, 6 * 60));
  });
});

describe('when a closed restaurant opens (SPEC 4 open now, SPEC 2 Self-pickup marker, issue 33)', () => {
  /** An instant at a Moscow wall-clock time; 2026-11-29 is a Sunday. */
  const moscow = (date: string, time: string) => Date.parse(`${date}T${time}:00+03:00`);
  // Mon–Sat 10:00–02:00 past midnight, Sunday 12:00–22:00 (the schedule above).
  const hours = { schedule, holidays: [] };

  it('at 03:30 the night’s hours are over and it opens at 10:00 that morning (SPEC 4: before 06:00 is the previous day)', () => {
    const now = moscow('2026-11-24', '03:30');
    expect(nextOpeningAt(hours, now)).toBe(moscow('2026-11-24', '10:00'));
    expect(opensText(nextOpeningAt(hours, now), now)).toBe('Откроется в 10:00');
    expect(openingNow(hours, now)).toEqual({ open: false, opens: 'Откроется в 10:00' });
  });

  it('across 06:00 the answer is the same morning’s opening, read from either business day (SPEC 4, SPEC 9)', () => {
    expect(nextOpeningAt(hours, moscow('2026-11-24', '05:59'))).toBe(moscow('2026-11-24', '10:00'));
    expect(nextOpeningAt(hours, moscow('2026-11-24', '06:00'))).toBe(moscow('2026-11-24', '10:00'));
  });

  it('after closing it names tomorrow, a weekday within the week, else the date (SPEC 4)', () => {
    // Sunday 22:30: Monday 10:00 is tomorrow.
    const sunday = moscow('2026-11-29', '22:30');
    expect(opensText(nextOpeningAt(hours, sunday), sunday)).toBe('Откроется завтра в 10:00');
    expect(opensText(moscow('2026-12-02', '10:00'), sunday)).toBe('Откроется в среду в 10:00');
    expect(opensText(moscow('2026-12-01', '10:00'), sunday)).toBe('Откроется во вторник в 10:00');
    expect(opensText(moscow('2026-12-07', '10:00'), sunday)).toBe('Откроется 07.12 в 10:00');
    expect(opensText(null, sunday)).toBe(CLOSED_TEXT);
  });

  it('skips a holiday that closes a day and reads one with other hours (issue 31)', () => {
    const now = moscow('2026-11-24', '03:30');
    const closedTuesday = { schedule, holidays: [{ date: { year: 2026, month: 11, day: 24 }, hours: null }] };
    expect(nextOpeningAt(closedTuesday, now)).toBe(moscow('2026-11-25', '10:00'));
    expect(opensText(nextOpeningAt(closedTuesday, now), now)).toBe('Откроется завтра в 10:00');
    const lateTuesday = {
      schedule,
      holidays: [{ date: { year: 2026, month: 11, day: 24 }, hours: { fromMinute: 900, toMinute: 1200 } }],
    };
    expect(opensText(nextOpeningAt(lateTuesday, now), now)).toBe('Откроется в 15:00');
  });

  it('is open now with nothing to say, and a schedule without days never opens (SPEC 4)', () => {
    expect(openingNow(hours, moscow('2026-11-24', '12:00'))).toEqual({ open: true, opens: '' });
    expect(nextOpeningAt({ schedule: [], holidays: [] }, moscow('2026-11-24', '12:00'))).toBeNull();
    expect(openingNow({ schedule: [], holidays: [] }, moscow('2026-11-24', '12:00'))).toEqual({
      open: false,
      opens: 'Закрыто',
    });
  });
});
