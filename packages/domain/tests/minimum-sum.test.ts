import { describe, expect, it } from 'vitest';
import { type Dish, indexDishes } from '../src/cart';
import { minimumOrderSum, minimumSumMessage } from '../src/minimum-sum';

const soup: Dish = { id: 1, price: 30000, allowed: '1', is_shop: '0', spec: [] };
const jam: Dish = { id: 2, price: 50000, allowed: '1', is_shop: '1', spec: [] };
// Built per test, never while the file loads (see cart.test.ts).
const dishes = (): ReturnType<typeof indexDishes> => indexDishes([soup, jam]);
const restaurantOnly = [{ item: 1 }];
const withShop = [{ item: 1 }, { item: 2 }];
const restaurant = {
  minOrderSum: { inrest: 0, self: 50000, delivery: 70000 },
  minOrderSumShop: { inrest: 10000, self: 80000, delivery: 90000 },
};
const zone = { minordersum_rest: 100000, minordersum_shop: 150000 };

describe('minimum order sum (SPEC 5)', () => {
  it('takes the zone restaurant minimum for delivery (SPEC 5)', () => {
    expect(minimumOrderSum({ orderType: 'delivery', lines: restaurantOnly, dishes: dishes(), restaurant, zone })).toBe(
      100000,
    );
  });

  it('takes the zone shop minimum for delivery when any item is a shop item (SPEC 5)', () => {
    expect(minimumOrderSum({ orderType: 'delivery', lines: withShop, dishes: dishes(), restaurant, zone })).toBe(
      150000,
    );
  });

  it('takes the restaurant minimum by order type otherwise (SPEC 5)', () => {
    expect(minimumOrderSum({ orderType: 'self', lines: restaurantOnly, dishes: dishes(), restaurant })).toBe(50000);
    expect(minimumOrderSum({ orderType: 'inrest', lines: restaurantOnly, dishes: dishes(), restaurant })).toBe(0);
    expect(minimumOrderSum({ orderType: 'self', lines: withShop, dishes: dishes(), restaurant, zone })).toBe(80000);
  });

  it('falls back to the restaurant for delivery before a zone is known', () => {
    expect(
      minimumOrderSum({ orderType: 'delivery', lines: restaurantOnly, dishes: dishes(), restaurant, zone: null }),
    ).toBe(70000);
  });

  it('reads a single restaurant minimum for every type, and none when absent', () => {
    expect(
      minimumOrderSum({
        orderType: 'self',
        lines: withShop,
        dishes: dishes(),
        restaurant: { minOrderSum: 100, minOrderSumShop: 200 },
      }),
    ).toBe(200);
    expect(minimumOrderSum({ orderType: 'self', lines: restaurantOnly, dishes: dishes(), restaurant: {} })).toBe(0);
    expect(
      minimumOrderSum({
        orderType: 'self',
        lines: restaurantOnly,
        dishes: dishes(),
        restaurant: { minOrderSum: { inrest: 5 } },
      }),
    ).toBe(0);
  });

  it('applies the booking minimum for inrest when larger (SPEC 5)', () => {
    const input = { orderType: 'inrest' as const, lines: withShop, dishes: dishes(), restaurant };
    expect(minimumOrderSum({ ...input, booking: { min_sum: 300000 } })).toBe(300000);
    expect(minimumOrderSum({ ...input, booking: { min_sum: 5000 } })).toBe(10000);
    expect(minimumOrderSum({ ...input, orderType: 'self', booking: { min_sum: 300000 } })).toBe(80000);
  });
});

describe('minimum sum message (SPEC 5)', () => {
  it('writes both minimum texts with the amount in roubles and kopecks (SPEC 5)', () => {
    expect(minimumSumMessage(150050, false)).toBe('Минимальная сумма заказа: 1500,50 руб.');
    expect(minimumSumMessage(100000, true)).toBe('Минимальная сумма заказа без учета стоимости доставки: 1000,00 руб.');
  });
});
