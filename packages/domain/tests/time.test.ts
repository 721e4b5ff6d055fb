import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, formatLongDate, formatShortDate, parseClock, parseShortDate } from '../src/time';

describe('time of day (SPEC 9)', () => {
  it('shows minutes of the day as HH:MM (SPEC 9)', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(9 * 60 + 5)).toBe('09:05');
    expect(formatClock(23 * 60 + 59)).toBe('23:59');
  });

  it('wraps schedule minutes past midnight (SPEC 4)', () => {
    expect(formatClock(1440)).toBe('00:00');
    expect(formatClock(1560)).toBe('02:00');
    expect(formatClock(-30)).toBe('23:30');
  });

  it('drops a fraction of a minute', () => {
    expect(formatClock(61.9)).toBe('01:01');
  });

  it('reads HH:MM and H:MM back into minutes', () => {
    expect(parseClock('09:30')).toBe(570);
    expect(parseClock('9:30')).toBe(570);
    expect(parseClock(' 23:00 ')).toBe(1380);
    expect(parseClock('00:00')).toBe(0);
    expect(parseClock('24:00')).toBe(1440);
  });

  it('refuses what is not a time of day', () => {
    expect(parseClock('24:01')).toBeNull();
    expect(parseClock('25:00')).toBeNull();
    expect(parseClock('12:60')).toBeNull();
    expect(parseClock('12:5')).toBeNull();
    expect(parseClock('123:00')).toBeNull();
    expect(parseClock('x12:00')).toBeNull();
    expect(parseClock('12:00x')).toBeNull();
    expect(parseClock('1a:00')).toBeNull();
    expect(parseClock('')).toBeNull();
  });
});

describe('durations, minutes rounded up (SPEC 9)', () => {
  it('rounds any started minute up', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(1)).toBe('00:01');
    expect(formatDuration(60)).toBe('00:01');
    expect(formatDuration(61)).toBe('00:02');
    expect(formatDuration(3599)).toBe('01:00');
    expect(formatDuration(3600 + 15 * 60)).toBe('01:15');
  });

  it('shows hours beyond a day and never goes negative', () => {
    expect(formatDuration(100 * 3600)).toBe('100:00');
    expect(formatDuration(-90)).toBe('00:00');
  });
});

describe('Russian dates (SPEC 9)', () => {
  it('writes the full weekday and the month in the genitive', () => {
    expect(formatLongDate({ year: 2024, month: 1, day: 1 })).toBe('понедельник, 1 января');
    expect(formatLongDate({ year: 2024, month: 2, day: 6 })).toBe('вторник, 6 февраля');
    expect(formatLongDate({ year: 2024, month: 3, day: 6 })).toBe('среда, 6 марта');
    expect(formatLongDate({ year: 2024, month: 4, day: 4 })).toBe('четверг, 4 апреля');
    expect(formatLongDate({ year: 2024, month: 5, day: 3 })).toBe('пятница, 3 мая');
    expect(formatLongDate({ year: 2024, month: 6, day: 1 })).toBe('суббота, 1 июня');
    expect(formatLongDate({ year: 2024, month: 7, day: 7 })).toBe('воскресенье, 7 июля');
    expect(formatLongDate({ year: 2024, month: 8, day: 15 })).toBe('четверг, 15 августа');
    expect(formatLongDate({ year: 2024, month: 9, day: 1 })).toBe('воскресенье, 1 сентября');
    expect(formatLongDate({ year: 2024, month: 10, day: 31 })).toBe('четверг, 31 октября');
    expect(formatLongDate({ year: 2024, month: 11, day: 7 })).toBe('четверг, 7 ноября');
    expect(formatLongDate({ year: 2024, month: 12, day: 31 })).toBe('вторник, 31 декабря');
  });

  it('refuses a month that does not exist', () => {
    expect(() => formatLongDate({ year: 2024, month: 13, day: 1 })).toThrow('Not a month: 13');
    expect(() => formatLongDate({ year: 2024, month: 0, day: 1 })).toThrow(RangeError);
  });

  it('writes the short form DD.MM.YYYY (SPEC 3, 9)', () => {
    expect(formatShortDate({ year: 2024, month: 3, day: 5 })).toBe('05.03.2024');
    expect(formatShortDate({ year: 2024, month: 12, day: 31 })).toBe('31.12.2024');
    expect(formatShortDate({ year: 987, month: 1, day: 2 })).toBe('02.01.0987');
  });

  it('reads DD.MM.YYYY back', () => {
    expect(parseShortDate('05.03.2024')).toEqual({ year: 2024, month: 3, day: 5 });
    expect(parseShortDate(' 29.02.2024 ')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseShortDate('01.01.2024')).toEqual({ year: 2024, month: 1, day: 1 });
    expect(parseShortDate('31.12.2024')).toEqual({ year: 2024, month: 12, day: 31 });
    expect(parseShortDate('30.04.2024')).toEqual({ year: 2024, month: 4, day: 30 });
  });

  it('refuses dates that do not exist or are not in the short form', () => {
    expect(parseShortDate('29.02.2023')).toBeNull();
    expect(parseShortDate('31.04.2024')).toBeNull();
    expect(parseShortDate('01.13.2024')).toBeNull();
    expect(parseShortDate('5.03.2024')).toBeNull();
    expect(parseShortDate('05.03.24')).toBeNull();
    expect(parseShortDate('x05.03.2024')).toBeNull();
    expect(parseShortDate('05.03.2024x')).toBeNull();
    expect(parseShortDate('05-03-2024')).toBeNull();
    expect(parseShortDate('00.03.2024')).toBeNull();
    expect(parseShortDate('01.00.2024')).toBeNull();
    expect(parseShortDate('32.01.2024')).toBeNull();
  });
});
