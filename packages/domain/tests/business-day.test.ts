import { describe, expect, it } from 'vitest';
import { businessDay, isoDateText } from '../src/business-day';

describe('businessDay (SPEC 4, 9: the 06:00 day boundary)', () => {
  it('keeps the night before 06:00 Moscow time in the previous day', () => {
    // 2026-11-21 05:59 Moscow = 02:59 UTC
    expect(businessDay(Date.UTC(2026, 10, 21, 2, 59), 'Europe/Moscow')).toEqual({ year: 2026, month: 11, day: 20 });
  });
  it('starts the new day at 06:00', () => {
    expect(businessDay(Date.UTC(2026, 10, 21, 3, 0), 'Europe/Moscow')).toEqual({ year: 2026, month: 11, day: 21 });
  });
  it('reads the restaurant’s zone, not the host’s', () => {
    // 2026-11-21 07:00 UTC is 10:00 in Moscow but 02:00 in New York (still the 20th there).
    expect(businessDay(Date.UTC(2026, 10, 21, 7, 0), 'America/New_York')).toEqual({ year: 2026, month: 11, day: 20 });
  });
  it('writes dates as YYYY-MM-DD', () => {
    expect(isoDateText({ year: 2026, month: 3, day: 7 })).toBe('2026-03-07');
    expect(isoDateText({ year: 999, month: 12, day: 31 })).toBe('0999-12-31');
  });
});
