import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  restaurantListResponse,
  STAFF_TEXTS,
  staffZone,
  staffZonesResponse,
  staffZoneStale,
  toDomainZone,
  ZONE_TEXTS,
  zoneCollection,
  zoneImportResult,
} from '@chain/contract';
import { addDays, formatShortDate, OUTSIDE_DELIVERY_ZONE_MESSAGE, wallClockAt } from '@chain/domain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { selfPickupOrderBody } from './support/orders';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 31, the back office's delivery zones (SPEC 3 deliveryZone, SPEC 4 courier lookup, SPEC 5
// zone rules): drawn, saved over their version with an audit row, switched off and on with guests'
// delivery checks following at once, archived when orders name them, and moved as GeoJSON.

const KURSKY = 5; // courier delivery, open round the clock (the demo chain)
const KURSKY_FS_UID = '489b39b8-4783-4e1b-92a0-44ea552f2e52';
// A square south-west of the demo zones, where no zone of the demo chain reaches.
const SQUARE: [number, number][] = [
  [37.4, 55.6],
  [37.42, 55.6],
  [37.42, 55.61],
  [37.4, 55.61],
  [37.4, 55.6],
];
const INSIDE = { lat: 55.605, lon: 37.41 };

const fields = (extra: Record<string, unknown> = {}) => ({
  name: 'Южная',
  color: '#6633AA55',
  polygon: [SQUARE],
  periods: [],
  time_limit: 30,
  min_order_sum_rest: 100_000,
  min_order_sum_shop: 150_000,
  delivery_price: 19_900,
  free_delivery_from: 300_000,
  ...extra,
});
describe.each(databaseKinds())('the back office’s delivery zones on %s (issue 31)', (kind) => {
  let t: TestApp;
  let kitchen: string;
  let manager: string;
  let otherManager: string;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [KURSKY] }),
    );
    manager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [KURSKY] }),
    );
    otherManager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [1] }),
    );
  });
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const zonesUrl = `/api/staff/restaurants/${KURSKY}/zones`;
  const create = async (extra: Record<string, unknown> = {}) => {
    const answer = await call(manager, 'POST', zonesUrl, fields(extra));
    expect(answer.statusCode, answer.body).toBe(200);
    return staffZone.parse(answer.json());
  };
  const quote = () =>
    post(t.app, '/api/v2/order/delivery', {
      order_type: 'delivery',
      fs_uid: KURSKY_FS_UID,
      cart: [{ item: 101, cnt: 2 }],
      location: INSIDE,
    });
  const audit = (zoneName: string) =>
    t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('restaurant_id', '=', KURSKY)
      .where('target', 'like', `зона «${zoneName}»%`)
      .orderBy('id')
      .execute();
  const exported = () => call(manager, 'GET', `${zonesUrl}/geojson`);
  const bowTie = [
    [37.4, 55.6],
    [37.42, 55.61],
    [37.42, 55.6],
    [37.4, 55.61],
    [37.4, 55.6],
  ];
  const crossingMessage =
    'Граница зоны пересекает сама себя (стороны 1 и 3): передвиньте точки так, чтобы линии не перекрещивались.';

  it('keeps every zone call from a kitchen account (403 manager_only) and from another restaurant’s manager (403 other_restaurant)', async () => {
    const attempts = (token: string) => [
      call(token, 'GET', zonesUrl),
      call(token, 'POST', zonesUrl, fields()),
      call(token, 'POST', `${zonesUrl}/1`, { ...fields(), version: 1 }),
      call(token, 'POST', `${zonesUrl}/1/active`, { active: false, version: 1 }),
      call(token, 'POST', `${zonesUrl}/1/remove`, { version: 1 }),
      call(token, 'GET', `${zonesUrl}/geojson`),
      call(token, 'POST', `${zonesUrl}/import`, { collection: { type: 'FeatureCollection', features: [] } }),
    ];
    for (const answer of await Promise.all(attempts(kitchen))) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'manager_only', message: STAFF_TEXTS.managerOnly });
    }
    for (const answer of await Promise.all(attempts(otherManager))) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'other_restaurant', message: STAFF_TEXTS.otherRestaurant });
    }
    // Nothing was made or changed by the refused calls.
    expect(await t.database.db.selectFrom('delivery_zones').select('id').where('name', '=', 'Южная').execute()).toEqual(
      [],
    );
  });

  it('draws a zone (audited), a guest’s address inside it gets delivery at once; switched off in a rush it is refused, on again accepted — each switch audited', async () => {
    expect((await quote()).json()).toMatchObject({ message: OUTSIDE_DELIVERY_ZONE_MESSAGE });
    const zone = await create({ name: 'Южная 1' });
    expect(zone).toMatchObject({
      restaurant_id: KURSKY,
      name: 'Южная 1',
      color: '#6633AA55',
      active: true,
      version: 1,
      polygon: [SQUARE],
    });
    const list = staffZonesResponse.parse((await call(manager, 'GET', zonesUrl)).json());
    expect(list.zones.map((z) => z.id)).toContain(zone.id);
    expect(list.others.length).toBeGreaterThan(0);
    expect(list.others.every((other) => other.restaurant_name !== '' && other.polygon[0]!.length >= 4)).toBe(true);

    const accepted = await quote();
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ deliverySum: 19_900 });

    const off = await call(manager, 'POST', `${zonesUrl}/${zone.id}/active`, { active: false, version: zone.version });
    expect(off.json()).toMatchObject({ active: false, version: 2 });
    const refused = await quote();
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'outside_zone', message: OUTSIDE_DELIVERY_ZONE_MESSAGE });
    // A second tap from the old version is a 409 with the zone as it is now.
    const late = await call(manager, 'POST', `${zonesUrl}/${zone.id}/active`, { active: false, version: 1 });
    expect(late.statusCode).toBe(409);
    expect(staffZoneStale.parse(late.json())).toMatchObject({
      error: 'stale_version',
      message: BACKOFFICE_TEXTS.staleVersion,
      current: { id: zone.id, active: false, version: 2 },
    });

    expect(
      (await call(manager, 'POST', `${zonesUrl}/${zone.id}/active`, { active: true, version: 2 })).json(),
    ).toMatchObject({ active: true, version: 3 });
    expect((await quote()).statusCode).toBe(200);
    expect(await audit('Южная 1')).toEqual([
      {
        action: 'zone.create',
        before: null,
        after: expect.objectContaining({ name: 'Южная 1', active: true }) as unknown,
      },
      { action: 'zone.active', before: { active: true }, after: { active: false } },
      { action: 'zone.active', before: { active: false }, after: { active: true } },
    ]);
    // Removed: the guest's delivery quotes name it, so it is archived — and guests no longer get delivery there.
    expect((await call(manager, 'POST', `${zonesUrl}/${zone.id}/remove`, { version: 3 })).json()).toEqual({
      outcome: 'archived',
    });
    expect((await quote()).statusCode).toBe(400);
  });

  it('refuses a self-crossing outline, too few points, a window that ends before it starts and a bad colour in Russian, saving nothing', async () => {
    const crossing = await call(manager, 'POST', zonesUrl, fields({ name: 'Бабочка', polygon: [bowTie] }));
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json()).toMatchObject({ error: 'validation', message: crossingMessage });
    const few = await call(
      manager,
      'POST',
      zonesUrl,
      fields({
        name: 'Бабочка',
        polygon: [
          [
            [37.4, 55.6],
            [37.42, 55.6],
          ],
        ],
      }),
    );
    expect(few.json()).toMatchObject({ message: 'Зона — это не меньше 3 точек: добавьте точки на карте.' });
    const window = await call(
      manager,
      'POST',
      zonesUrl,
      fields({ name: 'Бабочка', periods: [{ from: '13:00', to: '11:00', days: [1, 1, 1, 1, 1, 1, 1] }] }),
    );
    expect(window.json()).toMatchObject({ message: 'Окно 13:00–11:00: конец должен быть позже начала.' });
    const colour = await call(manager, 'POST', zonesUrl, fields({ name: 'Бабочка', color: 'red' }));
    expect(colour.statusCode).toBe(400);
    expect(colour.json<{ message: string }>().message).toContain('цвет #RRGGBB или #AARRGGBB');

    const zone = await create({ name: 'Южная 2' });
    const saveCrossing = await call(manager, 'POST', `${zonesUrl}/${zone.id}`, {
      ...fields({ name: 'Южная 2', polygon: [bowTie] }),
      version: zone.version,
    });
    expect(saveCrossing.statusCode).toBe(400);
    expect(saveCrossing.json()).toMatchObject({ message: crossingMessage });
    const row = await t.database.db
      .selectFrom('delivery_zones')
      .select(['polygon', 'version'])
      .where('id', '=', zone.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ polygon: [SQUARE], version: 1 });
    expect(
      await t.database.db.selectFrom('delivery_zones').select('id').where('name', '=', 'Бабочка').execute(),
    ).toEqual([]);
    // No order or quote names it: deleted outright.
    expect((await call(manager, 'POST', `${zonesUrl}/${zone.id}/remove`, { version: 1 })).json()).toEqual({
      outcome: 'deleted',
    });
    expect(await t.database.db.selectFrom('delivery_zones').select('id').where('id', '=', zone.id).execute()).toEqual(
      [],
    );
  });

  it('a zone’s delivery windows saved here are the guest’s at once: the restaurant list carries them, order/delivery quotes a chosen window and order/create takes only a window the zone has now (SPEC 3 periods, SPEC 5)', async () => {
    // Apart from the other tests' square: the only zone there.
    const east = SQUARE.map(([lon, lat]) => [lon + 0.06, lat] as [number, number]);
    const location = { lat: INSIDE.lat, lon: INSIDE.lon + 0.06 };
    const tomorrow = formatShortDate(addDays(wallClockAt(new Date(), 'Europe/Moscow').date, 1));
    const quoteAt = (deliveryTime: string) =>
      post(t.app, '/api/v2/order/delivery', {
        order_type: 'delivery',
        fs_uid: KURSKY_FS_UID,
        cart: [{ item: 101, cnt: 2 }],
        location,
        delivery_data: { deliveryDate: tomorrow, deliveryTime, isTimePeriods: 1 },
      });
    const guestZone = async (id: number) =>
      restaurantListResponse
        .parse((await t.app.inject({ method: 'GET', url: '/api/v2/restoran/list' })).json())
        .find((restaurant) => restaurant.id === KURSKY)!
        .deliveryZone.find((zone) => zone.id === id)!;
    const everyDay = [1, 1, 1, 1, 1, 1, 1];
    const zone = await create({
      name: 'Окна',
      polygon: [east],
      periods: [{ from: '11:00', to: '13:00', days: everyDay }],
      time_limit: 45,
      min_order_sum_rest: 0,
    });
    const listed = await guestZone(zone.id);
    expect(toDomainZone(listed)).toMatchObject({
      periods: [{ from: '11:00', to: '13:00', days: everyDay }],
      time_limit: 45,
    });
    const inWindow = await quoteAt('11:00-13:00');
    expect(inWindow.statusCode, inWindow.body).toBe(200);
    expect(inWindow.json()).toMatchObject({ success: true, isAvailByTime: true, deliverySum: 19_900 });

    // The window moved in the back office: the list and the quote follow on the next request.
    const moved = await call(
      manager,
      'POST',
      `${zonesUrl}/${zone.id}`,
      fields({
        name: 'Окна',
        polygon: [east],
        periods: [{ from: '15:00', to: '17:00', days: everyDay }],
        time_limit: 45,
        min_order_sum_rest: 0,
        version: zone.version,
      }),
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(toDomainZone(await guestZone(zone.id)).periods).toEqual([{ from: '15:00', to: '17:00', days: everyDay }]);
    expect((await quoteAt('15:00-17:00')).json()).toMatchObject({ success: true, isAvailByTime: true });
    // An order for the old window is refused; the new one is taken.
    const guest = await signedInUser(t.database);
    const order = (deliveryTime: string) =>
      post(
        t.app,
        '/api/v2/order/create',
        selfPickupOrderBody(guest, {
          order: { type: 'delivery', comment: '', props: { address: location } },
          deliveryDateTimeProps: { deliveryDate: tomorrow, deliveryTime, isTimePeriods: 1 },
        }),
      );
    const old = await order('11:00-13:00');
    expect(old.statusCode, old.body).toBe(400);
    expect(old.json()).toMatchObject({ error: 'delivery_time', message: 'Просьба выбрать время доставки' });
    const taken = await order('15:00-17:00');
    expect(taken.statusCode, taken.body).toBe(200);
    // Named by an order now: removing archives it.
    expect(
      (await call(manager, 'POST', `${zonesUrl}/${zone.id}/remove`, { version: zone.version + 1 })).json(),
    ).toEqual({ outcome: 'archived' });
  });

  it('saves over the version it names with its audit row; of two racing saves one wins and the other is 409 with the winner’s zone', async () => {
    const zone = await create({ name: 'Южная 3' });
    const moved = SQUARE.map(([lon, lat]): [number, number] => [lon + 0.001, lat]);
    const [first, second] = await Promise.all([
      call(manager, 'POST', `${zonesUrl}/${zone.id}`, {
        ...fields({ name: 'Южная 3', delivery_price: 25_000 }),
        version: zone.version,
      }),
      call(manager, 'POST', `${zonesUrl}/${zone.id}`, {
        ...fields({ name: 'Южная 3', polygon: [moved] }),
        version: zone.version,
      }),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    const winner = staffZone.parse((first.statusCode === 200 ? first : second).json());
    const loser = staffZoneStale.parse((first.statusCode === 409 ? first : second).json());
    expect(winner.version).toBe(2);
    expect(loser.current).toEqual(winner);
    const saves = (await audit('Южная 3')).filter((entry) => entry.action === 'zone.save');
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({ before: { delivery_price: 19_900, polygon: [SQUARE] } });
    expect(saves[0]!.after).toEqual(
      expect.objectContaining({ delivery_price: winner.delivery_price, polygon: winner.polygon }),
    );
    expect((await call(manager, 'POST', `${zonesUrl}/999999`, { ...fields(), version: 1 })).json()).toMatchObject({
      error: 'zone_not_found',
      message: ZONE_TEXTS.zoneNotFound,
    });
    await call(manager, 'POST', `${zonesUrl}/${zone.id}/remove`, { version: winner.version });
  });

  it('archives a zone an order names instead of deleting it: the order keeps it, guests and the back office no longer see it', async () => {
    const zone = await create({ name: 'Южная 4' });
    expect((await quote()).statusCode).toBe(200);
    const removed = await call(manager, 'POST', `${zonesUrl}/${zone.id}/remove`, { version: zone.version });
    expect(removed.json()).toEqual({ outcome: 'archived' });
    const row = await t.database.db
      .selectFrom('delivery_zones')
      .select(['archived_at', 'version'])
      .where('id', '=', zone.id)
      .executeTakeFirstOrThrow();
    expect(row.archived_at).toBeInstanceOf(Date);
    expect(row.version).toBe(2);
    expect(
      staffZonesResponse.parse((await call(manager, 'GET', zonesUrl)).json()).zones.map((z) => z.id),
    ).not.toContain(zone.id);
    expect((await quote()).json()).toMatchObject({ error: 'outside_zone' });
    expect((await audit('Южная 4')).map((entry) => entry.action)).toEqual(['zone.create', 'zone.archive']);
  });

  it('exports GeoJSON byte for byte the same; importing the export changes nothing; a dry run says what would change and changes nothing', async () => {
    await create({ name: 'Южная 5', periods: [{ from: '11:00', to: '13:00', days: [1, 1, 1, 1, 1, 0, 0] }] });
    const first = await exported();
    expect(first.statusCode).toBe(200);
    const collection = zoneCollection.parse(first.json());
    expect(collection.features.find((feature) => feature.properties.name === 'Южная 5')).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [SQUARE] },
      properties: {
        color: '#6633AA55',
        active: true,
        periods: [{ from: '11:00', to: '13:00', days: [1, 1, 1, 1, 1, 0, 0] }],
        delivery_price: 19_900,
        free_delivery_from: 300_000,
      },
    });
    expect((await exported()).body).toBe(first.body);
    const versions = await t.database.db
      .selectFrom('delivery_zones')
      .select(['id', 'version'])
      .where('restaurant_id', '=', KURSKY)
      .orderBy('id')
      .execute();

    const again = await call(manager, 'POST', `${zonesUrl}/import`, { collection });
    expect(zoneImportResult.parse(again.json())).toEqual({
      dry_run: false,
      added: [],
      changed: [],
      removed: [],
      unchanged: collection.features.length,
    });
    expect((await exported()).body).toBe(first.body);
    expect(
      await t.database.db
        .selectFrom('delivery_zones')
        .select(['id', 'version'])
        .where('restaurant_id', '=', KURSKY)
        .orderBy('id')
        .execute(),
    ).toEqual(versions);

    const [kept, ...rest] = collection.features;
    const edited = {
      type: 'FeatureCollection',
      features: [
        { ...kept!, properties: { ...kept!.properties, name: 'Переименованная' } },
        ...rest.slice(1),
        {
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [SQUARE.map(([lon, lat]) => [lon - 0.05, lat])] },
          properties: { name: 'Новая', color: '#33FF0000' },
        },
      ],
    };
    const dry = await call(manager, 'POST', `${zonesUrl}/import`, { collection: edited, dry_run: true });
    expect(dry.json()).toEqual({
      dry_run: true,
      added: ['Новая'],
      changed: ['Переименованная'],
      removed: [rest[0]!.properties.name],
      unchanged: rest.length - 1,
    });
    expect((await exported()).body).toBe(first.body);
  });

  it('refuses a file with a wrong feature, naming each and why, and changes nothing; applies a good one in one go, audited', async () => {
    const before = await exported();
    const collection = zoneCollection.parse(before.json());
    const bad = {
      type: 'FeatureCollection',
      features: [
        {
          ...collection.features[0]!,
          properties: { ...collection.features[0]!.properties, name: 'Должна остаться прежней' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [bowTie] },
          properties: { name: 'Бабочка', color: '#33FF0000' },
        },
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [37.4, 55.6] },
          properties: { name: 'Точка', color: '#33FF0000' },
        },
      ],
    };
    const refused = await call(manager, 'POST', `${zonesUrl}/import`, { collection: bad });
    expect(refused.statusCode).toBe(400);
    const body = refused.json<{ error: string; message: string; problems: { feature: number; message: string }[] }>();
    expect(body).toMatchObject({ error: 'zone_import_invalid', message: ZONE_TEXTS.importInvalid });
    expect(body.problems.map((problem) => problem.feature)).toEqual([2, 3]);
    expect(body.problems[0]!.message).toBe(`Зона 2 («Бабочка»): ${crossingMessage}`);
    expect(body.problems[1]!.message).toMatch(/^Зона 3 \(«Точка»\): поле «geometry\.type»/);
    expect(
      (await call(manager, 'POST', `${zonesUrl}/import`, { collection: { type: 'Feature' } })).json(),
    ).toMatchObject({ problems: [{ feature: 0, message: ZONE_TEXTS.importNotCollection }] });
    expect((await exported()).body).toBe(before.body);

    // The same file without the wrong features: applied, one audit row per zone it touched.
    const good = { type: 'FeatureCollection', features: [bad.features[0], ...collection.features.slice(1)] };
    expect((await call(manager, 'POST', `${zonesUrl}/import`, { collection: good })).json()).toMatchObject({
      dry_run: false,
      changed: ['Должна остаться прежней'],
      added: [],
      removed: [],
    });
    const after = zoneCollection.parse((await exported()).json());
    expect(after.features[0]!.properties).toMatchObject({
      id: collection.features[0]!.properties.id,
      name: 'Должна остаться прежней',
    });
    expect((await audit('Должна остаться прежней')).map((entry) => entry.action)).toEqual(['zone.save']);
  });
});
