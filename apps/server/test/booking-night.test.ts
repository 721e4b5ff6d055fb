import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bookingAnswer,
  bookingPeriodsResponse,
  bookingView,
  delayedzakazRestoransResponse,
  predzakazPeriodsResponse,
  staffBookingsResponse,
} from '@chain/contract';
import {
  addDays,
  formatClock,
  formatLongDate,
  formatShortDate,
  instantAt,
  startOfDaySeconds,
  wallClockAt,
  type CalendarDate,
} from '@chain/domain';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { action, allowBooking, freezeDate, nearestMoscowClock, unfreezeDate } from './support/rest';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 30, «a guest booking at night comes on the wrong day»: at 03:30 and at 05:57 Moscow on a
// Saturday night, every date a guest (or a host) reads names the calendar day of the moment it
// describes — SPEC 9: full weekday and genitive month; «Сегодня» is the calendar's today — however
// the business day (06:00, SPEC 4) groups the opening hours. On the code before, «Сегодня» at
// 03:30 was Friday, «Суббота, 28 ноября» listed Sunday's 05:00 as Saturday's, and the staff's
// board at 05:57 could not see a booking at 06:30.
const TZ = 'Europe/Moscow';
const AT_0330 = nearestMoscowClock(6, 3 * 60 + 30);
const AT_0557 = new Date(AT_0330.getTime() + (2 * 60 + 27) * 60_000);
const SATURDAY: CalendarDate = wallClockAt(AT_0330, TZ).date;
const SUNDAY = addDays(SATURDAY, 1);
const FRIDAY = addDays(SATURDAY, -1);
/** Unix seconds of a date's wall-clock 'HH:MM' in Moscow. */
const at = (date: CalendarDate, hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return Math.floor(instantAt(date, (h ?? 0) * 60 + (m ?? 0), TZ) / 1000);
};
const capital = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const PATRIKI = DEMO_RESTAURANTS[0]!; // 10:00–01:00 on Fridays and Saturdays, 10:00–23:00 on Sundays
const TVERSKAYA = DEMO_RESTAURANTS[9]!; // round the clock: 06:00 to 06:00, tables booked
const KURSKY = DEMO_RESTAURANTS[4]!; // pickup round the clock

/** Every period reads as the moment it stores: its start falls on the date chosen, at the clock it shows. */
function expectPeriodsOn(
  periods: ReadonlyArray<{ periodfrom: string; from: string; to: string; timefrom: number; timeto: number }>,
  date: CalendarDate,
): void {
  expect(periods.length).toBeGreaterThan(0);
  for (const period of periods) {
    const start = wallClockAt(period.timefrom * 1000, TZ);
    expect({ date: start.date, clock: formatClock(start.minuteOfDay) }).toEqual({ date, clock: period.periodfrom });
    expect(period.from).toBe(period.periodfrom);
    expect(formatClock(wallClockAt(period.timeto * 1000, TZ).minuteOfDay)).toBe(period.to);
  }
}

describe.each(databaseKinds())('dates at night on %s (issue 30: the calendar day of the moment; SPEC 4, 9)', (kind) => {
  let t: TestApp;
  let host: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    // Signed in at the real time (its session is checked against the database's own clock).
    host = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [TVERSKAYA.id, PATRIKI.id] }),
    );
  });
  afterEach(() => unfreezeDate());
  afterAll(() => t.close());

  const rest = (name: string, fields: unknown, user?: { id: number; token: string } | null) =>
    action(t.app, name, fields, user);
  const guest = async () => {
    const user = await signedInUser(t.database);
    await allowBooking(t.database, user.id);
    return user;
  };
  const periods = async (user: { id: number; token: string }, fields: Record<string, unknown>) =>
    bookingPeriodsResponse.parse(
      (await rest('bookingPeriods', { cntpersons: 2, cntminutes: 60, ...fields }, user)).json(),
    );
  const board = async (restaurantId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/staff/restaurants/${restaurantId}/bookings`,
      headers: bearer(host),
    });
    expect(res.statusCode, res.body).toBe(200);
    return staffBookingsResponse.parse(res.json());
  };

  describe('at 03:30 on Saturday', () => {
    it('bookingPeriods offers the calendar’s days — Saturday is «Сегодня», then Sunday, the week’s end — each listing the periods that start on it', async () => {
      freezeDate(AT_0330);
      const user = await guest();
      const today = await periods(user, { restoranid: TVERSKAYA.id });
      expect(today.dates).toEqual([
        { date: startOfDaySeconds(SATURDAY, TZ), value: formatShortDate(SATURDAY), label: 'Сегодня' },
        { date: startOfDaySeconds(SUNDAY, TZ), value: formatShortDate(SUNDAY), label: capital(formatLongDate(SUNDAY)) },
      ]);
      // Friday's business day still runs to 06:00: its last periods are this Saturday's, from now + 15 minutes.
      expect(today.periods.slice(0, 4).map((period) => period.text)).toEqual([
        '04:00–05:00',
        '04:30–05:30',
        '05:00–06:00',
        '06:00–07:00',
      ]);
      expect(today.periods.at(-1)?.periodfrom).toBe('23:30');
      expectPeriodsOn(today.periods, SATURDAY);
      expect(today.deliveryDateTimeProps).toEqual({
        deliveryDate: formatShortDate(SATURDAY),
        deliveryTime: '04:00',
        isTimePeriods: 1,
      });

      const sunday = await periods(user, {
        restoranid: TVERSKAYA.id,
        date: startOfDaySeconds(SUNDAY, TZ),
        timeZoneOffset: -180,
      });
      expect(sunday.periods[0]).toEqual({
        periodfrom: '00:00',
        from: '00:00',
        to: '01:00',
        timefrom: at(SUNDAY, '00:00'),
        timeto: at(SUNDAY, '01:00'),
        text: '00:00–01:00',
      });
      expectPeriodsOn(sunday.periods, SUNDAY);
      // Past Sunday's midnight is Monday, the next week (SPEC 9: to the end of the current week).
      expect(sunday.periods.at(-1)?.periodfrom).toBe('23:30');

      // Open to 01:00 on Saturday night: Saturday's last hours are Sunday's first.
      const patriki = await periods(user, { restoranid: PATRIKI.id, date: startOfDaySeconds(SUNDAY, TZ) });
      expect(patriki.periods.map((period) => period.text).slice(0, 2)).toEqual(['00:00–01:00', '10:00–11:00']);
      expectPeriodsOn(patriki.periods, SUNDAY);
      expect((await periods(user, { restoranid: PATRIKI.id })).periods[0]?.text).toBe('10:00–11:00');
    });

    it('bookingSave keeps the day the guest read: «Сегодня», 05:00 is Saturday 05:00, and the booking, its list and its number say so', async () => {
      freezeDate(AT_0330);
      const user = await guest();
      const res = await rest(
        'bookingSave',
        {
          restoran: TVERSKAYA.id,
          cntpersons: 2,
          cntminutes: 60,
          periodfrom: '05:00',
          date: startOfDaySeconds(SATURDAY, TZ),
        },
        user,
      );
      expect(res.statusCode, res.body).toBe(200);
      const { booking, message } = bookingAnswer.parse(res.json());
      expect(booking).toMatchObject({
        timefrom: at(SATURDAY, '05:00'),
        timeto: at(SATURDAY, '06:00'),
        periodfrom: '05:00',
        date: startOfDaySeconds(SATURDAY, TZ),
        dateFormatted: `${formatLongDate(SATURDAY)}, 05:00–06:00`,
      });
      expect(booking.booking_num).toMatch(new RegExp(`^Б-${formatShortDate(SATURDAY).slice(0, 5).replace('.', '')}-`));
      expect(message).toContain(`${formatLongDate(SATURDAY)}, 05:00–06:00`);
      const list = (await rest('bookingList', { active: 1 }, user))
        .json<{ items: unknown[] }>()
        .items.map((item) => bookingView.parse(item));
      expect(list.map((item) => item.dateFormatted)).toEqual([`${formatLongDate(SATURDAY)}, 05:00–06:00`]);

      // Sunday 00:30 at a restaurant open to 01:00 on Saturdays: Sunday's date, Saturday's hours.
      const night = await rest(
        'bookingSave',
        {
          restoran: PATRIKI.id,
          cntpersons: 2,
          cntminutes: 30,
          periodfrom: '00:30',
          date: startOfDaySeconds(SUNDAY, TZ),
          timeZoneOffset: -180,
        },
        user,
      );
      expect(night.statusCode, night.body).toBe(200);
      expect(bookingAnswer.parse(night.json()).booking).toMatchObject({
        timefrom: at(SUNDAY, '00:30'),
        timeto: at(SUNDAY, '01:00'),
        periodfrom: '00:30',
        date: startOfDaySeconds(SUNDAY, TZ),
        dateFormatted: `${formatLongDate(SUNDAY)}, 00:30–01:00`,
      });
      // Past the hours of the business day it falls in: refused, as before.
      const late = await rest(
        'bookingSave',
        {
          restoran: PATRIKI.id,
          cntpersons: 2,
          cntminutes: 60,
          periodfrom: '00:30',
          date: startOfDaySeconds(SUNDAY, TZ),
        },
        await guest(),
      );
      expect(late.statusCode).toBe(409);
      // Friday's night has passed: the window starts at the calendar's today.
      const friday = await rest(
        'bookingSave',
        {
          restoran: TVERSKAYA.id,
          cntpersons: 2,
          cntminutes: 60,
          periodfrom: '23:00',
          date: startOfDaySeconds(FRIDAY, TZ),
        },
        await guest(),
      );
      expect(friday.statusCode).toBe(400);
    });
  });

  describe('at 05:57 on Saturday', () => {
    it('bookingPeriods: «Сегодня» is Saturday from 06:30 (the night’s periods are over), and the booking made is Saturday’s', async () => {
      freezeDate(AT_0557);
      const user = await guest();
      const today = await periods(user, { restoranid: TVERSKAYA.id });
      expect(today.dates.map((date) => date.label)).toEqual(['Сегодня', capital(formatLongDate(SUNDAY))]);
      expect(today.periods[0]?.text).toBe('06:30–07:30');
      expectPeriodsOn(today.periods, SATURDAY);
      const saved = await rest(
        'bookingSave',
        { restoran: TVERSKAYA.id, cntpersons: 2, cntminutes: 60, periodfrom: '06:30', date: today.dates[0]!.date },
        user,
      );
      expect(saved.statusCode, saved.body).toBe(200);
      expect(bookingAnswer.parse(saved.json()).booking).toMatchObject({
        timefrom: at(SATURDAY, '06:30'),
        dateFormatted: `${formatLongDate(SATURDAY)}, 06:30–07:30`,
      });
    });

    it('the staff’s bookings board reaches past 06:00: a host sees the night’s booking and the morning’s, each with its own time', async () => {
      freezeDate(AT_0330);
      const night = bookingAnswer.parse(
        (
          await rest(
            'bookingSave',
            {
              restoran: TVERSKAYA.id,
              cntpersons: 2,
              cntminutes: 60,
              periodfrom: '05:00',
              date: startOfDaySeconds(SATURDAY, TZ),
            },
            await guest(),
          )
        ).json(),
      ).booking;
      freezeDate(AT_0557);
      const morning = bookingAnswer.parse(
        (
          await rest(
            'bookingSave',
            {
              restoran: TVERSKAYA.id,
              cntpersons: 2,
              cntminutes: 60,
              periodfrom: '07:00',
              date: startOfDaySeconds(SATURDAY, TZ),
            },
            await guest(),
          )
        ).json(),
      ).booking;
      const tomorrow = bookingAnswer.parse(
        (
          await rest(
            'bookingSave',
            {
              restoran: TVERSKAYA.id,
              cntpersons: 2,
              cntminutes: 60,
              periodfrom: '02:00',
              date: startOfDaySeconds(SUNDAY, TZ),
            },
            await guest(),
          )
        ).json(),
      ).booking;
      const answer = await board(TVERSKAYA.id);
      const listed = answer.tables.flatMap((table) => table.bookings);
      for (const booking of [night, morning, tomorrow]) {
        expect(listed.find((entry) => entry.booking_num === booking.booking_num)?.timefrom).toBe(
          new Date(booking.timefrom * 1000).toISOString(),
        );
      }
      expect(answer).toMatchObject({
        time_zone: TZ,
        from: new Date(instantAt(FRIDAY, 360, TZ)).toISOString(),
        to: new Date(instantAt(SUNDAY, 360, TZ)).toISOString(),
      });
    });
  });

  describe.each([
    ['03:30', AT_0330],
    ['05:57', AT_0557],
  ] as const)('pre-order, delayed order and a pickup time at %s on Saturday', (label, moment) => {
    it(`predzakazPeriods and delayedzakazRestorans at ${label} open on Saturday as «Сегодня», its times on Saturday`, async () => {
      freezeDate(moment);
      const pre = predzakazPeriodsResponse.parse((await rest('predzakazPeriods', { restoranid: TVERSKAYA.id })).json());
      expect(pre.dates[0]).toEqual({
        date: startOfDaySeconds(SATURDAY, TZ),
        value: formatShortDate(SATURDAY),
        label: 'Сегодня',
      });
      expect(pre.dates[1]?.label).toBe(capital(formatLongDate(SUNDAY)));
      expect(pre.periods[0]?.periodfrom).toBe('09:00');
      expectPeriodsOn(pre.periods, SATURDAY);
      expect(pre.deliveryDateTimeProps.deliveryDate).toBe(formatShortDate(SATURDAY));

      const delayed = delayedzakazRestoransResponse.parse(
        (await rest('delayedzakazRestorans', { restoranid: KURSKY.id })).json(),
      );
      expect(delayed.dates[0]).toMatchObject({
        date: startOfDaySeconds(SATURDAY, TZ),
        value: formatShortDate(SATURDAY),
        label: 'Сегодня',
      });
      expect(delayed.deliveryDateTimeProps).toEqual({
        deliveryDate: formatShortDate(SATURDAY),
        deliveryTime: '09:00',
        isTimePeriods: 0,
      });
    });

    it(`order/create at ${label} takes a pickup time and a courier window of «Сегодня» as Saturday’s, and «as soon as ready» as today’s date`, async () => {
      freezeDate(moment);
      const user = await signedInUser(t.database);
      const order = (deliveryDateTimeProps: object) => ({
        source: 'web',
        v: 3,
        user: { id: user.id, password: user.token },
        cart: [{ item: 101, cnt: 1 }],
        order: { type: 'self', comment: '' },
        restoran: KURSKY.id,
        deliveryDateTimeProps,
        idempotency_key: `night-${kind}-${randomUUID()}`,
      });
      const timed = await post(
        t.app,
        '/api/v2/order/create',
        order({ deliveryDate: formatShortDate(SATURDAY), deliveryTime: '09:00', isTimePeriods: 0 }),
      );
      expect(timed.statusCode, timed.body).toBe(200);
      const row = await t.database.db
        .selectFrom('orders')
        .select(['ready_at', 'props'])
        .where('id', '=', timed.json<{ id: number }>().id)
        .executeTakeFirstOrThrow();
      expect(row.ready_at?.getTime()).toBe(at(SATURDAY, '09:00') * 1000);
      expect(row.props).toMatchObject({ deliveryDate: formatShortDate(SATURDAY), deliveryTime: '09:00' });
      const now = await post(
        t.app,
        '/api/v2/order/create',
        order({ deliveryDate: '', deliveryTime: 'По готовности', isTimePeriods: 0 }),
      );
      expect(now.statusCode, now.body).toBe(200);
      const asReady = await t.database.db
        .selectFrom('orders')
        .select(['as_ready', 'props'])
        .where('id', '=', now.json<{ id: number }>().id)
        .executeTakeFirstOrThrow();
      expect(asReady).toMatchObject({ as_ready: true, props: { deliveryDate: formatShortDate(SATURDAY) } });
      // A courier window of «Сегодня» (the delivery time screen's choice) is Saturday's.
      const courier = await post(t.app, '/api/v2/order/create', {
        ...order({ deliveryDate: formatShortDate(SATURDAY), deliveryTime: '08:00-11:00', isTimePeriods: 1 }),
        cart: [{ item: 101, cnt: 3 }],
        order: {
          type: 'delivery',
          comment: '',
          props: { address: { lat: 55.7574, lon: 37.6596, full: 'Москва, ул. Земляной Вал, 33' } },
        },
      });
      expect(courier.statusCode, courier.body).toBe(200);
      const delivered = await t.database.db
        .selectFrom('orders')
        .select(['ready_at', 'props'])
        .where('id', '=', courier.json<{ id: number }>().id)
        .executeTakeFirstOrThrow();
      expect(delivered.ready_at?.getTime()).toBe(at(SATURDAY, '08:00') * 1000);
      expect(delivered.props).toMatchObject({ deliveryDate: formatShortDate(SATURDAY), deliveryTime: '08:00-11:00' });
    });
  });
});
