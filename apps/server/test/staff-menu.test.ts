import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  BACKOFFICE_TEXTS,
  manageMenuResponse,
  STAFF_TEXTS,
  staffLoad,
  staffMenuResponse,
  zagruzkaLoadInfoAction,
} from '@chain/contract';
import { MENU_STREAMS_PER_ADDRESS, TOO_MANY_MENU_STREAMS_MESSAGE } from '../src/modules/menu/events';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { openEventStream } from './support/event-stream';
import { action } from './support/rest';
import { bearer, staffAccount, staffToken } from './support/staff';
import { signedInUser } from './support/users';

// Issue 17: the stop list, options, lock codes and load that staff set, as guests then see them
// (SPEC 3 Dish allowed / spec disabled, SPEC 4 locked dishes, SPEC 3 Load info).

const MENU = '/api/v2/restoran/menu';
const PATRIKI = DEMO_RESTAURANTS[0]!.fsUid;

describe.each(databaseKinds())('the stop list and load from the staff screen on %s (issue 17)', (kind) => {
  let t: TestApp;
  let kitchen: string;
  let manager: string;
  let chainManager: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, { httpTimeouts: { requestMs: 120_000, connectionMs: 3000 } });
    kitchen = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'kitchen', restaurantIds: [1] }),
    );
    manager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', restaurantIds: [1, 2] }),
    );
    chainManager = await staffToken(
      t.app,
      t.database,
      await staffAccount(t.database, { role: 'manager', chain: true }),
    );
    await sql`delete from restaurant_schedule where restaurant_id = 1`.execute(t.database.db);
    for (let weekday = 1; weekday <= 7; weekday++) {
      await sql`insert into restaurant_schedule (restaurant_id, weekday, from_minute, to_minute) values (1, ${weekday}, 360, 1800)`.execute(
        t.database.db,
      );
    }
  });
  afterAll(() => t.close());

  const guestMenu = async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: MENU,
      payload: { ver: 4, order_type: 'inrest', fs_uid: PATRIKI },
    });
    expect(answer.statusCode).toBe(200);
    return answer.json<{
      dishes: Array<{
        id: number;
        allowed: boolean;
        is_locked: 0 | 1;
        spec: Array<{ specid: number; disabled: 0 | 1 }>;
      }>;
    }>().dishes;
  };
  const stop = (token: string, payload: object, restaurant = 1) =>
    t.app.inject({
      method: 'POST',
      url: `/api/staff/restaurants/${restaurant}/stop-list`,
      headers: bearer(token),
      payload,
    });

  it('stops a dish: the guest’s menu no longer allows it, the menu stream tells open menus at once, order/create refuses it; taken off, it is back', async () => {
    const menu = staffMenuResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/staff/restaurants/1/menu', headers: bearer(kitchen) })).json(),
    );
    const dish = menu.categories[0]!.dishes.find((candidate) => !candidate.stopped)!;
    expect(dish.lock_code).toBe('');
    const events = await openEventStream(t.app, '/api/v1/menu/events');
    try {
      const first = JSON.parse((await events.next(3000))?.data ?? '{}') as { version: number };
      expect(first.version).toBeGreaterThan(0);
      const stopped = await stop(kitchen, { dish_id: dish.id, stopped: true, reason: 'Закончилось тесто' });
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json()).toMatchObject({ id: dish.id, stopped: true, reason: 'Закончилось тесто' });
      const next = JSON.parse((await events.next(2000))?.data ?? '{}') as { version: number };
      expect(next.version).toBeGreaterThan(first.version);
    } finally {
      events.close();
    }
    expect((await guestMenu()).find((candidate) => candidate.id === dish.id)?.allowed).toBe(false);
    const guest = await signedInUser(t.database);
    const order = await post(t.app, '/api/v2/order/create', {
      source: 'web',
      v: 3,
      user: { id: guest.id, password: guest.token },
      cart: [{ item: dish.id, cnt: 1, specs: [] }],
      order: { type: 'self', comment: '' },
      restoran: 1,
      idempotency_key: `stopped-${kind}-${Date.now()}`,
    });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({ error: 'unavailable' });
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['action', 'before', 'after'])
      .where('action', '=', 'stop_list.dish')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ before: { stopped: false }, after: { stopped: true, reason: 'Закончилось тесто' } });

    expect((await stop(kitchen, { dish_id: dish.id, stopped: false })).json()).toMatchObject({
      stopped: false,
      reason: '',
    });
    expect((await guestMenu()).find((candidate) => candidate.id === dish.id)?.allowed).toBe(true);
  });

  it.runIf(kind === 'pglite')(
    'holds at most 200 menu streams per client address on an instance (429 in words), and frees a place when one closes',
    async () => {
      const held = await Promise.all(
        Array.from({ length: MENU_STREAMS_PER_ADDRESS }, () => openEventStream(t.app, '/api/v1/menu/events')),
      );
      try {
        expect(held.every((stream) => stream.status === 200)).toBe(true);
        const refused = await openEventStream(t.app, '/api/v1/menu/events');
        expect(refused.status).toBe(429);
        expect(JSON.parse(refused.body)).toMatchObject({
          error: 'too_many_streams',
          message: TOO_MANY_MENU_STREAMS_MESSAGE,
        });
        held.pop()?.close();
        await expect
          .poll(async () => {
            const again = await openEventStream(t.app, '/api/v1/menu/events');
            again.close();
            return again.status;
          })
          .toBe(200);
      } finally {
        for (const stream of held) stream.close();
      }
    },
  );

  it('stops an option in this restaurant only: disabled in its menu, and not in another’s', async () => {
    const menu = staffMenuResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/staff/restaurants/1/menu', headers: bearer(kitchen) })).json(),
    );
    const dish = menu.categories
      .flatMap((category) => category.dishes)
      .find((candidate) => candidate.options.length > 0)!;
    const option = dish.options[0]!;
    const answer = await stop(kitchen, { dish_id: dish.id, option_id: option.id, stopped: true });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(
      answer
        .json<{ options: Array<{ id: number; stopped: boolean }> }>()
        .options.find((candidate) => candidate.id === option.id)?.stopped,
    ).toBe(true);
    const spec = (await guestMenu())
      .find((candidate) => candidate.id === dish.id)
      ?.spec.find((candidate) => candidate.specid === option.id);
    expect(spec?.disabled).toBe(1);
    const otherMenu = staffMenuResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/staff/restaurants/2/menu', headers: bearer(manager) })).json(),
    );
    const there = otherMenu.categories
      .flatMap((category) => category.dishes)
      .find((candidate) => candidate.id === dish.id);
    if (there) expect(there.options.find((candidate) => candidate.id === option.id)?.stopped).toBe(false);
    await stop(kitchen, { dish_id: dish.id, option_id: option.id, stopped: false });
    expect((await stop(kitchen, { dish_id: dish.id, option_id: 999_999, stopped: true })).statusCode).toBe(404);
  });

  it('lists only what the restaurant’s guests can be offered: a hidden category’s dishes and a dish it does not carry are left out (the category named), and are back once offered again', async () => {
    const list = async () =>
      staffMenuResponse.parse(
        (await t.app.inject({ method: 'GET', url: '/api/staff/restaurants/1/menu', headers: bearer(kitchen) })).json(),
      );
    const before = await list();
    expect(before.hidden_categories).toEqual([]);
    const secondList = async () =>
      staffMenuResponse
        .parse(
          (
            await t.app.inject({ method: 'GET', url: '/api/staff/restaurants/2/menu', headers: bearer(manager) })
          ).json(),
        )
        .categories.flatMap((category) => category.dishes.map((dish) => dish.id));
    const secondBefore = await secondList();
    const [hidden, ...others] = before.categories;
    // A dish of the restaurant menu, which restaurant 2 offers too.
    const notCarried = others.flatMap((category) => category.dishes).find((dish) => secondBefore.includes(dish.id))!;
    const offered = (await guestMenu()).map((dish) => dish.id);
    await t.database.db.updateTable('categories').set({ hidden: true }).where('id', '=', hidden!.id).execute();
    await t.database.db.insertInto('dishes_not_carried').values({ dish_id: notCarried.id, restaurant_id: 1 }).execute();
    try {
      // A stop set before hiding stays, and holds again once the category is shown.
      expect(
        (await stop(kitchen, { dish_id: hidden!.dishes[0]!.id, stopped: true, reason: 'Сезон кончился' })).statusCode,
      ).toBe(200);
      const after = await list();
      const listed = after.categories.flatMap((category) => category.dishes.map((dish) => dish.id));
      expect(after.categories.map((category) => category.id)).not.toContain(hidden!.id);
      expect(after.hidden_categories).toEqual([hidden!.name]);
      expect(listed).not.toContain(notCarried.id);
      // Neither is offered to the restaurant's guests; everything the guest's menu offers is listed.
      const guests = (await guestMenu()).map((dish) => dish.id);
      expect(guests).not.toContain(notCarried.id);
      expect(guests).not.toContain(hidden!.dishes[0]!.id);
      expect(offered).toContain(notCarried.id);
      expect(guests.filter((id) => !listed.includes(id))).toEqual([]);
      // Another restaurant's list is its own: restaurant 2 still carries the dish.
      expect(secondBefore).toContain(notCarried.id);
      expect(await secondList()).toContain(notCarried.id);
    } finally {
      await t.database.db.updateTable('categories').set({ hidden: false }).where('id', '=', hidden!.id).execute();
      await t.database.db.deleteFrom('dishes_not_carried').where('dish_id', '=', notCarried.id).execute();
    }
    const back = await list();
    expect(back.hidden_categories).toEqual([]);
    expect(back.categories.find((category) => category.id === hidden!.id)?.dishes[0]).toMatchObject({
      id: hidden!.dishes[0]!.id,
      stopped: true,
      reason: 'Сезон кончился',
    });
    expect(back.categories.flatMap((category) => category.dishes.map((dish) => dish.id))).toContain(notCarried.id);
    await stop(kitchen, { dish_id: hidden!.dishes[0]!.id, stopped: false });
  });

  it('refuses another restaurant (403) and an unknown dish (404) in words', async () => {
    const other = await stop(kitchen, { dish_id: 101, stopped: true }, 2);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toMatchObject({ error: 'other_restaurant', message: STAFF_TEXTS.otherRestaurant });
    const unknown = await stop(kitchen, { dish_id: 999_999, stopped: true });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: STAFF_TEXTS.dishNotFound });
    const long = await stop(kitchen, { dish_id: 101, stopped: true, reason: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    // Ids past any the database holds are refused in words, never a 500 from the database.
    for (const payload of [
      { dish_id: 99_999_999_999, stopped: true },
      { dish_id: 101, option_id: 2_147_483_648, stopped: true },
      { dish_id: 0, stopped: true },
    ]) {
      expect((await stop(kitchen, payload)).statusCode).toBe(400);
    }
  });

  it('lets a manager of the whole chain, and no one else, set a dish’s lock code (it is the dish’s in every restaurant) over the dish’s version; the guest’s menu locks it', async () => {
    const url = '/api/staff/restaurants/1/dishes/101/lock';
    const lock = (token: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), payload });
    const dishNow = async () =>
      staffMenuResponse
        .parse(
          (
            await t.app.inject({ method: 'GET', url: '/api/staff/restaurants/1/menu', headers: bearer(chainManager) })
          ).json(),
        )
        .categories.flatMap((category) => category.dishes)
        .find((dish) => dish.id === 101)!;
    const { version } = await dishNow();
    for (const token of [kitchen, manager]) {
      const refused = await lock(token, { version, locked: true, code: 'VIP-1' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ error: 'chain_manager_only', message: STAFF_TEXTS.chainManagerOnly });
    }
    const noCode = await lock(chainManager, { version, locked: true });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json()).toMatchObject({ message: STAFF_TEXTS.lockCodeRequired });
    expect((await lock(chainManager, { locked: true, code: 'VIP-1' })).statusCode).toBe(400);
    const locked = await lock(chainManager, { version, locked: true, code: 'VIP-1' });
    expect(locked.json()).toMatchObject({ is_locked: true, lock_code: 'VIP-1', version: version + 1 });
    // Only a chain manager reads the code back.
    const seenByManager = staffMenuResponse.parse(
      (await t.app.inject({ method: 'GET', url: '/api/staff/restaurants/1/menu', headers: bearer(manager) })).json(),
    );
    expect(
      seenByManager.categories.flatMap((category) => category.dishes).find((dish) => dish.id === 101),
    ).toMatchObject({ is_locked: true, lock_code: '' });
    expect((await guestMenu()).find((candidate) => candidate.id === 101)?.is_locked).toBe(1);

    // No lost update (issue 31, decision 043): a code typed over the version before is 409 with the dish as it is now, and changes nothing.
    const stale = await lock(chainManager, { version, locked: true, code: 'OTHER' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: 'stale_version',
      message: BACKOFFICE_TEXTS.staleVersion,
      current: { id: 101, lock_code: 'VIP-1', version: version + 1 },
    });
    expect(await dishNow()).toMatchObject({ lock_code: 'VIP-1', version: version + 1 });
    // The back office's dish form open over the older version meets the change too.
    const manageDish = manageMenuResponse
      .parse(
        (await t.app.inject({ method: 'GET', url: '/api/staff/manage/menu', headers: bearer(chainManager) })).json(),
      )
      .dishes.find((dish) => dish.id === 101)!;
    expect(manageDish.version).toBe(version + 1);
    const audit = await t.database.db
      .selectFrom('staff_audit')
      .select(['before', 'after'])
      .where('action', '=', 'dish.lock')
      .where('target', '=', 'блюдо «Маргарита»')
      .orderBy('id')
      .execute();
    expect(audit.at(-1)).toEqual({ before: { locked: false, code: '' }, after: { locked: true, code: 'VIP-1' } });

    await lock(chainManager, { version: version + 1, locked: false });
    expect((await guestMenu()).find((candidate) => candidate.id === 101)?.is_locked).toBe(0);
  });

  it.runIf(kind === 'postgres')(
    'racing lock codes of one dish from one version: one wins, the others 409 with the winner’s code, one audit row',
    async () => {
      const url = '/api/staff/restaurants/1/dishes/102/lock';
      const menu = staffMenuResponse.parse(
        (
          await t.app.inject({ method: 'GET', url: '/api/staff/restaurants/1/menu', headers: bearer(chainManager) })
        ).json(),
      );
      const { version, name } = menu.categories.flatMap((category) => category.dishes).find((dish) => dish.id === 102)!;
      const before = await t.database.db
        .selectFrom('staff_audit')
        .select('id')
        .where('action', '=', 'dish.lock')
        .where('target', '=', `блюдо «${name}»`)
        .execute();
      const codes = ['RACE-1', 'RACE-2', 'RACE-3', 'RACE-4'];
      const answers = await Promise.all(
        codes.map((code) =>
          t.app.inject({
            method: 'POST',
            url,
            headers: bearer(chainManager),
            payload: { version, locked: true, code },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json<{ lock_code: string }>().lock_code;
      for (const loser of answers.filter((answer) => answer.statusCode === 409))
        expect(loser.json()).toMatchObject({ current: { lock_code: winner, version: version + 1 } });
      const after = await t.database.db
        .selectFrom('staff_audit')
        .select('after')
        .where('action', '=', 'dish.lock')
        .where('target', '=', `блюдо «${name}»`)
        .execute();
      expect(after.slice(before.length)).toEqual([{ after: { locked: true, code: winner } }]);
      await t.app.inject({
        method: 'POST',
        url,
        headers: bearer(chainManager),
        payload: { version: version + 1, locked: false },
      });
    },
  );

  it('sets the load and average time the load screens show, and clears them back to the computed ones', async () => {
    const info = async () =>
      zagruzkaLoadInfoAction.response.parse((await action(t.app, 'zagruzkaLoadInfo', { fs_uid: PATRIKI })).json())
        .restoranInfo;
    const computed = await info();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/staff/restaurants/1/load',
      headers: bearer(kitchen),
      payload: { load_percent: 85, avg_minutes: 40, hours: 2 },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(staffLoad.parse(set.json())).toMatchObject({
      load_percent: 85,
      avg_minutes: 40,
      manual: { load_percent: 85, avg_minutes: 40 },
    });
    expect(await info()).toMatchObject({ zagruzkaPerc: 85, timeSredn: 40 });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/staff/restaurants/1/load',
          headers: bearer(kitchen),
          payload: { load_percent: 101 },
        })
      ).statusCode,
    ).toBe(400);
    const cleared = await t.app.inject({
      method: 'POST',
      url: '/api/staff/restaurants/1/load',
      headers: bearer(kitchen),
      payload: { load_percent: null },
    });
    expect(cleared.json()).toMatchObject({ manual: null, load_percent: computed.zagruzkaPerc });
    expect(await info()).toMatchObject({ zagruzkaPerc: computed.zagruzkaPerc, timeSredn: computed.timeSredn });
  });
});
