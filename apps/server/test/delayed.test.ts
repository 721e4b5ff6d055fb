import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  checkDelayedAction,
  delayedzakazRestoransResponse,
  errorResponse,
  predzakazPeriodsResponse,
} from '@chain/contract';
import {
  addDays,
  formatShortDate,
  isoDateText,
  lineToken,
  startOfDaySeconds,
  wallClockAt,
  type CalendarDate,
} from '@chain/domain';
import { DEMO_DISHES, DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { action, freezeDate, nearestWednesdayNoonMoscow, unfreezeDate } from './support/rest';
import { signedInUser } from './support/users';

// Frozen at Wednesday 12:00 Moscow time (see booking.test.ts): restaurant 1 (10:00–23:00,
// deliveryDays 3) and the bakery on Sokol (restaurant 6, 07:30–21:00, pickup only) are open.
const NOW = nearestWednesdayNoonMoscow();
const TODAY: CalendarDate = wallClockAt(NOW, 'Europe/Moscow').date;
const day = (offset: number): number => startOfDaySeconds(addDays(TODAY, offset));
const MSK = -180;
const PATRIKI = DEMO_RESTAURANTS[0]!;
const SOKOL = DEMO_RESTAURANTS[5]!;
const dishId = (slug: string): number => DEMO_DISHES.find((dish) => dish.slug === slug)!.id;

describe.each(databaseKinds())('pre-order and delayed order on %s (SPEC 2, 4, 7)', (kind) => {
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
  const setSetting = async (key: string, value: unknown) => {
    await t.database.db
      .updateTable('settings')
      .set({ value: JSON.stringify(value) })
      .where('key', '=', key)
      .execute();
  };

  describe('predzakazPeriods', () => {
    it('offers the pickup slots of SPEC 9 within the opening hours: today from now + 30 minutes every 15 to 22:45', async () => {
      const res = await rest('predzakazPeriods', {
        logictype: 'predzakaz',
        restoranid: PATRIKI.id,
        cntpersons: 2,
        cntminutes: 60,
        date: day(0),
        timeZoneOffset: MSK,
      });
      expect(res.statusCode).toBe(200);
      const body = predzakazPeriodsResponse.parse(res.json());
      expect(body).toMatchObject({
        allowbooking: 1,
        message: '',
        restoranid: PATRIKI.id,
        min_sum: PATRIKI.minOrderSum.inrest,
      });
      expect(body.periods[0]).toEqual({
        periodfrom: '12:30',
        from: '12:30',
        to: '12:45',
        timefrom: day(0) + 12.5 * 3600,
        timeto: day(0) + 12.75 * 3600,
        text: '12:30',
      });
      expect(body.periods.at(-1)?.periodfrom).toBe('22:45');
      expect(body.periods).toHaveLength(42);
      expect(body.deliveryDateTimeProps).toEqual({
        deliveryDate: formatShortDate(TODAY),
        deliveryTime: '12:30',
        isTimePeriods: 0,
      });
      expect(body.dates.map((d) => d.date)).toEqual([day(0), day(1), day(2), day(3)]);
      expect(body.restorans.map((r) => r.id)).toEqual([1, 2, 3, 4, 10]);
    });

    it('starts a later date at 09:00, or at opening when that is later, and keeps the chosen time', async () => {
      const body = predzakazPeriodsResponse.parse(
        (
          await rest('predzakazPeriods', {
            restoranid: PATRIKI.fsUid,
            date: String(day(1)),
            timeZoneOffset: '-180',
            periodfrom: '18:15',
          })
        ).json(),
      );
      expect(body.periods[0]?.periodfrom).toBe('10:00');
      expect(body.deliveryDateTimeProps).toEqual({
        deliveryDate: formatShortDate(addDays(TODAY, 1)),
        deliveryTime: '18:15',
        isTimePeriods: 0,
      });
    });

    it("opens on the first date with a time left when none is asked: tomorrow once today's last time has gone", async () => {
      // 22:20 Moscow: the last slot, 22:45, is within the 30 minutes of SPEC 9's lead.
      freezeDate(new Date(NOW.getTime() + (10 * 60 + 20) * 60_000));
      try {
        const opened = predzakazPeriodsResponse.parse(
          (await rest('predzakazPeriods', { restoranid: PATRIKI.id })).json(),
        );
        expect(opened).toMatchObject({ allowbooking: 1, message: '' });
        expect(opened.deliveryDateTimeProps).toEqual({
          deliveryDate: formatShortDate(addDays(TODAY, 1)),
          deliveryTime: '10:00',
          isTimePeriods: 0,
        });
        expect(opened.periods[0]?.timefrom).toBe(day(1) + 10 * 3600);
        // Today asked by name still says why there is nothing to choose.
        const today = predzakazPeriodsResponse.parse(
          (await rest('predzakazPeriods', { restoranid: PATRIKI.id, date: day(0), timeZoneOffset: MSK })).json(),
        );
        expect(today).toMatchObject({
          allowbooking: 0,
          periods: [],
          message: 'На эту дату свободного времени нет. Выберите другую дату.',
        });
      } finally {
        freezeDate(NOW);
      }
    });

    it('answers allowbooking 0 with the reason when a pre-order is not possible', async () => {
      const reason = async (fields: Record<string, unknown>) =>
        predzakazPeriodsResponse.parse((await rest('predzakazPeriods', fields)).json());
      expect(await reason({})).toMatchObject({ allowbooking: 0, periods: [], message: 'Выберите ресторан.' });
      expect((await reason({ restoranid: 5 })).message).toBe('Этот ресторан не принимает заказы в зале.');
      expect((await reason({ restoranid: PATRIKI.id, date: day(4), timeZoneOffset: MSK })).message).toBe(
        'На выбранную дату предзаказ недоступен. Выберите другую дату.',
      );
      await setSetting('allow_predzakaz', 0);
      expect((await reason({ restoranid: PATRIKI.id })).message).toBe('Предзаказ сейчас недоступен.');
      await setSetting('allow_predzakaz', 1);
    });

    it('answers an unknown or inactive restaurant with 404 and malformed fields with 400', async () => {
      expect((await rest('predzakazPeriods', { restoranid: 9 })).statusCode).toBe(404);
      expect(errorResponse.parse((await rest('predzakazPeriods', { restoranid: 'nope' })).json()).message).toBe(
        'Ресторан не найден',
      );
      for (const fields of [
        { date: 'сегодня' },
        { restoranid: [1] },
        { timeZoneOffset: 'MSK' },
        { periodfrom: '9' },
        { cntpersons: 0 },
        { logictype: { a: 1 } },
      ]) {
        const res = await rest('predzakazPeriods', fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(/^Некорректное поле «fields\./);
      }
    });
  });

  describe('on a holiday (issue 31: the pickers read the holidays order/create reads)', () => {
    const iso = (offset: number) => isoDateText(addDays(TODAY, offset));
    const withHolidays = async (
      rows: Array<{ restaurant_id: number; day: string; from_minute: number | null; to_minute: number | null }>,
      run: () => Promise<void>,
    ) => {
      await t.database.db.insertInto('restaurant_holidays').values(rows).execute();
      try {
        await run();
      } finally {
        await t.database.db
          .deleteFrom('restaurant_holidays')
          .where(
            'restaurant_id',
            'in',
            rows.map((row) => row.restaurant_id),
          )
          .execute();
      }
    };

    it('predzakazPeriods offers a closed today no time and opens on the next open day (SPEC 4, 7, 9)', async () => {
      await withHolidays([{ restaurant_id: PATRIKI.id, day: iso(0), from_minute: null, to_minute: null }], async () => {
        const opened = predzakazPeriodsResponse.parse(
          (await rest('predzakazPeriods', { restoranid: PATRIKI.id })).json(),
        );
        expect(opened).toMatchObject({ allowbooking: 1, message: '' });
        expect(opened.deliveryDateTimeProps).toEqual({
          deliveryDate: formatShortDate(addDays(TODAY, 1)),
          deliveryTime: '10:00',
          isTimePeriods: 0,
        });
        const today = predzakazPeriodsResponse.parse(
          (await rest('predzakazPeriods', { restoranid: PATRIKI.id, date: day(0), timeZoneOffset: MSK })).json(),
        );
        expect(today).toMatchObject({
          allowbooking: 0,
          periods: [],
          message: 'На эту дату свободного времени нет. Выберите другую дату.',
        });
      });
    });

    it('predzakazPeriods reads a holiday’s own hours in place of the weekday’s (SPEC 4, 9)', async () => {
      await withHolidays(
        [{ restaurant_id: PATRIKI.id, day: iso(1), from_minute: 14 * 60, to_minute: 18 * 60 }],
        async () => {
          const body = predzakazPeriodsResponse.parse(
            (await rest('predzakazPeriods', { restoranid: PATRIKI.id, date: day(1), timeZoneOffset: MSK })).json(),
          );
          expect(body.periods[0]?.periodfrom).toBe('14:00');
          expect(body.periods.at(-1)?.periodfrom).toBe('17:45');
        },
      );
    });

    it('delayedzakazRestorans leaves out the dates a holiday closes (SPEC 4, 7)', async () => {
      await withHolidays([{ restaurant_id: SOKOL.id, day: iso(0), from_minute: null, to_minute: null }], async () => {
        const body = delayedzakazRestoransResponse.parse(
          (await rest('delayedzakazRestorans', { restoranid: SOKOL.id })).json(),
        );
        expect(body.dates.map((d) => d.value)).toEqual([1, 2].map((offset) => formatShortDate(addDays(TODAY, offset))));
        expect(body.deliveryDateTimeProps).toEqual({
          deliveryDate: formatShortDate(addDays(TODAY, 1)),
          deliveryTime: '09:00',
          isTimePeriods: 0,
        });
      });
    });
  });

  describe('delayedzakazRestorans', () => {
    it('lists the restaurants that take pickup or table orders and, for one, its dates and times and the earliest', async () => {
      const res = await rest('delayedzakazRestorans', { restoranid: SOKOL.id });
      expect(res.statusCode).toBe(200);
      const body = delayedzakazRestoransResponse.parse(res.json());
      expect(body.restorans.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 10]);
      expect(body).toMatchObject({ allowbooking: 1, message: '', restoranid: SOKOL.id });
      expect(body.dates.map((d) => d.value)).toEqual(
        [0, 1, 2].map((offset) => formatShortDate(addDays(TODAY, offset))),
      );
      expect(body.dates[0]?.times[0]).toBe('12:30');
      expect(body.dates[0]?.times.at(-1)).toBe('20:45');
      expect(body.dates[1]?.times[0]).toBe('09:00');
      expect(body.deliveryDateTimeProps).toEqual({
        deliveryDate: formatShortDate(TODAY),
        deliveryTime: '12:30',
        isTimePeriods: 0,
      });
    });

    it('names the order types each restaurant takes for later: pickup, at a table or both', async () => {
      const body = delayedzakazRestoransResponse.parse((await rest('delayedzakazRestorans', {})).json());
      const types = Object.fromEntries(body.restorans.map((r) => [r.id, r.order_types]));
      expect(types[PATRIKI.id]).toEqual(['self', 'inrest']);
      expect(types[SOKOL.id]).toEqual(['self']);
      expect(types[DEMO_RESTAURANTS[3]!.id]).toEqual(['inrest']);
      expect(body.restorans.every((r) => r.order_types.length > 0)).toBe(true);
    });

    it('answers without restoranid with the list only, and allowbooking 0 when delayed orders are off', async () => {
      expect(delayedzakazRestoransResponse.parse((await rest('delayedzakazRestorans', {})).json())).toMatchObject({
        allowbooking: 1,
        dates: [],
        restoranid: null,
      });
      expect((await rest('delayedzakazRestorans', null)).statusCode).toBe(200);
      await setSetting('allow_delayed', 0);
      expect(
        delayedzakazRestoransResponse.parse((await rest('delayedzakazRestorans', { restoranid: 1 })).json()),
      ).toMatchObject({
        allowbooking: 0,
        message: 'Отложенные заказы сейчас не принимаются.',
      });
      await setSetting('allow_delayed', 1);
      expect(
        delayedzakazRestoransResponse.parse((await rest('delayedzakazRestorans', { restoranid: 7 })).json()).message,
      ).toBe('Этот ресторан не принимает заказы на самовывоз или в зале.');
    });

    it('answers an unknown restaurant with 404 and a malformed one with 400', async () => {
      expect((await rest('delayedzakazRestorans', { restoranid: 404 })).statusCode).toBe(404);
      expect((await rest('delayedzakazRestorans', { restoranid: true })).statusCode).toBe(400);
      expect((await rest('delayedzakazRestorans', '{"restoranid": ')).statusCode).toBe(400);
    });
  });

  describe('checkDelayed', () => {
    let serial = 40;
    /** A delayed order as order/create stores it: unpaid, status 10, delayed, for tomorrow 13:00. */
    async function delayedOrder(
      userId: number,
      options: { paid?: boolean; status?: number; type?: 'self' | 'inrest'; restaurantId?: number } = {},
    ) {
      const db = t.database.db;
      const option = async (dish: number, name: string) =>
        await db
          .selectFrom('dish_options')
          .select(['id', 'name', 'price'])
          .where('dish_id', '=', dish)
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
      const thin = await option(101, 'Тонкое тесто');
      const pepperoni = await option(101, 'Пепперони');
      const glutenFree = await option(101, 'Без глютена');
      const readyAt = new Date((day(1) + 13 * 3600) * 1000);
      const order = await db
        .insertInto('orders')
        .values({
          znumber: `С-${String(++serial).padStart(3, '0')}`,
          business_day: '2030-01-01',
          restaurant_id: options.restaurantId ?? PATRIKI.id,
          user_id: userId,
          source: 'web',
          type: options.type ?? 'self',
          status: options.status ?? 10,
          paid: options.paid ?? false,
          delayed: true,
          items_sum: 100_000,
          sum: 100_000,
          as_ready: false,
          ready_at: readyAt,
          props: JSON.stringify({
            deliveryDate: formatShortDate(addDays(TODAY, 1)),
            deliveryTime: '13:00',
            as_ready: 0,
          }),
          idempotency_key: randomUUID(),
          request_hash: 'test',
        })
        .returning(['id', 'znumber'])
        .executeTakeFirstOrThrow();
      const line = (
        kind: 'dish' | 'cutlery' | 'recommended',
        itemId: number,
        name: string,
        extra: { spec?: unknown; specs?: unknown[]; cnt?: number; comment?: string } = {},
      ) => ({
        order_id: order.id,
        kind,
        item_id: itemId,
        name,
        price: 10_000,
        cnt: extra.cnt ?? 1,
        charged_cnt: extra.cnt ?? 1,
        line_sum: 10_000,
        spec: extra.spec === undefined ? null : JSON.stringify(extra.spec),
        specs: JSON.stringify(extra.specs ?? []),
        comment: extra.comment ?? '',
      });
      await db
        .insertInto('order_items')
        .values([
          line('dish', 101, 'Маргарита', {
            spec: thin,
            specs: [{ ...pepperoni, cnt: 2 }],
            cnt: 2,
            comment: 'Порезать',
          }),
          line('dish', dishId('mushroom-truffle-pizza'), 'С белыми грибами и трюфельным маслом'),
          line('dish', 101, 'Маргарита', { spec: glutenFree }),
          line('dish', 306, 'Окрошка на квасе'),
          line('dish', 102, 'Пепперони'),
          line('cutlery', 2, 'Набор приборов', { cnt: 3 }),
          line('recommended', 6, 'Морс', { cnt: 2 }),
        ])
        .execute();
      return { id: order.id, znumber: order.znumber, thin, pepperoni, glutenFree, readyAt };
    }

    it('finds the user’s delayed order and gives its time and cart, marking what is no longer available (SPEC 4)', async () => {
      const user = await signedInUser(t.database);
      const made = await delayedOrder(user.id);
      const res = await rest(
        'checkDelayed',
        {
          fs_uid: PATRIKI.fsUid,
          order_type: 'self',
          delivery_datetime_props: { deliveryDate: '', deliveryTime: 'По готовоности' },
        },
        user,
      );
      expect(res.statusCode).toBe(200);
      const { order } = checkDelayedAction.response.parse(res.json());
      expect(order).not.toBeNull();
      expect(order).toMatchObject({
        id: made.id,
        number: made.znumber,
        type: 'self',
        restoran_id: PATRIKI.id,
        fs_uid: PATRIKI.fsUid,
        time: day(1) + 13 * 3600,
        time_text: `${formatShortDate(addDays(TODAY, 1))} 13:00`,
        deliveryDateTimeProps: {
          deliveryDate: formatShortDate(addDays(TODAY, 1)),
          deliveryTime: '13:00',
          isTimePeriods: 0,
        },
        sum: 100_000,
        pribors: [{ id: 2, cnt: 3 }],
        recommendedItems: [{ id: 6, cnt: 2 }],
      });
      const cart = order!.cart;
      expect(cart[0]).toEqual({
        token: lineToken({ item: 101, spec: made.thin.id, specs: [{ specid: made.pepperoni.id, cnt: 2 }] }),
        item: 101,
        cnt: 2,
        comment: 'Порезать',
        spec: made.thin.id,
        specs: [{ specid: made.pepperoni.id, cnt: 2, price: made.pepperoni.price }],
        name: 'Маргарита',
        available: 1,
        note: '',
      });
      expect(cart.map((line) => [line.available, line.note])).toEqual([
        [1, ''],
        [0, '«С белыми грибами и трюфельным маслом» сейчас в стоп-листе.'],
        [0, '«Маргарита»: опция «Без глютена» недоступна.'],
        [0, '«Окрошка на квасе» больше не продаётся.'],
        [1, ''],
      ]);
      expect(order!.message).toBe(
        'Некоторые блюда недоступны и не попадут в заказ: «С белыми грибами и трюфельным маслом», «Маргарита», «Окрошка на квасе».',
      );
    });

    it('answers order null when there is none: another type, restaurant or user, paid or cancelled ones', async () => {
      const user = await signedInUser(t.database);
      const other = await signedInUser(t.database);
      await delayedOrder(user.id, { paid: true, status: 20 });
      await delayedOrder(user.id, { status: 90 });
      await delayedOrder(user.id, { type: 'inrest' });
      await delayedOrder(other.id);
      const check = async (fields: Record<string, unknown>) =>
        (await rest('checkDelayed', fields, user)).json<{ order: unknown }>().order;
      expect(await check({ fs_uid: PATRIKI.fsUid, order_type: 'self' })).toBeNull();
      expect(await check({ fs_uid: DEMO_RESTAURANTS[1]!.fsUid, order_type: 'inrest' })).toBeNull();
      expect(await check({ fs_uid: PATRIKI.fsUid, order_type: 'inrest' })).not.toBeNull();
    });

    it('is for the signed-in user only (401), a known restaurant (404) and well-formed fields (400)', async () => {
      const user = await signedInUser(t.database);
      expect((await rest('checkDelayed', { fs_uid: PATRIKI.fsUid, order_type: 'self' })).statusCode).toBe(401);
      expect(
        (
          await rest(
            'checkDelayed',
            { fs_uid: PATRIKI.fsUid, order_type: 'self' },
            { id: user.id, token: 'wrong-token-wrong-token' },
          )
        ).statusCode,
      ).toBe(401);
      expect((await rest('checkDelayed', { fs_uid: 'no-such-uid', order_type: 'self' }, user)).statusCode).toBe(404);
      expect(
        (await rest('checkDelayed', { fs_uid: DEMO_RESTAURANTS[8]!.fsUid, order_type: 'self' }, user)).statusCode,
      ).toBe(404);
      for (const [fields, field] of [
        [{ order_type: 'self' }, 'fields.fs_uid'],
        [{ fs_uid: PATRIKI.fsUid }, 'fields.order_type'],
        [{ fs_uid: PATRIKI.fsUid, order_type: 'pickup' }, 'fields.order_type'],
        [
          { fs_uid: PATRIKI.fsUid, order_type: 'self', delivery_datetime_props: 'завтра' },
          'fields.delivery_datetime_props',
        ],
        [{ fs_uid: '', order_type: 'self' }, 'fields.fs_uid'],
      ] as const) {
        const res = await rest('checkDelayed', fields, user);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(
          new RegExp(`^Некорректное поле «${field.replace('.', '\\.')}»`),
        );
      }
    });
  });

  describe('order/create resuming a delayed order (SPEC 4)', () => {
    let key = 0;
    type Guest = { id: number; token: string };
    /** order/create of two Маргариты to pick up at Патриаршие tomorrow at 13:00: saved for later, or resuming `resumes`. */
    const create = (user: Guest, extra: { delayed?: boolean; resumes?: unknown; key?: string } = {}) =>
      post(t.app, '/api/v2/order/create', {
        source: 'web',
        v: 3,
        user: { id: user.id, password: user.token },
        cart: [{ item: 101, cnt: 2 }],
        order: { type: 'self', ...(extra.delayed ? { props: { delayed: 1 } } : {}) },
        restoran: PATRIKI.id,
        deliveryDateTimeProps: {
          deliveryDate: formatShortDate(addDays(TODAY, 1)),
          deliveryTime: '13:00',
          isTimePeriods: false,
        },
        ...(extra.resumes === undefined ? {} : { delayed_order_id: extra.resumes }),
        idempotency_key: extra.key ?? `resume-${kind}-${key++}`,
      });
    const saveDelayed = async (user: Guest) => {
      const res = await create(user, { delayed: true });
      expect(res.json()).toMatchObject({ delayed: 1 });
      return res.json<{ id: number }>().id;
    };
    const found = async (user: Guest) =>
      (await rest('checkDelayed', { fs_uid: PATRIKI.fsUid, order_type: 'self' }, user)).json<{
        order: { id: number } | null;
      }>().order;
    const status = async (id: number) =>
      (
        await t.database.db
          .selectFrom('orders')
          .select(['status', 'paid'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).status;

    it('cancels the delayed order it resumes in the same transaction: checkDelayed finds nothing, and it cannot be paid or counted again', async () => {
      const user = await signedInUser(t.database);
      const original = await saveDelayed(user);
      expect((await found(user))?.id).toBe(original);

      const resumed = await create(user, { resumes: original });
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toMatchObject({ delayed: 0 });
      expect(await status(original)).toBe(90);
      const history = await t.database.db
        .selectFrom('order_status_history')
        .select(['status', 'actor'])
        .where('order_id', '=', original)
        .orderBy('id')
        .execute();
      expect(history.at(-1)).toEqual({ status: 90, actor: 'guest' });
      expect(await found(user)).toBeNull();
    });

    it('answers a retry with the order it made, and refuses to resume a delayed order again, or one already paid, with a 409 in words and no new order', async () => {
      const user = await signedInUser(t.database);
      const original = await saveDelayed(user);
      const first = await create(user, { resumes: original, key: `resume-${kind}-retried` });
      expect(first.statusCode).toBe(200);
      // The same request again (a retry after a lost answer) is answered with the order it made.
      const retried = await create(user, { resumes: original, key: `resume-${kind}-retried` });
      expect(retried.statusCode).toBe(200);
      expect(retried.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
      const again = await create(user, { resumes: original });
      expect(again.statusCode).toBe(409);
      expect(errorResponse.parse(again.json())).toMatchObject({
        error: 'delayed_order_closed',
        message: 'Этот отложенный заказ уже продолжен или оплачен. Проверьте «Мои заказы».',
      });

      const paid = await saveDelayed(user);
      await t.database.db.updateTable('orders').set({ paid: true, status: 20 }).where('id', '=', paid).execute();
      const before = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
      const refused = await create(user, { resumes: paid });
      expect(refused.statusCode).toBe(409);
      expect(errorResponse.parse(refused.json()).error).toBe('delayed_order_closed');
      expect(
        await t.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute(),
      ).toHaveLength(before.length);
      expect(await status(paid)).toBe(20);
    });

    it('answers another guest’s order, an order that is not delayed or an unknown id as not found (404), a malformed id as 400', async () => {
      const [user, other] = [await signedInUser(t.database), await signedInUser(t.database)];
      const theirs = await saveDelayed(other);
      const plain = (await create(user)).json<{ id: number }>().id;
      for (const id of [theirs, plain, 2_000_000_000]) {
        const res = await create(user, { resumes: id });
        expect(res.statusCode, String(id)).toBe(404);
        expect(errorResponse.parse(res.json())).toMatchObject({
          error: 'order_not_found',
          message: 'Заказ не найден.',
        });
      }
      expect(await status(theirs)).toBe(10);
      for (const id of ['первый', -1, 1.5, 2 ** 31]) {
        const res = await create(user, { resumes: id });
        expect(res.statusCode, String(id)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(/^Некорректное поле «delayed_order_id»/);
      }
    });

    it('answers a double tap (one request twice at once) resuming a delayed order with the one order it made', async () => {
      for (let round = 0; round < 3; round += 1) {
        const user = await signedInUser(t.database);
        const original = await saveDelayed(user);
        const same = { resumes: original, key: `resume-${kind}-tap-${round}` };
        const answers = await Promise.all([create(user, same), create(user, same)]);
        expect(answers.map((res) => res.statusCode)).toEqual([200, 200]);
        expect(new Set(answers.map((res) => res.json<{ id: number }>().id)).size).toBe(1);
        expect(await status(original)).toBe(90);
      }
    });

    it('of two order/create resuming one delayed order at once, exactly one makes an order; the other is a 409', async () => {
      for (let round = 0; round < 3; round += 1) {
        const user = await signedInUser(t.database);
        const original = await saveDelayed(user);
        const answers = await Promise.all([create(user, { resumes: original }), create(user, { resumes: original })]);
        expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
        expect(errorResponse.parse(answers.find((res) => res.statusCode === 409)!.json()).error).toBe(
          'delayed_order_closed',
        );
        const orders = await t.database.db
          .selectFrom('orders')
          .select(['id', 'status'])
          .where('user_id', '=', user.id)
          .orderBy('id')
          .execute();
        expect(orders).toEqual([
          { id: original, status: 90 },
          { id: answers.find((res) => res.statusCode === 200)!.json<{ id: number }>().id, status: 10 },
        ]);
      }
    });
  });
});
