import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, instantAt, utcOffsetMinutes, wallClockAt } from '../src/wall-clock';

describe('wall clock in the restaurant zone (SPEC 4)', () => {
  it('defaults to Moscow time', () => {
    expect(DEFAULT_TIME_ZONE).toBe('Europe/Moscow');
    // 2024-01-01 21:30 UTC is 2024-01-02 00:30 in Moscow, a Tuesday
    expect(wallClockAt(Date.UTC(2024, 0, 1, 21, 30))).toEqual({
      date: { year: 2024, month: 1, day: 2 },
      weekday: 2,
      minuteOfDay: 30,
    });
  });

  it('reads the given zone, never the host zone', () => {
    const instant = new Date(Date.UTC(2024, 6, 1, 12, 45, 59));
    expect(wallClockAt(instant, 'UTC')).toEqual({ date: { year: 2024, month: 7, day: 1 }, weekday: 1, minuteOfDay: 765 });
    expect(wallClockAt(instant, 'Asia/Vladivostok').minuteOfDay).toBe(22 * 60 + 45);
    expect(wallClockAt(instant, 'America/New_York').minuteOfDay).toBe(8 * 60 + 45);
  });

  it('shows midnight as minute 0, not 24:00', () => {
    expect(wallClockAt(Date.UTC(2024, 0, 1, 21, 0)).minuteOfDay).toBe(0);
  });

  it('builds one formatter per zone and reuses it', () => {
    const Original = Intl.DateTimeFormat;
    let created = 0;
    class CountingFormat extends Original {
      constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
        super(...args);
        created += 1;
      }
    }
    Intl.DateTimeFormat = CountingFormat as typeof Intl.DateTimeFormat;
    try {
      expect(wallClockAt(0, 'Asia/Yekaterinburg').minuteOfDay).toBe(300);
      expect(wallClockAt(60_000, 'Asia/Yekaterinburg').minuteOfDay).toBe(301);
    } finally {
      Intl.DateTimeFormat = Original;
    }
    expect(created).toBe(1);
  });

  it('rejects an unknown zone', () => {
    expect(() => wallClockAt(0, 'Mars/Olympus')).toThrow(RangeError);
  });

  it('knows the zone offset, ahead of UTC positive', () => {
    expect(utcOffsetMinutes(Date.UTC(2024, 0, 1))).toBe(180);
    expect(utcOffsetMinutes(new Date(Date.UTC(2024, 0, 1, 0, 0, 30)), 'Asia/Kolkata')).toBe(330);
    expect(utcOffsetMinutes(Date.UTC(2024, 0, 1), 'America/New_York')).toBe(-300);
    expect(utcOffsetMinutes(Date.UTC(2024, 6, 1), 'America/New_York')).toBe(-240);
  });

  it('finds the instant a zone clock shows a given time', () => {
    expect(instantAt({ year: 2024, month: 1, day: 2 }, 30)).toBe(Date.UTC(2024, 0, 1, 21, 30));
    expect(instantAt({ year: 2024, month: 1, day: 2 }, 30, 'UTC')).toBe(Date.UTC(2024, 0, 2, 0, 30));
  });

  it('finds it right after a daylight-saving change', () => {
    // New York springs forward at 07:00 UTC on 10 March 2024; 03:30 that day is EDT (UTC-4).
    expect(instantAt({ year: 2024, month: 3, day: 10 }, 3 * 60 + 30, 'America/New_York')).toBe(
      Date.UTC(2024, 2, 10, 7, 30),
    );
  });
});
