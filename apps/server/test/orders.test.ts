import { sql } from 'kysely';
import { addDays, DELIVERY_OFF_MESSAGE, formatShortDate, isoDateText, wallClockAt } from '@chain/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { connectedKiosk } from './support/kiosk';
import { signedInUser } from './support/users';

const KURSKY = 5; // self + courier, open round the clock, menus restaurant + shop
const PATRIARSHIE = 1; // every order type, every menu; its schedule is made round the clock below
const KURSKY_POINT = { lat: 55.7574, lon: 37.6596 };

const tomorrow = () => formatShortDate(addDays(wallClockAt(new Date(), 'Europe/Moscow').date, 1));

describe.each(databaseKinds())('placing orders on %s (SPEC 4, 5, 7)', (kind) => {
  let t: TestApp;
  let guest: { id: number; token: string };
  let options: Map<string, number>;
  let key = 0;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    guest = await signedInUser(t.database, { name: 'Анна', email: 'anna@example.ru' });
    const rows = await t.database.db
      .selectFrom('dish_options')
      .select(['id', 'name', 'dish_id'])
      .where('dish_id', 'in', [101, 102])
      .execute();
    options = new Map(rows.map((row) => [`${row.dish_id}:${row.name}`, row.id]));
    await sql`update restaurant_schedule set from_minute = 360, to_minute = 1800 where restaurant_id = ${PATRIARSHIE}`.execute(
      t.database.db,
    );
    for (let weekday = 1; weekday <= 7; weekday++) {
      await sql`insert into restaurant_schedule (restaurant_id, weekday, from_minute, to_minute) values (${PATRIARSHIE}, ${weekday}, 360, 1800) on conflict do nothing`.execute(
        t.database.db,
      );
    }
  });
  afterAll(() => t.close());

  const option = (dish: number, name: string) => {
    const id = options.get(`${dish}:${name}`);
    if (id === undefined) throw new Error(`no option ${name} of ${dish}`);
    return id;
  };
  /** Маргарита on thin dough with 2 double mozzarella, twice: (590 + 0) × 2 + 120 × 2 × 2 = 1660 ₽. */
  const margheritaLine = () => ({
    item: 101,
    cnt: 2,
    spec: option(101, 'Тонкое тесто'),
    specs: [{ specid: option(101, 'Двойная моцарелла'), cnt: 2 }],
    comment: 'Порезать',
  });
  const selfOrder = (extra: Record<string, unknown> = {}) => ({
    source: 'web',
    v: 3,
    user: { id: guest.id, password: guest.token },
    cart: [margheritaLine()],
    pribors: [{ id: 2, cnt: 3 }],
    order: { type: 'self', comment: '' },
    restoran: KURSKY,
    idempotency_key: `key-${process.pid}-${kind}-${key++}`,
    ...extra,
  });
  const create = (body: object) => post(t.app, '/api/v2/order/create', body);

  it('prices the order on the server: dishes with options, cutlery above the free count (SPEC 5)', async () => {
    const res = await create(selfOrder());
    expect(res.statusCode).toBe(200);
    const order = res.json<{
      id: number;
      sum: number;
      items_sum: number;
      cutlery_sum: number;
      number: string;
      delayed: number;
    }>();
    // fork set: 1500 × (3 − 1 free)
    expect(order).toMatchObject({ success: true, delayed: 0, items_sum: 166_000, cutlery_sum: 3_000, sum: 169_000 });
    expect(order.number).toMatch(/^С-\d{3}$/);
    const row = await t.database.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      sum: 169_000,
      paid: false,
      status: 10,
      user_id: guest.id,
      type: 'self',
      pay_method: 'sbp',
      as_ready: true,
    });
    const items = await t.database.db
      .selectFrom('order_items')
      .selectAll()
      .where('order_id', '=', order.id)
      .orderBy('sort')
      .execute();
    expect(items.map((i) => [i.kind, i.name, i.price, i.cnt, i.charged_cnt, i.line_sum])).toEqual([
      ['dish', 'Маргарита', 59_000, 2, 2, 166_000],
      ['cutlery', 'Набор приборов: вилка, нож, салфетка', 1_500, 3, 2, 3_000],
    ]);
    expect(items[0]?.spec).toMatchObject({ name: 'Тонкое тесто', price: 0 });
    expect(items[0]?.specs).toEqual([
      { id: option(101, 'Двойная моцарелла'), name: 'Двойная моцарелла', price: 12_000, cnt: 2 },
    ]);
  });

  it('ignores every price, sum and percent the client sends (a tampered price)', async () => {
    const tampered = selfOrder({
      cart: [
        {
          ...margheritaLine(),
          price: 1,
          sum: 1,
          specs: [{ specid: option(101, 'Двойная моцарелла'), cnt: 2, price: 0 }],
        },
      ],
      sum: 100,
      discountPercent: 99,
    });
    const res = await create(tampered);
    expect(res.json<{ sum: number }>().sum).toBe(169_000);
  });

  it('applies a coupon over dishes and cutlery, rounded to the kopeck (SPEC 5, decision 006)', async () => {
    const res = await create(selfOrder({ coupon: ' zhar10 ' }));
    expect(res.json()).toMatchObject({ discount_percent: 10, discount_sum: 16_900, sum: 152_100 });
  });

  it('creates one order for the same request sent twice at once (double tap)', async () => {
    const body = selfOrder();
    const [a, b] = await Promise.all([create(body), create(body)]);
    expect(a.statusCode).toBe(200);
    expect(b.json<{ id: number }>().id).toBe(a.json<{ id: number }>().id);
    const count = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('idempotency_key', '=', body.idempotency_key)
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it('treats an identical request without a key within 10 minutes as a retry', async () => {
    const { idempotency_key: _k, ...body } = selfOrder({ order: { type: 'self', comment: `retry ${Math.random()}` } });
    const first = await create(body);
    const again = await create(body);
    expect(again.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
  });

  it('refuses a key reused for a different order', async () => {
    const body = selfOrder();
    await create(body);
    const res = await create({ ...body, cart: [{ item: 102, cnt: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'idempotency_conflict' });
  });

  it('numbers orders per restaurant and day', async () => {
    const first = (await create(selfOrder())).json<{ number: string }>().number;
    const second = (await create(selfOrder())).json<{ number: string }>().number;
    expect(Number(second.slice(2))).toBe(Number(first.slice(2)) + 1);
  });

  it('refuses a dish put on the stop list between cart and create, naming it (SPEC 5)', async () => {
    await t.database.db.insertInto('stop_list').values({ restaurant_id: KURSKY, dish_id: 102 }).execute();
    try {
      const res = await create(selfOrder({ cart: [margheritaLine(), { item: 102, cnt: 1 }] }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: 'unavailable',
        message: 'Некоторые блюда сейчас недоступны: Пепперони. Уберите их из корзины.',
      });
    } finally {
      await t.database.db
        .deleteFrom('stop_list')
        .where('restaurant_id', '=', KURSKY)
        .where('dish_id', '=', 102)
        .execute();
    }
  });

  it('refuses a disabled option and an option of another kind or dish', async () => {
    const disabled = await create(selfOrder({ cart: [{ item: 101, cnt: 1, spec: option(101, 'Без глютена') }] }));
    expect(disabled.json()).toMatchObject({ error: 'unavailable' });
    const multiAsSingle = await create(
      selfOrder({ cart: [{ item: 101, cnt: 1, spec: option(101, 'Двойная моцарелла') }] }),
    );
    expect(multiAsSingle.statusCode).toBe(400);
    const tooMany = await create(
      selfOrder({ cart: [{ item: 101, cnt: 1, specs: [{ specid: option(101, 'Двойная моцарелла'), cnt: 3 }] }] }),
    );
    expect(tooMany.json()).toMatchObject({
      error: 'validation',
      message: 'Опции «Двойная моцарелла» можно добавить не больше 2.',
    });
  });

  it('needs the code for a locked dish (SPEC 4), and a menu the restaurant offers', async () => {
    const atBar = (lock_code?: string) =>
      create(
        selfOrder({
          restoran: PATRIARSHIE,
          cart: [margheritaLine(), { item: 1304, cnt: 1 }],
          ...(lock_code ? { lock_code } : {}),
        }),
      );
    expect((await atBar()).json()).toMatchObject({ error: 'locked' });
    expect((await atBar('0000')).json()).toMatchObject({ error: 'locked' });
    expect((await atBar('5821')).statusCode).toBe(200);
    // Курский has no bar: the bar's dish does not count there.
    expect(
      (await create(selfOrder({ cart: [margheritaLine(), { item: 1304, cnt: 1 }], lock_code: '5821' }))).json(),
    ).toMatchObject({ error: 'unavailable' });
  });

  it("refuses an order below the restaurant's minimum with the SPEC 5 text", async () => {
    const res = await create(selfOrder({ cart: [{ item: 806, cnt: 1 }], pribors: [] }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'minimum', message: 'Минимальная сумма заказа: 400,00 руб.' });
  });

  it('checks the restaurant: unknown, not taking the order type, closed now (SPEC 8)', async () => {
    expect((await create(selfOrder({ restoran: 999 }))).statusCode).toBe(404);
    const inrest = await create(selfOrder({ order: { type: 'inrest', table: '1' } }));
    expect(inrest.json()).toMatchObject({
      error: 'order_type',
      message: 'Заказ за столом в этом ресторане сейчас невозможен',
    });
    const saved = await t.database.db
      .selectFrom('restaurant_schedule')
      .selectAll()
      .where('restaurant_id', '=', KURSKY)
      .execute();
    await t.database.db.deleteFrom('restaurant_schedule').where('restaurant_id', '=', KURSKY).execute();
    try {
      const closed = await create(selfOrder());
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toMatchObject({ error: 'closed', message: 'Ресторан сейчас закрыт' });
    } finally {
      await t.database.db.insertInto('restaurant_schedule').values(saved).execute();
    }
  });

  it("takes a table order only for one of the restaurant's tables (SPEC 8 'Неверный номер стола!')", async () => {
    const table = (num: string) =>
      create(selfOrder({ restoran: PATRIARSHIE, order: { type: 'inrest', table: num }, pribors: [] }));
    expect((await table('404')).json()).toMatchObject({ error: 'table', message: 'Неверный номер стола!' });
    const ok = await table('3');
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ number: string }>().number).toMatch(/^З-/);
  });

  it('takes a signed-in guest’s pre-order for a chosen time without a table (SPEC 2 Предзаказ), never one for now or from a kiosk', async () => {
    const forTime = { deliveryDate: tomorrow(), deliveryTime: '13:00', isTimePeriods: 0 };
    const preorder = (extra: Record<string, unknown>) =>
      create(selfOrder({ restoran: PATRIARSHIE, order: { type: 'inrest', table: '' }, pribors: [], ...extra }));
    const ok = await preorder({ deliveryDateTimeProps: forTime });
    expect(ok.statusCode, ok.body).toBe(200);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['table_num', 'props'])
      .where('id', '=', ok.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(row.table_num).toBeNull();
    expect(row.props).toMatchObject({ deliveryTime: '13:00', deliveryDate: tomorrow() });
    // As soon as ready (no time chosen): the guest is at a table, so it must be one of the restaurant's.
    expect((await preorder({})).json()).toMatchObject({ error: 'table', message: 'Неверный номер стола!' });
    // A kiosk order always has its table, whatever time it names.
    const kiosk = await preorder({
      source: 'kiosk',
      kiosk_token: (await connectedKiosk(t.database, PATRIARSHIE)).token,
      user: undefined,
      deliveryDateTimeProps: forTime,
    });
    expect(kiosk.json()).toMatchObject({ error: 'table', message: 'Неверный номер стола!' });
  });

  it('delivers into the zone of the address, in a chosen period, adding the zone price (SPEC 4, 5)', async () => {
    const delivery = (props: object, date = tomorrow(), time = '11:00-14:00') =>
      create(
        selfOrder({
          order: { type: 'delivery', props },
          deliveryDateTimeProps: { deliveryDate: date, deliveryTime: time, isTimePeriods: 1 },
        }),
      );
    const ok = await delivery({ address: { ...KURSKY_POINT, full: 'Москва, ул. Земляной Вал, 33' } });
    expect(ok.statusCode).toBe(200);
    // 1660 ₽ of dishes + 30 ₽ of cutlery is below the zone's free-delivery 1800 ₽: delivery costs 199 ₽.
    expect(ok.json()).toMatchObject({ delivery_sum: 19_900, sum: 169_000 + 19_900 });
    const row = await t.database.db
      .selectFrom('orders')
      .select(['props', 'zone_id', 'ready_at'])
      .where('id', '=', ok.json<{ id: number }>().id)
      .executeTakeFirstOrThrow();
    expect(row.props).toMatchObject({ deliveryTime: '11:00-14:00', deliveryDate: tomorrow() });
    expect(row.zone_id).not.toBeNull();

    const outside = await delivery({ address: { lat: 55.9, lon: 37.4 } });
    expect(outside.json()).toMatchObject({ error: 'outside_zone', message: 'По данному адресу доставка невозможна' });
    const noPeriod = await delivery({ address: KURSKY_POINT }, tomorrow(), '');
    expect(noPeriod.json()).toMatchObject({ error: 'delivery_time', message: 'Просьба выбрать время доставки' });
    const tooFar = await delivery(
      { address: KURSKY_POINT },
      formatShortDate(addDays(wallClockAt(new Date(), 'Europe/Moscow').date, 30)),
    );
    expect(tooFar.json()).toMatchObject({ error: 'delivery_time' });
  });

  it('on a holiday refuses a zone period and a pickup time it closes, and the quote says so (SPEC 5, 8, issue 31, decision 053)', async () => {
    const day = isoDateText(addDays(wallClockAt(new Date(), 'Europe/Moscow').date, 1));
    const when = { deliveryDate: tomorrow(), deliveryTime: '11:00-14:00', isTimePeriods: 1 };
    const delivery = () =>
      create(selfOrder({ order: { type: 'delivery', props: { address: KURSKY_POINT } }, deliveryDateTimeProps: when }));
    const quote = () =>
      post(t.app, '/api/v2/order/delivery', {
        order_type: 'delivery',
        fs_uid: '489b39b8-4783-4e1b-92a0-44ea552f2e52',
        cart: [{ item: 101, cnt: 1 }],
        location: KURSKY_POINT,
        delivery_data: when,
      });
    const pickup = () =>
      create(
        selfOrder({ deliveryDateTimeProps: { deliveryDate: tomorrow(), deliveryTime: '13:00', isTimePeriods: 0 } }),
      );
    // Its own hours that day, 12:00–20:00: the 11:00 period does not start while it is open.
    await t.database.db
      .insertInto('restaurant_holidays')
      .values({ restaurant_id: KURSKY, day, from_minute: 12 * 60, to_minute: 20 * 60 })
      .execute();
    try {
      expect((await delivery()).json()).toMatchObject({
        error: 'delivery_time',
        message: 'Просьба выбрать время доставки',
      });
      // The zone's later periods that day still start while it is open.
      expect((await quote()).json()).toMatchObject({ success: true, isAvailByTime: true });
      expect((await pickup()).statusCode).toBe(200);
      // Closed all day: no period of the day is left, and the pickup time goes too.
      await t.database.db
        .updateTable('restaurant_holidays')
        .set({ from_minute: null, to_minute: null })
        .where('restaurant_id', '=', KURSKY)
        .execute();
      expect((await quote()).json()).toMatchObject({ success: true, isAvailByTime: false });
      expect((await pickup()).json()).toMatchObject({
        error: 'delivery_time',
        message: 'Выбранное время недоступно. Выберите другое время.',
      });
      expect((await delivery()).json()).toMatchObject({ error: 'delivery_time' });
    } finally {
      await t.database.db.deleteFrom('restaurant_holidays').where('restaurant_id', '=', KURSKY).execute();
    }
    expect((await quote()).json()).toMatchObject({ isAvailByTime: true });
    expect((await delivery()).statusCode).toBe(200);
  });

  it('refuses delivery while the chain switches it off (SPEC 3 Settings delivery), and takes it again once on', async () => {
    const when = { deliveryDate: tomorrow(), deliveryTime: '11:00-14:00', isTimePeriods: 1 };
    const delivery = () =>
      create(selfOrder({ order: { type: 'delivery', props: { address: KURSKY_POINT } }, deliveryDateTimeProps: when }));
    const quote = () =>
      post(t.app, '/api/v2/order/delivery', {
        order_type: 'delivery',
        fs_uid: '489b39b8-4783-4e1b-92a0-44ea552f2e52',
        cart: [{ item: 101, cnt: 1 }],
        location: KURSKY_POINT,
        delivery_data: when,
      });
    const switchDelivery = (value: 0 | 1) =>
      t.database.db
        .updateTable('settings')
        .set({ value: JSON.stringify(value) })
        .where('key', '=', 'delivery')
        .execute();
    await switchDelivery(0);
    try {
      const refused = await delivery();
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'delivery_off', message: DELIVERY_OFF_MESSAGE });
      const quoted = await quote();
      expect(quoted.statusCode).toBe(409);
      expect(quoted.json()).toMatchObject({ error: 'delivery_off', message: DELIVERY_OFF_MESSAGE });
      // Only delivery: a pickup order of the same restaurant is taken.
      expect((await create(selfOrder())).statusCode).toBe(200);
    } finally {
      await switchDelivery(1);
    }
    expect((await quote()).statusCode).toBe(200);
    expect((await delivery()).statusCode).toBe(200);
  });

  it('needs the signed-in user for web orders and refuses another user’s id', async () => {
    expect((await create(selfOrder({ user: undefined }))).statusCode).toBe(401);
    const other = await signedInUser(t.database);
    expect((await create(selfOrder({ user: { id: other.id, password: guest.token } }))).statusCode).toBe(401);
  });

  it('takes kiosk orders without a user, for SBP only (SPEC 6)', async () => {
    const res = await create(
      selfOrder({
        source: 'kiosk',
        kiosk_token: (await connectedKiosk(t.database, KURSKY)).token,
        user: undefined,
        paysystem: 'card',
      }),
    );
    expect(res.statusCode).toBe(200);
    const { id, number } = res.json<{ id: number; number: string }>();
    expect(number).toMatch(/^К-/);
    const row = await t.database.db
      .selectFrom('orders')
      .select(['pay_method', 'user_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pay_method: 'sbp', user_id: null });
  });

  it('serves a one-time coupon once per user', async () => {
    const user = await signedInUser(t.database);
    const order = () => create(selfOrder({ user: { id: user.id, password: user.token }, coupon: 'WELCOME20' }));
    expect((await order()).json()).toMatchObject({ discount_percent: 20 });
    expect((await order()).json()).toMatchObject({ error: 'coupon_used', message: 'Вы уже использовали этот купон' });
  });

  it('gives a one-time coupon to one of two orders placed at once', async () => {
    const user = await signedInUser(t.database);
    const order = () => create(selfOrder({ user: { id: user.id, password: user.token }, coupon: 'WELCOME20' }));
    const results = await Promise.all([order(), order()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const uses = await t.database.db
      .selectFrom('coupon_uses')
      .select('order_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(uses).toHaveLength(1);
  });

  describe('order/discount', () => {
    const discount = (coupon: string, order_type = 'self', fs_uid = '489b39b8-4783-4e1b-92a0-44ea552f2e52') =>
      post(t.app, '/api/v1/order/discount', {
        coupon,
        order_type,
        fs_uid,
        user_id: guest.id,
        token: guest.token,
        location: null,
      });

    it('gives the percent of a valid coupon, and its minimum', async () => {
      expect((await discount('ZHAR10')).json()).toMatchObject({ success: true, discountPercent: 10, minSum: 0 });
      expect((await discount('BOLSHOY')).json()).toMatchObject({ discountPercent: 15, minSum: 300_000 });
      expect((await discount('NOCHNOY', 'delivery')).json()).toMatchObject({
        discountPercent: -10,
        message: 'Наценка 10 %',
      });
    });

    it('says why a coupon does not apply', async () => {
      expect((await discount('NOSUCH')).json()).toMatchObject({ error: 'coupon_unknown', message: 'Купон не найден' });
      expect((await discount('LETO2025')).json()).toMatchObject({ error: 'coupon_expired' });
      expect((await discount('STAROE5')).json()).toMatchObject({ error: 'coupon_expired' });
      expect((await discount('NOVYGOD2031')).json()).toMatchObject({ error: 'coupon_expired' });
      expect((await discount('SAMOVYVOZ', 'delivery')).json()).toMatchObject({ error: 'coupon_order_type' });
      expect((await discount('BAR12')).json()).toMatchObject({ error: 'coupon_restaurant' });
    });

    it('refuses a wrong token', async () => {
      const res = await post(t.app, '/api/v1/order/discount', {
        coupon: 'ZHAR10',
        order_type: 'self',
        fs_uid: 'x'.repeat(10),
        user_id: guest.id,
        token: 'wrong-token-wrong-token',
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('order/delivery', () => {
    const quote = (cart: object[], extra: object = {}) =>
      post(t.app, '/api/v2/order/delivery', {
        order_sum: 1,
        order_type: 'delivery',
        fs_uid: '489b39b8-4783-4e1b-92a0-44ea552f2e52',
        cart,
        location: KURSKY_POINT,
        delivery_data: { deliveryDate: tomorrow() },
        ...extra,
      });

    it('quotes the zone price for a small cart and free delivery from the zone sum, ignoring order_sum', async () => {
      const small = await quote([{ item: 101, cnt: 1 }]);
      expect(small.json()).toMatchObject({ success: true, deliverySum: 19_900, itemsSum: 59_000, isAvailByTime: true });
      const big = await quote([{ item: 101, cnt: 4 }]);
      expect(big.json()).toMatchObject({ deliverySum: 0, itemsSum: 236_000 });
    });

    it('keeps the quote under the uuid it answers', async () => {
      const res = await quote([{ item: 101, cnt: 1 }], { uuid: 'quote-uuid-0001' });
      expect(res.json()).toMatchObject({ uuid: 'quote-uuid-0001' });
      const stored = await t.database.db
        .selectFrom('delivery_quotes')
        .selectAll()
        .where('uuid', '=', 'quote-uuid-0001')
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ delivery_sum: 19_900, items_sum: 59_000 });
    });

    it('refuses an address outside every zone, or a zone that does not hold it', async () => {
      expect((await quote([{ item: 101, cnt: 1 }], { location: { lat: 55.9, lon: 37.4 } })).json()).toMatchObject({
        error: 'outside_zone',
      });
      expect((await quote([{ item: 101, cnt: 1 }], { zone: 1 })).json()).toMatchObject({ error: 'outside_zone' });
    });
  });

  describe('bad input', () => {
    it.each([
      ['an empty cart', { cart: [] }],
      ['a count of 0', { cart: [{ item: 101, cnt: 0 }] }],
      ['a count of 100', { cart: [{ item: 101, cnt: 100 }] }],
      ['an unknown order type', { order: { type: 'teleport' } }],
      ['a cart that is not a list', { cart: 'pizza' }],
      ['an unknown source', { source: 'fax' }],
    ])('answers %s with 400', async (_name, patch) => {
      const res = await create(selfOrder(patch));
      expect(res.statusCode).toBe(400);
    });

    it('answers an unknown dish as unavailable, never 5xx', async () => {
      const res = await create(selfOrder({ cart: [{ item: 999_999, cnt: 1 }] }));
      expect(res.json()).toMatchObject({ error: 'unavailable' });
    });

    it('answers malformed JSON with 400 and a body over 1 MB with 413', async () => {
      expect((await post(t.app, '/api/v2/order/create', '{"cart": [')).statusCode).toBe(400);
      expect((await create(selfOrder({ order: { type: 'self', comment: 'x'.repeat(1_100_000) } }))).statusCode).toBe(
        413,
      );
    });
  });
});
