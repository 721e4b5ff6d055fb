import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingAnswer, errorResponse } from '@chain/contract';
import {
  addDays,
  AS_READY_TEXT,
  formatShortDate,
  startOfDaySeconds,
  wallClockAt,
  type CalendarDate,
} from '@chain/domain';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { action, allowBooking, freezeDate, nearestWednesdayNoonMoscow, unfreezeDate } from './support/rest';
import { signedInUser } from './support/users';

// An inrest order made from a booking (SPEC 4 «Заказать блюда к столу», SPEC 5 minimum) is for
// the booking's time, whatever bookings allow and pickup slots do not: a day past deliveryDays,
// after 23:00 or before 09:00, or sooner than now + 30 minutes. The clock is frozen at Wednesday
// 12:00 Moscow time (see booking.test.ts).
const NOW = nearestWednesdayNoonMoscow();
const TODAY: CalendarDate = wallClockAt(NOW, 'Europe/Moscow').date;
const day = (offset: number): number => startOfDaySeconds(addDays(TODAY, offset));
const MSK = -180;
const PATRIKI = DEMO_RESTAURANTS[0]!;
/** Покровка: open to 02:00 from Monday to Thursday; deliveryDays 2. */
const POKROVKA = DEMO_RESTAURANTS[1]!;
/** Таганка: deliveryDays 0, so a pickup time is today's only. */
const TAGANKA = DEMO_RESTAURANTS[3]!;
/** Маргарита, 590 ₽: two of them are over one guest's booking minimum of 1000 ₽. */
const MARGHERITA = 101;

describe.each(databaseKinds())('orders from a booking on %s (SPEC 4, 5)', (kind) => {
  let t: TestApp;
  let key = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    freezeDate(NOW);
  });
  afterEach(() => freezeDate(NOW));
  afterAll(async () => {
    unfreezeDate();
    await t.close();
  });

  const rest = (name: string, fields: unknown, user: { id: number; token: string }) =>
    action(t.app, name, fields, user);
  const guest = async () => {
    const user = await signedInUser(t.database);
    await allowBooking(t.database, user.id);
    return user;
  };
  const book = async (
    user: { id: number; token: string },
    restaurantId: number,
    periodfrom: string,
    offset: number,
  ) => {
    const res = await rest(
      'bookingSave',
      { restoran: restaurantId, cntpersons: 1, cntminutes: 60, periodfrom, date: day(offset), timeZoneOffset: MSK },
      user,
    );
    expect(res.statusCode, res.body).toBe(200);
    return bookingAnswer.parse(res.json()).booking;
  };
  /** order/create of two Маргариты at the booking's table, as the app sends it: the time as the app had it, or none. */
  const order = (
    user: { id: number; token: string },
    booking: { restoran: number; table_num: string | null; booking_num: string },
    when?: { deliveryDate: string; deliveryTime: string },
  ) =>
    post(t.app, '/api/v2/order/create', {
      source: 'web',
      v: 3,
      user: { id: user.id, password: user.token },
      cart: [{ item: MARGHERITA, cnt: 2 }],
      order: { type: 'inrest', table: booking.table_num, booking_num: booking.booking_num },
      restoran: booking.restoran,
      ...(when ? { deliveryDateTimeProps: { ...when, isTimePeriods: false } } : {}),
      idempotency_key: `booking-order-${kind}-${key++}`,
    });
  const stored = (id: number) =>
    t.database.db
      .selectFrom('orders')
      .select(['ready_at', 'as_ready', 'props', 'booking_num', 'table_num'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('takes an order for tomorrow’s booking at a restaurant that takes pickup orders for today only, ready at the booking’s start', async () => {
    const user = await guest();
    const booking = await book(user, TAGANKA.id, '19:00', 1);
    const tomorrow = formatShortDate(addDays(TODAY, 1));
    // As the app sent it, and with no time at all: the booking decides.
    for (const when of [{ deliveryDate: tomorrow, deliveryTime: '19:00' }, undefined]) {
      const res = await order(user, booking, when);
      expect(res.statusCode, res.body).toBe(200);
      const row = await stored(res.json<{ id: number }>().id);
      expect(row).toMatchObject({ as_ready: false, booking_num: booking.booking_num, table_num: booking.table_num });
      expect(row.ready_at?.getTime()).toBe(booking.timefrom * 1000);
      expect(row.props).toMatchObject({ deliveryDate: tomorrow, deliveryTime: '19:00', as_ready: 0 });
    }
  });

  it('dates an order for a booking after midnight by the calendar day it starts on, not a day early', async () => {
    const user = await guest();
    // Friday's 01:00 at Покровка is in Thursday's hours (the schedule day), on Friday's date.
    const booking = await book(user, POKROVKA.id, '01:00', 2);
    expect(booking.timefrom).toBe(day(2) + 3600);
    expect(booking.date).toBe(day(2));
    // A day early, as an app that read the schedule day would send it: the booking's own time wins.
    const res = await order(user, booking, {
      deliveryDate: formatShortDate(addDays(TODAY, 1)),
      deliveryTime: booking.periodfrom,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(res.json<{ id: number }>().id);
    expect(row.ready_at?.getTime()).toBe(booking.timefrom * 1000);
    expect(row.props).toMatchObject({ deliveryDate: formatShortDate(addDays(TODAY, 2)), deliveryTime: '01:00' });
  });

  it('takes an order for a booking that starts sooner than a pickup slot could (now + 15 minutes, not + 30)', async () => {
    freezeDate(new Date(NOW.getTime() + 10 * 60_000));
    const user = await guest();
    const booking = await book(user, PATRIKI.id, '12:30', 0);
    const res = await order(user, booking, { deliveryDate: formatShortDate(TODAY), deliveryTime: '12:30' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(res.json<{ id: number }>().id)).ready_at?.getTime()).toBe(booking.timefrom * 1000);
  });

  it('makes an order for a booking under way as soon as ready, whatever time the app still had', async () => {
    const user = await guest();
    const booking = await book(user, TAGANKA.id, '19:00', 0);
    freezeDate(new Date((booking.timefrom + 5 * 60) * 1000));
    const res = await order(user, booking, { deliveryDate: formatShortDate(TODAY), deliveryTime: '19:00' });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(res.json<{ id: number }>().id);
    expect(row).toMatchObject({ as_ready: true, ready_at: null });
    expect(row.props).toMatchObject({ deliveryTime: AS_READY_TEXT, as_ready: 1 });
  });

  it('still refuses a time of its own for an inrest order without a booking (SPEC 9 pickup slots)', async () => {
    const user = await guest();
    const booking = await book(user, TAGANKA.id, '19:00', 1);
    const res = await order(
      user,
      { ...booking, booking_num: '' },
      { deliveryDate: formatShortDate(addDays(TODAY, 1)), deliveryTime: '19:00' },
    );
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json()).message).toBe('На выбранную дату заказ недоступен. Выберите другую дату.');
  });
});
