import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorResponse,
  restaurantLoad,
  zagruzkaLoadCookTimeAction,
  zagruzkaLoadInfoAction,
  zagruzkaLoadPeriodsAction,
  zagruzkaLoadRestListAction,
} from '@chain/contract';
import { addDays, formatShortDate, instantAt, loadedCookMinutes, wallClockAt } from '@chain/domain';
import { DEMO_DISHES, DEMO_RESTAURANTS, DEMO_SETTINGS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { insertTestOrder } from './support/orders';
import { action } from './support/rest';

// Restaurant 5 (Курский) is open around the clock, so its load does not depend on the time the
// tests run; the bakery (6) closes at 21:00 and is closed at 03:00. Every test order of
// insertTestOrder is 2 × Маргарита + 1 × Пепперони, 12 minutes each: 36 cook-minutes. The
// kitchen does 360 cook-minutes an hour (migration 008's default).
const KURSKY = DEMO_RESTAURANTS[4]!;
const SOKOL = DEMO_RESTAURANTS[5]!;
const PATRIKI = DEMO_RESTAURANTS[0]!;
const ORDER_WORK = 36;
const HOUR = 3_600_000;

describe.each(databaseKinds())('restaurant load on %s (SPEC 2, 3, 7; decision 014)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const rest = (name: string, fields: unknown) => action(t.app, name, fields);
  const info = async (fields: Record<string, unknown>) => {
    const res = await rest('zagruzkaLoadInfo', fields);
    expect(res.statusCode, res.body).toBe(200);
    return zagruzkaLoadInfoAction.response.parse(res.json());
  };
  const orders = async (count: number, fields: Parameters<typeof insertTestOrder>[1]) => {
    const made = [];
    for (let index = 0; index < count; index++) made.push(await insertTestOrder(t.database, fields));
    return made;
  };
  let base = 0;

  describe('zagruzkaLoadInfo', () => {
    it('shows a free kitchen with no orders: 0 %, «Свободно» in green, the menu’s own cook time', async () => {
      const { restoranInfo: restaurantInfo } = await info({ fs_uid: KURSKY.fsUid });
      expect(restaurantInfo).toMatchObject({
        id: KURSKY.id,
        fs_uid: KURSKY.fsUid,
        name: KURSKY.name,
        location: { lat: KURSKY.lat, lon: KURSKY.lon },
        forecast: 0,
        open: 1,
        zagruzkaPerc: 0,
        zagruzkaText: 'Свободно',
        zagruzkaColor: '#FF2E7D32',
      });
      expect(Math.abs(restaurantInfo.time * 1000 - Date.now())).toBeLessThan(60_000);
      base = restaurantInfo.timeSredn;
      expect(base).toBeGreaterThan(0);
      expect(restaurantInfo.timeSrednText).toBe(`около ${base} мин`);
    });

    it('counts only paid orders not yet ready: unpaid, ready, done and cancelled ones are no work', async () => {
      await orders(1, { userId: null, restaurantId: KURSKY.id, paid: false, status: 10 });
      await orders(1, { userId: null, restaurantId: KURSKY.id, paid: true, status: 40 });
      await orders(1, { userId: null, restaurantId: KURSKY.id, paid: true, status: 50 });
      await orders(1, { userId: null, restaurantId: KURSKY.id, paid: true, status: 90 });
      await orders(1, { userId: null, restaurantId: PATRIKI.id, paid: true, status: 20 });
      expect((await info({ fs_uid: KURSKY.fsUid })).restoranInfo.zagruzkaPerc).toBe(0);
    });

    it('is the cook-minutes of the live orders over the kitchen’s hourly capacity, with the time stretched by it', async () => {
      await orders(3, { userId: null, restaurantId: KURSKY.id, paid: true, status: 20 });
      await orders(2, { userId: null, restaurantId: KURSKY.id, paid: true, status: 30 });
      const medium = (await info({ fs_uid: KURSKY.id, time: 0 })).restoranInfo;
      expect(medium).toMatchObject({ zagruzkaPerc: 50, zagruzkaText: 'Средняя загрузка', zagruzkaColor: '#FFB26B00' });
      expect(medium.timeSredn).toBe(loadedCookMinutes(base, 5 * ORDER_WORK, 360));

      await orders(3, { userId: null, restaurantId: KURSKY.id, paid: true, status: 10 });
      const high = (await info({ fs_uid: KURSKY.fsUid, time: '' })).restoranInfo;
      expect(high).toMatchObject({ zagruzkaPerc: 80, zagruzkaText: 'Высокая загрузка', zagruzkaColor: '#FFB3261E' });
      expect(high.timeSredn).toBe(loadedCookMinutes(base, 8 * ORDER_WORK, 360));
    });

    it('uses the restaurant’s own kitchen capacity', async () => {
      await t.database.db
        .updateTable('restaurants')
        .set({ kitchen_capacity: 720 })
        .where('id', '=', KURSKY.id)
        .execute();
      expect((await info({ fs_uid: KURSKY.fsUid })).restoranInfo.zagruzkaPerc).toBe(40);
      await t.database.db
        .updateTable('restaurants')
        .set({ kitchen_capacity: 360 })
        .where('id', '=', KURSKY.id)
        .execute();
    });

    it('forecasts a future hour from the orders scheduled then plus the average of the same hour over four weeks', async () => {
      const at = Math.floor((Date.now() + 3 * HOUR) / 60_000) * 60;
      const quiet = (await info({ fs_uid: KURSKY.fsUid, time: at })).restoranInfo;
      expect(quiet).toMatchObject({ forecast: 1, time: at, zagruzkaPerc: 0 });

      const scheduled = await insertTestOrder(t.database, {
        userId: null,
        restaurantId: KURSKY.id,
        paid: false,
        status: 10,
      });
      await t.database.db
        .updateTable('orders')
        .set({ delayed: true, as_ready: false, ready_at: new Date(at * 1000 + 10 * 60_000) })
        .where('id', '=', scheduled.id)
        .execute();
      const lastWeek = await orders(4, { userId: null, restaurantId: KURSKY.id, paid: true, status: 50 });
      const weekAgo = new Date(at * 1000 - 7 * 24 * HOUR - 5 * 60_000);
      await t.database.db
        .updateTable('orders')
        .set({ created_at: weekAgo })
        .where(
          'id',
          'in',
          lastWeek.map((o) => o.id),
        )
        .execute();

      // 36 scheduled + (4 × 36) / 4 weeks = 72 cook-minutes: 20 %.
      const forecast = (await info({ fs_uid: KURSKY.fsUid, time: String(at) })).restoranInfo;
      expect(forecast).toMatchObject({ forecast: 1, zagruzkaPerc: 20, zagruzkaText: 'Свободно' });
      expect(forecast.timeSredn).toBe(loadedCookMinutes(base, 72, 360));
      // The live queue is not part of the forecast, and a moment within five minutes is now.
      expect(
        (await info({ fs_uid: KURSKY.fsUid, time: Math.floor(Date.now() / 1000) + 120 })).restoranInfo,
      ).toMatchObject({ forecast: 0, zagruzkaPerc: 80 });
    });

    it('shows a restaurant closed at the moment as «Закрыто» in grey, with no time', async () => {
      const clock = wallClockAt(Date.now() + 10 * 60_000, 'Europe/Moscow');
      let threeAm = instantAt(clock.date, 3 * 60, 'Europe/Moscow');
      if (threeAm < Date.now() + 10 * 60_000) threeAm = instantAt(addDays(clock.date, 1), 3 * 60, 'Europe/Moscow');
      const { restoranInfo: restaurantInfo } = await info({ fs_uid: SOKOL.fsUid, time: Math.floor(threeAm / 1000) });
      expect(restaurantInfo).toMatchObject({
        open: 0,
        zagruzkaPerc: 0,
        zagruzkaText: 'Закрыто',
        zagruzkaColor: '#FF5F6B75',
        timeSredn: 0,
        timeSrednText: '',
        timeColor: '#FF5F6B75',
      });
    });

    it('gives the stop list by menu and category, with the reason or the chain’s stop-list text (SPEC 3)', async () => {
      const { stopList } = await info({ fs_uid: PATRIKI.fsUid });
      const burrata = DEMO_DISHES.find((dish) => dish.slug === 'burrata-tomatoes')!;
      const mushroom = DEMO_DISHES.find((dish) => dish.slug === 'mushroom-truffle-pizza')!;
      expect(stopList.groups).toHaveLength(1);
      expect(stopList.groups[0]).toMatchObject({ id: 'restaurant', name: 'Ресторан' });
      expect(
        stopList.groups[0]!.sections.map((section) => [
          section.name,
          section.items.map((item) => [item.id, item.name, item.stop, item.text]),
        ]),
      ).toEqual([
        ['Пицца из печи', [[mushroom.id, mushroom.name, true, 'Закончились белые грибы, ждём поставку']]],
        ['Салаты', [[burrata.id, burrata.name, true, 'Не привезли буррату']]],
      ]);
      expect(stopList.groups[0]!.sections[0]!.time).toMatch(/^\d{2}:\d{2}$/);

      await t.database.db
        .updateTable('stop_list')
        .set({ reason: '' })
        .where('restaurant_id', '=', PATRIKI.id)
        .where('dish_id', '=', burrata.id)
        .execute();
      const again = await info({ fs_uid: PATRIKI.fsUid });
      expect(again.stopList.groups[0]!.sections[1]!.items[0]!.text).toBe(DEMO_SETTINGS.text_stoplist);
      expect((await info({ fs_uid: DEMO_RESTAURANTS[3]!.fsUid })).stopList).toEqual({ groups: [] });
    });

    it('answers an unknown or inactive restaurant with 404, a bad time with 400', async () => {
      for (const fs_uid of ['no-such', DEMO_RESTAURANTS[8]!.fsUid, 999]) {
        const res = await rest('zagruzkaLoadInfo', { fs_uid });
        expect(res.statusCode).toBe(404);
        expect(errorResponse.parse(res.json()).message).toBe('Ресторан не найден');
      }
      const far = await rest('zagruzkaLoadInfo', {
        fs_uid: KURSKY.fsUid,
        time: Math.floor(Date.now() / 1000) + 8 * 24 * 3600,
      });
      expect(far.statusCode).toBe(400);
      expect(errorResponse.parse(far.json())).toMatchObject({
        error: 'load_time',
        message: 'Прогноз загрузки возможен не дальше чем на 7 дней вперёд.',
      });
      for (const fields of [
        {},
        { fs_uid: KURSKY.fsUid, time: 'сейчас' },
        { fs_uid: KURSKY.fsUid, time: -1 },
        { fs_uid: KURSKY.fsUid, time: 1.5 },
        { fs_uid: null },
      ]) {
        const res = await rest('zagruzkaLoadInfo', fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(/^Некорректное поле «fields\.(fs_uid|time)»/);
      }
    });
  });

  describe('zagruzkaLoadRestList', () => {
    const list = async (fields: Record<string, unknown>) => {
      const res = await rest('zagruzkaLoadRestList', fields);
      expect(res.statusCode, res.body).toBe(200);
      return zagruzkaLoadRestListAction.response.parse(res.json());
    };

    it('lists every restaurant that cooks for guests, least busy first (SPEC 9)', async () => {
      const body = await list({});
      expect(body.sort).toBe('load');
      expect(body.forecast).toBe(0);
      expect(body.items.map((item) => item.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 10]);
      expect(body.items.at(-1)).toMatchObject({
        id: KURSKY.id,
        zagruzkaPerc: 80,
        distanceKm: null,
        distanceText: '',
        isFavorite: 0,
      });
      for (const item of body.items) restaurantLoad.parse(item);
      const loads = body.items.map((item) => item.zagruzkaPerc);
      expect(loads).toEqual([...loads].sort((a, b) => a - b));
    });

    it('sorts by haversine distance from lat/lon, shown to 0.1 km, and puts favourites first (SPEC 9)', async () => {
      const taganka = DEMO_RESTAURANTS[3]!;
      const near = await list({ sort: 'distance', lat: taganka.lat, lon: String(taganka.lon) });
      expect(near.items[0]).toMatchObject({ id: taganka.id, distanceKm: 0, distanceText: '0,0 км' });
      const distances = near.items.map((item) => item.distanceKm ?? Infinity);
      expect(distances).toEqual([...distances].sort((a, b) => a - b));
      expect(near.items[1]!.distanceText).toMatch(/^\d+,\d км$/);

      const favourites = await list({ sort: 'load', favorites: [KURSKY.fsUid] });
      expect(favourites.items[0]).toMatchObject({ id: KURSKY.id, isFavorite: 1 });
    });

    it('forecasts the whole list for a future time', async () => {
      const at = Math.floor((Date.now() + 2 * HOUR) / 1000);
      const body = await list({ time: at });
      expect(body).toMatchObject({ time: at, forecast: 1 });
      expect(body.items.every((item) => item.forecast === 1 && item.time === at)).toBe(true);
    });

    it('answers malformed fields with 400', async () => {
      for (const fields of [
        { sort: 'price' },
        { lat: 100, lon: 37 },
        { lat: 'north' },
        { favorites: 'abc' },
        { favorites: [''] },
        { time: 'later' },
      ]) {
        const res = await rest('zagruzkaLoadRestList', fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(/^Некорректное поле «fields\./);
      }
    });
  });

  describe('zagruzkaLoadPeriods', () => {
    it('offers now, then each full hour of the next 24', async () => {
      const res = await rest('zagruzkaLoadPeriods', {});
      expect(res.statusCode).toBe(200);
      const { periods } = zagruzkaLoadPeriodsAction.response.parse(res.json());
      expect(periods).toHaveLength(25);
      expect(periods[0]).toMatchObject({ time: 0, text: 'Сейчас' });
      const hours = periods.slice(1);
      expect(
        hours.every((period) => period.time % 3600 === 0 && /^(Сегодня|Завтра), \d{2}:00$/.test(period.text)),
      ).toBe(true);
      expect(hours[0]!.time * 1000 - Date.now()).toBeGreaterThan(0);
      expect(hours[0]!.time * 1000 - Date.now()).toBeLessThanOrEqual(HOUR);
      expect(hours.at(-1)!.time - hours[0]!.time).toBe(23 * 3600);
      expect(hours[0]!.date).toBe(formatShortDate(wallClockAt(hours[0]!.time * 1000, 'Europe/Moscow').date));
    });

    it('keeps only the hours the restaurant is open when fs_uid is given', async () => {
      const { periods } = zagruzkaLoadPeriodsAction.response.parse(
        (await rest('zagruzkaLoadPeriods', { fs_uid: SOKOL.fsUid, hours: 48 })).json(),
      );
      const hours = periods.slice(1).map((period) => Number(period.from.slice(0, 2)));
      expect(hours.length).toBeGreaterThanOrEqual(26);
      expect(hours.every((hour) => hour >= 8 && hour <= 20)).toBe(true);
    });

    it('answers a bad fs_uid or hours with 404 or 400', async () => {
      expect((await rest('zagruzkaLoadPeriods', { fs_uid: 'nope' })).statusCode).toBe(404);
      for (const fields of [{ hours: 0 }, { hours: 100 }, { hours: 'day' }, { fs_uid: {} }]) {
        expect((await rest('zagruzkaLoadPeriods', fields)).statusCode, JSON.stringify(fields)).toBe(400);
      }
    });
  });

  describe('zagruzkaLoadCookTime', () => {
    const cookTime = async (fields: Record<string, unknown>) => {
      const res = await rest('zagruzkaLoadCookTime', fields);
      expect(res.statusCode, res.body).toBe(200);
      return zagruzkaLoadCookTimeAction.response.parse(res.json());
    };

    it('stretches the dish’s cook time by the load now, for as soon as ready (SPEC 2 «We will cook in about»)', async () => {
      const answer = await cookTime({
        fs_uid: KURSKY.fsUid,
        product_id: 101,
        orderType: 'self',
        delivery_datetime_props: { deliveryDate: '', deliveryTime: 'По готовоности' },
      });
      const expected = loadedCookMinutes(12, 8 * ORDER_WORK, 360);
      expect(answer).toMatchObject({ cookTime: expected, cookTimeText: `около ${expected} мин`, zagruzkaPerc: 80 });
      expect((await cookTime({ fs_uid: KURSKY.id, product_id: '101', orderType: 'delivery' })).cookTime).toBe(expected);
    });

    it('uses the forecast of the chosen time, and gives 0 for a dish that needs no cooking', async () => {
      const tomorrow = addDays(wallClockAt(Date.now(), 'Europe/Moscow').date, 1);
      const answer = await cookTime({
        fs_uid: KURSKY.fsUid,
        product_id: 101,
        orderType: 'self',
        delivery_datetime_props: { deliveryDate: formatShortDate(tomorrow), deliveryTime: '13:00' },
      });
      expect(answer.time).toBe(instantAt(tomorrow, 13 * 60, 'Europe/Moscow') / 1000);
      expect(answer.cookTime).toBeLessThan(loadedCookMinutes(12, 8 * ORDER_WORK, 360));
      const ready = DEMO_DISHES.find((dish) => dish.cookTime === 0 && dish.active !== false)!;
      expect(await cookTime({ fs_uid: KURSKY.fsUid, product_id: ready.id, orderType: 'self' })).toMatchObject({
        cookTime: 0,
        cookTimeText: '',
      });
    });

    it('refuses an order type the restaurant does not take (409), an unknown dish or restaurant (404), bad fields (400)', async () => {
      const inrest = await rest('zagruzkaLoadCookTime', { fs_uid: KURSKY.fsUid, product_id: 101, orderType: 'inrest' });
      expect(inrest.statusCode).toBe(409);
      expect(errorResponse.parse(inrest.json()).error).toBe('order_type_not_offered');
      const unknown = await rest('zagruzkaLoadCookTime', {
        fs_uid: KURSKY.fsUid,
        product_id: 99_999,
        orderType: 'self',
      });
      expect(unknown.statusCode).toBe(404);
      expect(errorResponse.parse(unknown.json()).message).toBe('Блюдо не найдено.');
      expect(
        (await rest('zagruzkaLoadCookTime', { fs_uid: KURSKY.fsUid, product_id: 306, orderType: 'self' })).statusCode,
      ).toBe(404);
      expect(
        (await rest('zagruzkaLoadCookTime', { fs_uid: 'nope', product_id: 101, orderType: 'self' })).statusCode,
      ).toBe(404);
      for (const [fields, field] of [
        [{ fs_uid: KURSKY.fsUid, orderType: 'self' }, 'product_id'],
        [{ fs_uid: KURSKY.fsUid, product_id: 'пицца', orderType: 'self' }, 'product_id'],
        [{ fs_uid: KURSKY.fsUid, product_id: -1, orderType: 'self' }, 'product_id'],
        [{ fs_uid: KURSKY.fsUid, product_id: 101, orderType: 'pickup' }, 'orderType'],
        [{ fs_uid: KURSKY.fsUid, product_id: 101 }, 'orderType'],
        [{ product_id: 101, orderType: 'self' }, 'fs_uid'],
        [
          { fs_uid: KURSKY.fsUid, product_id: 101, orderType: 'self', delivery_datetime_props: [1] },
          'delivery_datetime_props',
        ],
      ] as const) {
        const res = await rest('zagruzkaLoadCookTime', fields);
        expect(res.statusCode, JSON.stringify(fields)).toBe(400);
        expect(errorResponse.parse(res.json()).message).toMatch(new RegExp(`^Некорректное поле «fields\\.${field}`));
      }
    });
  });
});
