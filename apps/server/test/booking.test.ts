import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingAnswer, bookingPeriodsResponse, bookingView, errorResponse } from '@chain/contract';
import { addDays, formatLongDate, startOfDaySeconds, wallClockAt, type CalendarDate } from '@chain/domain';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { action, allowBooking, freezeDate, nearestWednesdayNoonMoscow, unfreezeDate } from './support/rest';
import { signedInUser } from './support/users';

// The clock is frozen at Wednesday 12:00 Moscow time (the Wednesday nearest to the real date):
// the week of SPEC 9 is then Wednesday to Sunday, and restaurant 1 (10:00–23:00 on Wednesdays,
// to 01:00 on Fridays) and restaurant 4 (11:00–23:00, closed Mondays) are open.
const NOW = nearestWednesdayNoonMoscow();
const TODAY: CalendarDate = wallClockAt(NOW, 'Europe/Moscow').date;
const day = (offset: number): number => startOfDaySeconds(addDays(TODAY, offset));
const at = (offset: number, hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return day(offset) + (h ?? 0) * 3600 + (m ?? 0) * 60;
};
const MSK = -180;
const PATRIKI = DEMO_RESTAURANTS[0]!;
const TAGANKA = DEMO_RESTAURANTS[3]!;

describe.each(databaseKinds())('table booking on %s (SPEC 2, 3, 4, 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    freezeDate(NOW);
  });
  afterAll(async () => {
    unfreezeDate();
    await t.close();
  });

  const rest = (name: string, fields: unknown, user?: { id: number; token: string } | null) =>
    action(t.app, name, fields, user);
  /** A signed-in user with the booking flag. */
  const guest = async () => {
    const user = await signedInUser(t.database);
    await allowBooking(t.database, user.id);
    return user;
  };
  const tableNum = async (id: number | null) =>
    id === null
      ? null
      : (
          await t.database.db
            .selectFrom('restaurant_tables')
            .select('num')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).num;

  describe('bookingPeriods', () => {
    it('offers every half hour from now + 15 minutes until the booking no longer fits before closing', async () => {
      const res = await rest(
        'bookingPeriods',
        {
          restoranid: PATRIKI.id,
          cntpersons: 2,
          cntminutes: 60,
          date: day(0),
          timeZoneOffset: MSK,
          logictype: 'booking',
        },
        await guest(),
      );
      expect(res.statusCode).toBe(200);
      const body = bookingPeriodsResponse.parse(res.json());
      expect(body.allowbooking).toBe(1);
      expect(body.message).toBe('');
      expect(body.restoranid).toBe(PATRIKI.id);
      expect(body.periods[0]).toEqual({
        periodfrom: '12:30',
        from: '12:30',
        to: '13:30',
        timefrom: at(0, '12:30'),
        timeto: at(0, '13:30'),
        text: '12:30–13:30',
      });
      expect(body.periods.at(-1)?.text).toBe('22:00–23:00');
      expect(body.periods).toHaveLength(20);
      expect(body.min_sum).toBe(200_000);
      expect(body.deliveryDateTimeProps).toEqual({
        deliveryDate: body.dates[0]?.value,
        deliveryTime: '12:30',
        isTimePeriods: 1,
      });
    });

    it('lists the restaurants that take bookings, with their largest table, and the dates to Sunday (SPEC 9)', async () => {
      const body = bookingPeriodsResponse.parse((await rest('bookingPeriods', {}, await guest())).json());
      expect(body.restorans.map((r) => r.id)).toEqual([1, 2, 3, 4, 10]);
      expect(body.restorans.find((r) => r.id === TAGANKA.id)).toMatchObject({
        fs_uid: TAGANKA.fsUid,
        nameShort: 'Таганка',
        maxPersons: 6,
      });
      expect(body.dates.map((d) => d.date)).toEqual([day(0), day(1), day(2), day(3), day(4)]);
      expect(body.dates[0]?.label).toBe('Сегодня');
      expect(body.allowbooking).toBe(0);
      expect(body.message).toBe('Выберите ресторан.');
      expect(body.min_sum).toBe(200_000);
    });

    it('reads date and timeZoneOffset as the app’s day, runs past midnight on Friday and keeps the chosen period', async () => {
      const body = bookingPeriodsResponse.parse(
        (
          await rest(
            'bookingPeriods',
            {
              restoranid: PATRIKI.fsUid,
              cntpersons: '4',
              cntminutes: '90',
              date: String(day(2)),
              timeZoneOffset: '-180',
              periodfrom: '19:30',
            },
            await guest(),
          )
        ).json(),
      );
      expect(body.periods[0]?.periodfrom).toBe('10:00');
      expect(body.periods.at(-1)).toMatchObject({ periodfrom: '23:30', to: '01:00', timeto: at(3, '01:00') });
      expect(body.deliveryDateTimeProps.deliveryTime).toBe('19:30');
      expect(body.min_sum).toBe(400_000);
    });

    it('answers allowbooking 0 with the reason when nothing can be booked', async () => {
      const user = await guest();
      const reason = async (fields: Record<string, unknown>) =>
        bookingPeriodsResponse.parse((await rest('bookingPeriods', fields, user)).json());
      expect(await reason({ restoranid: 5 })).toMatchObject({
        allowbooking: 0,
        periods: [],
        message: 'В этом ресторане нельзя забронировать стол.',
      });
      expect((await reason({ restoranid: PATRIKI.id, date: day(5), timeZoneOffset: MSK })).message).toBe(
        'Стол можно забронировать с сегодняшнего дня до воскресенья.',
      );
      expect((await reason({ restoranid: PATRIKI.id, date: day(-1), timeZoneOffset: MSK })).allowbooking).toBe(0);
      expect((await reason({ restoranid: TAGANKA.id, cntpersons: 7 })).message).toBe(
        'Самый большой стол здесь — на 6 гостей. Для большой компании позвоните в ресторан.',
      );
      // Saturday is shortened to 20:00–23:00 here: a 4-hour booking no longer fits.
      await t.database.db
        .updateTable('restaurant_schedule')
        .set({ from_minute: 1200, to_minute: 1380 })
        .where('restaurant_id', '=', TAGANKA.id)
        .where('weekday', '=', 6)
        .execute();
      expect(
        (await reason({ restoranid: TAGANKA.id, cntminutes: 240, date: day(3), timeZoneOffset: MSK })).message,
      ).toBe('В этот день ресторан не принимает брони на это время. Выберите другую дату.');
      expect(
        (await reason({ restoranid: TAGANKA.id, cntminutes: 180, date: day(3), timeZoneOffset: MSK })).periods.map(
          (p) => p.text,
        ),
      ).toEqual(['20:00–23:00']);
    });
  });

  describe('bookingSave', () => {
    it('books the smallest free table that seats the party, with the fields of SPEC 3', async () => {
      const user = await guest();
      const res = await rest(
        'bookingSave',
        {
          restoran: PATRIKI.id,
          cntpersons: 3,
          cntminutes: 60,
          periodfrom: '19:00',
          date: day(0),
          timeZoneOffset: MSK,
          comment: ' У окна, пожалуйста ',
        },
        user,
      );
      expect(res.statusCode).toBe(200);
      const { booking, success, message } = bookingAnswer.parse(res.json());
      expect(success).toBe(true);
      expect(booking.booking_num).toMatch(/^Б-\d{4}-\d{4,}$/);
      expect(booking).toMatchObject({
        status: 'new',
        timefrom: at(0, '19:00'),
        timeto: at(0, '20:00'),
        isnew: 1,
        table_num: '3',
        min_sum: 300_000,
        restoran: PATRIKI.id,
        fs_uid: PATRIKI.fsUid,
        cntpersons: 3,
        cntminutes: 60,
        periodfrom: '19:00',
        date: day(0),
        comment: 'У окна, пожалуйста',
        username: 'Гость',
        allowOrder: 1,
        allowCancel: 1,
        allowEnd: 0,
        allowMain: 1,
        textMain: 'Отменить бронь',
      });
      expect(booking.dateFormatted).toBe(`${formatLongDate(TODAY)}, 19:00–20:00`);
      expect(booking.dateFormatted).toMatch(/^среда, \d{1,2} [а-я]+, 19:00–20:00$/);
      expect(message).toBe(`Стол №3 забронирован: ${booking.dateFormatted}. Гостей: 3.`);
      expect(await tableNum(booking.table_id)).toBe('3');
    });

    it('takes a period off the list while its only fitting table is booked; touching periods stay free', async () => {
      const user = await guest();
      const periods = async () =>
        bookingPeriodsResponse
          .parse(
            (
              await rest(
                'bookingPeriods',
                { restoranid: TAGANKA.id, cntpersons: 6, cntminutes: 60, date: day(1), timeZoneOffset: MSK },
                user,
              )
            ).json(),
          )
          .periods.map((p) => p.periodfrom);
      expect(await periods()).toEqual(expect.arrayContaining(['18:00', '18:30', '19:00', '19:30', '20:00']));
      const saved = await rest(
        'bookingSave',
        {
          restoran: TAGANKA.fsUid,
          cntpersons: 6,
          cntminutes: 60,
          periodfrom: '19:00',
          date: day(1),
          timeZoneOffset: MSK,
        },
        user,
      );
      expect(saved.statusCode).toBe(200);
      const after = await periods();
      expect(after).toEqual(expect.arrayContaining(['18:00', '20:00']));
      expect(after).not.toContain('18:30');
      expect(after).not.toContain('19:00');
      expect(after).not.toContain('19:30');
    });

    it('gives the last table to exactly one of two guests booking it at once; the other gets a Russian 409', async () => {
      const [first, second] = [await guest(), await guest()];
      const fields = {
        restoran: TAGANKA.id,
        cntpersons: 6,
        cntminutes: 120,
        periodfrom: '21:00',
        date: day(0),
        timeZoneOffset: MSK,
      };
      const answers = await Promise.all([rest('bookingSave', fields, first), rest('bookingSave', fields, second)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const refused = answers.find((res) => res.statusCode === 409)!;
      expect(errorResponse.parse(refused.json())).toMatchObject({
        error: 'no_free_table',
        message: 'К сожалению, на 21:00 свободных столов для 6 гостей не осталось. Выберите другое время.',
      });
      const rows = await t.database.db
        .selectFrom('bookings')
        .select(['table_id'])
        .where('restaurant_id', '=', TAGANKA.id)
        .where('timefrom', '=', new Date(at(0, '21:00') * 1000))
        .execute();
      expect(rows).toHaveLength(1);
      expect(await tableNum(rows[0]!.table_id)).toBe('5');
    });

    it('refuses a period off the half-hour grid, before now + 15 minutes or past closing (409)', async () => {
      const user = await guest();
      for (const periodfrom of ['19:10', '11:00', '12:00', '22:30', '03:00']) {
        const res = await rest(
          'bookingSave',
          { restoran: PATRIKI.id, cntpersons: 2, cntminutes: 60, periodfrom, date: day(0), timeZoneOffset: MSK },
          user,
        );
        expect(res.statusCode, periodfrom).toBe(409);
        expect(errorResponse.parse(res.json())).toMatchObject({
          error: 'booking_time',
          message: 'Это время недоступно для брони. Выберите другое время.',
        });
      }
    });

    it('refuses a date outside today to Sunday (400), a restaurant without bookable tables (409), an unknown one (404)', async () => {
      const user = await guest();
      const base = { cntpersons: 2, cntminutes: 60, periodfrom: '19:00', timeZoneOffset: MSK };
      const past = await rest('bookingSave', { ...base, restoran: PATRIKI.id, date: day(-1) }, user);
      expect(errorResponse.parse(past.json())).toMatchObject({
        error: 'booking_date',
        message: 'Стол можно забронировать с сегодняшнего дня до воскресенья.',
      });
      expect(past.statusCode).toBe(400);
      expect((await rest('bookingSave', { ...base, restoran: PATRIKI.id, date: day(5) }, user)).statusCode).toBe(400);
      const noTables = await rest('bookingSave', { ...base, restoran: 5, date: day(0) }, user);
      expect(noTables.statusCode).toBe(409);
      expect(errorResponse.parse(noTables.json()).message).toBe('В этом ресторане нельзя забронировать стол.');
      expect((await rest('bookingSave', { ...base, restoran: 9, date: day(0) }, user)).statusCode).toBe(404);
      expect(
        (await rest('bookingSave', { ...base, restoran: 'no-such-restaurant', date: day(0) }, user)).statusCode,
      ).toBe(404);
    });

    it('refuses a second booking of the same guest at an overlapping time, and a fourth upcoming one', async () => {
      const user = await guest();
      const save = (restaurantId: number, periodfrom: string, offset = 1) =>
        rest(
          'bookingSave',
          { restoran: restaurantId, cntpersons: 2, cntminutes: 60, periodfrom, date: day(offset), timeZoneOffset: MSK },
          user,
        );
      expect((await save(PATRIKI.id, '13:00')).statusCode).toBe(200);
      const overlap = await save(2, '13:30');
      expect(overlap.statusCode).toBe(409);
      expect(errorResponse.parse(overlap.json())).toMatchObject({
        error: 'booking_overlap',
        message: 'У вас уже есть бронь на это время.',
      });
      expect((await save(PATRIKI.id, '15:00')).statusCode).toBe(200);
      expect((await save(PATRIKI.id, '17:00')).statusCode).toBe(200);
      const fourth = await save(PATRIKI.id, '19:00');
      expect(fourth.statusCode).toBe(409);
      expect(errorResponse.parse(fourth.json()).error).toBe('booking_limit');
    });

    it('keeps one guest to one booking at a time and to the limit when two restaurants are booked at once', async () => {
      const save = (user: { id: number; token: string }, restaurantId: number, periodfrom: string) =>
        rest(
          'bookingSave',
          { restoran: restaurantId, cntpersons: 2, cntminutes: 60, periodfrom, date: day(2), timeZoneOffset: MSK },
          user,
        );
      const liveBookings = async (userId: number) =>
        (
          await t.database.db
            .selectFrom('bookings')
            .select('id')
            .where('user_id', '=', userId)
            .where('status', 'in', ['new', 'active'])
            .execute()
        ).length;
      // Each guest books 19:00 at Патриаршие and 19:30 at Покровка in the same moment: the two
      // bookings overlap, so one is made and the other refused, whichever comes first.
      const guests = await Promise.all([guest(), guest(), guest()]);
      const answers = await Promise.all(
        guests.flatMap((user) => [save(user, PATRIKI.id, '19:00'), save(user, 2, '19:30')]),
      );
      for (const [index, user] of guests.entries()) {
        const pair = answers.slice(index * 2, index * 2 + 2);
        expect(pair.map((res) => res.statusCode).sort()).toEqual([200, 409]);
        expect(errorResponse.parse(pair.find((res) => res.statusCode === 409)!.json()).error).toBe('booking_overlap');
        expect(await liveBookings(user.id)).toBe(1);
      }
      // A guest with two bookings asks for two more at two restaurants at once: the third is the last.
      const busy = await guest();
      expect((await save(busy, PATRIKI.id, '13:00')).statusCode).toBe(200);
      expect((await save(busy, PATRIKI.id, '15:00')).statusCode).toBe(200);
      const more = await Promise.all([save(busy, PATRIKI.id, '21:00'), save(busy, 2, '17:00')]);
      expect(more.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      expect(errorResponse.parse(more.find((res) => res.statusCode === 409)!.json()).error).toBe('booking_limit');
      expect(await liveBookings(busy.id)).toBe(3);
    });

    it('is for users with the booking flag only (403), and signed-in users only (401)', async () => {
      const plain = await signedInUser(t.database);
      const fields = {
        restoran: PATRIKI.id,
        cntpersons: 2,
        cntminutes: 60,
        periodfrom: '19:00',
        date: day(0),
        timeZoneOffset: MSK,
      };
      for (const name of ['bookingSave', 'bookingPeriods']) {
        const res = await rest(name, fields, plain);
        expect(res.statusCode, name).toBe(403);
        expect(errorResponse.parse(res.json())).toMatchObject({
          error: 'booking_not_allowed',
          message: 'Бронирование столов недоступно для вашего аккаунта. Обратитесь в ресторан по телефону.',
        });
      }
      const user = await guest();
      for (const name of ['bookingSave', 'bookingPeriods', 'bookingList', 'bookingCancel', 'bookingEnd']) {
        expect((await rest(name, fields, { id: user.id, token: 'x'.repeat(43) })).statusCode, name).toBe(401);
        expect((await rest(name, fields)).statusCode, name).toBe(401);
      }
    });

    it('answers malformed fields with a 400 naming the field', async () => {
      const user = await guest();
      const good = {
        restoran: PATRIKI.id,
        cntpersons: 2,
        cntminutes: 60,
        periodfrom: '19:00',
        date: day(0),
        timeZoneOffset: MSK,
      };
      for (const [patch, field] of [
        [{ restoran: undefined }, 'fields.restoran'],
        [{ restoran: {} }, 'fields.restoran'],
        [{ restoran: -3 }, 'fields.restoran'],
        [{ cntpersons: 0 }, 'fields.cntpersons'],
        [{ cntpersons: 21 }, 'fields.cntpersons'],
        [{ cntpersons: 'два' }, 'fields.cntpersons'],
        [{ cntpersons: 2.5 }, 'fields.cntpersons'],
        [{ cntminutes: 10 }, 'fields.cntminutes'],
        [{ cntminutes: 1000 }, 'fields.cntminutes'],
        [{ periodfrom: '25:00' }, 'fields.periodfrom'],
        [{ periodfrom: 1900 }, 'fields.periodfrom'],
        [{ periodfrom: undefined }, 'fields.periodfrom'],
        [{ date: 'завтра' }, 'fields.date'],
        [{ date: undefined }, 'fields.date'],
        [{ timeZoneOffset: 5000 }, 'fields.timeZoneOffset'],
        [{ comment: 'я'.repeat(501) }, 'fields.comment'],
      ] as const) {
        const res = await rest('bookingSave', { ...good, ...patch }, user);
        expect(res.statusCode, JSON.stringify(patch)).toBe(400);
        expect(errorResponse.parse(res.json()).message, JSON.stringify(patch)).toMatch(
          new RegExp(`^Некорректное поле «${field.replace('.', '\\.')}»: `),
        );
      }
      for (const fields of [
        { restoranid: 'x'.repeat(65) },
        { cntpersons: -1 },
        { date: -5 },
        { periodfrom: 'вечером' },
      ]) {
        expect((await rest('bookingPeriods', fields, user)).statusCode, JSON.stringify(fields)).toBe(400);
      }
    });
  });

  describe('bookingList, bookingCancel, bookingEnd', () => {
    it('lists the guest’s bookings; active: 1 keeps the upcoming and running ones, soonest first', async () => {
      const user = await guest();
      const save = (periodfrom: string, offset: number) =>
        rest(
          'bookingSave',
          { restoran: 3, cntpersons: 2, cntminutes: 60, periodfrom, date: day(offset), timeZoneOffset: MSK },
          user,
        );
      const later = bookingAnswer.parse((await save('20:00', 2)).json()).booking;
      const sooner = bookingAnswer.parse((await save('14:00', 1)).json()).booking;
      const cancelled = bookingAnswer.parse((await save('16:00', 1)).json()).booking;
      expect((await rest('bookingCancel', { booking_num: cancelled.booking_num }, user)).statusCode).toBe(200);

      const active = (await rest('bookingList', { active: 1 }, user))
        .json<{ items: unknown[] }>()
        .items.map((item) => bookingView.parse(item));
      expect(active.map((b) => b.booking_num)).toEqual([sooner.booking_num, later.booking_num]);
      const all = (await rest('bookingList', {}, user))
        .json<{ items: unknown[] }>()
        .items.map((item) => bookingView.parse(item));
      expect(all.map((b) => b.booking_num)).toEqual([later.booking_num, cancelled.booking_num, sooner.booking_num]);
      expect(all[1]).toMatchObject({
        status: 'cancelled',
        isnew: 0,
        allowOrder: 0,
        allowCancel: 0,
        allowMain: 0,
        message: 'Бронь отменена.',
      });
      expect((await rest('bookingList', { active: '1' }, user)).statusCode).toBe(200);
      expect((await rest('bookingList', { active: 'yes' }, user)).statusCode).toBe(400);
      const stranger = await guest();
      expect((await rest('bookingList', { active: 1 }, stranger)).json()).toEqual({ items: [] });
    });

    it('cancels an upcoming booking once, which frees its table', async () => {
      const [user, other] = [await guest(), await guest()];
      const fields = {
        restoran: TAGANKA.id,
        cntpersons: 6,
        cntminutes: 60,
        periodfrom: '13:00',
        date: day(2),
        timeZoneOffset: MSK,
      };
      const { booking } = bookingAnswer.parse((await rest('bookingSave', fields, user)).json());
      expect((await rest('bookingSave', fields, other)).statusCode).toBe(409);

      const cancelled = await rest('bookingCancel', { booking_num: booking.booking_num }, user);
      expect(cancelled.statusCode).toBe(200);
      expect(bookingAnswer.parse(cancelled.json())).toMatchObject({
        message: 'Бронь отменена.',
        booking: { status: 'cancelled', allowMain: 0 },
      });
      const again = await rest('bookingCancel', { booking_num: booking.booking_num }, user);
      expect(again.statusCode).toBe(409);
      expect(errorResponse.parse(again.json())).toMatchObject({
        error: 'booking_closed',
        message: 'Бронь уже отменена или завершена.',
      });
      expect((await rest('bookingSave', fields, other)).statusCode).toBe(200);
    });

    it('does not let another guest see, cancel or end a booking (404 as for an unknown number)', async () => {
      const [user, other] = [await guest(), await guest()];
      const { booking } = bookingAnswer.parse(
        (
          await rest(
            'bookingSave',
            { restoran: 2, cntpersons: 2, cntminutes: 60, periodfrom: '15:00', date: day(1), timeZoneOffset: MSK },
            user,
          )
        ).json(),
      );
      for (const name of ['bookingCancel', 'bookingEnd']) {
        const res = await rest(name, { booking_num: booking.booking_num }, other);
        expect(res.statusCode).toBe(404);
        expect(errorResponse.parse(res.json()).message).toBe('Бронь не найдена.');
        expect((await rest(name, { booking_num: 'Б-0000-0000' }, user)).statusCode).toBe(404);
        expect((await rest(name, {}, user)).statusCode).toBe(400);
        expect((await rest(name, { booking_num: '' }, user)).statusCode).toBe(400);
        expect((await rest(name, { booking_num: 42 }, user)).statusCode).toBe(400);
      }
      const notStarted = await rest('bookingEnd', { booking_num: booking.booking_num }, user);
      expect(notStarted.statusCode).toBe(409);
      expect(errorResponse.parse(notStarted.json())).toMatchObject({
        error: 'booking_not_started',
        message: 'Бронь ещё не началась — её можно отменить.',
      });
    });

    it('ends a running booking (not cancels it), and then its table is free again (SPEC 4)', async () => {
      const user = await guest();
      const table = await t.database.db
        .selectFrom('restaurant_tables')
        .select('id')
        .where('restaurant_id', '=', TAGANKA.id)
        .where('num', '=', '5')
        .executeTakeFirstOrThrow();
      // A booking that started ten minutes ago and runs until 13:00 (made earlier, so inserted here).
      await t.database.db
        .insertInto('bookings')
        .values({
          booking_num: 'Б-TEST-RUN',
          user_id: user.id,
          restaurant_id: TAGANKA.id,
          table_id: table.id,
          timefrom: new Date(NOW.getTime() - 10 * 60_000),
          timeto: new Date(at(0, '13:00') * 1000),
          cntpersons: 6,
          cntminutes: 70,
          min_sum: 600_000,
        })
        .execute();
      const running = bookingView.parse(
        (await rest('bookingList', { active: 1 }, user)).json<{ items: unknown[] }>().items[0],
      );
      expect(running).toMatchObject({
        isnew: 0,
        allowOrder: 1,
        allowCancel: 0,
        allowEnd: 1,
        allowMain: 1,
        textMain: 'Завершить бронь',
        message: 'Бронь идёт. Приятного вечера!',
      });
      const other = await guest();
      const fields = {
        restoran: TAGANKA.id,
        cntpersons: 6,
        cntminutes: 30,
        periodfrom: '12:30',
        date: day(0),
        timeZoneOffset: MSK,
      };
      expect((await rest('bookingSave', fields, other)).statusCode).toBe(409);

      const started = await rest('bookingCancel', { booking_num: 'Б-TEST-RUN' }, user);
      expect(started.statusCode).toBe(409);
      expect(errorResponse.parse(started.json())).toMatchObject({
        error: 'booking_started',
        message: 'Бронь уже началась — её можно только завершить.',
      });
      const ended = await rest('bookingEnd', { booking_num: 'Б-TEST-RUN' }, user);
      expect(ended.statusCode).toBe(200);
      expect(bookingAnswer.parse(ended.json())).toMatchObject({
        booking: { status: 'ended', allowMain: 0 },
        message: 'Бронь завершена. Спасибо, что были у нас!',
      });
      expect((await rest('bookingEnd', { booking_num: 'Б-TEST-RUN' }, user)).statusCode).toBe(409);
      expect((await rest('bookingSave', fields, other)).statusCode).toBe(200);
    });

    it('lets the guest finish a booking the staff marked active before its start (the guest came early), not cancel it', async () => {
      const user = await guest();
      const { booking } = bookingAnswer.parse(
        (
          await rest(
            'bookingSave',
            {
              restoran: PATRIKI.id,
              cntpersons: 2,
              cntminutes: 60,
              periodfrom: '18:00',
              date: day(0),
              timeZoneOffset: MSK,
            },
            user,
          )
        ).json(),
      );
      // The restaurant seats the guest at 12:00 for an 18:00 booking (the staff's move new → active).
      await t.database.db
        .updateTable('bookings')
        .set({ status: 'active' })
        .where('booking_num', '=', booking.booking_num)
        .execute();
      const shown = bookingView.parse(
        (await rest('bookingList', { active: 1 }, user)).json<{ items: unknown[] }>().items[0],
      );
      expect(shown).toMatchObject({
        status: 'active',
        isnew: 0,
        allowCancel: 0,
        allowEnd: 1,
        allowMain: 1,
        textMain: 'Завершить бронь',
      });

      const cancel = await rest('bookingCancel', { booking_num: booking.booking_num }, user);
      expect(cancel.statusCode).toBe(409);
      expect(errorResponse.parse(cancel.json())).toMatchObject({
        error: 'booking_started',
        message: 'Бронь уже началась — её можно только завершить.',
      });
      const ended = await rest('bookingEnd', { booking_num: booking.booking_num }, user);
      expect(ended.statusCode).toBe(200);
      expect(bookingAnswer.parse(ended.json())).toMatchObject({
        booking: { status: 'ended', allowMain: 0 },
        message: 'Бронь завершена. Спасибо, что были у нас!',
      });
    });
  });
});
