import { describe, expect, it } from 'vitest';
import {
  BOOKING_LEAD_MINUTES,
  BOOKING_MIN_SUM_PER_GUEST,
  BOOKING_STEP_MINUTES,
  staffBookingMoves,
  bookingControls,
  bookingExtension,
  bookingMessage,
  formatCountdown,
  bookingDateOf,
  bookingDates,
  bookingMinimumSum,
  bookingNumber,
  bookingOrderTime,
  bookingPeriods,
  bookingPhase,
  bookingRemainingSeconds,
  formatGuests,
  freeTableFor,
  rangesOverlap,
  scheduleDayClock,
  DEFAULT_BOOKING_AGREEMENT,
  DEFAULT_BOOKING_GUESTS,
  DEFAULT_BOOKING_MINUTES,
  startOfDaySeconds,
} from '../src/booking';
import { weekdayOf } from '../src/calendar-date';
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

describe('booking rules (SPEC 3 Booking, SPEC 4, decision 014)', () => {
  // Wednesday 3 January 2024, open 10:00–23:00; Friday open 10:00–01:00 (past midnight).
  const schedule = [
    { day: 3, fromMinute: 600, toMinute: 1380 },
    { day: 5, fromMinute: 600, toMinute: 1500 },
  ];
  const wednesday = { year: 2024, month: 1, day: 3 };
  const friday = { year: 2024, month: 1, day: 5 };
  const clock = (date: { year: number; month: number; day: number }, minuteOfDay: number) => ({
    date,
    weekday: weekdayOf(date),
    minuteOfDay,
  });

  it('asks 1000 ₽ per guest as the booking minimum, in kopecks (decision 014)', () => {
    expect(BOOKING_MIN_SUM_PER_GUEST).toBe(100_000);
    expect(bookingMinimumSum(2)).toBe(200_000);
    expect(bookingMinimumSum(0)).toBe(0);
  });

  it('writes guests with the Russian plural', () => {
    expect([0, 1, 2, 4, 5, 10, 11, 12, 14, 20, 21, 22, 25, 101, 111].map(formatGuests)).toEqual([
      '0 гостей',
      '1 гость',
      '2 гостя',
      '4 гостя',
      '5 гостей',
      '10 гостей',
      '11 гостей',
      '12 гостей',
      '14 гостей',
      '20 гостей',
      '21 гость',
      '22 гостя',
      '25 гостей',
      '101 гость',
      '111 гостей',
    ]);
  });

  it('reads the date on the app’s clock with its timeZoneOffset, else on the restaurant’s (SPEC 9)', () => {
    const moscowMidnight = startOfDaySeconds(wednesday);
    expect(bookingDateOf(moscowMidnight, -180)).toEqual(wednesday);
    expect(bookingDateOf(moscowMidnight, null)).toEqual(wednesday);
    expect(bookingDateOf(moscowMidnight, undefined, 'Europe/Moscow')).toEqual(wednesday);
    // UTC midnight sent by an app in UTC
    expect(bookingDateOf(Date.UTC(2024, 0, 3) / 1000, 0)).toEqual(wednesday);
    // the same instant read on a Moscow app clock is already 03:00 on the 3rd; on a New York clock the 2nd
    expect(bookingDateOf(Date.UTC(2024, 0, 3) / 1000, 300)).toEqual({ year: 2024, month: 1, day: 2 });
  });

  it('reads hours before 06:00 as the previous schedule day plus 24 hours (SPEC 4)', () => {
    expect(scheduleDayClock(clock(friday, 5 * 60 + 59))).toEqual({
      date: { year: 2024, month: 1, day: 4 },
      minute: 1799,
    });
    expect(scheduleDayClock(clock(friday, 6 * 60))).toEqual({ date: friday, minute: 360 });
  });

  it('offers a period every half hour while the booking fits before closing (SPEC 4)', () => {
    const periods = bookingPeriods({
      schedule,
      date: wednesday,
      minutes: 60,
      now: clock({ year: 2024, month: 1, day: 1 }, 720),
    });
    expect(periods[0]).toEqual({ fromMinute: 600, toMinute: 660 });
    expect(periods.at(-1)).toEqual({ fromMinute: 1320, toMinute: 1380 });
    expect(periods).toHaveLength(25);
    expect(periods.every((period) => period.fromMinute % BOOKING_STEP_MINUTES === 0)).toBe(true);
  });

  it('runs past midnight on a day whose hours do, and offers nothing on a closed day (SPEC 4)', () => {
    const now = clock({ year: 2024, month: 1, day: 1 }, 720);
    expect(bookingPeriods({ schedule, date: friday, minutes: 90, now }).at(-1)).toEqual({
      fromMinute: 1410,
      toMinute: 1500,
    });
    expect(bookingPeriods({ schedule, date: { year: 2024, month: 1, day: 4 }, minutes: 60, now })).toEqual([]);
    expect(bookingPeriods({ schedule, date: wednesday, minutes: 0, now })).toEqual([]);
  });

  it('starts today’s periods at least 15 minutes from now, and none on a past day (SPEC 4)', () => {
    expect(BOOKING_LEAD_MINUTES).toBe(15);
    expect(
      bookingPeriods({ schedule, date: wednesday, minutes: 60, now: clock(wednesday, 14 * 60 + 10) })[0]?.fromMinute,
    ).toBe(14 * 60 + 30);
    expect(
      bookingPeriods({ schedule, date: wednesday, minutes: 60, now: clock(wednesday, 14 * 60 + 20) })[0]?.fromMinute,
    ).toBe(15 * 60);
    expect(bookingPeriods({ schedule, date: wednesday, minutes: 60, now: clock(wednesday, 22 * 60 + 10) })).toEqual([]);
    expect(
      bookingPeriods({ schedule, date: wednesday, minutes: 60, now: clock({ year: 2024, month: 1, day: 4 }, 720) }),
    ).toEqual([]);
  });

  it('still offers Friday’s late periods at 00:10 on Saturday, which belongs to Friday (SPEC 4)', () => {
    const saturdayNight = clock({ year: 2024, month: 1, day: 6 }, 10);
    expect(bookingPeriods({ schedule, date: friday, minutes: 30, now: saturdayNight })).toEqual([
      { fromMinute: 1470, toMinute: 1500 },
    ]);
  });

  it('treats touching ranges as free and overlapping ones as taken', () => {
    expect(rangesOverlap({ from: 0, to: 60 }, { from: 60, to: 120 })).toBe(false);
    expect(rangesOverlap({ from: 0, to: 61 }, { from: 60, to: 120 })).toBe(true);
    expect(rangesOverlap({ from: 10, to: 20 }, { from: 0, to: 100 })).toBe(true);
  });

  it('gives the smallest bookable table that seats the guests and is free (decision 014)', () => {
    const tables = [
      { id: 1, seats: 2, bookable: true },
      { id: 2, seats: 4, bookable: true },
      { id: 3, seats: 4, bookable: true },
      { id: 4, seats: 6, bookable: true },
      { id: 5, seats: 8, bookable: false },
    ];
    const range = { from: 100, to: 200 };
    expect(freeTableFor(tables, [], 3, range)?.id).toBe(2);
    expect(freeTableFor(tables, [{ tableId: 2, from: 150, to: 250 }], 3, range)?.id).toBe(3);
    expect(freeTableFor(tables, [{ tableId: 2, from: 200, to: 250 }], 3, range)?.id).toBe(2);
    expect(freeTableFor(tables, [{ tableId: 4, from: 0, to: 101 }], 5, range)).toBeNull();
    expect(freeTableFor(tables, [], 7, range)).toBeNull();
    expect(freeTableFor(tables, [{ tableId: null, from: 0, to: 1000 }], 1, range)?.id).toBe(1);
  });

  it('takes a table whose seats equal the guests, and ranks by seats then id in any listing order (decision 014)', () => {
    const tables = [
      { id: 6, seats: 6, bookable: true },
      { id: 3, seats: 4, bookable: true },
      { id: 2, seats: 4, bookable: true },
      { id: 5, seats: 2, bookable: true },
      { id: 1, seats: 8, bookable: true },
    ];
    const range = { from: 100, to: 200 };
    expect(freeTableFor(tables, [], 2, range)?.id).toBe(5);
    expect(freeTableFor(tables, [], 3, range)?.id).toBe(2);
    expect(freeTableFor(tables, [], 4, range)?.id).toBe(2);
    expect(freeTableFor(tables, [{ tableId: 2, from: 0, to: 1000 }], 4, range)?.id).toBe(3);
    expect(freeTableFor(tables, [], 5, range)?.id).toBe(6);
    expect(freeTableFor(tables, [], 8, range)?.id).toBe(1);
  });

  it('numbers a booking with its day, month and serial', () => {
    expect(bookingNumber({ year: 2026, month: 11, day: 26 }, 42)).toBe('Б-2611-0042');
    expect(bookingNumber({ year: 2026, month: 1, day: 5 }, 123_456)).toBe('Б-0501-123456');
  });

  it('is upcoming before timefrom, running until timeto, finished after or once cancelled or ended (SPEC 4)', () => {
    const booking = { status: 'new' as const, timefrom: 1000, timeto: 2000 };
    expect(bookingPhase(booking, 999)).toBe('upcoming');
    expect(bookingPhase(booking, 1000)).toBe('running');
    expect(bookingPhase({ ...booking, status: 'active' }, 500)).toBe('running');
    expect(bookingPhase(booking, 2000)).toBe('finished');
    expect(bookingPhase({ ...booking, status: 'cancelled' }, 500)).toBe('finished');
    expect(bookingPhase({ ...booking, status: 'ended' }, 1500)).toBe('finished');
  });

  it('lets a new booking order or cancel, a running one continue, extend or end, a finished one nothing (SPEC 4, decision 027)', () => {
    expect(bookingControls('upcoming')).toEqual({
      allowOrder: true,
      allowCancel: true,
      allowEnd: false,
      allowExtend: false,
      allowMain: true,
      textContinue: 'Заказать блюда к столу',
      textMain: 'Отменить бронь',
    });
    expect(bookingControls('running')).toEqual({
      allowOrder: true,
      allowCancel: false,
      allowEnd: true,
      allowExtend: true,
      allowMain: true,
      textContinue: 'Продолжить заказ',
      textMain: 'Завершить бронь',
    });
    expect(bookingControls('finished')).toEqual({
      allowOrder: false,
      allowCancel: false,
      allowEnd: false,
      allowExtend: false,
      allowMain: false,
      textContinue: '',
      textMain: '',
    });
  });

  it('words a booking for its phase: the table and time before it, under way, over, cancelled or ended whatever the clock (SPEC 3 Booking.message)', () => {
    const made = { status: 'new' as const, table_num: '3', cntpersons: 2 };
    const when = 'вторник, 24 ноября, 19:00–20:00';
    expect(bookingMessage(made, 'upcoming', when)).toBe(
      'Стол №3 забронирован: вторник, 24 ноября, 19:00–20:00. Гостей: 2.',
    );
    expect(bookingMessage({ ...made, table_num: null }, 'upcoming', when)).toBe(
      'Стол забронирован: вторник, 24 ноября, 19:00–20:00. Гостей: 2.',
    );
    expect(bookingMessage(made, 'running', when)).toBe('Бронь идёт. Приятного вечера!');
    expect(bookingMessage(made, 'finished', when)).toBe('Время брони закончилось.');
    expect(bookingMessage({ ...made, status: 'cancelled' }, 'finished', when)).toBe('Бронь отменена.');
    expect(bookingMessage({ ...made, status: 'ended' }, 'finished', when)).toBe(
      'Бронь завершена. Спасибо, что были у нас!',
    );
  });

  it('extends a booking by 30 minutes while it stays within the hours of its schedule day and 360 minutes (decision 027)', () => {
    const schedule = [
      { day: 3, fromMinute: 600, toMinute: 1380 },
      { day: 5, fromMinute: 600, toMinute: 1500 },
    ];
    const wednesday = (minuteOfDay: number) => ({
      date: { year: 2026, month: 11, day: 25 },
      weekday: 3 as const,
      minuteOfDay,
    });
    expect(bookingExtension({ schedule, start: wednesday(1200), minutes: 60 })).toEqual({ ok: true, minutes: 90 });
    expect(bookingExtension({ schedule, start: wednesday(1290), minutes: 60 })).toEqual({ ok: true, minutes: 90 });
    expect(bookingExtension({ schedule, start: wednesday(1320), minutes: 60 })).toEqual({
      ok: false,
      reason: 'closing',
      closeMinute: 1380,
    });
    expect(bookingExtension({ schedule, start: wednesday(720), minutes: 360 })).toEqual({
      ok: false,
      reason: 'too_long',
    });
    // Friday 23:30 for 60 minutes: the schedule runs to 01:00 of Saturday, so 30 more minutes fit.
    const friday = { date: { year: 2026, month: 11, day: 27 }, weekday: 5 as const, minuteOfDay: 1410 };
    expect(bookingExtension({ schedule, start: friday, minutes: 60 })).toEqual({ ok: true, minutes: 90 });
    expect(bookingExtension({ schedule, start: friday, minutes: 90 })).toEqual({
      ok: false,
      reason: 'closing',
      closeMinute: 1500,
    });
    // Thursday has no hours.
    expect(
      bookingExtension({
        schedule,
        start: { date: { year: 2026, month: 11, day: 26 }, weekday: 4, minuteOfDay: 720 },
        minutes: 60,
      }),
    ).toEqual({
      ok: false,
      reason: 'closing',
      closeMinute: null,
    });
  });

  it('writes a countdown with seconds: hours only from an hour (SPEC 4, 9)', () => {
    expect(formatCountdown(3600)).toBe('1:00:00');
    expect(formatCountdown(3599)).toBe('59:59');
    expect(formatCountdown(5 * 3600 + 61)).toBe('5:01:01');
    expect(formatCountdown(9)).toBe('00:09');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(formatCountdown(12.9)).toBe('00:12');
  });
});

describe('staffBookingMoves (issue 17)', () => {
  it('lets staff seat or cancel a new booking, end an active one, and nothing after', () => {
    expect(staffBookingMoves('new')).toEqual(['active', 'cancelled']);
    expect(staffBookingMoves('active')).toEqual(['ended']);
    expect(staffBookingMoves('ended')).toEqual([]);
    expect(staffBookingMoves('cancelled')).toEqual([]);
  });
});

describe('bookingOrderTime: an order from a booking is for the booking (SPEC 4, 5)', () => {
  // Friday 27 November 2026, 01:00 Moscow: a booking of Thursday's schedule day after midnight.
  const afterMidnight = Math.floor(Date.parse('2026-11-27T01:00:00+03:00') / 1000);

  it('is for the booking’s start on the calendar day it starts on, on the restaurant’s clock', () => {
    const evening = afterMidnight - 6 * 3600;
    expect(bookingOrderTime({ timefrom: afterMidnight }, evening, 'Europe/Moscow')).toEqual({
      at: afterMidnight,
      deliveryDate: '27.11.2026',
      deliveryTime: '01:00',
    });
    expect(bookingOrderTime({ timefrom: afterMidnight }, evening, 'Asia/Yekaterinburg')).toEqual({
      at: afterMidnight,
      deliveryDate: '27.11.2026',
      deliveryTime: '03:00',
    });
  });

  it('is as soon as ready (null) from the booking’s start on', () => {
    expect(bookingOrderTime({ timefrom: afterMidnight }, afterMidnight, 'Europe/Moscow')).toBeNull();
    expect(bookingOrderTime({ timefrom: afterMidnight }, afterMidnight + 60, 'Europe/Moscow')).toBeNull();
    expect(bookingOrderTime({ timefrom: afterMidnight }, afterMidnight - 1, 'Europe/Moscow')?.deliveryTime).toBe(
      '01:00',
    );
  });
});
