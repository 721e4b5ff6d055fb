import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bookingBoardSpan,
  bookingDates,
  bookingPeriods,
  bookingSlotRange,
  bookingSlots,
  bookingWhenText,
  startOfDaySeconds,
} from '../src/booking';
import { calendarClockOf } from '../src/business-day';
import { addDays, type CalendarDate, daysBetween, isSameDate, weekdayOf } from '../src/calendar-date';
import { clockWithDayText, dateChoices, dayHeading } from '../src/pickup-slots';
import type { ScheduleEntry } from '../src/schedule';
import { formatClock, formatLongDate } from '../src/time';
import { instantAt, wallClockAt } from '../src/wall-clock';

// Issue 30, decision 042: every date a guest or a host reads names the calendar day of the moment
// it describes (SPEC 9: full weekday, genitive month; «Сегодня» is the calendar's today); the
// business day (06:00 to 06:00, SPEC 4, 9) only says whose opening hours hold a moment.

const MOSCOW = 'Europe/Moscow';
const saturday: CalendarDate = { year: 2026, month: 11, day: 28 };
const every = (fromMinute: number, toMinute: number): ScheduleEntry[] =>
  [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute, toMinute }));
const SCHEDULES: Record<string, ScheduleEntry[]> = {
  'round the clock': every(360, 1800),
  'open past midnight (10:00–01:00, Friday and Saturday to 03:00)': [
    ...every(600, 1500).filter((entry) => entry.day !== 5 && entry.day !== 6),
    { day: 5, fromMinute: 600, toMinute: 1620 },
    { day: 6, fromMinute: 600, toMinute: 1620 },
  ],
  'an evening (18:00–23:00), closed on Mondays': every(1080, 1380).filter((entry) => entry.day !== 1),
};
const ZONES = [MOSCOW, 'Asia/Vladivostok', 'UTC', 'Europe/Berlin'];

/** The restaurant's wall clock at an instant. */
const clockAt = (instant: number, zone: string) => wallClockAt(instant, zone);

describe('the calendar day of a business-day minute (issue 30)', () => {
  it('is the next calendar day past midnight: Friday’s 01:00 (minute 1500) is Saturday 01:00', () => {
    expect(calendarClockOf({ year: 2026, month: 11, day: 27 }, 1500)).toEqual({ date: saturday, minuteOfDay: 60 });
    expect(calendarClockOf(saturday, 360)).toEqual({ date: saturday, minuteOfDay: 360 });
    expect(calendarClockOf({ year: 2026, month: 12, day: 31 }, 1799)).toEqual({
      date: { year: 2027, month: 1, day: 1 },
      minuteOfDay: 359,
    });
  });
});

describe('booking periods on a calendar day: the words and the stored time agree (issue 30, SPEC 4, 9)', () => {
  for (const [name, schedule] of Object.entries(SCHEDULES)) {
    it(`${name}: every period of every date the guest can choose starts on that date at the clock it shows, wherever and whenever asked`, () => {
      fc.assert(
        fc.property(
          fc.constantFrom(...ZONES),
          // Any minute of four weeks around the end of November 2026 (the 28th is a Saturday).
          fc.integer({ min: Date.UTC(2026, 10, 16), max: Date.UTC(2026, 11, 14) }).map((ms) => ms - (ms % 60_000)),
          fc.constantFrom(30, 60, 90, 180, 360),
          (zone, nowMs, minutes) => {
            const now = clockAt(nowMs, zone);
            const wrong: unknown[] = [];
            const choices = dateChoices(now.date, bookingDates(now.date).length - 1);
            // Every period of every business day that touches the week, once, under the calendar day it starts on.
            const key = (businessDate: CalendarDate, fromMinute: number) =>
              `${businessDate.day}.${businessDate.month}:${fromMinute}`;
            const offered = choices.flatMap((choice) =>
              bookingSlots({ schedule, date: choice.date, minutes, now }).map((slot) =>
                key(slot.businessDate, slot.fromMinute),
              ),
            );
            const expected = [addDays(now.date, -1), ...choices.map((choice) => choice.date)].flatMap((businessDate) =>
              bookingPeriods({ schedule, date: businessDate, minutes, now })
                .filter((period) =>
                  choices.some((choice) =>
                    isSameDate(choice.date, calendarClockOf(businessDate, period.fromMinute).date),
                  ),
                )
                .map((period) => key(businessDate, period.fromMinute)),
            );
            if (offered.join() !== expected.join()) wrong.push({ offered, expected });
            for (const choice of choices) {
              const capital = formatLongDate(choice.date).replace(/^./, (letter) => letter.toUpperCase());
              if (choice.label !== (isSameDate(choice.date, now.date) ? 'Сегодня' : capital))
                wrong.push(['label', choice]);
              if (Math.floor(instantAt(choice.date, 0, zone) / 1000) !== startOfDaySeconds(choice.date, zone))
                wrong.push(['midnight', choice]);
              const slots = bookingSlots({ schedule, date: choice.date, minutes, now });
              for (const slot of slots) {
                const { from, to } = bookingSlotRange(slot, zone);
                const start = clockAt(from, zone);
                const entry = schedule.find((candidate) => candidate.day === weekdayOf(slot.businessDate));
                const checks = {
                  // What the guest reads — the date chosen and 'HH:MM' — is where the stored start falls.
                  day: isSameDate(start.date, choice.date),
                  clock: formatClock(start.minuteOfDay) === formatClock(slot.startMinute),
                  words:
                    bookingWhenText(from, to, zone) ===
                    `${formatLongDate(choice.date)}, ${formatClock(slot.startMinute)}–${formatClock(clockAt(to, zone).minuteOfDay)}`,
                  // From now + 15 minutes, as long as asked, within one business day's hours.
                  lead: from >= nowMs + 15 * 60_000,
                  length: to - from === minutes * 60_000,
                  hours: entry !== undefined && entry.fromMinute <= slot.fromMinute && slot.toMinute <= entry.toMinute,
                };
                if (!Object.values(checks).every(Boolean)) wrong.push({ choice: choice.value, slot, checks });
              }
              const starts = slots.map((slot) => slot.startMinute);
              if (starts.some((minute, index) => index > 0 && minute <= starts[index - 1]!))
                wrong.push(['order', choice.value, starts]);
            }
            expect(wrong).toEqual([]);
          },
        ),
        { numRuns: 150 },
      );
    }, 30_000);
  }

  it('at 03:30 on Saturday, round the clock: «Сегодня» is Saturday, from 04:00 (Friday’s hours) through 23:30; then Sunday, the week’s end', () => {
    const now = clockAt(Date.UTC(2026, 10, 28, 0, 30), MOSCOW);
    const choices = dateChoices(now.date, bookingDates(now.date).length - 1);
    expect(choices.map((choice) => choice.label)).toEqual(['Сегодня', 'Воскресенье, 29 ноября']);
    const today = bookingSlots({ schedule: SCHEDULES['round the clock']!, date: saturday, minutes: 60, now });
    expect(today.slice(0, 4).map((slot) => [formatClock(slot.startMinute), slot.businessDate.day])).toEqual([
      ['04:00', 27],
      ['04:30', 27],
      ['05:00', 27],
      ['06:00', 28],
    ]);
    expect(formatClock(today.at(-1)!.startMinute)).toBe('23:30');
    const five = today[2]!;
    const { from, to } = bookingSlotRange(five, MOSCOW);
    expect(new Date(from).toISOString()).toBe('2026-11-28T02:00:00.000Z');
    expect(bookingWhenText(from, to, MOSCOW)).toBe('суббота, 28 ноября, 05:00–06:00');
  });

  it('at 05:57 the next business day’s 06:00 is too soon: the first period is 06:30', () => {
    const now = clockAt(Date.UTC(2026, 10, 28, 2, 57), MOSCOW);
    expect(
      formatClock(
        bookingSlots({ schedule: SCHEDULES['round the clock']!, date: saturday, minutes: 60, now })[0]!.startMinute,
      ),
    ).toBe('06:30');
  });

  it('on Monday at 03:30 the week is the calendar’s, Monday to Sunday — not Sunday’s business day alone', () => {
    const monday = clockAt(Date.UTC(2026, 10, 30, 0, 30), MOSCOW);
    expect(bookingDates(monday.date)).toHaveLength(7);
  });
});

describe('what the staff read (issue 30)', () => {
  it('the bookings board spans the current business day and the next: at 05:30 it reaches the 06:00 booking, at 23:00 the night’s', () => {
    const span = (iso: string) => {
      const { from, to } = bookingBoardSpan(Date.parse(iso), MOSCOW);
      return [new Date(from).toISOString(), new Date(to).toISOString()];
    };
    // 05:30 on Saturday: Friday 06:00 to Sunday 06:00.
    expect(span('2026-11-28T02:30:00Z')).toEqual(['2026-11-27T03:00:00.000Z', '2026-11-29T03:00:00.000Z']);
    // 23:00 on Friday: the same two business days.
    expect(span('2026-11-27T20:00:00Z')).toEqual(['2026-11-27T03:00:00.000Z', '2026-11-29T03:00:00.000Z']);
    // 06:00 on Saturday: Saturday and Sunday.
    expect(span('2026-11-28T03:00:00Z')).toEqual(['2026-11-28T03:00:00.000Z', '2026-11-30T03:00:00.000Z']);
  });

  it('names a day by the calendar: «Вчера», «Сегодня», «Завтра» with the full date, else the date alone (SPEC 9)', () => {
    expect([-2, -1, 0, 1, 2].map((offset) => dayHeading(addDays(saturday, offset), saturday))).toEqual([
      'Четверг, 26 ноября',
      'Вчера, пятница, 27 ноября',
      'Сегодня, суббота, 28 ноября',
      'Завтра, воскресенье, 29 ноября',
      'Понедельник, 30 ноября',
    ]);
  });

  it('an order card’s time names its calendar day when it is not today’s: 01:00 after Friday is Saturday’s', () => {
    const fridayEvening = Date.UTC(2026, 10, 27, 20, 0);
    expect(clockWithDayText(Date.UTC(2026, 10, 27, 20, 30), fridayEvening, MOSCOW)).toBe('23:30');
    expect(clockWithDayText(Date.UTC(2026, 10, 27, 22, 0), fridayEvening, MOSCOW)).toBe('01:00, суббота, 28 ноября');
    // Any moment: the day named is the one its clock shows.
    fc.assert(
      fc.property(
        fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
        fc.integer({ min: -3 * 86_400_000, max: 3 * 86_400_000 }),
        fc.constantFrom(...ZONES),
        (now, shift, zone) => {
          const at = clockAt(now + shift, zone);
          const text = clockWithDayText(now + shift, now, zone);
          const sameDay = daysBetween(clockAt(now, zone).date, at.date) === 0;
          expect(text).toBe(
            sameDay ? formatClock(at.minuteOfDay) : `${formatClock(at.minuteOfDay)}, ${formatLongDate(at.date)}`,
          );
        },
      ),
    );
  });
});
