import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  FIXED_OFFSET_ZONES,
  FIXED_OFFSETS_SINCE,
  instantAt,
  utcOffsetMinutes,
  wallClockAt,
} from '../src/wall-clock';

/** Runs `work` while every Intl.DateTimeFormat built is counted; `created()` tells how many so far. */
function withCountedFormatters(work: (created: () => number) => void): void {
  const Original = Intl.DateTimeFormat;
  let count = 0;
  class CountingFormat extends Original {
    constructor(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
      super(...args);
      count += 1;
    }
  }
  Intl.DateTimeFormat = CountingFormat as typeof Intl.DateTimeFormat;
  try {
    work(() => count);
  } finally {
    Intl.DateTimeFormat = Original;
  }
}

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
    expect(wallClockAt(instant, 'UTC')).toEqual({
      date: { year: 2024, month: 7, day: 1 },
      weekday: 1,
      minuteOfDay: 765,
    });
    expect(wallClockAt(instant, 'Asia/Vladivostok').minuteOfDay).toBe(22 * 60 + 45);
    expect(wallClockAt(instant, 'America/New_York').minuteOfDay).toBe(8 * 60 + 45);
  });

  it('shows midnight as minute 0, not 24:00', () => {
    expect(wallClockAt(Date.UTC(2024, 0, 1, 21, 0)).minuteOfDay).toBe(0);
  });

  it('builds one formatter per zone and reuses it', () => {
    withCountedFormatters((created) => {
      expect(wallClockAt(0, 'Asia/Yekaterinburg').minuteOfDay).toBe(300);
      expect(wallClockAt(60_000, 'Asia/Yekaterinburg').minuteOfDay).toBe(301);
      expect(created()).toBe(1);
    });
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

  /** What Intl, with the runtime's time-zone data, says the zone's clock shows. */
  const intlFormats = new Map<string, Intl.DateTimeFormat>();
  const intlClock = (instant: number, timeZone: string) => {
    const format =
      intlFormats.get(timeZone) ??
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
      });
    intlFormats.set(timeZone, format);
    const fields = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, Number(part.value)]));
    return {
      date: { year: fields['year'], month: fields['month'], day: fields['day'] },
      minuteOfDay: (fields['hour'] ?? 0) * 60 + (fields['minute'] ?? 0),
    };
  };

  it('reads the fixed-offset zones without Intl, as Intl reads them, from 2021 on (issue 18)', () => {
    // Every zone of the table, at ~1 000 instants over fifteen years (a step that walks through
    // every hour and weekday): the table's arithmetic equals the runtime's time-zone data. A law
    // that moves one of these clocks fails here.
    const step = 131 * 3_600_000 + 17 * 60_000;
    for (const timeZone of Object.keys(FIXED_OFFSET_ZONES)) {
      for (let instant = FIXED_OFFSETS_SINCE; instant < Date.UTC(2036, 0, 1); instant += step) {
        const { date, minuteOfDay } = wallClockAt(instant, timeZone);
        expect({ date, minuteOfDay }, `${timeZone} at ${new Date(instant).toISOString()}`).toEqual(
          intlClock(instant, timeZone),
        );
      }
    }
  });

  it('builds no Intl formatter for a Moscow restaurant now, and asks Intl before 2021 (Moscow was UTC+4 in 2013)', () => {
    withCountedFormatters((created) => {
      expect(wallClockAt(Date.UTC(2026, 10, 27, 21, 5))).toEqual({
        date: { year: 2026, month: 11, day: 28 },
        weekday: 6,
        minuteOfDay: 5,
      });
      expect(utcOffsetMinutes(Date.UTC(2030, 6, 1), 'Asia/Vladivostok')).toBe(600);
      expect(created()).toBe(0);
      expect(wallClockAt(Date.UTC(2013, 0, 1, 0, 0), 'Europe/Moscow').minuteOfDay).toBe(4 * 60);
      expect(created()).toBe(1);
    });
  });

  it('refuses an instant that is not a time, with or without a fixed offset', () => {
    expect(() => wallClockAt(Number.NaN)).toThrow(RangeError);
    expect(() => wallClockAt(new Date('not a date'), 'Asia/Omsk')).toThrow(RangeError);
  });
});
