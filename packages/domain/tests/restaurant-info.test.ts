import { describe, expect, it } from 'vitest';
import { telHref } from '../src/phone';
import { openHoursText } from '../src/schedule';
import { weekdayName, weekdayShortName } from '../src/time';
import type { WallClock } from '../src/wall-clock';

// The words the chain's pages and the self-pickup list show about a restaurant (SPEC 2, 4).
const entry = (day: number, from: string, to: string, fromMinute: number, toMinute: number) => ({
  day,
  from,
  to,
  fromMinute,
  toMinute,
});
// Monday 10:00–23:00, Friday 10:00–01:00 (past midnight), Saturday round the clock.
const schedule = [
  entry(1, '10:00', '23:00', 600, 1380),
  entry(5, '10:00', '01:00', 600, 1500),
  entry(6, '06:00', '06:00', 360, 1800),
];

function at(weekday: WallClock['weekday'], hours: number, minutes = 0): WallClock {
  return { date: { year: 2024, month: 1, day: weekday }, weekday, minuteOfDay: hours * 60 + minutes };
}

describe('openHoursText (SPEC 4 Open now)', () => {
  it('says until when it is open, or that it is open round the clock', () => {
    expect(openHoursText(schedule, at(1, 12))).toBe('Открыто до 23:00');
    expect(openHoursText(schedule, at(6, 0, 30))).toBe('Открыто до 01:00');
    expect(openHoursText(schedule, at(6, 12))).toBe('Открыто круглосуточно');
  });

  it('says when it opens later the same business day, else closed', () => {
    expect(openHoursText(schedule, at(1, 7))).toBe('Откроется в 10:00');
    expect(openHoursText(schedule, at(1, 23))).toBe('Закрыто');
    // Tuesday has no entry: closed; 02:00 on Tuesday still reads Monday's hours, which ended.
    expect(openHoursText(schedule, at(2, 12))).toBe('Закрыто');
    expect(openHoursText(schedule, at(2, 2))).toBe('Закрыто');
  });

  it('counts the hours before 06:00 to the previous day (SPEC 4, 9)', () => {
    expect(openHoursText(schedule, at(6, 0, 59))).toBe('Открыто до 01:00');
    expect(openHoursText(schedule, at(6, 1))).toBe('Закрыто');
    expect(openHoursText(schedule, at(7, 5, 59))).toBe('Открыто круглосуточно');
  });
});

describe('telHref', () => {
  it('keeps digits and a leading plus', () => {
    expect(telHref('+7 (495) 212-37-01')).toBe('tel:+74952123701');
    expect(telHref(' 8 800 555-35-35 ')).toBe('tel:88005553535');
  });
});

describe('weekday names', () => {
  it('gives the full and the short Russian name, Monday first', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => weekdayName(day as 1))).toEqual([
      'понедельник',
      'вторник',
      'среда',
      'четверг',
      'пятница',
      'суббота',
      'воскресенье',
    ]);
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => weekdayShortName(day as 1))).toEqual([
      'Пн',
      'Вт',
      'Ср',
      'Чт',
      'Пт',
      'Сб',
      'Вс',
    ]);
  });
});
