import { describe, expect, it } from 'vitest';
import { parseIsoDate } from '../src/business-day';
import { HOURS_TEXTS, hoursTextOf, isTimeZoneName, readHours, readWeekHours } from '../src/restaurant-hours';
import {
  closedForNowText,
  isHoliday,
  isOpenOnWallClock,
  isOpenWithHolidays,
  scheduleOnDate,
  type ScheduleEntry,
  type ScheduleHoliday,
} from '../src/schedule';
import { instantAt, type WallClock } from '../src/wall-clock';

// Issue 31: the hours a manager types, holidays read on the business day (SPEC 4: before 06:00
// is the previous day), and «закрыто на время». 2024-01-01 is a Monday.

const week: ScheduleEntry[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 600, toMinute: 1560 }));
const clock = (day: number, hours: number, minutes = 0): WallClock => ({
  date: { year: 2024, month: 1, day },
  weekday: (((day - 1) % 7) + 1) as WallClock['weekday'],
  minuteOfDay: hours * 60 + minutes,
});

describe('typed hours (issue 31)', () => {
  it('reads a closing time at or before the opening as past midnight, until 06:00', () => {
    expect(readHours({ from: '10:00', to: '02:00' })).toEqual({ ok: true, fromMinute: 600, toMinute: 1560 });
    expect(readHours({ from: '10:00', to: '23:00' })).toEqual({ ok: true, fromMinute: 600, toMinute: 1380 });
    expect(readHours({ from: '06:00', to: '06:00' })).toEqual({ ok: true, fromMinute: 360, toMinute: 1800 });
    expect(readHours({ from: '12:00', to: '24:00' })).toEqual({ ok: true, fromMinute: 720, toMinute: 1440 });
    expect(hoursTextOf({ fromMinute: 600, toMinute: 1560 })).toEqual({ from: '10:00', to: '02:00' });
  });

  it('refuses hours reaching into the next business day, opening before 06:00, or not a time', () => {
    expect(readHours({ from: '10:00', to: '06:01' })).toEqual({ ok: false, message: HOURS_TEXTS.pastNextDay });
    expect(readHours({ from: '10:00', to: '10:00' })).toEqual({ ok: false, message: HOURS_TEXTS.pastNextDay });
    expect(readHours({ from: '05:59', to: '12:00' })).toEqual({ ok: false, message: HOURS_TEXTS.beforeDayStart });
    expect(readHours({ from: '24:00', to: '02:00' })).toEqual({ ok: false, message: HOURS_TEXTS.notAClock });
    expect(readHours({ from: '1000', to: '02:00' })).toEqual({ ok: false, message: HOURS_TEXTS.notAClock });
  });

  it('reads a week by day, Monday first, naming the day of a problem; a day absent is a day off', () => {
    expect(
      readWeekHours([
        { day: 7, from: '12:00', to: '22:00' },
        { day: 1, from: '10:00', to: '01:30' },
      ]),
    ).toEqual({
      ok: true,
      entries: [
        { day: 1, fromMinute: 600, toMinute: 1530 },
        { day: 7, fromMinute: 720, toMinute: 1320 },
      ],
    });
    expect(readWeekHours([{ day: 5, from: '10:00', to: '07:00' }])).toEqual({
      ok: false,
      message: `Пт: ${HOURS_TEXTS.pastNextDay}`,
    });
    expect(
      readWeekHours([
        { day: 2, from: '10:00', to: '20:00' },
        { day: 2, from: '11:00', to: '21:00' },
      ]),
    ).toEqual({ ok: false, message: `Вт: ${HOURS_TEXTS.twice}` });
  });

  it('knows IANA zones and nothing else', () => {
    expect(isTimeZoneName('Europe/Moscow')).toBe(true);
    expect(isTimeZoneName('Asia/Yekaterinburg')).toBe(true);
    expect(isTimeZoneName('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZoneName('Moscow/Kremlin')).toBe(false);
    expect(isTimeZoneName('+03:00')).toBe(false);
    expect(isTimeZoneName('')).toBe(false);
  });
});

describe('holidays on the business day (issue 31, SPEC 4)', () => {
  const closedMonday: ScheduleHoliday = { date: { year: 2024, month: 1, day: 1 }, hours: null };
  const shortTuesday: ScheduleHoliday = {
    date: { year: 2024, month: 1, day: 2 },
    hours: { fromMinute: 720, toMinute: 1080 },
  };

  it('a closed date is closed from its 06:00 to the next 06:00, its night included', () => {
    expect(isOpenOnWallClock(week, [closedMonday], clock(1, 12))).toBe(false);
    // Tuesday 01:30 is Monday's business day: closed with Monday.
    expect(isOpenOnWallClock(week, [closedMonday], clock(2, 1, 30))).toBe(false);
    expect(isOpenOnWallClock(week, [], clock(2, 1, 30))).toBe(true);
    // Monday 01:30 is Sunday's night: Sunday's hours hold.
    expect(isOpenOnWallClock(week, [closedMonday], clock(1, 1, 30))).toBe(true);
    expect(isOpenOnWallClock(week, [closedMonday], clock(2, 10))).toBe(true);
  });

  it('other hours replace the weekday’s for that date only, across 06:00', () => {
    expect(isOpenOnWallClock(week, [shortTuesday], clock(2, 11, 59))).toBe(false);
    expect(isOpenOnWallClock(week, [shortTuesday], clock(2, 12))).toBe(true);
    expect(isOpenOnWallClock(week, [shortTuesday], clock(2, 18))).toBe(false);
    expect(isOpenOnWallClock(week, [shortTuesday], clock(3, 1))).toBe(false);
    expect(isOpenOnWallClock(week, [shortTuesday], clock(2, 1))).toBe(true);
    expect(scheduleOnDate(week, [shortTuesday], { year: 2024, month: 1, day: 9 })).toBe(week);
  });

  it('reads an instant on the restaurant’s clock', () => {
    const tuesdayNight = instantAt({ year: 2024, month: 1, day: 2 }, 90, 'Europe/Moscow');
    expect(isOpenWithHolidays(week, [], tuesdayNight, 'Europe/Moscow')).toBe(true);
    expect(isOpenWithHolidays(week, [closedMonday], tuesdayNight, 'Europe/Moscow')).toBe(false);
    expect(parseIsoDate('2024-02-30')).toBeNull();
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
  });
});

describe('a holiday on the restaurant’s own clock (SPEC 4 Open now, SPEC 9 day boundary, issue 31)', () => {
  // Every day 10:00–02:00 of the next morning; 2024-12-31 is a Tuesday.
  const newYearsEve: ScheduleHoliday = {
    date: { year: 2024, month: 12, day: 31 },
    hours: { fromMinute: 600, toMinute: 1680 },
  };
  const newYear: ScheduleHoliday = { date: { year: 2025, month: 1, day: 1 }, hours: null };
  const at = (month: number, day: number, minute: number, zone: string) =>
    instantAt({ year: month === 12 ? 2024 : 2025, month, day }, minute, zone);

  it('closes today all day on its zone’s clock, while Moscow is still on the day before', () => {
    const yekaterinburg = 'Asia/Yekaterinburg';
    // Round the clock: 06:00 to 06:00 of the next morning, every day.
    const roundTheClock: ScheduleEntry[] = [1, 2, 3, 4, 5, 6, 7].map((day) => ({
      day,
      fromMinute: 360,
      toMinute: 1800,
    }));
    // 1 January 07:00 in Yekaterinburg is 05:00 in Moscow.
    const morning = at(1, 1, 7 * 60, yekaterinburg);
    // On the restaurant's Yekaterinburg clock it is the holiday's business day: closed.
    expect(isOpenWithHolidays(roundTheClock, [newYear], morning, yekaterinburg)).toBe(false);
    expect(isOpenWithHolidays(roundTheClock, [newYear], at(1, 1, 5 * 60 + 59, yekaterinburg), yekaterinburg)).toBe(
      true,
    );
    // Read on Moscow's clock the same instant is 05:00, still 31 December's business day: open.
    expect(isOpenWithHolidays(roundTheClock, [newYear], morning, 'Europe/Moscow')).toBe(true);
    expect(isOpenWithHolidays(week, [newYear], at(1, 1, 12 * 60, yekaterinburg), yekaterinburg)).toBe(false);
    // The day after the holiday opens at its own 10:00.
    expect(isOpenWithHolidays(week, [newYear], at(1, 2, 10 * 60, yekaterinburg), yekaterinburg)).toBe(true);
  });

  it('a holiday’s hours past midnight run into the next date until they end, the next holiday starting at 06:00', () => {
    const moscow = 'Europe/Moscow';
    // 31 December 10:00–04:00: at 03:59 on 1 January it is still open, though 1 January is closed.
    expect(isOpenWithHolidays(week, [newYearsEve, newYear], at(1, 1, 3 * 60 + 59, moscow), moscow)).toBe(true);
    expect(isOpenWithHolidays(week, [newYearsEve, newYear], at(1, 1, 4 * 60, moscow), moscow)).toBe(false);
    // Without the eve's own hours the week's 02:00 holds that night.
    expect(isOpenWithHolidays(week, [newYear], at(1, 1, 3 * 60, moscow), moscow)).toBe(false);
    // 1 January's business day from 06:00 (and its night, 2 January 01:30) is closed.
    expect(isOpenWithHolidays(week, [newYearsEve, newYear], at(1, 1, 6 * 60, moscow), moscow)).toBe(false);
    expect(isOpenWithHolidays(week, [newYearsEve, newYear], at(1, 2, 90, moscow), moscow)).toBe(false);
    expect(isHoliday([newYear], { year: 2025, month: 1, day: 1 })).toBe(true);
    expect(isHoliday([newYear], { year: 2025, month: 1, day: 2 })).toBe(false);
  });
});

describe('closed for now (issue 31)', () => {
  const noon = instantAt({ year: 2024, month: 1, day: 3 }, 720, 'Europe/Moscow');
  const evening = instantAt({ year: 2024, month: 1, day: 3 }, 1080, 'Europe/Moscow');

  it('says the manager’s words, or «Закрыто до» the time on the restaurant’s clock, until then; after, nothing', () => {
    expect(closedForNowText({ until: evening, text: '' }, noon, 'Europe/Moscow')).toBe('Закрыто до 18:00');
    expect(closedForNowText({ until: evening, text: '' }, noon, 'Asia/Yekaterinburg')).toBe('Закрыто до 20:00');
    expect(closedForNowText({ until: evening, text: ' Учёт до вечера ' }, noon, 'Europe/Moscow')).toBe(
      'Учёт до вечера',
    );
    expect(closedForNowText({ until: evening, text: '' }, evening - 1, 'Europe/Moscow')).toBe('Закрыто до 18:00');
    expect(closedForNowText({ until: evening, text: 'Учёт' }, evening, 'Europe/Moscow')).toBeNull();
    expect(closedForNowText({ until: null, text: 'Учёт' }, noon, 'Europe/Moscow')).toBeNull();
  });

  it('names the date when the time is not today, across midnight', () => {
    const tomorrowMorning = instantAt({ year: 2024, month: 1, day: 4 }, 600, 'Europe/Moscow');
    expect(closedForNowText({ until: tomorrowMorning, text: '' }, noon, 'Europe/Moscow')).toBe(
      'Закрыто до 04.01 10:00',
    );
  });
});
