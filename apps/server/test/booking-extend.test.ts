import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bookingAnswer, bookingView, errorResponse } from '@chain/contract';
import { startOfDaySeconds, wallClockAt, type CalendarDate } from '@chain/domain';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { action, allowBooking, freezeDate, nearestWednesdayNoonMoscow, unfreezeDate } from './support/rest';
import { signedInUser } from './support/users';

// bookingExtend (decision 027): a running booking gets 30 more minutes on the same table.
// The clock is frozen at Wednesday 12:00 Moscow time (see booking.test.ts): Таганка is open
// 11:00–23:00 and its table 5 is the only one for six guests.
const NOW = nearestWednesdayNoonMoscow();
const TODAY: CalendarDate = wallClockAt(NOW, 'Europe/Moscow').date;
const at = (hhmm: string): Date => {
  const [h, m] = hhmm.split(':').map(Number);
  return new Date((startOfDaySeconds(TODAY) + (h ?? 0) * 3600 + (m ?? 0) * 60) * 1000);
};
const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);
const MSK = -180;
const TAGANKA = DEMO_RESTAURANTS[3]!;
const PATRIKI = DEMO_RESTAURANTS[0]!;

describe.each(databaseKinds())('bookingExtend on %s (SPEC 4, decision 027)', (kind) => {
  let t: TestApp;
  let serial = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    freezeDate(NOW);
  });
  afterEach(async () => {
    freezeDate(NOW);
    // Each test starts with Таганка's tables free.
    await t.database.db.deleteFrom('bookings').where('restaurant_id', '=', TAGANKA.id).execute();
  });
  afterAll(async () => {
    unfreezeDate();
    await t.close();
  });

  const rest = (name: string, fields: unknown, user?: { id: number; token: string } | null) =>
    action(t.app, name, fields, user);
  const guest = async () => {
    const user = await signedInUser(t.database);
    await allowBooking(t.database, user.id);
    return user;
  };
  const tableFive = async () =>
    (
      await t.database.db
        .selectFrom('restaurant_tables')
        .select('id')
        .where('restaurant_id', '=', TAGANKA.id)
        .where('num', '=', '5')
        .executeTakeFirstOrThrow()
    ).id;
  /** A booking of table 5 made earlier (inserted here), from `from` to `to`. */
  const booked = async (user: { id: number }, from: Date, to: Date, status: 'new' | 'active' | 'cancelled' = 'new') => {
    serial += 1;
    const num = `Б-EXT-${serial}`;
    await t.database.db
      .insertInto('bookings')
      .values({
        booking_num: num,
        user_id: user.id,
        restaurant_id: TAGANKA.id,
        table_id: await tableFive(),
        timefrom: from,
        timeto: to,
        cntpersons: 6,
        cntminutes: Math.round((to.getTime() - from.getTime()) / 60_000),
        min_sum: 600_000,
        status,
      })
      .execute();
    return num;
  };
  const refusal = (res: { json: () => unknown }) => errorResponse.parse(res.json());

  it('adds 30 minutes to a running booking on the same table; the table is then taken for them', async () => {
    const user = await guest();
    const num = await booked(user, new Date(NOW.getTime() - 10 * 60_000), at('13:00'));
    const listed = bookingView.parse(
      (await rest('bookingList', { active: 1 }, user)).json<{ items: unknown[] }>().items[0],
    );
    expect(listed).toMatchObject({ booking_num: num, allowExtend: 1, allowEnd: 1, allowCancel: 0 });

    const res = await rest('bookingExtend', { booking_num: ` ${num} ` }, user);
    expect(res.statusCode).toBe(200);
    const answer = bookingAnswer.parse(res.json());
    expect(answer.message).toBe('Бронь продлена до 13:30.');
    expect(answer.booking).toMatchObject({
      booking_num: num,
      timeto: seconds(at('13:30')),
      cntminutes: 100,
      table_num: '5',
      allowExtend: 1,
      status: 'new',
    });
    expect(answer.booking.dateFormatted).toMatch(/, 11:50–13:30$/);

    // Another party of six can no longer have 13:00 (table 5 is held to 13:30), but 13:30 is free.
    const other = await guest();
    const fields = {
      restoran: TAGANKA.id,
      cntpersons: 6,
      cntminutes: 60,
      date: startOfDaySeconds(TODAY),
      timeZoneOffset: MSK,
    };
    expect((await rest('bookingSave', { ...fields, periodfrom: '13:00' }, other)).statusCode).toBe(409);
    expect((await rest('bookingSave', { ...fields, periodfrom: '13:30' }, other)).statusCode).toBe(200);
  });

  it('refuses when the table is booked right after, with the time in the reason (409)', async () => {
    const user = await guest();
    const num = await booked(user, new Date(NOW.getTime() - 10 * 60_000), at('13:00'));
    const other = await guest();
    const save = await rest(
      'bookingSave',
      {
        restoran: TAGANKA.id,
        cntpersons: 6,
        cntminutes: 60,
        periodfrom: '13:00',
        date: startOfDaySeconds(TODAY),
        timeZoneOffset: MSK,
      },
      other,
    );
    expect(save.statusCode).toBe(200);
    const res = await rest('bookingExtend', { booking_num: num }, user);
    expect(res.statusCode).toBe(409);
    expect(refusal(res)).toMatchObject({
      error: 'booking_extend_taken',
      message: 'Стол после 13:00 уже забронирован — продлить бронь нельзя.',
    });
    const row = await t.database.db
      .selectFrom('bookings')
      .select(['timeto', 'cntminutes'])
      .where('booking_num', '=', num)
      .executeTakeFirstOrThrow();
    expect(row.timeto.getTime()).toBe(at('13:00').getTime());
    expect(row.cntminutes).toBe(70);
  });

  it('refuses past closing, beyond 6 hours, a booking of the guest’s own overlapping, and one not running', async () => {
    const user = await guest();
    // 6 hours already.
    const long = await booked(user, new Date(NOW.getTime() - 10 * 60_000), new Date(NOW.getTime() + 350 * 60_000));
    const tooLong = await rest('bookingExtend', { booking_num: long }, user);
    expect(tooLong.statusCode).toBe(409);
    expect(refusal(tooLong)).toMatchObject({
      error: 'booking_extend_limit',
      message: 'Бронь не может длиться дольше 6 часов.',
    });

    // Not started yet: it can be cancelled, not extended.
    const later = await guest();
    const upcoming = bookingAnswer.parse(
      (
        await rest(
          'bookingSave',
          {
            restoran: PATRIKI.id,
            cntpersons: 2,
            cntminutes: 60,
            periodfrom: '19:00',
            date: startOfDaySeconds(TODAY),
            timeZoneOffset: MSK,
          },
          later,
        )
      ).json(),
    ).booking;
    expect(upcoming.allowExtend).toBe(0);
    const notStarted = await rest('bookingExtend', { booking_num: upcoming.booking_num }, later);
    expect(notStarted.statusCode).toBe(409);
    expect(refusal(notStarted)).toMatchObject({
      error: 'booking_not_started',
      message: 'Бронь ещё не началась — продлить её можно во время брони.',
    });
    await rest('bookingCancel', { booking_num: upcoming.booking_num }, later);

    // The guest's own booking elsewhere right after.
    await t.database.db.deleteFrom('bookings').where('restaurant_id', '=', TAGANKA.id).execute();
    const busy = await guest();
    const running = await booked(busy, new Date(NOW.getTime() - 10 * 60_000), at('13:00'));
    const elsewhere = await rest(
      'bookingSave',
      {
        restoran: PATRIKI.id,
        cntpersons: 2,
        cntminutes: 60,
        periodfrom: '13:00',
        date: startOfDaySeconds(TODAY),
        timeZoneOffset: MSK,
      },
      busy,
    );
    expect(elsewhere.statusCode).toBe(200);
    const overlap = await rest('bookingExtend', { booking_num: running }, busy);
    expect(overlap.statusCode).toBe(409);
    expect(refusal(overlap)).toMatchObject({ error: 'booking_overlap', message: 'У вас уже есть бронь на это время.' });
    await rest('bookingCancel', { booking_num: bookingAnswer.parse(elsewhere.json()).booking.booking_num }, busy);

    // Cancelled, and over.
    const cancelled = await booked(user, at('11:30'), at('14:00'), 'cancelled');
    expect(refusal(await rest('bookingExtend', { booking_num: cancelled }, user))).toMatchObject({
      error: 'booking_closed',
      message: 'Бронь отменена или уже закончилась.',
    });
    const over = await booked(user, at('11:00'), at('11:30'));
    expect(refusal(await rest('bookingExtend', { booking_num: over }, user))).toMatchObject({
      error: 'booking_closed',
    });

    // Closing: at 22:10 a booking to 23:00, when Таганка closes.
    await t.database.db.deleteFrom('bookings').where('restaurant_id', '=', TAGANKA.id).execute();
    freezeDate(at('22:10'));
    const lastOne = await booked(user, at('22:00'), at('23:00'));
    const closing = await rest('bookingExtend', { booking_num: lastOne }, user);
    expect(closing.statusCode).toBe(409);
    expect(refusal(closing)).toMatchObject({
      error: 'booking_extend_closing',
      message: 'Ресторан закрывается в 23:00 — продлить бронь нельзя.',
    });
  });

  it('does not extend another guest’s booking (404 as unknown), needs the booking flag (403) and a booking number (400)', async () => {
    const owner = await guest();
    const num = await booked(owner, new Date(NOW.getTime() - 10 * 60_000), at('13:00'));
    const stranger = await guest();
    const res = await rest('bookingExtend', { booking_num: num }, stranger);
    expect(res.statusCode).toBe(404);
    expect(refusal(res)).toMatchObject({ error: 'booking_not_found', message: 'Бронь не найдена.' });
    await t.database.db.updateTable('users').set({ booking: false }).where('id', '=', owner.id).execute();
    expect((await rest('bookingExtend', { booking_num: num }, owner)).statusCode).toBe(403);
    await allowBooking(t.database, owner.id);
    expect((await rest('bookingExtend', { booking_num: num }, null)).statusCode).toBe(401);
    for (const fields of [{}, { booking_num: '' }, { booking_num: 42 }, { booking_num: 'x'.repeat(33) }]) {
      expect((await rest('bookingExtend', fields, owner)).statusCode).toBe(400);
    }
  });

  it('runs two extends of one booking at once one after the other: both count, nothing is lost', async () => {
    const user = await guest();
    const num = await booked(user, new Date(NOW.getTime() - 10 * 60_000), at('13:00'));
    const answers = await Promise.all([
      rest('bookingExtend', { booking_num: num }, user),
      rest('bookingExtend', { booking_num: num }, user),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
    const ends = answers.map((res) => bookingAnswer.parse(res.json()).booking.timeto).sort();
    expect(ends).toEqual([seconds(at('13:30')), seconds(at('14:00'))]);
    const row = await t.database.db
      .selectFrom('bookings')
      .select(['timeto', 'cntminutes'])
      .where('booking_num', '=', num)
      .executeTakeFirstOrThrow();
    expect(row.timeto.getTime()).toBe(at('14:00').getTime());
    expect(row.cntminutes).toBe(130);
  });

  it('of an extend and another guest’s booking of the same table right after, sent at once, exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      await t.database.db.deleteFrom('bookings').where('restaurant_id', '=', TAGANKA.id).execute();
      const user = await guest();
      const num = await booked(user, new Date(NOW.getTime() - 10 * 60_000), at('13:00'));
      const other = await guest();
      const [extend, save] = await Promise.all([
        rest('bookingExtend', { booking_num: num }, user),
        rest(
          'bookingSave',
          {
            restoran: TAGANKA.id,
            cntpersons: 6,
            cntminutes: 60,
            periodfrom: '13:00',
            date: startOfDaySeconds(TODAY),
            timeZoneOffset: MSK,
          },
          other,
        ),
      ]);
      expect([extend.statusCode, save.statusCode].sort()).toEqual([200, 409]);
      const holds = await t.database.db
        .selectFrom('bookings')
        .select(['timefrom', 'timeto'])
        .where('restaurant_id', '=', TAGANKA.id)
        .where('status', 'in', ['new', 'active'])
        .orderBy('timefrom')
        .execute();
      // Never both: the table's holds do not overlap.
      for (let i = 1; i < holds.length; i += 1)
        expect(holds[i]!.timefrom.getTime()).toBeGreaterThanOrEqual(holds[i - 1]!.timeto.getTime());
    }
  });

  it('of an extend and the same guest’s booking elsewhere over the added minutes, sent at once, exactly one wins', async () => {
    for (let round = 0; round < 3; round += 1) {
      await t.database.db.deleteFrom('bookings').where('restaurant_id', '=', TAGANKA.id).execute();
      const user = await guest();
      const num = await booked(user, new Date(NOW.getTime() - 10 * 60_000), at('13:00'));
      // Патриаршие at 13:00 overlaps the half hour the extension would add (13:00–13:30).
      const [extend, save] = await Promise.all([
        rest('bookingExtend', { booking_num: num }, user),
        rest(
          'bookingSave',
          {
            restoran: PATRIKI.id,
            cntpersons: 2,
            cntminutes: 60,
            periodfrom: '13:00',
            date: startOfDaySeconds(TODAY),
            timeZoneOffset: MSK,
          },
          user,
        ),
      ]);
      expect([extend.statusCode, save.statusCode].sort()).toEqual([200, 409]);
      expect(refusal(extend.statusCode === 409 ? extend : save).error).toBe('booking_overlap');
      const mine = await t.database.db
        .selectFrom('bookings')
        .select(['timefrom', 'timeto'])
        .where('user_id', '=', user.id)
        .where('status', 'in', ['new', 'active'])
        .orderBy('timefrom')
        .execute();
      // Never both: the guest's own bookings do not overlap.
      expect(mine.length).toBeGreaterThan(0);
      for (let i = 1; i < mine.length; i += 1)
        expect(mine[i]!.timefrom.getTime()).toBeGreaterThanOrEqual(mine[i - 1]!.timeto.getTime());
    }
  });
});
