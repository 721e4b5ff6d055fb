import { describe, expect, it } from 'vitest';
import {
  bookingDates,
  bookingRemainingSeconds,
  DEFAULT_BOOKING_AGREEMENT,
  DEFAULT_BOOKING_GUESTS,
  DEFAULT_BOOKING_MINUTES,
  startOfDaySeconds,
} from '../src/booking';
import { formatShortDate } from '../src/time';

describe('booking dates (SPEC 9)', () => {
  it('runs from today to the end of the Monday-to-Sunday week (SPEC 9)', () => {
    // Wednesday 3 January 2024 → Sunday 7 January
    expect(bookingDates({ year: 2024, month: 1, day: 3 }).map(formatShortDate)).toEqual([
      '03.01.2024',
      '04.01.2024',
      '05.01.2024',
      '06.01.2024',
      '07.01.2024',
    ]);
  });

  it('offers the whole week on Monday and only today on Sunday (SPEC 9)', () => {
    expect(bookingDates({ year: 2024, month: 1, day: 1 })).toHaveLength(7);
    expect(bookingDates({ year: 2024, month: 1, day: 7 })).toEqual([{ year: 2024, month: 1, day: 7 }]);
  });

  it('sends the date as Unix seconds of midnight on the restaurant clock (SPEC 9)', () => {
    expect(startOfDaySeconds({ year: 2024, month: 1, day: 3 })).toBe(Date.UTC(2024, 0, 2, 21) / 1000);
    expect(startOfDaySeconds({ year: 2024, month: 1, day: 3 }, 'UTC')).toBe(Date.UTC(2024, 0, 3) / 1000);
  });

  it('defaults to 2 guests for 60 minutes, agreement ticked (SPEC 5, 9)', () => {
    expect(DEFAULT_BOOKING_GUESTS).toBe(2);
    expect(DEFAULT_BOOKING_MINUTES).toBe(60);
    expect(DEFAULT_BOOKING_AGREEMENT).toBe(true);
  });
});

describe('booking countdown (SPEC 4)', () => {
  const booking = { timefrom: 10_000, timeto: 13_600 };

  it('shows the whole booking, timeto − timefrom, before timefrom (SPEC 4)', () => {
    expect(bookingRemainingSeconds(booking, 5_000)).toBe(3_600);
    expect(bookingRemainingSeconds(booking, 9_999)).toBe(3_600);
  });

  it('counts down to timeto from timefrom on (SPEC 4)', () => {
    expect(bookingRemainingSeconds(booking, 10_000)).toBe(3_600);
    expect(bookingRemainingSeconds(booking, 10_001)).toBe(3_599);
    expect(bookingRemainingSeconds(booking, 13_599)).toBe(1);
  });

  it('stops at zero once timeto has passed (SPEC 4)', () => {
    expect(bookingRemainingSeconds(booking, 13_600)).toBe(0);
    expect(bookingRemainingSeconds(booking, 20_000)).toBe(0);
  });
});
