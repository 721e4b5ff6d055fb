import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orderFollowResponse, MAX_FOLLOW_TOKEN_LENGTH } from '@chain/contract';
import {
  FOLLOW_LINK_EXPIRED_MESSAGE,
  FOLLOW_LINK_INVALID_MESSAGE,
  FOLLOW_LINK_TTL_HOURS,
  KIOSK_CODE_FORMAT_MESSAGE,
  KIOSK_CODE_RATE_MESSAGE,
  KIOSK_CODE_WRONG_MESSAGE,
  ORDER_STATUS,
  TABLE_NUMBER_MESSAGE,
} from '@chain/domain';
import { publicOrigin } from '../src/http/origins';
import { followToken, linkSignature } from '../src/http/signed-links';
import {
  KIOSK_CODE_TRIES_PER_ADDRESS,
  KIOSK_CODE_TRIES_PER_RESTAURANT,
  kioskRestaurantTriesKey,
} from '../src/modules/kiosk/limits';
import { hashKioskCode } from '../src/modules/kiosk/codes';
import { clearKioskCodeTries, setKioskCodeHash } from '../src/modules/kiosk/repository';
import { checkKioskCode } from '../src/modules/kiosk/service';
import { DEMO_KIOSK_CODE, DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { check, pressBankPage, startSbp } from './support/payments';
import { connectedKiosk, expiredFollowToken, type TestKiosk } from './support/kiosk';
import { awayFromWindowEdge } from './support/limits';
import { signedInUser } from './support/users';

/*
 * Issue 14, the kiosk in the hall: the server's side of it. The follow link a kiosk order hands
 * the guest's phone (SPEC 2 Thanks, SPEC 4 progress bar), the table keypad's check (SPEC 2 Home
 * kiosk mode, SPEC 5 table number, SPEC 8 'Неверный номер стола!'), the staff code that enters
 * and leaves kiosk mode (SPEC 6 kiosk mode, decision 023), the QR the kiosk draws (SPEC 2 Payment kiosk mode, SPEC 4
 * Payment), and two kiosks of one restaurant ordering the same cart at once.
 */

const CREATE = '/api/v2/order/create';
const FOLLOW = (token: string) => `/api/v1/order/follow/${token}`;
const TABLE = (restaurant: number | string, num: string) =>
  `/api/v1/restoran/${restaurant}/tables/${encodeURIComponent(num)}`;
const ENTER = '/api/v1/kiosk/enter';
const EXIT = '/api/v1/kiosk/exit';

const PATRIARSHIE = 1; // tables 1..12, takes orders at a table
const PATRIKI_UID = DEMO_RESTAURANTS.find((r) => r.id === PATRIARSHIE)?.fsUid ?? '';
const INACTIVE = DEMO_RESTAURANTS.find((r) => !r.active)!;

let addressSeq = 0;
const newAddress = () => `10.14.${Math.floor(addressSeq / 250)}.${(addressSeq++ % 250) + 1}`;

describe.each(databaseKinds())('the kiosk on %s (issue 14)', (kind) => {
  let t: TestApp;
  let secret: string;
  let keySeq = 0;
  /** The kiosk these tests order from: Патриаршие's, connected (decision 038). */
  let kiosk: TestKiosk;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    secret = t.app.config.authSecret;
    kiosk = await connectedKiosk(t.database, PATRIARSHIE);
    // Патриаршие round the clock, so an order at a table is taken at any hour of the run: 06:00 to
    // 06:00 of the next morning (SPEC 4: the hours before 06:00 belong to the previous day, so
    // 00:00–24:00 would be closed after midnight).
    await sql`delete from restaurant_schedule where restaurant_id = ${PATRIARSHIE}`.execute(t.database.db);
    for (let weekday = 1; weekday <= 7; weekday++) {
      await sql`insert into restaurant_schedule (restaurant_id, weekday, from_minute, to_minute) values (${PATRIARSHIE}, ${weekday}, 360, 1800)`.execute(
        t.database.db,
      );
    }
  });
  afterAll(() => t.close());

  const freshKey = () => `kiosk-${process.pid}-${kind}-${keySeq++}`;
  const kioskOrder = (extra: Record<string, unknown> = {}) => ({
    source: 'kiosk',
    kiosk_token: kiosk.token,
    v: 3,
    user: { id: '' },
    cart: [{ item: 101, cnt: 1 }],
    order: { type: 'inrest', table: '5', comment: '' },
    restoran: PATRIARSHIE,
    paysystem: 'sbp',
    ...extra,
  });
  const create = (body: object, remoteAddress = newAddress()) => post(t.app, CREATE, body, { remoteAddress });
  const follow = (token: string) => t.app.inject({ method: 'GET', url: FOLLOW(token) });
  const placed = async (extra: Record<string, unknown> = {}) => {
    const res = await create(kioskOrder({ idempotency_key: freshKey(), ...extra }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ id: number; number: string; follow_token: string | null }>();
  };
  const refused = (res: LightMyRequestResponse, status: number, error: string, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ success: false, error, message });
  };

  describe('the follow link of a kiosk order (SPEC 2 Thanks, SPEC 4 progress bar)', () => {
    it('gives a kiosk order a short URL-safe follow token, a retry with the same key the same token, and a web order none', async () => {
      const key = freshKey();
      const first = await create(kioskOrder({ idempotency_key: key }));
      const again = await create(kioskOrder({ idempotency_key: key }));
      expect(first.statusCode, first.body).toBe(200);
      const token = first.json<{ follow_token: string }>().follow_token;
      expect(token).toMatch(/^\d+\.[0-9a-z]+\.[A-Za-z0-9_-]{22}$/);
      expect(token.length).toBeLessThanOrEqual(45);
      expect(again.json<{ id: number; follow_token: string }>()).toMatchObject({
        id: first.json<{ id: number }>().id,
        follow_token: token,
      });

      const guest = await signedInUser(t.database);
      const web = await create({
        ...kioskOrder(),
        source: 'web',
        user: { id: guest.id, password: guest.token },
        idempotency_key: freshKey(),
      });
      expect(web.statusCode, web.body).toBe(200);
      expect(web.json()).toMatchObject({ follow_token: null });
    });

    it("opens the order's number, status, paid flag, type, progress bar and expiry, nothing more, unsigned and uncached", async () => {
      const order = await placed();
      const res = await follow(order.follow_token ?? '');
      expect(res.statusCode, res.body).toBe(200);
      const body = orderFollowResponse.parse(res.json());
      expect(Object.keys(res.json<object>()).sort()).toEqual([
        'expires_at',
        'number',
        'paid',
        'progressBarData',
        'status',
        'status_color',
        'status_text',
        'type',
      ]);
      expect(body).toMatchObject({
        number: order.number,
        status: ORDER_STATUS.awaitingPayment,
        paid: 0,
        type: 'inrest',
      });
      expect(body.progressBarData.step).toBe(1);
      const createdAt = (
        await t.database.db
          .selectFrom('orders')
          .select('created_at')
          .where('id', '=', order.id)
          .executeTakeFirstOrThrow()
      ).created_at;
      const expiry = Math.floor(createdAt.getTime() / 1000) * 1000 + FOLLOW_LINK_TTL_HOURS * 3_600_000;
      expect(Math.abs(new Date(body.expires_at).getTime() - expiry)).toBeLessThan(1000);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    });

    it('follows the order as it moves: paid through the QR the kiosk drew, then cooking', async () => {
      const order = await placed();
      const sbp = await startSbp(t.app, null, order.id, { kiosk_token: kiosk.token });
      await pressBankPage(t.app, sbp.qrPayload ?? '', 'pay');
      expect(await check(t.app, order.id, kiosk.token)).toBe('ok');
      const paid = (await follow(order.follow_token ?? '')).json<{
        paid: number;
        status: number;
        status_text: string;
      }>();
      expect(paid).toMatchObject({ paid: 1, status: ORDER_STATUS.accepted });
      await t.database.db
        .updateTable('orders')
        .set({ status: ORDER_STATUS.cooking })
        .where('id', '=', order.id)
        .execute();
      const cooking = (await follow(order.follow_token ?? '')).json<{
        status: number;
        status_text: string;
        progressBarData: { step: number };
      }>();
      expect(cooking.status).toBe(ORDER_STATUS.cooking);
      expect(cooking.status_text).not.toBe(paid.status_text);
      expect(cooking.progressBarData.step).toBe(2);
    });

    it('answers 404 «Ссылка недействительна.» to a malformed, forged, altered or unknown token, with the same headers', async () => {
      const order = await placed();
      const token = order.follow_token ?? '';
      const [id, expiry, sig] = token.split('.') as [string, string, string];
      const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
      const later = (parseInt(expiry, 36) + 3600).toString(36);
      const otherOrder = await placed();
      const cases = [
        'nonsense',
        `${id}.${expiry}`,
        `${id}.${expiry}.${flipped}`, // a forged signature
        `${id}.${later}.${sig}`, // the expiry moved on
        `${otherOrder.id}.${expiry}.${sig}`, // another order's id under this signature
        `0${id}.${expiry}.${sig}`, // a second spelling of the same id
        `${id}.${expiry}.${sig}x`,
        followToken(secret, 999_999_999, new Date(Date.now() + 3_600_000)), // genuine, of no order
        followToken('another secret', order.id, new Date(parseInt(expiry, 36) * 1000)),
      ];
      for (const bad of cases) {
        const res = await follow(encodeURIComponent(bad));
        refused(res, 404, 'follow_not_found', FOLLOW_LINK_INVALID_MESSAGE);
        expect(res.headers['cache-control']).toBe('no-store');
        expect(res.headers['x-robots-tag']).toBe('noindex');
      }
    });

    it('opens nothing of an order of a signed-in guest, even under a genuine signature: they follow it in Мои заказы', async () => {
      const guest = await signedInUser(t.database);
      const web = (
        await create({
          ...kioskOrder(),
          source: 'web',
          user: { id: guest.id, password: guest.token },
          idempotency_key: freshKey(),
        })
      ).json<{ id: number }>();
      refused(
        await follow(followToken(secret, web.id, new Date(Date.now() + 3_600_000))),
        404,
        'follow_not_found',
        FOLLOW_LINK_INVALID_MESSAGE,
      );
    });

    it(`answers 410 «Ссылка устарела…» ${FOLLOW_LINK_TTL_HOURS} h after the order was placed, and 404 to a forged token of a past expiry`, async () => {
      const order = await placed();
      const expired = await expiredFollowToken(t.database, secret, order.id);
      refused(await follow(expired), 410, 'follow_expired', FOLLOW_LINK_EXPIRED_MESSAGE);
      // A token of the same past expiry with a signature that does not hold learns nothing of it.
      const [id, expiry] = expired.split('.') as [string, string];
      const forged = `${id}.${expiry}.${linkSignature('guess', 'follow', order.id)}`;
      refused(await follow(forged), 404, 'follow_not_found', FOLLOW_LINK_INVALID_MESSAGE);
    });

    it(`refuses a token longer than ${MAX_FOLLOW_TOKEN_LENGTH} characters or with control characters with 400, never 500`, async () => {
      const long = await follow('1'.repeat(MAX_FOLLOW_TOKEN_LENGTH + 1));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ error: 'validation' });
      expect((await follow('%00abc')).statusCode).toBe(400);
      // Past the server's bound on any path parameter: 414, still a readable refusal.
      expect((await follow('1'.repeat(5000))).statusCode).toBe(414);
    });
  });

  describe("the table keypad's check (SPEC 2 Home in kiosk mode, SPEC 5 table number, SPEC 8)", () => {
    it('answers the number and the restaurant for a table of the restaurant, by id or fs_uid, trimmed', async () => {
      const res = await t.app.inject({ method: 'GET', url: TABLE(PATRIARSHIE, '7') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ num: '7', fs_uid: PATRIKI_UID });
      expect((await t.app.inject({ method: 'GET', url: TABLE(PATRIKI_UID, ' 7 ') })).json()).toEqual({
        num: '7',
        fs_uid: PATRIKI_UID,
      });
    });

    it("answers 404 'Неверный номер стола!' for a number the restaurant does not have, and for an unknown or inactive restaurant", async () => {
      const inactiveTable = INACTIVE.tables[0]?.num ?? '1';
      for (const url of [
        TABLE(PATRIARSHIE, '99'),
        TABLE(PATRIARSHIE, '07'),
        TABLE(999_999, '1'),
        TABLE('no-such-restaurant', '1'),
        TABLE(INACTIVE.id, inactiveTable),
      ]) {
        refused(await t.app.inject({ method: 'GET', url }), 404, 'table_not_found', TABLE_NUMBER_MESSAGE);
      }
    });

    it('refuses a number longer than the 16 characters an order takes, or with control characters, with 400', async () => {
      expect((await t.app.inject({ method: 'GET', url: TABLE(PATRIARSHIE, '1'.repeat(17)) })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: `${TABLE(PATRIARSHIE, '')}%00` })).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: TABLE('x'.repeat(65), '1') })).statusCode).toBe(400);
    });

    it('takes exactly the numbers order/create takes for a table order', async () => {
      for (const num of ['5', '12', '13', '0', 'стол']) {
        const table = await t.app.inject({ method: 'GET', url: TABLE(PATRIARSHIE, num) });
        const order = await create(kioskOrder({ idempotency_key: freshKey(), order: { type: 'inrest', table: num } }));
        expect([num, table.statusCode === 200]).toEqual([num, order.statusCode === 200]);
        if (order.statusCode !== 200)
          expect(order.json()).toMatchObject({ error: 'table', message: TABLE_NUMBER_MESSAGE });
      }
    });
  });

  describe('the staff code that enters and leaves kiosk mode (SPEC 6 kiosk mode, decision 023)', () => {
    const exit = (restaurantRef: number | string, code: string, remoteAddress = newAddress()) =>
      post(t.app, EXIT, { restoran: restaurantRef, code }, { remoteAddress });
    const enter = (restaurantRef: number | string, code: string, remoteAddress = newAddress()) =>
      post(t.app, ENTER, { restoran: restaurantRef, code }, { remoteAddress });
    /** Each try of a series to the other call than the one before: enter, exit, enter… */
    const either = (i: number) => (i % 2 === 0 ? enter : exit);
    const wrongCode = (res: LightMyRequestResponse) => refused(res, 403, 'kiosk_code_wrong', KIOSK_CODE_WRONG_MESSAGE);
    /** Forgets the restaurant's tries so far (each test here tries every restaurant's code once). */
    const forgetTries = (restaurantId: number | null) =>
      t.database.db.deleteFrom('rate_limits').where('key', '=', kioskRestaurantTriesKey(restaurantId)).execute();
    const tooMany = (res: LightMyRequestResponse) => {
      refused(res, 429, 'rate_limited', KIOSK_CODE_RATE_MESSAGE);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    };

    it(`opens every demo restaurant's kiosk with the demo code ${DEMO_KIOSK_CODE}, by id or fs_uid, and refuses a wrong code with 403 «Неверный код.»`, async () => {
      for (const restaurant of DEMO_RESTAURANTS) {
        const res = await exit(restaurant.id, DEMO_KIOSK_CODE);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual({ success: true });
      }
      expect((await exit(PATRIKI_UID, DEMO_KIOSK_CODE)).statusCode).toBe(200);
      wrongCode(await exit(PATRIARSHIE, '2581'));
      wrongCode(await exit(PATRIARSHIE, '25800'));
    });

    it('keeps the codes hashed with scrypt and a salt per restaurant, never in clear and never on the restaurant list', async () => {
      const rows = await t.database.db.selectFrom('restaurants').select(['id', 'kiosk_code_hash']).execute();
      const hashes = rows.map((row) => row.kiosk_code_hash ?? '');
      for (const hash of hashes) expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
      expect(new Set(hashes).size).toBe(rows.length);
      expect(hashes.some((hash) => hash.includes(DEMO_KIOSK_CODE))).toBe(false);
      const list = await t.app.inject({ method: 'GET', url: '/api/v2/restoran/list' });
      expect(list.body).not.toContain('scrypt');
      expect(list.body).not.toContain('kiosk_code');
    });

    it('answers a restaurant with no code set, and an unknown restaurant, exactly as a wrong code: 403 «Неверный код.»', async () => {
      const restaurant = DEMO_RESTAURANTS[2]!.id;
      await setKioskCodeHash(t.database.db, restaurant, null);
      try {
        wrongCode(await exit(restaurant, DEMO_KIOSK_CODE));
        wrongCode(await exit(999_999, DEMO_KIOSK_CODE));
        wrongCode(await exit('unknown-restaurant-uid', DEMO_KIOSK_CODE));
      } finally {
        await setKioskCodeHash(t.database.db, restaurant, await hashKioskCode(DEMO_KIOSK_CODE));
      }
      // A code an operator sets opens it from then on, and the old one no longer does.
      await setKioskCodeHash(t.database.db, restaurant, await hashKioskCode('73915502'));
      expect((await exit(restaurant, '73915502')).statusCode).toBe(200);
      wrongCode(await exit(restaurant, DEMO_KIOSK_CODE));
      await setKioskCodeHash(t.database.db, restaurant, await hashKioskCode(DEMO_KIOSK_CODE));
    });

    it('refuses a code that is not 4 to 8 digits, or a missing restaurant, with 400 and counts nothing', async () => {
      await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_ADDRESS.windowSeconds);
      const address = newAddress();
      const bodies = [
        { restoran: PATRIARSHIE, code: '123' },
        { restoran: PATRIARSHIE, code: '123456789' },
        { restoran: PATRIARSHIE, code: '12a4' },
        { restoran: PATRIARSHIE, code: ' 2580' },
        { restoran: PATRIARSHIE, code: 2580 },
        { code: '2580' },
        {},
      ];
      for (let round = 0; round < 2; round++) {
        for (const body of bodies) {
          const res = await post(t.app, EXIT, body, { remoteAddress: address });
          expect(res.statusCode, JSON.stringify(body)).toBe(400);
          expect(res.json()).toMatchObject({ error: 'validation' });
        }
      }
      const short = await post(t.app, EXIT, { restoran: PATRIARSHIE, code: '123' }, { remoteAddress: address });
      expect(short.json<{ message: string }>().message).toContain(KIOSK_CODE_FORMAT_MESSAGE);
      // Fifteen refusals from one address, and its allowance of 10 is whole.
      expect(2 * bodies.length).toBeGreaterThan(KIOSK_CODE_TRIES_PER_ADDRESS.limit);
      expect((await exit(PATRIARSHIE, DEMO_KIOSK_CODE, address)).statusCode).toBe(200);
    });

    it(`takes ${KIOSK_CODE_TRIES_PER_ADDRESS.limit} tries per address in ${KIOSK_CODE_TRIES_PER_ADDRESS.windowSeconds / 60} minutes, then refuses even the right code with 429`, async () => {
      await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_ADDRESS.windowSeconds);
      const address = newAddress();
      for (let i = 0; i < KIOSK_CODE_TRIES_PER_ADDRESS.limit; i++)
        wrongCode(await exit(DEMO_RESTAURANTS[3]!.id, String(1000 + i), address));
      tooMany(await exit(DEMO_RESTAURANTS[3]!.id, DEMO_KIOSK_CODE, address));
      // Another restaurant from the same address: the address is spent.
      tooMany(await exit(DEMO_RESTAURANTS[4]!.id, DEMO_KIOSK_CODE, address));
      // Another address is not held back by this one.
      expect((await exit(DEMO_RESTAURANTS[3]!.id, DEMO_KIOSK_CODE)).statusCode).toBe(200);
    });

    it(`takes ${KIOSK_CODE_TRIES_PER_RESTAURANT.limit} tries per restaurant an hour from any number of addresses, then refuses even the right code with 429`, async () => {
      await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_RESTAURANT.windowSeconds);
      const restaurant = DEMO_RESTAURANTS[5]!;
      await forgetTries(restaurant.id);
      for (let i = 0; i < KIOSK_CODE_TRIES_PER_RESTAURANT.limit; i++)
        wrongCode(await exit(i % 2 === 0 ? restaurant.id : restaurant.fsUid, String(3000 + i)));
      tooMany(await exit(restaurant.id, DEMO_KIOSK_CODE));
      tooMany(await exit(restaurant.fsUid, DEMO_KIOSK_CODE));
      // Another restaurant is not held back by this one.
      expect((await exit(DEMO_RESTAURANTS[6]!.id, DEMO_KIOSK_CODE)).statusCode).toBe(200);
    });

    it(`enters kiosk mode with the restaurant's code, by id or fs_uid, and answers exactly as the exit: 403 to a wrong code, an unknown restaurant or one with no code, 400 to a code not of 4 to 8 digits`, async () => {
      for (const restaurant of [PATRIARSHIE, PATRIKI_UID, INACTIVE.id]) {
        const res = await enter(restaurant, DEMO_KIOSK_CODE);
        expect(res.statusCode, res.body).toBe(200);
        // The device's token (decision 038), answered once and never cached.
        expect(res.json()).toEqual({
          success: true,
          kiosk_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) as string,
        });
        expect(res.headers['cache-control']).toBe('no-store');
      }
      wrongCode(await enter(PATRIARSHIE, '2581'));
      // Another restaurant's code does not set a kiosk up here: a kiosk is not moved without this restaurant's code.
      const other = DEMO_RESTAURANTS[2]!.id;
      await setKioskCodeHash(t.database.db, other, await hashKioskCode('61730294'));
      try {
        wrongCode(await enter(PATRIARSHIE, '61730294'));
        expect((await enter(other, '61730294')).statusCode).toBe(200);
        await setKioskCodeHash(t.database.db, other, null);
        wrongCode(await enter(other, DEMO_KIOSK_CODE));
      } finally {
        await setKioskCodeHash(t.database.db, other, await hashKioskCode(DEMO_KIOSK_CODE));
      }
      wrongCode(await enter(999_999, DEMO_KIOSK_CODE));
      for (const body of [
        { restoran: PATRIARSHIE, code: '123' },
        { restoran: PATRIARSHIE, code: 2580 },
        { code: '2580' },
      ]) {
        const res = await post(t.app, ENTER, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json()).toMatchObject({ error: 'validation' });
      }
    });

    it(`counts enter and exit against one allowance per address: ${KIOSK_CODE_TRIES_PER_ADDRESS.limit} tries of either, then either is 429`, async () => {
      await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_ADDRESS.windowSeconds);
      const restaurant = DEMO_RESTAURANTS[3]!.id;
      const address = newAddress();
      expect(KIOSK_CODE_TRIES_PER_ADDRESS.limit).toBe(10);
      for (let i = 0; i < 6; i++) wrongCode(await enter(restaurant, String(5000 + i), address));
      for (let i = 0; i < 4; i++) wrongCode(await exit(restaurant, String(5100 + i), address));
      tooMany(await enter(restaurant, DEMO_KIOSK_CODE, address));
      tooMany(await exit(restaurant, DEMO_KIOSK_CODE, address));
    });

    it(`counts enter and exit against one allowance per restaurant: ${KIOSK_CODE_TRIES_PER_RESTAURANT.limit} tries of either an hour, then either is 429`, async () => {
      await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_RESTAURANT.windowSeconds);
      const restaurant = DEMO_RESTAURANTS[4]!;
      await forgetTries(restaurant.id);
      for (let i = 0; i < KIOSK_CODE_TRIES_PER_RESTAURANT.limit; i++)
        wrongCode(await either(i)(i % 3 === 0 ? restaurant.fsUid : restaurant.id, String(5200 + i)));
      tooMany(await enter(restaurant.id, DEMO_KIOSK_CODE));
      tooMany(await exit(restaurant.fsUid, DEMO_KIOSK_CODE));
      await forgetTries(restaurant.id);
    });

    it(`counts tries naming unknown restaurants under one counter of their own: ${KIOSK_CODE_TRIES_PER_RESTAURANT.limit} an hour, each a 403 as a wrong code, then 429; known restaurants untouched`, async () => {
      await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_RESTAURANT.windowSeconds);
      await forgetTries(null);
      for (let i = 0; i < KIOSK_CODE_TRIES_PER_RESTAURANT.limit; i++) {
        // Every made-up id and fs_uid is a fresh one, from a fresh address: no allowance of their own.
        wrongCode(await either(i)(i % 2 === 0 ? 900_000 + i : `unknown-restaurant-${i}`, DEMO_KIOSK_CODE));
      }
      const counted = await t.database.db
        .selectFrom('rate_limits')
        .select(['key', 'count'])
        .where('key', 'like', 'kiosk_code:restaurant:%')
        .where(
          'key',
          'not in',
          DEMO_RESTAURANTS.map((r) => kioskRestaurantTriesKey(r.id)),
        )
        .execute();
      expect(counted).toEqual([{ key: kioskRestaurantTriesKey(null), count: KIOSK_CODE_TRIES_PER_RESTAURANT.limit }]);
      tooMany(await enter(900_999, DEMO_KIOSK_CODE));
      tooMany(await exit('unknown-restaurant-last', DEMO_KIOSK_CODE));
      await forgetTries(DEMO_RESTAURANTS[5]!.id);
      expect((await enter(DEMO_RESTAURANTS[5]!.id, DEMO_KIOSK_CODE)).statusCode).toBe(200);
      await forgetTries(null);
    });

    it("warns once in the log, with the restaurant id and never the code, when a restaurant's hour is used up; clearing its tries lets its staff in again", async () => {
      await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_RESTAURANT.windowSeconds);
      const restaurant = DEMO_RESTAURANTS[6]!.id;
      await forgetTries(restaurant);
      const warn = vi.fn();
      const check = (code: string) =>
        checkKioskCode(t.database.db, { restoran: restaurant, code }, { ip: newAddress(), log: { warn } });
      for (let i = 0; i < KIOSK_CODE_TRIES_PER_RESTAURANT.limit; i++)
        await expect(check(String(6000 + i))).rejects.toMatchObject({ statusCode: 403 });
      expect(warn).not.toHaveBeenCalled();
      for (let i = 0; i < 3; i++) await expect(check(DEMO_KIOSK_CODE)).rejects.toMatchObject({ statusCode: 429 });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]![0]).toMatchObject({
        restaurantId: restaurant,
        limit: KIOSK_CODE_TRIES_PER_RESTAURANT.limit,
      });
      expect(JSON.stringify(warn.mock.calls)).not.toContain(DEMO_KIOSK_CODE);
      expect(JSON.stringify(warn.mock.calls)).not.toContain('6000');
      tooMany(await enter(restaurant, DEMO_KIOSK_CODE));
      // On call: npm run kiosk-code -- <id> --reset-tries (kiosk-cli.test.ts runs the command itself).
      expect(await clearKioskCodeTries(t.database.db, restaurant)).toBe(KIOSK_CODE_TRIES_PER_RESTAURANT.limit + 4);
      expect(await clearKioskCodeTries(t.database.db, restaurant)).toBe(0);
      expect((await enter(restaurant, DEMO_KIOSK_CODE)).statusCode).toBe(200);
      expect((await exit(restaurant, DEMO_KIOSK_CODE)).statusCode).toBe(200);
    });

    // A race shows only where statements run side by side: PGlite runs one at a time.
    it.runIf(kind === 'postgres')(
      'checks no more codes than the limits allow from a concurrent burst, per address and per restaurant, the right code last refused like the rest',
      async () => {
        await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_RESTAURANT.windowSeconds);
        const byAddress = newAddress();
        const codes = [...Array.from({ length: 99 }, (_, i) => String(4000 + i)), DEMO_KIOSK_CODE];
        const fromOne = await Promise.all(codes.map((code) => exit(DEMO_RESTAURANTS[7]!.id, code, byAddress)));
        expect(fromOne.filter((res) => res.statusCode === 403)).toHaveLength(KIOSK_CODE_TRIES_PER_ADDRESS.limit);
        expect(fromOne.filter((res) => res.statusCode === 429)).toHaveLength(
          codes.length - KIOSK_CODE_TRIES_PER_ADDRESS.limit,
        );
        tooMany(fromOne.at(-1)!);

        const restaurant = DEMO_RESTAURANTS[8]!.id;
        await forgetTries(restaurant);
        const fromMany = await Promise.all(codes.map((code) => exit(restaurant, code)));
        expect(fromMany.filter((res) => res.statusCode === 403)).toHaveLength(KIOSK_CODE_TRIES_PER_RESTAURANT.limit);
        expect(fromMany.filter((res) => res.statusCode === 429)).toHaveLength(
          codes.length - KIOSK_CODE_TRIES_PER_RESTAURANT.limit,
        );
        tooMany(fromMany.at(-1)!);
      },
    );

    it.runIf(kind === 'postgres')(
      'checks no more codes than the shared limits allow from a concurrent burst of enters and exits mixed',
      async () => {
        await awayFromWindowEdge(KIOSK_CODE_TRIES_PER_RESTAURANT.windowSeconds);
        const codes = [...Array.from({ length: 99 }, (_, i) => String(7000 + i)), DEMO_KIOSK_CODE];
        const byAddress = newAddress();
        const fromOne = await Promise.all(codes.map((code, i) => either(i)(DEMO_RESTAURANTS[7]!.id, code, byAddress)));
        expect(fromOne.filter((res) => res.statusCode === 403)).toHaveLength(KIOSK_CODE_TRIES_PER_ADDRESS.limit);
        expect(fromOne.filter((res) => res.statusCode === 429)).toHaveLength(
          codes.length - KIOSK_CODE_TRIES_PER_ADDRESS.limit,
        );

        const restaurant = DEMO_RESTAURANTS[8]!.id;
        await forgetTries(restaurant);
        const fromMany = await Promise.all(codes.map((code, i) => either(i)(restaurant, code)));
        expect(fromMany.filter((res) => res.statusCode === 403)).toHaveLength(KIOSK_CODE_TRIES_PER_RESTAURANT.limit);
        expect(fromMany.filter((res) => res.statusCode === 429)).toHaveLength(
          codes.length - KIOSK_CODE_TRIES_PER_RESTAURANT.limit,
        );
        await forgetTries(restaurant);
      },
    );
  });

  describe('the QR the kiosk draws (SPEC 2 Payment in kiosk mode, SPEC 4 Payment)', () => {
    it("is the sandbox bank's page on the public origin, which pays the order when a phone presses «Оплатить»", async () => {
      const order = await placed();
      const sbp = await startSbp(t.app, null, order.id, { kiosk_token: kiosk.token });
      expect(sbp).toMatchObject({ variants: [], paymentUrl: null, errorMessage: '' });
      const qr = new URL(sbp.qrPayload ?? '');
      expect(qr.origin).toBe(publicOrigin(t.app));
      expect(qr.pathname).toMatch(/^\/sandbox\/sbp\/[A-Z0-9]{32}$/);
      expect(qr.search).toBe('');
      const page = await t.app.inject({ method: 'GET', url: qr.pathname });
      expect(page.statusCode).toBe(200);
      expect(await check(t.app, order.id, kiosk.token)).toBe('pending');
      const res = await t.app.inject({
        method: 'POST',
        url: qr.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'action=pay',
      });
      expect(res.statusCode).toBe(303);
      expect(await check(t.app, order.id, kiosk.token)).toBe('ok');
    });
  });

  describe('two kiosks of one restaurant ordering the same cart (issue 14, SPEC 4 Kiosk)', () => {
    it('makes distinct orders with distinct numbers of identical keyless requests sent at once', async () => {
      const results = await Promise.all(Array.from({ length: 8 }, () => create(kioskOrder())));
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      const orders = results.map((res) => res.json<{ id: number; number: string; follow_token: string }>());
      expect(new Set(orders.map((order) => order.id)).size).toBe(orders.length);
      expect(new Set(orders.map((order) => order.number)).size).toBe(orders.length);
      expect(new Set(orders.map((order) => order.follow_token)).size).toBe(orders.length);
    });

    it('makes one order of identical requests with one idempotency key sent at once, each answered with it and its follow token', async () => {
      const key = freshKey();
      const body = kioskOrder({ idempotency_key: key });
      const results = await Promise.all(Array.from({ length: 8 }, () => create(body)));
      for (const res of results) expect(res.statusCode, res.body).toBe(200);
      const orders = results.map((res) => res.json<{ id: number; follow_token: string }>());
      expect(new Set(orders.map((order) => order.id)).size).toBe(1);
      expect(new Set(orders.map((order) => order.follow_token)).size).toBe(1);
      const rows = await t.database.db.selectFrom('orders').select('id').where('idempotency_key', '=', key).execute();
      expect(rows).toHaveLength(1);
    });
  });
});
