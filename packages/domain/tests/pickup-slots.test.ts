import { describe, expect, it } from 'vitest';
import type { CalendarDate } from '../src/calendar-date';
import {
  chosenTimeLabel,
  dayLabel,
  dateChoices,
  daysAheadAllowed,
  DELIVERY_TIME_REQUIRED_MESSAGE,
  deliveryPeriodChoices,
  deliveryTimeError,
  NO_DELIVERY_TIME_TODAY_MESSAGE,
  openPickupSlots,
  pickupSlots,
} from '../src/pickup-slots';
import { isOpenOnWallClock, type ScheduleHoliday } from '../src/schedule';
import { formatClock } from '../src/time';
import type { WallClock } from '../src/wall-clock';

// Wednesday 2024-01-03.
const today: CalendarDate = { year: 2024, month: 1, day: 3 };
const tomorrow: CalendarDate = { year: 2024, month: 1, day: 4 };
const yesterday: CalendarDate = { year: 2024, month: 1, day: 2 };
function now(hours: number, minutes = 0): WallClock {
  return { date: today, weekday: 3, minuteOfDay: hours * 60 + minutes };
}
const labels = (slots: number[]): string[] => slots.map(formatClock);

describe('open pickup slots (SPEC 4 schedule, SPEC 9 slots)', () => {
  // Wednesday (3) 10:00–23:00, Thursday (4) 12:00–01:00 of Friday morning; no Tuesday.
  const schedule = [
    { day: 3, fromMinute: 10 * 60, toMinute: 23 * 60 },
    { day: 4, fromMinute: 12 * 60, toMinute: 25 * 60 },
  ];

  it('keeps the slots within the opening hours, the closing minute itself excluded', () => {
    const slots = labels(openPickupSlots(schedule, [], today, now(7)));
    expect(slots[0]).toBe('10:00');
    expect(slots.at(-1)).toBe('22:45');
    expect(slots).toHaveLength(52);
  });

  it('follows the day the slot falls on, and gives none on a closed day', () => {
    expect(labels(openPickupSlots(schedule, [], tomorrow, now(20)))[0]).toBe('12:00');
    expect(labels(openPickupSlots(schedule, [], tomorrow, now(20))).at(-1)).toBe('23:00');
    expect(openPickupSlots(schedule, [], yesterday, now(20))).toEqual([]);
    expect(openPickupSlots(schedule, [], { year: 2024, month: 1, day: 9 }, now(20))).toEqual([]);
  });

  it('starts today no earlier than now + 30 minutes', () => {
    expect(labels(openPickupSlots(schedule, [], today, now(15, 5)))[0]).toBe('15:45');
  });
});

describe('open pickup slots on a holiday (SPEC 4 business day, SPEC 9 slots, issue 31)', () => {
  // Every day 10:00–02:00 of the next morning.
  const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 600, toMinute: 1560 }));
  const closedToday: ScheduleHoliday = { date: today, hours: null };
  const closedTomorrow: ScheduleHoliday = { date: tomorrow, hours: null };
  const shortToday: ScheduleHoliday = { date: today, hours: { fromMinute: 720, toMinute: 960 } };

  it('gives a date its holiday closes no slot, today and later alike', () => {
    expect(openPickupSlots(week, [closedToday], today, now(7))).toEqual([]);
    expect(openPickupSlots(week, [closedTomorrow], tomorrow, now(7))).toEqual([]);
    // The day after the holiday is the week's again: the next open day starts at its opening.
    expect(labels(openPickupSlots(week, [closedToday], tomorrow, now(7)))[0]).toBe('10:00');
  });

  it('reads the holiday’s own hours in place of the weekday’s', () => {
    const slots = labels(openPickupSlots(week, [shortToday], today, now(7)));
    expect(slots[0]).toBe('12:00');
    expect(slots.at(-1)).toBe('15:45');
  });

  it('a holiday’s night belongs to it: at 03:30 the open day before still serves, the holiday’s slots do not', () => {
    // Wednesday 03:30: Tuesday's business day (open until 02:00, so closed now); Wednesday a holiday.
    const night: WallClock = { date: today, weekday: 3, minuteOfDay: 3 * 60 + 30 };
    expect(openPickupSlots(week, [closedToday], today, night)).toEqual([]);
    expect(isOpenOnWallClock(week, [closedToday], night)).toBe(false);
    // Tuesday a holiday instead: its night (01:30 Wednesday) is closed, Wednesday's slots are not.
    const closedYesterday: ScheduleHoliday = { date: yesterday, hours: null };
    expect(isOpenOnWallClock(week, [closedYesterday], { date: today, weekday: 3, minuteOfDay: 90 })).toBe(false);
    expect(labels(openPickupSlots(week, [closedYesterday], today, night))[0]).toBe('10:00');
  });
});

describe('pickup slots (SPEC 9)', () => {
  it('runs from 09:00 to 23:00 in 15-minute steps on a later day (SPEC 9)', () => {
    const slots = labels(pickupSlots(tomorrow, now(20)));
    expect(slots[0]).toBe('09:00');
    expect(slots[1]).toBe('09:15');
    expect(slots.at(-1)).toBe('23:00');
    expect(slots).toHaveLength(57);
  });

  it('starts at 09:00 today while now + 30 min is earlier (SPEC 9)', () => {
    expect(labels(pickupSlots(today, now(7))).slice(0, 2)).toEqual(['09:00', '09:15']);
    expect(labels(pickupSlots(today, now(8, 30)))[0]).toBe('09:00');
    expect(labels(pickupSlots(today, now(0, 0)))[0]).toBe('09:00');
  });

  it('starts at now + 30 min rounded up to the quarter hour today (SPEC 9)', () => {
    expect(labels(pickupSlots(today, now(8, 31)))[0]).toBe('09:15');
    expect(labels(pickupSlots(today, now(12, 7))).slice(0, 2)).toEqual(['12:45', '13:00']);
    expect(labels(pickupSlots(today, now(12, 15)))[0]).toBe('12:45');
    expect(labels(pickupSlots(today, now(12, 16)))[0]).toBe('13:00');
  });

  it('ends at 23:00 and offers nothing once that has passed (SPEC 9)', () => {
    expect(labels(pickupSlots(today, now(22, 30)))).toEqual(['23:00']);
    expect(pickupSlots(today, now(22, 31))).toEqual([]);
    expect(pickupSlots(today, now(23, 59))).toEqual([]);
  });

  it('offers nothing for a past date', () => {
    expect(pickupSlots(yesterday, now(7))).toEqual([]);
  });
});

describe('date choices (SPEC 9)', () => {
  it('offers today and the next deliveryDays days (SPEC 9)', () => {
    expect(dateChoices(today, 2)).toEqual([
      { date: today, value: '03.01.2024', label: 'Сегодня' },
      { date: tomorrow, value: '04.01.2024', label: 'Четверг, 4 января' },
      { date: { year: 2024, month: 1, day: 5 }, value: '05.01.2024', label: 'Пятница, 5 января' },
    ]);
  });

  it('offers only today when the restaurant allows no days ahead (SPEC 9)', () => {
    expect(dateChoices(today, 0)).toHaveLength(1);
    expect(dateChoices(today, null)).toHaveLength(1);
    expect(dateChoices(today, '3')).toHaveLength(4);
  });

  it('reads deliveryDays and deliveryDaysTrue as whole days ahead', () => {
    expect(daysAheadAllowed(3)).toBe(3);
    expect(daysAheadAllowed('5')).toBe(5);
    expect(daysAheadAllowed(undefined)).toBe(0);
    expect(daysAheadAllowed('abc')).toBe(0);
    expect(daysAheadAllowed(-2)).toBe(0);
    expect(daysAheadAllowed(1.5)).toBe(0);
    expect(daysAheadAllowed(1)).toBe(1);
  });
});

describe('delivery periods (SPEC 5)', () => {
  // Wednesday is index 2 of the Monday-first day flags.
  const zone = {
    time_limit: 60,
    periods: [
      { from: '12:00', to: '14:00', days: [1, 1, 1, 1, 1, 0, 0] as const },
      { from: '18:00', to: '20:00', days: ['1', '1', '1', '1', '1', '1', '1'] as const },
      { from: '09:00', to: '10:00', days: [0, 0, 0, 1, 0, 0, 0] as const },
      { from: 'later', to: '', days: [1, 1, 1, 1, 1, 1, 1] as const },
    ],
  };

  it('offers the periods whose day flag is on, Monday first (SPEC 3, 5)', () => {
    expect(deliveryPeriodChoices(zone, tomorrow, now(10)).map((period) => period.from)).toEqual([
      '12:00',
      '18:00',
      '09:00',
    ]);
    expect(deliveryPeriodChoices(zone, today, now(10)).map((period) => period.from)).toEqual(['12:00', '18:00']);
  });

  it('disables a period today when start minus time_limit is at or before now (SPEC 5)', () => {
    // 12:00 − 60 min = 11:00
    expect(deliveryPeriodChoices(zone, today, now(10, 59))[0]).toEqual({
      from: '12:00',
      to: '14:00',
      fromMinute: 720,
      disabled: false,
    });
    expect(deliveryPeriodChoices(zone, today, now(11, 0))[0]?.disabled).toBe(true);
    expect(deliveryPeriodChoices(zone, today, now(11, 1))[0]?.disabled).toBe(true);
  });

  it('keeps later days open whatever the time (SPEC 5)', () => {
    expect(deliveryPeriodChoices(zone, tomorrow, now(23)).every((period) => !period.disabled)).toBe(true);
  });

  it('disables every period of a past date', () => {
    expect(deliveryPeriodChoices(zone, yesterday, now(1)).every((period) => period.disabled)).toBe(true);
  });

  it('asks for a period when the zone has periods and none is chosen (SPEC 5)', () => {
    expect(DELIVERY_TIME_REQUIRED_MESSAGE).toBe('Просьба выбрать время доставки');
    expect(deliveryTimeError({ zone, date: tomorrow, now: now(10), chosen: null })).toBe(
      'Просьба выбрать время доставки',
    );
    const [lunch] = deliveryPeriodChoices(zone, tomorrow, now(10));
    expect(deliveryTimeError({ zone, date: tomorrow, now: now(10), chosen: lunch ?? null })).toBeNull();
  });

  it('refuses a chosen period that is already disabled (SPEC 5)', () => {
    const [lunch] = deliveryPeriodChoices(zone, today, now(11, 30));
    expect(deliveryTimeError({ zone, date: today, now: now(11, 30), chosen: lunch ?? null })).toBe(
      'Просьба выбрать время доставки',
    );
  });

  it('says there is no time left today when every period has closed (SPEC 8)', () => {
    expect(NO_DELIVERY_TIME_TODAY_MESSAGE).toBe('На сегодня нет доступного времени доставки в выбранную зону');
    expect(deliveryTimeError({ zone, date: today, now: now(17), chosen: null })).toBe(
      'На сегодня нет доступного времени доставки в выбранную зону',
    );
    expect(deliveryTimeError({ zone, date: today, now: now(16, 59), chosen: null })).toBe(
      'Просьба выбрать время доставки',
    );
  });

  it('asks for a period on a later day even when that day offers none (SPEC 5)', () => {
    // Saturday 6 January: only the 18:00 period runs at weekends
    const saturday = { year: 2024, month: 1, day: 6 };
    const weekdaysOnly = { time_limit: 0, periods: [zone.periods[0] ?? { from: '', to: '', days: [] }] };
    expect(deliveryPeriodChoices(weekdaysOnly, saturday, now(10))).toEqual([]);
    expect(deliveryTimeError({ zone: weekdaysOnly, date: saturday, now: now(10), chosen: null })).toBe(
      'Просьба выбрать время доставки',
    );
  });

  it('leaves out on a holiday the periods the restaurant is closed at the start of (SPEC 5, issue 31, decision 053)', () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 600, toMinute: 1380 }));
    const closed = { schedule: week, holidays: [{ date: tomorrow, hours: null }] };
    const short = { schedule: week, holidays: [{ date: tomorrow, hours: { fromMinute: 600, toMinute: 960 } }] };
    expect(deliveryPeriodChoices(zone, tomorrow, now(10), closed)).toEqual([]);
    expect(deliveryPeriodChoices(zone, tomorrow, now(10), short).map((period) => period.from)).toEqual(['12:00']);
    // An ordinary day keeps the zone's own periods, even one starting before the restaurant opens.
    expect(deliveryPeriodChoices(zone, today, now(8), closed).map((period) => period.from)).toEqual(['12:00', '18:00']);
    expect(
      deliveryPeriodChoices(zone, tomorrow, now(8), { schedule: week, holidays: [] }).map((period) => period.from),
    ).toEqual(['12:00', '18:00', '09:00']);
  });

  it('says there is no time today on a holiday that closes the restaurant, and asks for another day’s period (SPEC 8, issue 31)', () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, fromMinute: 600, toMinute: 1380 }));
    const hours = { schedule: week, holidays: [{ date: today, hours: null }] };
    expect(deliveryTimeError({ zone, date: today, now: now(8), chosen: null, hours })).toBe(
      NO_DELIVERY_TIME_TODAY_MESSAGE,
    );
    // A period chosen before the holiday was set is no longer there to take.
    const [stale] = deliveryPeriodChoices(zone, today, now(8));
    expect(
      deliveryPeriodChoices(zone, today, now(8), hours).find((period) => period.from === stale?.from),
    ).toBeUndefined();
    expect(deliveryTimeError({ zone, date: tomorrow, now: now(8), chosen: null, hours })).toBe(
      DELIVERY_TIME_REQUIRED_MESSAGE,
    );
  });

  it('needs no period when the zone has none (SPEC 5)', () => {
    expect(
      deliveryTimeError({ zone: { time_limit: 0, periods: [] }, date: today, now: now(23), chosen: null }),
    ).toBeNull();
  });
});

describe('how a chosen day reads (SPEC 9)', () => {
  it("is 'Сегодня' today and the full weekday with the genitive month after", () => {
    const today = { year: 2026, month: 11, day: 25 };
    expect(dayLabel(today, today)).toBe('Сегодня');
    expect(dayLabel({ year: 2026, month: 11, day: 27 }, today)).toBe('Пятница, 27 ноября');
    expect(chosenTimeLabel({ deliveryDate: '25.11.2026', deliveryTime: '10:00' }, today)).toBe('Сегодня, 10:00');
    expect(chosenTimeLabel({ deliveryDate: '27.11.2026', deliveryTime: '11:00-14:00' }, today)).toBe(
      'Пятница, 27 ноября, 11:00-14:00',
    );
    // A text that is not a date is shown as it is.
    expect(chosenTimeLabel({ deliveryDate: 'скоро', deliveryTime: '10:00' }, today)).toBe('скоро, 10:00');
  });
});
