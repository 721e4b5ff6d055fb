import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorResponse, MAX_JSON_DEPTH } from '@chain/contract';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post, postForm } from './support/calls';
import { connectedKiosk } from './support/kiosk';
import { insertTestOrder, selfPickupOrderBody } from './support/orders';
import { allowBooking } from './support/rest';
import { signedInUser } from './support/users';

// Issue 11 "A wire that never breaks", points 9 and 10: JSON nested deeper than any real client
// sends is refused at the parser; counts, ids and coordinates are numbers or their plain digits;
// an optional id may come as "" or null, and the chosen option as the SPEC 3 Option object.

const KURSKY = 5; // self + courier, open round the clock
const KURSKY_POINT = { lat: 55.7574, lon: 37.6596 };
const PATRIKI = DEMO_RESTAURANTS[0]!.fsUid;
const DEPTH_MESSAGE = /JSON вложен глубже \d+ уровней/;

/** `[[[…]]]`, `depth` arrays deep, as text (JSON.stringify itself would overflow on a deep value). */
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** The six values a count, an id or a coordinate must refuse (`z.coerce.number()` took each of them). */
const NOT_NUMBERS: Array<[string, unknown]> = [
  ['a list [5]', [5]],
  ['true', true],
  ['hexadecimal "0x10"', '0x10'],
  ['an exponent "1e3"', '1e3'],
  ['an empty text', ''],
  ['a blank text', ' '],
];

describe.each(databaseKinds())('a wire that never breaks on %s (issue 11, points 9 and 10)', (kind) => {
  let t: TestApp;
  let guest: { id: number; token: string };
  /** Dish 102's single option «35 см», +220 ₽, and its counted extra «Двойная моцарелла». */
  let size35: number;
  let mozzarella: number;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    guest = await signedInUser(t.database, { name: 'Анна' });
    await allowBooking(t.database, guest.id);
    const option = await t.database.db
      .selectFrom('dish_options')
      .select('id')
      .where('dish_id', '=', 102)
      .where('name', '=', '35 см')
      .executeTakeFirstOrThrow();
    size35 = option.id;
    const extra = await t.database.db
      .selectFrom('dish_options')
      .select('id')
      .where('dish_id', '=', 102)
      .where('name', '=', 'Двойная моцарелла')
      .executeTakeFirstOrThrow();
    mozzarella = extra.id;
  });
  afterAll(() => t.close());

  const order = (extra: Record<string, unknown> = {}) => selfPickupOrderBody(guest, extra);
  /** order/create with `tail` spliced in as raw JSON text after the other fields. */
  const createRaw = (tail: string) =>
    post(t.app, '/api/v2/order/create', `${JSON.stringify(order()).slice(0, -1)},${tail}}`);

  describe('nesting depth (issue 11.9)', () => {
    it('refuses JSON nested 5 000 deep in cart_raw or deliveryDateTimeProps with a 400 in Russian, not a 500', async () => {
      for (const tail of [
        `"cart_raw":${nested(5000)}`,
        `"deliveryDateTimeProps":{"deliveryDate":"01.01.2030","x":${nested(5000)}}`,
      ]) {
        const res = await createRaw(tail);
        expect(res.statusCode).toBe(400);
        const body = errorResponse.parse(res.json());
        expect(body.error).toBe('json_too_deep');
        expect(body.message).toMatch(DEPTH_MESSAGE);
      }
      const menu = await post(
        t.app,
        '/api/v2/restoran/menu',
        `{"fs_uid":"${PATRIKI}","order_type":"self","delivery_datetime_props":{"x":${nested(5000)}}}`,
      );
      expect(menu.statusCode).toBe(400);
      expect(menu.json()).toMatchObject({ error: 'json_too_deep' });
    });

    it(`takes JSON up to ${MAX_JSON_DEPTH} levels deep and refuses one level more`, async () => {
      // The body is level 1, cart_raw's array level 2: the innermost array is at depth + 1.
      expect((await createRaw(`"cart_raw":${nested(MAX_JSON_DEPTH - 1)}`)).statusCode).toBe(200);
      const over = await createRaw(`"cart_raw":${nested(MAX_JSON_DEPTH)}`);
      expect(over.statusCode).toBe(400);
      expect(over.json()).toMatchObject({ error: 'json_too_deep' });
    });

    it('counts brackets inside strings as text, not as nesting', async () => {
      const res = await createRaw(`"cart_raw":{"note":"${'['.repeat(5000)}\\"{{{"}`);
      expect(res.statusCode).toBe(200);
    });

    it('refuses deep JSON text in a form field: the generic call’s fields and a saved address', async () => {
      const fields = await postForm(t.app, '/rest/', {
        action: 'cartPribors',
        fields: `{"order_type":"self","restoran_id":1,"x":${nested(5000)}}`,
      });
      expect(fields.statusCode).toBe(400);
      expect(errorResponse.parse(fields.json()).message).toMatch(
        /^Некорректное поле «fields»: JSON вложен глубже \d+ уровней/,
      );

      const address = await postForm(t.app, '/api/v2/user/address/save', {
        user_id: String(guest.id),
        user_token: guest.token,
        address: `{"street":{"name":"Ленина"},"house":"1","x":${nested(5000)}}`,
      });
      expect(address.statusCode).toBe(400);
      expect(errorResponse.parse(address.json()).message).toMatch(
        /^Некорректное поле «address»: JSON вложен глубже \d+ уровней/,
      );
    });
  });

  describe('numbers on the wire (issue 11.9)', () => {
    interface NumberCase {
      name: string;
      field: string;
      send: (value: unknown) => Promise<{ statusCode: number; json: () => unknown }>;
      /** An optional field: '' means "not given" there (issue 11.10), so it is not refused. */
      optional?: boolean;
    }
    const cases: NumberCase[] = [
      {
        name: 'a line count',
        field: 'cart.0.cnt',
        send: (cnt) => post(t.app, '/api/v2/order/create', order({ cart: [{ item: 101, cnt }] })),
      },
      {
        name: 'a dish id',
        field: 'cart.0.item',
        send: (item) => post(t.app, '/api/v2/order/create', order({ cart: [{ item, cnt: 1 }] })),
      },
      {
        name: 'an option count',
        field: 'cart.0.specs.0.cnt',
        send: (cnt) =>
          post(
            t.app,
            '/api/v2/order/create',
            order({ cart: [{ item: 102, cnt: 1, specs: [{ specid: mozzarella, cnt }] }] }),
          ),
      },
      {
        name: 'a cutlery count',
        field: 'pribors.0.cnt',
        send: (cnt) => post(t.app, '/api/v2/order/create', order({ pribors: [{ id: 2, cnt }] })),
      },
      {
        name: 'a delivery latitude',
        field: 'order.props.address.lat',
        send: (lat) =>
          post(
            t.app,
            '/api/v2/order/create',
            order({ order: { type: 'delivery', props: { address: { lat, lon: KURSKY_POINT.lon } } } }),
          ),
      },
      {
        name: 'a quote’s longitude',
        field: 'location.lon',
        send: (lon) =>
          post(t.app, '/api/v2/order/delivery', {
            order_type: 'delivery',
            fs_uid: PATRIKI,
            cart: [],
            location: { lat: KURSKY_POINT.lat, lon },
          }),
      },
      {
        name: 'a count of the cart’s extras',
        field: 'fields.items.0.cnt',
        send: (cnt) =>
          post(t.app, '/rest/', {
            action: 'cartPribors',
            fields: { order_type: 'self', restoran_id: 1, items: [{ id: 2, cnt }] },
          }),
      },
      {
        name: 'the party size of a booking',
        field: 'fields.cntpersons',
        send: (cntpersons) =>
          post(t.app, '/rest/', {
            user_id: guest.id,
            token: guest.token,
            action: 'bookingSave',
            fields: { restoran: 1, cntpersons, cntminutes: 120, date: 1_900_000_000, periodfrom: '12:00' },
          }),
      },
      {
        name: 'a latitude of the load list',
        field: 'fields.lat',
        optional: true,
        send: (lat) => post(t.app, '/rest/', { action: 'zagruzkaLoadRestList', fields: { lat, lon: 37.6 } }),
      },
      {
        name: 'a saved address’s latitude',
        field: 'address.lat',
        optional: true,
        send: (lat) =>
          post(t.app, '/api/v2/user/address/save', {
            user_id: guest.id,
            user_token: guest.token,
            address: { street: { name: 'Ленина' }, house: '1', lat, lon: 37.6 },
          }),
      },
      {
        name: 'a page size',
        field: 'limit',
        optional: true,
        send: (limit) =>
          post(t.app, `/api/v1/order/listUser/${guest.id}`, { user_id: guest.id, user_token: guest.token, limit }),
      },
      {
        name: 'the user of a sign-out',
        field: 'user_id',
        send: (userId) => post(t.app, '/api/v1/user/logout', { user_id: userId, token: 'x'.repeat(20) }),
      },
    ];

    it.each(cases)(
      'refuses [5], true, "0x10", "1e3", "" and " " as $name, naming «$field»',
      async ({ field, send, optional }) => {
        for (const [label, value] of NOT_NUMBERS) {
          if (optional && value === '') continue;
          const res = await send(value);
          expect(res.statusCode, `${label}: ${JSON.stringify(res.json())}`).toBe(400);
          expect(errorResponse.parse(res.json()).message, label).toContain(`«${field}»`);
        }
      },
    );

    it('takes counts, ids and coordinates as numbers or as their plain decimal digits', async () => {
      const res = await post(
        t.app,
        '/api/v2/order/create',
        order({ cart: [{ item: '101', cnt: ' 2 ' }], pribors: [{ id: '2', cnt: '3' }] }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ items_sum: 118_000 });
      const quote = await post(t.app, '/api/v2/order/delivery', {
        order_type: 'delivery',
        fs_uid: DEMO_RESTAURANTS[4]!.fsUid,
        cart: [{ item: 101, cnt: 1 }],
        location: { lat: '55.7574', lon: '37.6596' },
      });
      expect(quote.statusCode).toBe(200);
    });
  });

  describe('liberal where the spec’s clients are (issue 11.10)', () => {
    it('takes "" and null for an absent user_id on the menu call, as SPEC 7 guests and kiosks send it', async () => {
      for (const userId of ['', null]) {
        const res = await post(t.app, '/api/v2/restoran/menu', {
          fs_uid: PATRIKI,
          order_type: 'self',
          is_shop: 0,
          ver: 4,
          user_id: userId,
        });
        expect(res.statusCode, JSON.stringify(res.json())).toBe(200);
      }
    });

    it('takes "" and null for every other optional id: the generic call’s user, a feedback’s user and restaurant, a quote’s zone, a kiosk payment’s user, an order and an address asked by id', async () => {
      for (const none of ['', null]) {
        const load = await post(t.app, '/rest/', {
          user_id: none,
          token: none,
          action: 'zagruzkaLoadPeriods',
          fields: {},
        });
        expect(load.statusCode, JSON.stringify(load.json())).toBe(200);
        const feedback = await post(t.app, '/api/v1/feedback/add', {
          phone: '79990001122',
          message: 'Спасибо',
          user_id: none,
          restoran: none,
        });
        expect(feedback.statusCode, JSON.stringify(feedback.json())).toBe(200);
        const quote = await post(t.app, '/api/v2/order/delivery', {
          order_type: 'delivery',
          fs_uid: DEMO_RESTAURANTS[4]!.fsUid,
          cart: [{ item: 101, cnt: 1 }],
          location: KURSKY_POINT,
          zone: none,
        });
        expect(quote.statusCode, JSON.stringify(quote.json())).toBe(200);
        const kiosk = await connectedKiosk(t.database, 1);
        const kioskOrder = await insertTestOrder(t.database, {
          userId: null,
          source: 'kiosk',
          type: 'inrest',
          kioskDeviceId: kiosk.id,
        });
        const sbp = await post(t.app, '/api/v1/order/payment/sbp', {
          user_id: none,
          token: none,
          order_id: kioskOrder.id,
          kiosk_token: kiosk.token,
        });
        expect(sbp.statusCode, JSON.stringify(sbp.json())).toBe(200);
        const list = await post(t.app, `/api/v1/order/listUser/${guest.id}`, {
          user_id: guest.id,
          user_token: guest.token,
          id: none,
        });
        expect(list.statusCode, JSON.stringify(list.json())).toBe(200);
        const addresses = await post(t.app, '/api/v2/user/address/list', {
          user_id: guest.id,
          user_token: guest.token,
          id: none,
        });
        expect(addresses.statusCode, JSON.stringify(addresses.json())).toBe(200);
      }
    });

    it('takes the chosen option as the SPEC 3 Option object on order/create, pricing its specid from the catalogue and ignoring its price', async () => {
      const byId = await post(t.app, '/api/v2/order/create', order({ cart: [{ item: 102, cnt: 1, spec: size35 }] }));
      const byObject = await post(
        t.app,
        '/api/v2/order/create',
        order({
          cart: [
            {
              item: 102,
              cnt: 1,
              spec: { specid: size35, specname: '35 см', price: 1, disabled: 0, multicheck: 0, cnt: 1 },
            },
          ],
        }),
      );
      expect(byId.statusCode).toBe(200);
      expect(byObject.statusCode, JSON.stringify(byObject.json())).toBe(200);
      // 720 ₽ + 220 ₽ for 35 cm, whatever price the object carried.
      expect(byId.json()).toMatchObject({ items_sum: 94_000 });
      expect(byObject.json()).toMatchObject({ items_sum: 94_000 });
      const line = await t.database.db
        .selectFrom('order_items')
        .select('spec')
        .where('order_id', '=', byObject.json<{ id: number }>().id)
        .executeTakeFirstOrThrow();
      expect(line.spec).toMatchObject({ id: size35, price: 22_000 });
    });

    it('takes an option object whose specid is 0, "" or null as no option, as a bare 0, "" or null is (issue 11, second read)', async () => {
      const bare = await post(t.app, '/api/v2/order/create', order({ cart: [{ item: 102, cnt: 1, spec: 0 }] }));
      expect(bare.statusCode, JSON.stringify(bare.json())).toBe(200);
      for (const none of [0, '', null, '0']) {
        const res = await post(
          t.app,
          '/api/v2/order/create',
          order({ cart: [{ item: 102, cnt: 1, spec: { specid: none, specname: '', price: 5 } }] }),
        );
        expect(res.statusCode, `${JSON.stringify(none)}: ${JSON.stringify(res.json())}`).toBe(200);
        expect(res.json()).toMatchObject({ items_sum: bare.json<{ items_sum: number }>().items_sum });
      }
    });

    it('takes a blank user on order/create ({id: ""}, as SPEC 7 clients send an absent id) as no user: a kiosk order (issue 11, second read)', async () => {
      const kiosk = await connectedKiosk(t.database, KURSKY);
      for (const user of [{ id: '' }, { id: '', password: '' }, { id: null }, { id: 0 }]) {
        const res = await post(t.app, '/api/v2/order/create', {
          ...order({ source: 'kiosk', kiosk_token: kiosk.token, user }),
          idempotency_key: undefined,
        });
        expect(res.statusCode, `${JSON.stringify(user)}: ${JSON.stringify(res.json())}`).toBe(200);
        const row = await t.database.db
          .selectFrom('orders')
          .select(['user_id', 'source'])
          .where('id', '=', res.json<{ id: number }>().id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ user_id: null, source: 'kiosk' });
      }
      // A web order still needs its guest: a blank one is no session.
      expect((await post(t.app, '/api/v2/order/create', order({ user: { id: '' } }))).statusCode).toBe(401);
    });

    it('takes a table as a short label only: digits or text up to 16 characters; 1e308, 1.5, -1, 2^60 (19 digits) and 17 characters are a 400 naming order.table (issue 11, second read)', async () => {
      const table = (value: unknown) =>
        post(t.app, '/api/v2/order/create', order({ restoran: 1, order: { type: 'inrest', table: value } }));
      for (const bad of [1e308, 1.5, -1, 2 ** 60, 'x'.repeat(17), true]) {
        const res = await table(bad);
        expect(res.statusCode, String(bad)).toBe(400);
        expect(res.json<{ message: string }>().message, String(bad)).toContain('order.table');
      }
      // A known table as a number or as its text (the demo chain's Патриаршие has table 3).
      for (const ok of [3, '3'])
        expect((await table(ok)).json<{ error?: string }>().error, String(ok)).not.toBe('validation');
    });

    it('takes the chosen option as an object on order/delivery too, and refuses an object without a usable specid', async () => {
      const quote = (spec: unknown) =>
        post(t.app, '/api/v2/order/delivery', {
          order_type: 'delivery',
          fs_uid: DEMO_RESTAURANTS[4]!.fsUid,
          cart: [{ item: 102, cnt: 1, spec }],
          location: KURSKY_POINT,
        });
      const byObject = await quote({ specid: String(size35), price: 0 });
      expect(byObject.statusCode, JSON.stringify(byObject.json())).toBe(200);
      expect(byObject.json()).toMatchObject({ itemsSum: 94_000 });
      for (const bad of [{ specname: '35 см' }, { specid: '0x10' }, { specid: [size35] }]) {
        const res = await quote(bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(400);
        expect(res.json<{ message: string }>().message).toContain('«cart.0.spec');
      }
    });
  });
});
