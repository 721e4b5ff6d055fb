import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isSameDate, weekdayOf } from '../src/calendar-date';

describe('calendar dates', () => {
  it('numbers weekdays Monday 1 to Sunday 7 (SPEC 4)', () => {
    expect(weekdayOf({ year: 2024, month: 1, day: 1 })).toBe(1);
    expect(weekdayOf({ year: 2024, month: 1, day: 6 })).toBe(6);
    expect(weekdayOf({ year: 2024, month: 1, day: 7 })).toBe(7);
    expect(weekdayOf({ year: 2024, month: 1, day: 3 })).toBe(3);
  });

  it('adds days across months and years', () => {
    expect(addDays({ year: 2024, month: 12, day: 31 }, 1)).toEqual({ year: 2025, month: 1, day: 1 });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({ year: 2024, month: 2, day: 29 });
    expect(addDays({ year: 2024, month: 3, day: 10 }, 0)).toEqual({ year: 2024, month: 3, day: 10 });
  });

  it('counts whole days between dates', () => {
    expect(daysBetween({ year: 2024, month: 1, day: 1 }, { year: 2024, month: 3, day: 1 })).toBe(60);
    expect(daysBetween({ year: 2024, month: 3, day: 1 }, { year: 2024, month: 1, day: 1 })).toBe(-60);
  });

  it('tells the same day apart from others', () => {
    expect(isSameDate({ year: 2024, month: 5, day: 9 }, { year: 2024, month: 5, day: 9 })).toBe(true);
    expect(isSameDate({ year: 2024, month: 5, day: 9 }, { year: 2024, month: 5, day: 10 })).toBe(false);
  });
});
