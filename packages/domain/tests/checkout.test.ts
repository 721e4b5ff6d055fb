import { describe, expect, it } from 'vitest';
import { type Dish, indexDishes } from '../src/cart';
import { couponBelowMinimumMessage, quoteCheckout } from '../src/checkout';

// Prices in kopecks. Built per test, never while the file loads (see cart.test.ts).
const soup: Dish = {
  id: 1,
  price: 30_000,
  allowed: '1',
  is_shop: '0',
  spec: [
    { specid: 11, price: 5_000, disabled: '0' },
    { specid: 12, price: 7_000, disabled: '1' },
  ],
};
const jam: Dish = { id: 2, price: 50_000, allowed: '1', is_shop: '1', spec: [] };
const stopped: Dish = { id: 3, price: 10_000, allowed: '0', is_shop: '0', spec: [] };
const dishes = () => indexDishes([soup, jam, stopped]);
const restaurant = { minOrderSum: { inrest: 0, self: 50_000 }, minOrderSumShop: { self: 80_000 } };
const zone = {
  minordersum_rest: 100_000,
  minordersum_shop: 150_000,
  delivery_price: 19_900,
  free_delivery_from: 200_000,
};
const base = { dishes: dishes(), restaurant, orderType: 'self' as const };

describe('quoteCheckout: the one checkout quote (issue 12, SPEC 5)', () => {
  it('prices lines, cutlery and recommended items above their free counts, then the coupon (SPEC 5)', () => {
    const quote = quoteCheckout({
      ...base,
      lines: [{ item: 1, spec: 11, cnt: 2 }],
      cutlery: [{ id: 1, cnt: 3, price: 1_000, free_cnt: 1 }],
      recommended: [{ id: 2, cnt: 1, price: 4_000, free_cnt: 0 }],
      coupon: { percent: 10, min_sum: 0 },
    });
    expect(quote.lineSums).toEqual([70_000]);
    expect(quote.totals).toEqual({
      items: 70_000,
      cutlery: 2_000,
      recommended: 4_000,
      subtotal: 76_000,
      discount: 7_600,
      delivery: 0,
      toPay: 68_400,
    });
    expect(quote.coupon).toEqual({ status: 'applied', percent: 10, minSum: 0 });
    expect(quote.blockers).toEqual([]);
    expect(quote.button).toEqual({ show: true });
  });

  it('does not apply a coupon below its minimum and says so, the total without it (issue 12)', () => {
    const below = quoteCheckout({ ...base, lines: [{ item: 1, cnt: 2 }], coupon: { percent: 10, min_sum: 60_001 } });
    expect(below.coupon).toEqual({
      status: 'below-minimum',
      percent: 10,
      minSum: 60_001,
      message: 'Купон действует при заказе от 600,01 ₽',
    });
    expect(below.discountPercent).toBe(0);
    expect(below.totals.toPay).toBe(60_000);
    // Not a blocker: the order can be placed, without the discount.
    expect(below.button).toEqual({ show: true });
    const at = quoteCheckout({ ...base, lines: [{ item: 1, cnt: 2 }], coupon: { percent: 10, min_sum: 60_000 } });
    expect(at.coupon.status).toBe('applied');
    expect(at.totals.toPay).toBe(54_000);
    expect(couponBelowMinimumMessage(100_000)).toBe('Купон действует при заказе от 1000,00 ₽');
  });

  it('counts a markup (negative percent) like a discount (SPEC 2 Cart)', () => {
    const quote = quoteCheckout({ ...base, lines: [{ item: 1, cnt: 2 }], coupon: { percent: -5, min_sum: 0 } });
    expect(quote.totals.discount).toBe(-3_000);
    expect(quote.totals.toPay).toBe(63_000);
  });

  it("charges delivery from the zone and measures free delivery against the minimum's base, delivery excluded (issue 12)", () => {
    const delivery = { ...base, orderType: 'delivery' as const, zone };
    const paid = quoteCheckout({
      ...delivery,
      lines: [{ item: 1, cnt: 5 }],
      cutlery: [{ id: 1, cnt: 1, price: 49_999, free_cnt: 0 }],
    });
    // 150 000 dishes + 49 999 cutlery = 199 999: one kopeck short of free delivery.
    expect(paid.totals.delivery).toBe(19_900);
    const free = quoteCheckout({
      ...delivery,
      lines: [{ item: 1, cnt: 5 }],
      cutlery: [{ id: 1, cnt: 1, price: 50_000, free_cnt: 0 }],
    });
    // Cutlery counts toward free delivery, as toward the minimum.
    expect(free.totals.delivery).toBe(0);
    // The discount never reaches delivery, and a discount does not take free delivery away.
    const discounted = quoteCheckout({
      ...delivery,
      lines: [{ item: 1, cnt: 7 }],
      coupon: { percent: 50, min_sum: 0 },
    });
    expect(discounted.totals).toMatchObject({ subtotal: 210_000, discount: 105_000, delivery: 0, toPay: 105_000 });
  });

  it('keeps a delivery sum quoted earlier, and has no delivery sum until the zone is known', () => {
    const delivery = { ...base, orderType: 'delivery' as const, lines: [{ item: 1, cnt: 5 }] };
    expect(quoteCheckout({ ...delivery, zone, quotedDelivery: 25_000 }).totals.delivery).toBe(25_000);
    expect(quoteCheckout({ ...delivery, zone: null }).totals.delivery).toBe(0);
    // Delivery is charged to delivery orders only.
    expect(quoteCheckout({ ...base, lines: [{ item: 1, cnt: 5 }], zone, quotedDelivery: 25_000 }).totals.delivery).toBe(
      0,
    );
  });

  it('takes the minimum of the zone, the restaurant or a larger booking, with the SPEC 5 message', () => {
    const short = quoteCheckout({ ...base, orderType: 'delivery', zone, lines: [{ item: 1, cnt: 3 }] });
    expect(short.minimum).toBe(100_000);
    expect(short.blockers).toEqual([
      { reason: 'below-minimum', message: 'Минимальная сумма заказа без учета стоимости доставки: 1000,00 руб.' },
    ]);
    const shop = quoteCheckout({ ...base, lines: [{ item: 2, cnt: 1 }] });
    expect(shop.minimum).toBe(80_000);
    expect(shop.button).toEqual({
      show: false,
      reason: 'below-minimum',
      message: 'Минимальная сумма заказа: 800,00 руб.',
    });
    const booked = quoteCheckout({
      ...base,
      orderType: 'inrest',
      booking: { min_sum: 300_000 },
      lines: [{ item: 1, cnt: 1 }],
    });
    expect(booked.minimum).toBe(300_000);
  });

  it('lists every reason the order cannot be placed, the button showing the first (SPEC 5)', () => {
    expect(quoteCheckout({ ...base, lines: [] }).blockers).toEqual([{ reason: 'empty', message: null }]);
    const all = quoteCheckout({
      ...base,
      lines: [
        { item: 1, cnt: 1 },
        { item: 3, cnt: 1 },
      ],
      purchaseAllowed: false,
      textNoTime: 'Сейчас заказ недоступен',
    });
    expect(all.blockers.map((blocker) => blocker.reason)).toEqual([
      'purchase-not-allowed',
      'below-minimum',
      'unavailable-items',
    ]);
    expect(all.button).toEqual({ show: false, reason: 'purchase-not-allowed', message: 'Сейчас заказ недоступен' });
    // A stopped dish or a disabled option counts nothing and blocks the order (SPEC 5).
    const disabled = quoteCheckout({ ...base, lines: [{ item: 1, spec: 12, cnt: 2 }] });
    expect(disabled.lineSums).toEqual([60_000]);
    expect(disabled.unavailable).toHaveLength(1);
    expect(disabled.button).toEqual({ show: false, reason: 'unavailable-items', message: null });
  });

  it('shows the button from a sum of one kopeck when there is no minimum (SPEC 5)', () => {
    const cheap = indexDishes([{ id: 9, price: 1, allowed: '1', is_shop: '0', spec: [] }]);
    expect(quoteCheckout({ ...base, orderType: 'inrest', dishes: cheap, lines: [{ item: 9, cnt: 1 }] }).button).toEqual(
      { show: true },
    );
  });

  it('takes a fixed coupon’s amount off the subtotal, never more than the subtotal, delivery still paid (issue 31)', () => {
    const fixed = quoteCheckout({
      ...base,
      lines: [{ item: 1, cnt: 2 }],
      coupon: { percent: 0, amount: 20_000, min_sum: 0 },
    });
    expect(fixed.totals).toMatchObject({ subtotal: 60_000, discount: 20_000, toPay: 40_000 });
    expect(fixed.discountPercent).toBe(0);
    expect(fixed.discountLabel).toBe('Скидка 200,00 ₽');
    expect(fixed.coupon).toEqual({ status: 'applied', percent: 0, minSum: 0, amount: 20_000 });

    const larger = quoteCheckout({
      ...base,
      orderType: 'delivery',
      zone,
      lines: [{ item: 1, cnt: 4 }],
      coupon: { percent: 0, amount: 500_000, min_sum: 0 },
    });
    expect(larger.totals).toMatchObject({ subtotal: 120_000, discount: 120_000, delivery: 19_900, toPay: 19_900 });

    const below = quoteCheckout({
      ...base,
      lines: [{ item: 1, cnt: 2 }],
      coupon: { percent: 0, amount: 20_000, min_sum: 100_000 },
    });
    expect(below.coupon).toEqual({
      status: 'below-minimum',
      percent: 0,
      minSum: 100_000,
      amount: 20_000,
      message: 'Купон действует при заказе от 1000,00 ₽',
    });
    expect(below.totals).toMatchObject({ discount: 0, toPay: 60_000 });
    expect(below.discountLabel).toBeNull();
  });

  it('labels a percent discount or markup row, none without a coupon', () => {
    expect(
      quoteCheckout({ ...base, lines: [{ item: 1, cnt: 2 }], coupon: { percent: 10, min_sum: 0 } }).discountLabel,
    ).toBe('Скидка 10 %');
    expect(
      quoteCheckout({ ...base, lines: [{ item: 1, cnt: 2 }], coupon: { percent: -5, min_sum: 0 } }).discountLabel,
    ).toBe('Наценка 5 %');
    expect(quoteCheckout({ ...base, lines: [{ item: 1, cnt: 2 }] }).discountLabel).toBeNull();
  });
});
