import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKOFFICE_TEXTS,
  manageRestaurant,
  manageSaveRestaurantStale,
  RESTAURANT_MANAGE_TEXTS,
  restaurantListResponse,
  STAFF_PHOTO_LIMITS,
  STAFF_PHOTO_TEXTS,
  STAFF_TEXTS,
  staffPhotoUploadResponse,
  type ManageRestaurant,
} from '@chain/contract';
import { HOURS_TEXTS, RESTAURANT_CLOSED_MESSAGE } from '@chain/domain';
import { isKioskCodeRight } from '../src/modules/kiosk/codes';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { connectedKiosk } from './support/kiosk';
import { pngBomb } from './support/pictures';
import { selfPickupOrderBody } from './support/orders';
import { freezeDate, nearestMoscowClock, unfreezeDate } from './support/rest';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 31, the back office's restaurants (docs/back-office.md «Рестораны», decision 046): create
// (chain managers), edit (the restaurant's managers), the week's hours past midnight and holidays
// read on the business day (SPEC 4: before 06:00 is the previous day), «закрыть на время» refusing
// order/create with its words, the kiosk code, archiving; every save versioned and audited.

const MINUTE = 60_000;

/** A restaurant's fields as the form sends them: every day 10:00–02:00 (past midnight), pickup. */
function fields(name: string, extra: Partial<ManageRestaurant> = {}) {
  return {
    name,
    name_short: name.slice(0, 20),
    address: 'Москва, Тверская улица, 7',
    lat: 55.7575,
    lon: 37.6132,
    about: '',
    phone: '+7 495 000-00-00',
    email: 'tverskaya@example.ru',
    seating: 40,
    time_zone: 'Europe/Moscow',
    active: true,
    delivery_rest: true,
    delivery_self: true,
    delivery_courier: false,
    delivery_days: 2,
    delivery_days_true: 0,
    sbp: true,
    winecard: false,
    menu_kinds: ['restaurant'],
    min_order_sum_inrest: 0,
    min_order_sum_self: 0,
    min_order_sum_shop_inrest: 0,
    min_order_sum_shop_self: 0,
    hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '10:00', to: '02:00' })),
    holidays: [],
    ...extra,
  };
}

describe.each(databaseKinds())('the back office’s restaurants on %s (issue 31)', (kind) => {
  let t: TestApp;
  let kitchen: string;
  let manager: string;
  let chain: string;
  let guest: { id: number; token: string };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
    manager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [1] }),
    );
    chain = await staffToken(t.app, t.database, await staffAccount(t.database, { role: 'manager', chain: true }));
    guest = await signedInUser(t.database);
  });
  afterEach(() => unfreezeDate());
  afterAll(() => t.close());

  const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const create = async (name: string, extra: Partial<ManageRestaurant> = {}) => {
    const answer = await call(chain, 'POST', '/api/staff/manage/restaurants', fields(name, extra));
    expect(answer.statusCode, answer.body).toBe(200);
    return manageRestaurant.parse(answer.json());
  };
  const save = (token: string, restaurant: ManageRestaurant, change: Partial<ManageRestaurant>) => {
    const {
      id,
      fs_uid: _uid,
      archived_at: _archived,
      closed_until: _until,
      closed_text: _text,
      kiosk_code_set: _code,
      kiosks_connected: _kiosks,
      has_orders: _orders,
      ...rest
    } = restaurant;
    return call(token, 'POST', `/api/staff/manage/restaurants/${id}`, { ...rest, ...change });
  };
  const guestList = async () =>
    restaurantListResponse.parse((await t.app.inject({ method: 'GET', url: '/api/v2/restoran/list' })).json());
  const order = (restaurantRef: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/order/create',
      payload: selfPickupOrderBody(guest, { restoran: restaurantRef }),
    });
  const audits = (restaurantId: number, action: string) =>
    t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('restaurant_id', '=', restaurantId)
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('keeps every restaurant call from a kitchen account (403 manager_only)', async () => {
    for (const answer of [
      await call(kitchen, 'GET', '/api/staff/manage/restaurants'),
      await call(kitchen, 'GET', '/api/staff/manage/restaurants/1'),
      await call(kitchen, 'POST', '/api/staff/manage/restaurants', fields('Кухня')),
      await call(kitchen, 'POST', '/api/staff/manage/restaurants/1', { ...fields('Кухня'), version: 1 }),
      await call(kitchen, 'POST', '/api/staff/manage/restaurants/1/close', {
        version: 1,
        closed_until: null,
        closed_text: '',
      }),
      await call(kitchen, 'POST', '/api/staff/manage/restaurants/1/archive', { version: 1, archived: true }),
      await call(kitchen, 'POST', '/api/staff/manage/restaurants/1/kiosk', { end_kiosks: true }),
      await call(kitchen, 'POST', '/api/staff/manage/restaurants/photos', { data_url: 'data:image/png;base64,' }),
    ]) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'manager_only', message: STAFF_TEXTS.managerOnly });
    }
  });

  it('gives a restaurant’s manager their own restaurant only: another is 403, creating and archiving are the chain’s', async () => {
    const list = await call(manager, 'GET', '/api/staff/manage/restaurants');
    expect(list.json()).toMatchObject({ may_create: false, restaurants: [{ id: 1 }] });
    expect(list.json<{ restaurants: unknown[] }>().restaurants).toHaveLength(1);
    const own = manageRestaurant.parse((await call(manager, 'GET', '/api/staff/manage/restaurants/1')).json());
    expect(own.hours.length).toBeGreaterThan(0);
    const other = await call(manager, 'GET', '/api/staff/manage/restaurants/2');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'other_restaurant', message: STAFF_TEXTS.otherRestaurant });
    expect(
      (
        await call(manager, 'POST', '/api/staff/manage/restaurants/2/close', {
          version: 1,
          closed_until: null,
          closed_text: '',
        })
      ).statusCode,
    ).toBe(403);
    for (const answer of [
      await call(manager, 'POST', '/api/staff/manage/restaurants', fields('Свой')),
      await call(manager, 'POST', '/api/staff/manage/restaurants/1/archive', { version: own.version, archived: true }),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ error: 'chain_manager_only', message: STAFF_TEXTS.chainManagerOnly });
    }
    expect((await call(chain, 'GET', '/api/staff/manage/restaurants/999999')).json()).toMatchObject({
      error: 'restaurant_not_found',
      message: RESTAURANT_MANAGE_TEXTS.notFound,
    });
  });

  it('creates a restaurant with hours past midnight and a holiday, audited; guests see it at once (SPEC 3, 4)', async () => {
    const before = await t.database.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow();
    const created = await create('Тверская', {
      holidays: [
        { date: '2026-12-31', from: '10:00', to: '04:00', note: 'Новый год' },
        { date: '2027-01-01', from: null, to: null, note: '' },
      ],
    });
    expect(created).toMatchObject({
      version: 1,
      name: 'Тверская',
      time_zone: 'Europe/Moscow',
      archived_at: null,
      closed_until: null,
      kiosk_code_set: false,
      has_orders: false,
    });
    expect(created.hours).toEqual([1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '10:00', to: '02:00' })));
    expect(created.holidays).toEqual([
      { date: '2026-12-31', from: '10:00', to: '04:00', note: 'Новый год' },
      { date: '2027-01-01', from: null, to: null, note: '' },
    ]);
    const schedule = await t.database.db
      .selectFrom('restaurant_schedule')
      .select(['from_minute', 'to_minute'])
      .where('restaurant_id', '=', created.id)
      .where('weekday', '=', 5)
      .executeTakeFirstOrThrow();
    expect(schedule).toEqual({ from_minute: 600, to_minute: 1560 });
    const after = await t.database.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow();
    expect(Number(after.version)).toBeGreaterThan(Number(before.version));
    const listed = (await guestList()).find((restaurant) => restaurant.id === created.id);
    expect(listed).toMatchObject({
      name: 'Тверская',
      workTime: 'Ежедневно 10:00–02:00',
      closedUntil: null,
      location: JSON.stringify({ lat: 55.7575, lon: 37.6132 }),
    });
    expect(listed?.holidays).toEqual([
      { date: '2026-12-31', fromMinute: 600, toMinute: 1680 },
      { date: '2027-01-01', fromMinute: null, toMinute: null },
    ]);
    const audit = await audits(created.id, 'restaurant.create');
    expect(audit).toHaveLength(1);
    expect(audit[0]?.before).toBeNull();
    expect(audit[0]?.after).toMatchObject({ name: 'Тверская', version: 1, hours: created.hours });
  });

  it('refuses what is not a restaurant with words in Russian naming the field (400)', async () => {
    const refused = async (extra: Partial<ManageRestaurant>, message: string | RegExp) => {
      const answer = await call(chain, 'POST', '/api/staff/manage/restaurants', fields('Неверный', extra));
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json<{ error: string; message: string }>()).toMatchObject({ error: 'validation' });
      expect(answer.json<{ message: string }>().message).toMatch(message);
    };
    await refused({ time_zone: 'Moscow/Kremlin' }, RESTAURANT_MANAGE_TEXTS.badTimeZone);
    await refused({ time_zone: '+03:00' }, RESTAURANT_MANAGE_TEXTS.badTimeZone);
    await refused({ hours: [{ day: 5, from: '10:00', to: '07:00' }] }, `Пт: ${HOURS_TEXTS.pastNextDay}`);
    await refused({ hours: [{ day: 6, from: '02:00', to: '05:00' }] }, `Сб: ${HOURS_TEXTS.beforeDayStart}`);
    await refused(
      {
        hours: [
          { day: 1, from: '10:00', to: '22:00' },
          { day: 1, from: '12:00', to: '23:00' },
        ],
      },
      `Пн: ${HOURS_TEXTS.twice}`,
    );
    await refused({ hours: [{ day: 2, from: '25:00', to: '23:00' }] }, HOURS_TEXTS.notAClock);
    await refused(
      {
        holidays: [
          { date: '2026-12-31', from: null, to: null, note: '' },
          { date: '2026-12-31', from: '12:00', to: '18:00', note: '' },
        ],
      },
      RESTAURANT_MANAGE_TEXTS.holidayTwice,
    );
    await refused({ holidays: [{ date: '2026-02-30', from: null, to: null, note: '' }] }, 'такой даты нет');
    await refused({ menu_kinds: [] }, RESTAURANT_MANAGE_TEXTS.noMenuKind);
    await refused({ name: '  ' }, /«name»/);
    await refused({ name: 'x'.repeat(121) }, /«name»: не длиннее 120 символов/);
  });

  it('saves over the version it was based on: a stale save is 409 with the current restaurant; racing saves: one wins', async () => {
    const created = await create('Пятницкая');
    const saved = await save(manager, created, { name: 'чужой' });
    expect(saved.statusCode).toBe(403);
    const first = await save(chain, created, {
      name: 'Пятницкая, 12',
      hours: [{ day: 5, from: '12:00', to: '06:00' }],
      version: created.version,
    });
    expect(first.statusCode, first.body).toBe(200);
    const firstSaved = manageRestaurant.parse(first.json());
    expect(firstSaved).toMatchObject({
      version: 2,
      name: 'Пятницкая, 12',
      hours: [{ day: 5, from: '12:00', to: '06:00' }],
    });
    const stale = await save(chain, created, { name: 'Старая версия', version: created.version });
    expect(stale.statusCode).toBe(409);
    const body = manageSaveRestaurantStale.parse(stale.json());
    expect(body).toMatchObject({
      error: 'stale_version',
      message: BACKOFFICE_TEXTS.staleVersion,
      current: { version: 2, name: 'Пятницкая, 12' },
    });
    const racing = await Promise.all(
      ['Первый', 'Второй', 'Третий'].map((name) =>
        save(chain, firstSaved, { name, hours: [{ day: 1, from: '09:00', to: '21:00' }] }),
      ),
    );
    expect(racing.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409]);
    const winner = manageRestaurant.parse(racing.find((answer) => answer.statusCode === 200)?.json());
    expect(winner.version).toBe(3);
    const now = manageRestaurant.parse(
      (await call(chain, 'GET', `/api/staff/manage/restaurants/${created.id}`)).json(),
    );
    expect(now).toMatchObject({ version: 3, name: winner.name, hours: [{ day: 1, from: '09:00', to: '21:00' }] });
    expect((await audits(created.id, 'restaurant.save')).map((row) => (row.after as { name: string }).name)).toEqual([
      'Пятницкая, 12',
      winner.name,
    ]);
  });

  it('reads the hours past midnight and a holiday on the business day: open at 01:30, closed at 05:59 and 06:00 (SPEC 4)', async () => {
    const created = await create('Ночная');
    // Tuesday 01:30 Moscow is Monday's business day: Monday's 10:00–02:00 holds.
    const tuesdayNight = nearestMoscowClock(2, 90);
    freezeDate(tuesdayNight);
    const open = await order(created.id);
    expect(open.statusCode, open.body).toBe(200);
    freezeDate(new Date(tuesdayNight.getTime() + 269 * MINUTE));
    expect((await order(created.id)).json()).toMatchObject({ error: 'closed', message: RESTAURANT_CLOSED_MESSAGE });
    freezeDate(new Date(tuesdayNight.getTime() + 270 * MINUTE));
    expect((await order(created.id)).json()).toMatchObject({ error: 'closed', message: RESTAURANT_CLOSED_MESSAGE });
    unfreezeDate();
    // Monday's date made a day off: at Tuesday 01:30 the restaurant is closed.
    const monday = new Date(tuesdayNight.getTime() - 24 * 3_600_000 + 3 * 3_600_000).toISOString().slice(0, 10);
    const current = manageRestaurant.parse(
      (await call(chain, 'GET', `/api/staff/manage/restaurants/${created.id}`)).json(),
    );
    expect(
      (await save(chain, current, { holidays: [{ date: monday, from: null, to: null, note: 'Санитарный день' }] }))
        .statusCode,
    ).toBe(200);
    freezeDate(tuesdayNight);
    expect((await order(created.id)).json()).toMatchObject({ error: 'closed', message: RESTAURANT_CLOSED_MESSAGE });
  });

  it('«closed for now» shows guests its words and refuses order/create with them until the time, then opens by itself', async () => {
    const created = await create('Закрываемая', {
      hours: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: '06:00', to: '06:00' })),
    });
    const noon = nearestMoscowClock(3, 12 * 60);
    freezeDate(noon);
    const until = new Date(noon.getTime() + 6 * 3_600_000).toISOString();
    const past = await call(chain, 'POST', `/api/staff/manage/restaurants/${created.id}/close`, {
      version: created.version,
      closed_until: new Date(noon.getTime() - MINUTE).toISOString(),
      closed_text: '',
    });
    expect(past.json()).toMatchObject({ error: 'validation', message: RESTAURANT_MANAGE_TEXTS.closedUntilPast });
    const tooFar = await call(chain, 'POST', `/api/staff/manage/restaurants/${created.id}/close`, {
      version: created.version,
      closed_until: new Date(noon.getTime() + 31 * 24 * 3_600_000).toISOString(),
      closed_text: '',
    });
    expect(tooFar.json()).toMatchObject({ error: 'validation', message: RESTAURANT_MANAGE_TEXTS.closedUntilTooFar });
    const closed = await call(chain, 'POST', `/api/staff/manage/restaurants/${created.id}/close`, {
      version: created.version,
      closed_until: until,
      closed_text: '',
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ version: created.version + 1, closed_until: until, closed_text: '' });
    expect((await guestList()).find((restaurant) => restaurant.id === created.id)).toMatchObject({
      closedUntil: until,
      closedText: '',
    });
    expect((await order(created.id)).json()).toMatchObject({ error: 'closed_for_now', message: 'Закрыто до 18:00' });
    // The manager's own words, a stale version refused.
    const worded = await call(chain, 'POST', `/api/staff/manage/restaurants/${created.id}/close`, {
      version: created.version + 1,
      closed_until: until,
      closed_text: 'Закрыто до 18:00: учёт',
    });
    expect(worded.statusCode, worded.body).toBe(200);
    expect(
      (
        await call(chain, 'POST', `/api/staff/manage/restaurants/${created.id}/close`, {
          version: created.version,
          closed_until: null,
          closed_text: '',
        })
      ).statusCode,
    ).toBe(409);
    expect((await order(created.id)).json()).toMatchObject({
      error: 'closed_for_now',
      message: 'Закрыто до 18:00: учёт',
    });
    // Past the time it takes orders again, nothing saved in between.
    freezeDate(new Date(noon.getTime() + 6 * 3_600_000));
    const reopened = await order(created.id);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(await audits(created.id, 'restaurant.close')).toHaveLength(2);
    // Opened now by the manager: closed_until null.
    const opened = await call(chain, 'POST', `/api/staff/manage/restaurants/${created.id}/close`, {
      version: created.version + 2,
      closed_until: null,
      closed_text: 'ignored',
    });
    expect(opened.json()).toMatchObject({ closed_until: null, closed_text: '' });
  });

  it('sets and removes the kiosk code and ends the restaurant’s kiosks, audited without the code', async () => {
    await connectedKiosk(t.database, 1);
    const set = await call(manager, 'POST', '/api/staff/manage/restaurants/1/kiosk', { code: '482913' });
    expect(set.json()).toMatchObject({ kiosk_code_set: true, ended: 0 });
    expect(set.json<{ kiosks_connected: number }>().kiosks_connected).toBeGreaterThan(0);
    const row = await t.database.db
      .selectFrom('restaurants')
      .select('kiosk_code_hash')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(await isKioskCodeRight('482913', row.kiosk_code_hash)).toBe(true);
    expect((await call(manager, 'POST', '/api/staff/manage/restaurants/1/kiosk', { code: '12a4' })).statusCode).toBe(
      400,
    );
    const ended = await call(manager, 'POST', '/api/staff/manage/restaurants/1/kiosk', { end_kiosks: true });
    expect(ended.json()).toMatchObject({ kiosk_code_set: true, kiosks_connected: 0 });
    expect(ended.json<{ ended: number }>().ended).toBeGreaterThan(0);
    expect((await call(manager, 'POST', '/api/staff/manage/restaurants/1/kiosk', { code: null })).json()).toMatchObject(
      { kiosk_code_set: false },
    );
    const audit = await audits(1, 'restaurant.kiosk_code');
    expect(audit.map((entry) => entry.after)).toEqual([{ kiosk_code_set: true }, { kiosk_code_set: false }]);
    expect(JSON.stringify(audit)).not.toContain('482913');
  });

  it('archives a restaurant instead of deleting it: gone from guests, kept for orders; an archived one is not edited; brought back it stays off', async () => {
    const created = await create('Архивная');
    const archived = await call(chain, 'POST', `/api/staff/manage/restaurants/${created.id}/archive`, {
      version: created.version,
      archived: true,
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const row = manageRestaurant.parse(archived.json());
    expect(row).toMatchObject({ active: false, version: 2 });
    expect(row.archived_at).not.toBeNull();
    expect((await guestList()).some((restaurant) => restaurant.id === created.id)).toBe(false);
    expect((await order(created.id)).statusCode).toBe(404);
    expect((await save(chain, row, { active: true })).json()).toMatchObject({
      error: 'restaurant_archived',
      message: RESTAURANT_MANAGE_TEXTS.archivedNotEditable,
    });
    const list = await call(chain, 'GET', '/api/staff/manage/restaurants');
    expect(
      list.json<{ restaurants: Array<{ id: number; archived_at: string | null }> }>().restaurants.at(-1),
    ).toMatchObject({ id: created.id });
    const back = await call(chain, 'POST', `/api/staff/manage/restaurants/${created.id}/archive`, {
      version: 2,
      archived: false,
    });
    expect(back.json()).toMatchObject({ archived_at: null, active: false, version: 3 });
    expect(await audits(created.id, 'restaurant.archive')).toHaveLength(1);
  });

  describe('the restaurant’s photo (decision 052)', () => {
    const PHOTO_PATH = /^\/media\/uploads\/[A-Za-z0-9_-]{32}\.jpg$/;
    const png = (colour: string) =>
      sharp({ create: { width: 640, height: 400, channels: 3, background: colour } })
        .png()
        .toBuffer();
    const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
    const upload = (token: string, url: string) =>
      call(token, 'POST', '/api/staff/manage/restaurants/photos', { data_url: url });
    const uploaded = async (token: string, colour: string) => {
      const answer = await upload(token, dataUrl(await png(colour)));
      expect(answer.statusCode, answer.body).toBe(200);
      return staffPhotoUploadResponse.parse(answer.json());
    };
    const listed = async (id: number) => (await guestList()).find((restaurant) => restaurant.id === id);
    const current = async (id: number) =>
      manageRestaurant.parse((await call(chain, 'GET', `/api/staff/manage/restaurants/${id}`)).json());

    it('takes an upload as the server’s own JPEG, and the restaurant shows it only once its versioned save names it; guests see it at once', async () => {
      const created = await create('Фотогеничная');
      // A restaurant's manager uploads too (they edit their own restaurant's photo).
      const photo = await uploaded(manager, '#b5651d');
      expect(photo).toMatchObject({ width: 640, height: 400 });
      expect(photo.img).toMatch(PHOTO_PATH);
      const served = await t.app.inject({ method: 'GET', url: photo.img });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      // Uploading alone changes no restaurant.
      expect(await current(created.id)).toMatchObject({ version: created.version, img: '' });
      expect(await listed(created.id)).not.toHaveProperty('img');

      const before = await t.database.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow();
      const saved = await save(chain, created, { img: photo.img });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(manageRestaurant.parse(saved.json())).toMatchObject({ version: created.version + 1, img: photo.img });
      const after = await t.database.db.selectFrom('catalogue_version').select('version').executeTakeFirstOrThrow();
      expect(Number(after.version)).toBeGreaterThan(Number(before.version));
      expect(await listed(created.id)).toMatchObject({ img: photo.img });
      const rendition = await t.app.inject({
        method: 'GET',
        url: `/photos/360${photo.img.slice('/media'.length)}.avif`,
      });
      expect(rendition.statusCode).toBe(200);
      expect(await sharp(rendition.rawPayload).metadata()).toMatchObject({ width: 360 });
      const audit = await audits(created.id, 'restaurant.save');
      expect(audit.map((row) => [(row.before as { img: string }).img, (row.after as { img: string }).img])).toEqual([
        ['', photo.img],
      ]);

      // The restaurant's manager puts one on their own restaurant; another restaurant is not theirs.
      const own = await current(1);
      const mine = await save(manager, own, { img: photo.img });
      expect(mine.statusCode, mine.body).toBe(200);
      expect((await save(manager, { ...own, id: 2 }, { img: photo.img })).json()).toMatchObject({
        error: 'other_restaurant',
      });
      const removedOwn = await save(manager, manageRestaurant.parse(mine.json()), { img: '' });
      expect(removedOwn.json()).toMatchObject({ img: '' });
    });

    it('replaces and removes the photo, each a versioned save with its audit row; a stale save is 409 with the photo as it is', async () => {
      const created = await create('Сменная');
      const first = await uploaded(chain, '#204060');
      const second = await uploaded(chain, '#e0c060');
      expect(second.img).not.toBe(first.img);
      const withFirst = manageRestaurant.parse((await save(chain, created, { img: first.img })).json());
      const replaced = await save(chain, withFirst, { img: second.img });
      expect(replaced.json()).toMatchObject({ img: second.img, version: withFirst.version + 1 });
      expect(await listed(created.id)).toMatchObject({ img: second.img });

      // A form still on the first photo's version: 409 with the second, nothing saved, no audit row.
      const stale = await save(chain, withFirst, { img: '' });
      expect(stale.statusCode).toBe(409);
      expect(manageSaveRestaurantStale.parse(stale.json())).toMatchObject({
        error: 'stale_version',
        message: BACKOFFICE_TEXTS.staleVersion,
        current: { img: second.img, version: withFirst.version + 1 },
      });

      // A save that does not name the photo (a form from before it) keeps it.
      const { img: _img, ...withoutPhoto } = manageRestaurant.parse(replaced.json());
      const kept = await save(chain, withoutPhoto as ManageRestaurant, { phone: '+7 495 111-11-11' });
      expect(kept.json()).toMatchObject({ img: second.img, phone: '+7 495 111-11-11' });

      const removed = await save(chain, manageRestaurant.parse(kept.json()), { img: '' });
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json()).toMatchObject({ img: '' });
      // Without a photo the guest's entry is as it always was: no img at all.
      expect(await listed(created.id)).not.toHaveProperty('img');
      const audit = await audits(created.id, 'restaurant.save');
      expect(audit.map((row) => [(row.before as { img: string }).img, (row.after as { img: string }).img])).toEqual([
        ['', first.img],
        [first.img, second.img],
        [second.img, second.img],
        [second.img, ''],
      ]);
    });

    it('refuses what is not a picture, too large or too many pixels with words in Russian, and a save naming no kept picture', async () => {
      const refused = async (url: string, message: string) => {
        const answer = await upload(manager, url);
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json()).toMatchObject({ error: 'photo', message: `Фото: ${message}` });
      };
      const picture = await png('#336699');
      await refused(dataUrl(Buffer.from('просто текст'), 'text/plain'), STAFF_PHOTO_TEXTS.notPicture);
      await refused(
        dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'),
        STAFF_PHOTO_TEXTS.notPicture,
      );
      // A PNG labelled JPEG, a script labelled PNG, a PNG cut short.
      await refused(dataUrl(picture, 'image/jpeg'), STAFF_PHOTO_TEXTS.notPicture);
      await refused(dataUrl(Buffer.from('<script>alert(1)</script>')), STAFF_PHOTO_TEXTS.notPicture);
      await refused(dataUrl(picture.subarray(0, 60)), STAFF_PHOTO_TEXTS.damaged);
      // 6000 × 6000 (36 million pixels) declared in a few kilobytes: refused by its header, nothing decoded.
      await refused(dataUrl(pngBomb(6_000)), STAFF_PHOTO_TEXTS.tooManyPixels);
      // One byte over 8 MB (a PNG's first bytes, the rest padding).
      const heavy = Buffer.concat([picture, Buffer.alloc(STAFF_PHOTO_LIMITS.bytes + 1 - picture.length)]);
      await refused(dataUrl(heavy), STAFF_PHOTO_TEXTS.tooLarge);
      // A data URL longer than 8 MB can be is refused by its length, before it is read.
      const overlong = await upload(
        manager,
        `data:image/png;base64,${'A'.repeat(Math.ceil(STAFF_PHOTO_LIMITS.bytes / 3) * 4 + 100)}`,
      );
      expect(overlong.statusCode).toBe(400);
      expect(overlong.json<{ message: string }>().message).toContain(STAFF_PHOTO_TEXTS.tooLarge);
      expect(
        await t.database.db.selectFrom('menu_photos').select('name').where('width', '>', 10_000).execute(),
      ).toEqual([]);

      const created = await create('Без фото');
      for (const [img, message] of [
        ['/media/../etc/passwd', STAFF_PHOTO_TEXTS.notPicture],
        ['https://example.ru/photo.jpg', STAFF_PHOTO_TEXTS.notPicture],
        ['/media/uploads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.jpg', STAFF_PHOTO_TEXTS.damaged],
      ] as const) {
        const answer = await save(chain, created, { img });
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json()).toMatchObject({ error: 'validation', message: `Фото: ${message}` });
      }
      const tooLong = await save(chain, created, { img: `/media/${'a'.repeat(STAFF_PHOTO_LIMITS.path)}.jpg` });
      expect(tooLong.json()).toMatchObject({ error: 'validation' });
      expect(await current(created.id)).toMatchObject({ version: created.version, img: '' });
      expect(await audits(created.id, 'restaurant.save')).toEqual([]);
    });
  });
});
