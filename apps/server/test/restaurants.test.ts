import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  errorResponse,
  locationSchema,
  restaurantListResponse,
  tableResponse,
  toDomainZone,
  type RestaurantWire,
} from '@chain/contract';
import {
  deliveryZoneFor,
  isOpenAt,
  TABLE_ORDER_UNAVAILABLE_MESSAGE,
  tableOrderBlock,
  zoneContainsPoint,
} from '@chain/domain';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

const PATRIKI = DEMO_RESTAURANTS[0]!;
const INACTIVE = DEMO_RESTAURANTS.find((r) => !r.active)!;

describe.each(databaseKinds())('GET /api/v2/restoran/list on %s (SPEC 3 Restaurant, SPEC 7)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  async function list(headers: Record<string, string> = {}) {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/restoran/list', headers });
    return { res, restaurants: res.statusCode === 200 ? restaurantListResponse.parse(res.json()) : [] };
  }
  const byId = (restaurants: RestaurantWire[], id: number) => {
    const found = restaurants.find((r) => r.id === id);
    if (!found) throw new Error(`restaurant ${id} is not in the list`);
    return found;
  };

  it('lists every active restaurant in the chain order and leaves the inactive one out (SPEC 3 active)', async () => {
    const { res, restaurants } = await list();
    expect(res.statusCode).toBe(200);
    expect(restaurants.map((r) => r.id)).toEqual(DEMO_RESTAURANTS.filter((r) => r.active).map((r) => r.id));
    expect(restaurants.map((r) => r.fs_uid)).not.toContain(INACTIVE.fsUid);
    expect(restaurants.every((r) => r.active === '1' && r.isFavorite === 0)).toBe(true);
  });

  it('names the fields as SPEC 3 does: "1"/"0" flags, location as JSON text, minimums per order type in kopecks', async () => {
    const { restaurants } = await list();
    const patriki = byId(restaurants, PATRIKI.id);
    expect(patriki).toMatchObject({
      fs_uid: PATRIKI.fsUid,
      name: PATRIKI.name,
      nameShort: PATRIKI.nameShort,
      address: PATRIKI.address,
      seating: 96,
      deliveryRest: '1',
      deliverySelf: '1',
      deliveryCourier: '1',
      winecard: '1',
      sbp: '1',
      deliveryDays: 3,
      deliveryDaysTrue: 3,
      congestion: { text: PATRIKI.congestionText },
      minOrderSum: { inrest: 0, self: 60_000 },
      minOrderSumShop: { inrest: 0, self: 100_000 },
      time_zone: 'Europe/Moscow',
      menuKinds: ['restaurant', 'shop', 'bar'],
    });
    expect(locationSchema.parse(JSON.parse(patriki.location))).toEqual({ lat: PATRIKI.lat, lon: PATRIKI.lon });
    const pokrovka = byId(restaurants, 2);
    expect(pokrovka.deliveryCourier).toBe('0');
    expect(pokrovka.menuKinds).toEqual(['restaurant', 'bar']);
  });

  it('lists only the open days, Monday first, with hours past midnight above 1440 and HH:MM text (SPEC 3 shedule, SPEC 4)', async () => {
    const { restaurants } = await list();
    const patriki = byId(restaurants, 1);
    expect(patriki.shedule.map((d) => d.day)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(patriki.shedule[4]).toEqual({ day: 5, fromMinute: 600, toMinute: 1500, from: '10:00', to: '01:00' });
    // Таганка is closed on Mondays: no entry for day 1 (SPEC 4: no entry means closed).
    const taganka = byId(restaurants, 4);
    expect(taganka.shedule.map((d) => d.day)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('writes the schedule as readable text, grouping days with the same hours', async () => {
    const { restaurants } = await list();
    expect(byId(restaurants, 1).workTime).toBe('Пн–Чт 10:00–23:00, Пт–Сб 10:00–01:00, Вс 10:00–23:00');
    expect(byId(restaurants, 4).workTime).toBe('Пн выходной, Вт–Вс 11:00–23:00');
    expect(byId(restaurants, 5).workTime).toBe('Ежедневно круглосуточно');
    expect(byId(restaurants, 7).workTime).toBe('Ежедневно 10:00–22:30');
  });

  it('gives a schedule the domain reads as is: open after midnight on Friday night, closed on Monday at Таганка (SPEC 4)', async () => {
    const { restaurants } = await list();
    const patriki = byId(restaurants, 1);
    // Saturday 00:30 in Moscow still belongs to Friday, open until 01:00.
    expect(isOpenAt(patriki.shedule, new Date('2025-01-03T21:30:00Z'), patriki.time_zone)).toBe(true);
    // Monday 00:30 belongs to Sunday, which closed at 23:00.
    expect(isOpenAt(patriki.shedule, new Date('2025-01-05T21:30:00Z'), patriki.time_zone)).toBe(false);
    const taganka = byId(restaurants, 4);
    expect(isOpenAt(taganka.shedule, new Date('2025-01-06T12:00:00Z'), taganka.time_zone)).toBe(false);
    expect(tableOrderBlock(taganka, new Date('2025-01-07T12:00:00Z'), taganka.time_zone)).toBeNull();
  });

  it('gives zones with polygon and periods as JSON text that toDomainZone decodes for the zone rules (SPEC 3, 5)', async () => {
    const { restaurants } = await list();
    const patriki = byId(restaurants, 1);
    expect(patriki.deliveryZone.map((z) => z.id)).toEqual([1, 2]);
    const [first, second] = patriki.deliveryZone.map(toDomainZone);
    expect(first).toMatchObject({
      active: '1',
      time_limit: 45,
      minordersum_rest: 100_000,
      minordersum_shop: 150_000,
      periods: [],
    });
    expect(second?.periods[0]).toEqual({ from: '11:00', to: '13:00', days: [1, 1, 1, 1, 1, 1, 1] });
    expect(patriki.deliveryZone[0]).toMatchObject({
      color: '#66B4432C',
      delivery_price: 19_900,
      free_delivery_from: 200_000,
    });
    const home = { lat: PATRIKI.lat, lon: PATRIKI.lon };
    expect(zoneContainsPoint(first!.polygon, home)).toBe(true);

    const forRules = restaurants.map((r) => ({ ...r, deliveryZone: r.deliveryZone.map(toDomainZone) }));
    expect(deliveryZoneFor(forRules, home)?.restaurant.id).toBe(1);
  });

  it('keeps an inactive zone in the list, marked active "0", so the map can leave it out (SPEC 4)', async () => {
    const { restaurants } = await list();
    const zone = byId(restaurants, 3).deliveryZone.find((z) => z.id === 4);
    expect(zone?.active).toBe('0');
    expect(zone?.free_delivery_from).toBeNull();
  });

  it('answers 304 to a client holding the current list, and a new list with a new ETag after a change', async () => {
    const first = await list();
    const etag = String(first.res.headers.etag);
    expect(first.res.headers['cache-control']).toBe('no-cache');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v2/restoran/list',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    await t.database.db
      .updateTable('restaurants')
      .set({ congestion_text: 'Сейчас очередь' })
      .where('id', '=', 2)
      .execute();
    const changed = await list({ 'if-none-match': etag });
    expect(changed.res.statusCode).toBe(200);
    expect(changed.res.headers.etag).not.toBe(etag);
    expect(byId(changed.restaurants, 2).congestion.text).toBe('Сейчас очередь');
  });

  it('drops a restaurant made inactive from the next answer', async () => {
    await t.database.db.updateTable('restaurants').set({ active: false }).where('id', '=', 8).execute();
    const { restaurants } = await list();
    expect(restaurants.map((r) => r.id)).not.toContain(8);
  });

  it('compresses the list for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/restoran/list',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
  });
});

describe.each(databaseKinds())('GET /api/v1/restoran/table/{code} on %s (SPEC 5, 7, 8)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('resolves a table code to the table number and the restaurant fs_uid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/restoran/table/T-JQBB-01' });
    expect(res.statusCode).toBe(200);
    expect(tableResponse.parse(res.json())).toEqual({ num: '1', fs_uid: PATRIKI.fsUid });
  });

  it('resolves a code sent with surrounding spaces, as a scanner may add them', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/restoran/table/%20T-TJJU-08%20' });
    expect(res.json()).toEqual({ num: '8', fs_uid: PATRIKI.fsUid });
  });

  it("answers an unknown code with 404 'Неверный номер стола!' (SPEC 8)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/restoran/table/T-NONE-99' });
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json())).toMatchObject({
      error: 'table_not_found',
      message: 'Неверный номер стола!',
    });
  });

  it('refuses a table of an inactive restaurant with the table-order dialog text (SPEC 5, 8)', async () => {
    const code = INACTIVE.tables[0]!.code;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/restoran/table/${code}` });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'table_order_unavailable', message: TABLE_ORDER_UNAVAILABLE_MESSAGE });
  });

  it('answers a code longer than any QR code holds with 400 naming the field', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/restoran/table/${'X'.repeat(65)}` });
    expect(res.statusCode).toBe(400);
    expect(errorResponse.parse(res.json()).message).toContain('code');
  });
});

// The reference does not depend on the database, so one database is enough here.
describe('the API reference of the restaurants and menu calls (issue 4: every shape documented)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('documents the list, table and menu calls with their request and response shapes at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    const doc = res.json<{ paths: Record<string, Record<string, Record<string, unknown>>> }>();
    const list = doc.paths['/api/v2/restoran/list']?.get;
    const table = doc.paths['/api/v1/restoran/table/{code}']?.get;
    const menu = doc.paths['/api/v2/restoran/menu']?.post;
    expect(list?.operationId).toBe('restaurantList');
    expect(JSON.stringify(list?.responses)).toContain('shedule');
    expect(JSON.stringify(list?.responses)).toContain('deliveryZone');
    expect(table?.parameters).toEqual([expect.objectContaining({ name: 'code', in: 'path' })]);
    expect(JSON.stringify(table?.responses)).toContain('table_not_found');
    const request = JSON.stringify(menu?.requestBody);
    for (const field of [
      'is_shop',
      'fs_uid',
      'order_type',
      'user_id',
      'lock_code',
      'delivery_datetime_props',
      'ver',
      'booking_num',
    ]) {
      expect(request).toContain(`"${field}"`);
    }
    const answer = JSON.stringify(menu?.responses);
    for (const field of [
      'categories',
      'dishes',
      'stories',
      'lock_code',
      'min_sum',
      'stop_text',
      'is_locked',
      'specname',
    ]) {
      expect(answer).toContain(`"${field}"`);
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.body).toContain('/api/v2/restoran/menu');
  });
});
