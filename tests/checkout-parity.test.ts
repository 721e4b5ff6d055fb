import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartPriborsAction,
  cartRecommendsAction,
  type DeliveryZoneWire,
  type MenuDish,
  orderCreate,
  orderDelivery,
  orderDiscount,
  restaurantList,
  restaurantMenu,
  type RestaurantWire,
  toDomainZone,
} from '@chain/contract';
import {
  addDays,
  addToCart,
  type CartLine,
  formatShortDate,
  indexDishes,
  isOn,
  wallClockAt,
  zoneContainsPoint,
} from '@chain/domain';
import { buildTestApp, type TestApp } from '../apps/server/test/support/build';
import { post } from '../apps/server/test/support/calls';
import { action } from '../apps/server/test/support/rest';
import { signedInUser } from '../apps/server/test/support/users';
import { orderRequestBody } from '../apps/web/src/api/order';
import { appliedCoupon, cartFigures, type CouponState } from '../apps/web/src/features/cart/cart-model';

/*
 * Issue 12, "one quote": for random carts the sum the cart screen's model shows is the sum
 * order/create charges, through the real server on PGlite. The screen's side is the web's own
 * code — cartFigures (the cart screen's figures) fed as the screen feeds it, from the answers of
 * the menu, the restaurant list, the cart actions, order/discount and order/delivery, and the
 * web's orderRequestBody for the order — and the server's side is the whole order/create.
 *
 * The carts mix options (single and multi, disabled ones too), a dish on the stop list, cutlery
 * above its free counts, recommended items, coupons right around their minimum and markups, and
 * delivery around the zone's free-delivery sum and minimum, with and without an order/delivery
 * quote. When the screen hides the pay button the server must refuse, for the same reason.
 */

const KURSKY = 5; // self and courier, open round the clock; restaurant and shop menus
const KURSKY_POINT = { lat: 55.7574, lon: 37.6596 };
const STOPPED_DISH = 102; // Пепперони, put on this restaurant's stop list below
const PROBE_COUPON = 'PARITY';
const ORDERS_PER_GUEST = 30; // below the 40 orders a guest may place in 10 minutes (decision 017)

type OrderType = 'self' | 'delivery';

interface Scenario {
  orderType: OrderType;
  picks: Array<{ dish: number; cnt: number; single: number; multi: Array<{ option: number; cnt: number }> }>;
  cutlery: number[];
  recommended: number[];
  coupon:
    | { kind: 'none' }
    | { kind: 'code'; code: string }
    | { kind: 'probe'; percent: number; amount: number | null; offset: number };
  withQuote: boolean;
}

describe('the cart screen shows what order/create charges (issue 12 property, SPEC 5)', () => {
  let t: TestApp;
  let restaurant: RestaurantWire;
  let menus: Record<OrderType, MenuDish[]>;
  let guest: { id: number; token: string };
  let ordersByGuest = 0;
  let key = 0;

  beforeAll(async () => {
    t = await buildTestApp('pglite');
    await t.database.db.insertInto('stop_list').values({ restaurant_id: KURSKY, dish_id: STOPPED_DISH }).execute();
    // Minimums the random carts land on both sides of (the demo restaurant asks none for pickup),
    // the shop variant higher; the zone's free delivery stays at 1800 ₽.
    await t.database.db
      .updateTable('restaurants')
      .set({ min_order_sum_self: 150_000, min_order_sum_shop_self: 200_000 })
      .where('id', '=', KURSKY)
      .execute();
    await t.database.db
      .updateTable('delivery_zones')
      .set({ min_order_sum_rest: 200_000, min_order_sum_shop: 250_000 })
      .where('restaurant_id', '=', KURSKY)
      .execute();
    await t.database.db
      .insertInto('coupons')
      .values({
        code: PROBE_COUPON,
        title: 'Проверка',
        percent: 10,
        active: true,
        active_from: '2025-01-01',
        active_to: '2035-12-31',
        order_types: ['inrest', 'self', 'delivery'],
        restaurant_ids: null,
        min_sum: 0,
        once_per_user: false,
      })
      .execute();
    const list = restaurantList.response.parse(
      (await t.app.inject({ method: 'GET', url: restaurantList.path })).json(),
    );
    const found = list.find((entry) => entry.id === KURSKY);
    if (!found) throw new Error('the demo chain has no restaurant 5');
    restaurant = found;
    const menu = async (orderType: OrderType) => {
      const res = await post(t.app, restaurantMenu.path, {
        fs_uid: restaurant.fs_uid,
        order_type: orderType,
        is_shop: 0,
      });
      return restaurantMenu.response.parse(res.json()).dishes.filter((dish) => dish.is_locked === 0);
    };
    menus = { self: await menu('self'), delivery: await menu('delivery') };
    guest = await signedInUser(t.database);
  });
  afterAll(() => t.close());

  const tomorrow = () => formatShortDate(addDays(wallClockAt(new Date(), restaurant.time_zone).date, 1));

  /** A guest with orders to spare: a new one every ORDERS_PER_GUEST orders. */
  async function orderingGuest() {
    if (ordersByGuest >= ORDERS_PER_GUEST) {
      guest = await signedInUser(t.database);
      ordersByGuest = 0;
    }
    ordersByGuest += 1;
    return guest;
  }

  const scenario: fc.Arbitrary<Scenario> = fc.record({
    orderType: fc.constantFrom<OrderType>('self', 'delivery'),
    picks: fc.array(
      fc.record({
        dish: fc.nat(),
        cnt: fc.integer({ min: 1, max: 4 }),
        single: fc.nat(),
        multi: fc.array(fc.record({ option: fc.nat(), cnt: fc.integer({ min: 1, max: 3 }) }), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 4 },
    ),
    cutlery: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 4, maxLength: 4 }),
    recommended: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 6, maxLength: 6 }),
    coupon: fc.oneof(
      fc.constant({ kind: 'none' as const }),
      fc.constantFrom('ZHAR10', 'BOLSHOY').map((code) => ({ kind: 'code' as const, code })),
      // Around the cart's own subtotal: a kopeck below, at, a kopeck above, or further off.
      // A fixed sum instead of the percent (issue 31), some of them more than the cart.
      fc.record({
        kind: fc.constant('probe' as const),
        percent: fc.constantFrom(15, 10, -5, 33),
        amount: fc.constantFrom(null, null, 15_000, 1_000_000),
        offset: fc.constantFrom(-1, 0, 1, -50_000, 50_000),
      }),
    ),
    withQuote: fc.boolean(),
  });

  /** The cart lines a guest could build on the menu screen (the store's addToCart), options included. */
  function cartOf(s: Scenario): CartLine[] {
    const dishes = menus[s.orderType];
    let lines: CartLine[] = [];
    for (const pick of s.picks) {
      const dish = dishes[pick.dish % dishes.length];
      if (!dish) continue;
      const singles = dish.spec.filter((option) => option.multicheck === 0);
      const multis = dish.spec.filter((option) => option.multicheck === 1);
      const single = singles.length > 0 && pick.single % 3 !== 0 ? singles[pick.single % singles.length] : undefined;
      const specs = new Map<number, number>();
      for (const chosen of pick.multi) {
        const option = multis[chosen.option % Math.max(1, multis.length)];
        if (option) specs.set(option.specid, Math.min(option.max, (specs.get(option.specid) ?? 0) + chosen.cnt));
      }
      lines = addToCart(lines, {
        item: String(dish.id),
        cnt: pick.cnt,
        spec: single ? String(single.specid) : null,
        specs: [...specs].map(([specid, cnt]) => ({ specid: String(specid), cnt })),
      });
    }
    return lines;
  }

  async function cartExtras(s: Scenario, lines: CartLine[], user: { id: number; token: string }) {
    const fields = {
      order_type: s.orderType,
      restoran_id: String(restaurant.id),
      cart_items: lines.map((line) => ({ item: line.item, cnt: line.cnt })),
    };
    const cutlery = cartPriborsAction.response.parse((await action(t.app, 'cartPribors', fields, user)).json()).items;
    const recommended = cartRecommendsAction.response.parse(
      (await action(t.app, 'cartRecommends', fields, user)).json(),
    ).items;
    // The guest's steppers: cutlery within 0..max (SPEC 5), recommended from 0.
    return {
      cutlery: cutlery.map((item, index) => ({
        ...item,
        cnt: Math.min(item.max, s.cutlery[index % s.cutlery.length] ?? 0),
      })),
      recommended: recommended.map((item, index) => ({
        ...item,
        cnt: s.recommended[index % s.recommended.length] ?? 0,
      })),
    };
  }

  /** What order/discount told the cart screen (SPEC 9: the coupon field's check). */
  async function couponState(
    code: string,
    orderType: OrderType,
    user: { id: number; token: string },
  ): Promise<CouponState> {
    const res = await post(t.app, orderDiscount.path, {
      coupon: code,
      order_type: orderType,
      fs_uid: restaurant.fs_uid,
      user_id: user.id,
      token: user.token,
    });
    if (res.statusCode !== 200) return { status: 'refused', message: res.json<{ message: string }>().message };
    const answer = orderDiscount.response.parse(res.json());
    return appliedCoupon(answer);
  }

  const checkoutZone = (zone: DeliveryZoneWire) => ({
    minordersum_rest: zone.minordersum_rest,
    minordersum_shop: zone.minordersum_shop,
    delivery_price: zone.delivery_price,
    free_delivery_from: zone.free_delivery_from,
  });

  it('for random carts: the same verdict, and the same total to the kopeck', async () => {
    const verdicts = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        const user = await orderingGuest();
        const lines = cartOf(s);
        const dishes = indexDishes(menus[s.orderType]);
        const { cutlery, recommended } = await cartExtras(s, lines, user);
        const minimums = { minOrderSum: restaurant.minOrderSum, minOrderSumShop: restaurant.minOrderSumShop };
        const when = { deliveryDate: tomorrow(), deliveryTime: '11:00-14:00' };
        // The zone the map would find for the address (SPEC 4: ray casting on the zone's outline).
        const zoneWire =
          restaurant.deliveryZone.find(
            (entry) => isOn(entry.active) && zoneContainsPoint(toDomainZone(entry).polygon, KURSKY_POINT),
          ) ?? null;
        const zone = s.orderType === 'delivery' && zoneWire ? checkoutZone(zoneWire) : null;

        let code = '';
        if (s.coupon.kind === 'code') code = s.coupon.code;
        if (s.coupon.kind === 'probe') {
          const bare = cartFigures({
            lines,
            dishes,
            cutlery,
            recommended,
            coupon: { status: 'none' },
            orderType: s.orderType,
            restaurant: minimums,
            zone,
          });
          const minSum = Math.max(0, bare.totals.subtotal + s.coupon.offset);
          const terms =
            s.coupon.amount === null
              ? { percent: s.coupon.percent, amount: null }
              : { percent: null, amount: s.coupon.amount };
          await t.database.db
            .updateTable('coupons')
            .set({ ...terms, min_sum: minSum })
            .where('code', '=', PROBE_COUPON)
            .execute();
          code = PROBE_COUPON;
        }
        const coupon: CouponState = code === '' ? { status: 'none' } : await couponState(code, s.orderType, user);

        let quotedDelivery: number | null = null;
        let deliveryUuid: string | undefined;
        const body = orderRequestBody({
          user: { id: String(user.id), password: user.token },
          restaurantId: String(restaurant.id),
          orderType: s.orderType,
          lines,
          cutlery,
          recommended,
          comment: '',
          table: null,
          pickup: s.orderType === 'delivery' ? when : null,
          email: '',
          coupon: code,
          paySystem: 'sbp',
          lockCode: '',
          idempotencyKey: `parity-${process.pid}-${key++}`,
        });
        if (s.orderType === 'delivery' && s.withQuote) {
          const quote = await post(t.app, orderDelivery.path, {
            order_type: 'delivery',
            fs_uid: restaurant.fs_uid,
            cart: body.cart,
            pribors: body.pribors,
            recommendedItems: body.recommendedItems,
            location: KURSKY_POINT,
            delivery_data: when,
          });
          if (quote.statusCode === 200) {
            const answer = orderDelivery.response.parse(quote.json());
            quotedDelivery = answer.deliverySum;
            deliveryUuid = answer.uuid;
          }
        }

        const figures = cartFigures({
          lines,
          dishes,
          cutlery,
          recommended,
          coupon,
          orderType: s.orderType,
          restaurant: minimums,
          zone,
          quotedDelivery,
        });
        const order = {
          ...body,
          ...(s.orderType === 'delivery'
            ? {
                order: { ...body.order, props: { address: { ...KURSKY_POINT, full: 'Москва, ул. Земляной Вал, 33' } } },
              }
            : {}),
          ...(deliveryUuid ? { delivery_uuid: deliveryUuid } : {}),
        };
        const res = await post(t.app, orderCreate.path, order);
        const verdict = figures.button.show ? 'placed' : figures.button.reason;
        for (const seen of [
          verdict,
          `coupon ${figures.coupon.status}`,
          `${s.orderType}${quotedDelivery === null ? '' : ' quoted'} ${verdict}`,
        ]) {
          verdicts.set(seen, (verdicts.get(seen) ?? 0) + 1);
        }

        if (figures.button.show) {
          expect(res.statusCode, res.body).toBe(200);
          const created = orderCreate.response.parse(res.json());
          expect({
            sum: created.sum,
            items: created.items_sum,
            cutlery: created.cutlery_sum,
            recommended: created.recommended_sum,
            discount: created.discount_sum,
            delivery: created.delivery_sum,
            couponApplied: created.coupon_applied,
          }).toEqual({
            sum: figures.totals.toPay,
            items: figures.totals.items,
            cutlery: figures.totals.cutlery,
            recommended: figures.totals.recommended,
            discount: figures.totals.discount,
            delivery: figures.totals.delivery,
            couponApplied: code === '' ? null : figures.coupon.status === 'applied',
          });
        } else {
          // The server refuses for one of the reasons the screen lists (it names unavailable
          // dishes first; the screen's button shows the first of SPEC 5's order).
          expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
          const refusal = res.json<{ error: string; message: string }>();
          const reason = { unavailable: 'unavailable-items', minimum: 'below-minimum', empty: 'empty' }[refusal.error];
          const blocker = figures.blockers.find((entry) => entry.reason === reason);
          expect(
            blocker,
            `the server refused with ${refusal.error}, the screen said ${JSON.stringify(figures.blockers)}`,
          ).toBeDefined();
          if (blocker?.message) expect(refusal.message).toBe(blocker.message);
        }
      }),
      { numRuns: 120, seed: Number(process.env.PARITY_SEED ?? Date.now() % 2_147_483_647) },
    );
    // The runs reached every verdict the screen can give here, so the property was not vacuous.
    expect([...verdicts.keys()]).toEqual(
      expect.arrayContaining([
        'below-minimum',
        'placed',
        'unavailable-items',
        'coupon applied',
        'coupon below-minimum',
        'self placed',
        'delivery placed',
        'delivery quoted placed',
      ]),
    );
  });
});
