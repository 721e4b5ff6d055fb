import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addToCart, type CartLine, changeLineCount, lineToken, removeLine, setLineCount } from '../src/cart-lines';
import {
  addToCartBlocker,
  canIncreaseCutlery,
  cartTotal,
  changeCutleryCount,
  cutleryCountWithin,
  changeRecommendedCount,
  chargedCount,
  type Dish,
  extrasTotal,
  hasShopItem,
  indexDishes,
  isLineAvailable,
  linePriceChanges,
  lineTotal,
  mergeRepeatedItems,
  mergeRepeatedOptions,
  orderTotals,
  type PricedLine,
  unavailableLines,
} from '../src/cart';
import { fnv1a32 } from '../src/hash';

// Pizza 450,00 ₽ with a size (single) and toppings (multi); one size and one topping are disabled.
const pizza: Dish = {
  id: 10,
  price: 45000,
  allowed: '1',
  is_shop: '0',
  spec: [
    { specid: 1, price: 10000, disabled: '0' }, // large
    { specid: 2, price: 20000, disabled: '1' }, // family size, disabled
    { specid: 3, price: 5000, disabled: '0' }, // cheese
    { specid: 4, price: 7000, disabled: '1' }, // truffle, disabled
    { specid: '5', price: 3000, disabled: 0 }, // olives, string id
  ],
};
const tea: Dish = { id: '20', price: 15000, allowed: 1, is_shop: true, spec: [] };
const soldOut: Dish = { id: 30, price: 99900, allowed: '0', is_shop: '0', spec: [] };
const locked: Dish = { id: 40, price: 100, allowed: true, is_shop: '0', is_locked: '1', spec: [] };
// Fixtures are built inside the tests, never while the file loads: a mutant that throws at load
// time would hide every test of the file from the mutation run.
const dishes = (): ReturnType<typeof indexDishes> => indexDishes([pizza, tea, soldOut, locked]);

function line(partial: Partial<CartLine> & Pick<CartLine, 'item'>): CartLine {
  return { token: lineToken(partial), cnt: 1, comment: '', spec: null, specs: [], ...partial };
}

describe('line token (SPEC 3)', () => {
  it('hashes item id, spec id and the sorted specs with FNV-1a (SPEC 3)', () => {
    expect(lineToken({ item: 10, spec: 1, specs: [{ specid: 3, cnt: 2 }] })).toBe(fnv1a32('10|1|3:2'));
    expect(lineToken({ item: 10 })).toBe(fnv1a32('10||'));
    expect(lineToken({ item: 10 })).toMatch(/^[0-9a-f]{8}$/);
  });

  it('is the same whatever order the specs come in', () => {
    const a = lineToken({
      item: 10,
      specs: [
        { specid: 3, cnt: 1 },
        { specid: '5', cnt: 2 },
      ],
    });
    const b = lineToken({
      item: 10,
      specs: [
        { specid: '5', cnt: 2 },
        { specid: 3, cnt: 1 },
      ],
    });
    expect(a).toBe(b);
    expect(a).toBe(fnv1a32('10||3:1,5:2'));
  });

  it('ignores specs chosen zero times and the copied prices', () => {
    expect(lineToken({ item: 10, specs: [{ specid: 3, cnt: 0 }] })).toBe(lineToken({ item: 10 }));
    expect(lineToken({ item: 10, specs: [{ specid: 3, cnt: 1, price: 1 }] })).toBe(
      lineToken({ item: 10, specs: [{ specid: 3, cnt: 1, price: 999 }] }),
    );
  });

  it('tells apart dishes, single options and multi option counts', () => {
    const tokens = new Set([
      lineToken({ item: 10 }),
      lineToken({ item: 11 }),
      lineToken({ item: 10, spec: 1 }),
      lineToken({ item: 10, specs: [{ specid: 3, cnt: 1 }] }),
      lineToken({ item: 10, specs: [{ specid: 3, cnt: 2 }] }),
    ]);
    expect(tokens.size).toBe(5);
  });
});

describe('cart changes (SPEC 4)', () => {
  it('adds a new line with count 1 by default (SPEC 4)', () => {
    const cart = addToCart([], { item: 10, spec: 1 });
    expect(cart).toEqual([
      { token: lineToken({ item: 10, spec: 1 }), item: 10, cnt: 1, comment: '', spec: 1, specs: [] },
    ]);
  });

  it('keeps the comment and options of a new line', () => {
    const specs = [{ specid: 3, cnt: 2, price: 5000 }];
    const [added] = addToCart([], { item: 10, cnt: 3, comment: 'без лука', specs });
    expect(added).toEqual({
      token: lineToken({ item: 10, specs }),
      item: 10,
      cnt: 3,
      comment: 'без лука',
      spec: null,
      specs,
    });
  });

  it('raises the count when the token is already in the cart (SPEC 4)', () => {
    const first = addToCart([], { item: 10, spec: 1, comment: 'первый' });
    const tea1 = addToCart(first, { item: 20 });
    const again = addToCart(tea1, { item: 10, spec: 1, cnt: 2, comment: 'второй' });
    expect(again).toHaveLength(2);
    expect(again[0]).toMatchObject({ item: 10, cnt: 3, comment: 'первый' });
    expect(again[1]).toBe(tea1[1]);
  });

  it('adds a different choice of the same dish as its own line', () => {
    const cart = addToCart(addToCart([], { item: 10, spec: 1 }), { item: 10 });
    expect(cart.map((entry) => entry.cnt)).toEqual([1, 1]);
  });

  it('adds nothing for a count below 1', () => {
    const cart = addToCart([], { item: 10 });
    expect(addToCart(cart, { item: 20, cnt: 0 })).toEqual(cart);
    expect(addToCart(cart, { item: 10, cnt: -1 })).toEqual(cart);
  });

  it('decrements, and removes the line at zero (SPEC 4)', () => {
    const cart = [line({ item: 10, cnt: 2 }), line({ item: 20 })];
    const token = cart[0]?.token ?? '';
    const once = changeLineCount(cart, token, -1);
    expect(once[0]).toMatchObject({ item: 10, cnt: 1 });
    expect(changeLineCount(once, token, -1).map((entry) => entry.item)).toEqual([20]);
  });

  it('removes the line when the count goes below zero (SPEC 4)', () => {
    const cart = [line({ item: 10, cnt: 2 })];
    expect(changeLineCount(cart, cart[0]?.token ?? '', -5)).toEqual([]);
    expect(setLineCount(cart, cart[0]?.token ?? '', -1)).toEqual([]);
  });

  it('increments and sets counts of the right line only', () => {
    const cart = [line({ item: 10, cnt: 5 }), line({ item: 20 })];
    const token = cart[1]?.token ?? '';
    expect(changeLineCount(cart, token, 1).map((entry) => entry.cnt)).toEqual([5, 2]);
    expect(setLineCount(cart, token, 7).map((entry) => entry.cnt)).toEqual([5, 7]);
    expect(setLineCount(cart, token, 1)).toEqual(cart);
    expect(changeLineCount(cart, cart[0]?.token ?? '', -1).map((entry) => entry.cnt)).toEqual([4, 1]);
  });

  it('leaves the cart as it was for an unknown token', () => {
    const cart = [line({ item: 10 })];
    const changed = changeLineCount(cart, 'nope', -1);
    expect(changed).toEqual(cart);
    expect(changed).not.toBe(cart);
  });

  it('deletes a line by token (SPEC 2)', () => {
    const cart = [line({ item: 10 }), line({ item: 20 })];
    expect(removeLine(cart, cart[0]?.token ?? '')).toEqual([cart[1]]);
  });

  it('never changes the cart it was given', () => {
    const cart = Object.freeze([Object.freeze(line({ item: 10, cnt: 2 }))]);
    const token = cart[0]?.token ?? '';
    addToCart(cart, { item: 10 });
    changeLineCount(cart, token, -1);
    setLineCount(cart, token, 0);
    removeLine(cart, token);
    expect(cart[0]?.cnt).toBe(2);
  });

  it('refuses dishes not allowed, and locked dishes without a lock code (SPEC 4)', () => {
    expect(addToCartBlocker(soldOut)).toBe('not-allowed');
    expect(addToCartBlocker(soldOut, '1234')).toBe('not-allowed');
    expect(addToCartBlocker(locked)).toBe('locked');
    expect(addToCartBlocker(locked, '')).toBe('locked');
    expect(addToCartBlocker(locked, '1234')).toBeNull();
    expect(addToCartBlocker(pizza)).toBeNull();
  });
});

describe('cart total (SPEC 5)', () => {
  it('charges price plus the single option, times the count (SPEC 5)', () => {
    expect(lineTotal({ item: 10, cnt: 2, spec: 1 }, pizza)).toBe((45000 + 10000) * 2);
  });

  it('skips a disabled single option but charges the dish (SPEC 5)', () => {
    expect(lineTotal({ item: 10, cnt: 2, spec: 2 }, pizza)).toBe(45000 * 2);
  });

  it('adds each multi option price × its count × the line count (SPEC 5)', () => {
    const specs = [
      { specid: 3, cnt: 2 },
      { specid: 5, cnt: 1 },
    ];
    expect(lineTotal({ item: 10, cnt: 3, spec: 1, specs }, pizza)).toBe(
      (45000 + 10000) * 3 + 5000 * 2 * 3 + 3000 * 1 * 3,
    );
  });

  it('skips a disabled option inside the multi options (SPEC 5)', () => {
    const specs = [
      { specid: 3, cnt: 1 },
      { specid: 4, cnt: 5 },
    ];
    expect(lineTotal({ item: 10, cnt: 2, specs }, pizza)).toBe((45000 + 5000) * 2);
  });

  it('prices from the menu, never the prices the line carries (SPEC 5)', () => {
    expect(lineTotal({ item: 10, cnt: 1, specs: [{ specid: 3, cnt: 1, price: 1 }] }, pizza)).toBe(50000);
    expect(lineTotal({ item: 10, cnt: 1, spec: 99, specs: [{ specid: 98, cnt: 1, price: 100 }] }, pizza)).toBe(45000);
  });

  it('counts nothing for a dish that is missing or not allowed (SPEC 5)', () => {
    expect(lineTotal({ item: 30, cnt: 1 }, soldOut)).toBe(0);
    expect(lineTotal({ item: 99, cnt: 1 }, undefined)).toBe(0);
  });

  it('counts nothing for counts that are not whole numbers above zero', () => {
    expect(lineTotal({ item: 10, cnt: -1 }, pizza)).toBe(0);
    expect(lineTotal({ item: 10, cnt: 1.5 }, pizza)).toBe(0);
    expect(lineTotal({ item: 10, cnt: 0 }, pizza)).toBe(0);
    expect(lineTotal({ item: 10, cnt: 1, specs: [{ specid: 3, cnt: -2 }] }, pizza)).toBe(45000);
    expect(lineTotal({ item: 10, cnt: 1, specs: [{ specid: 3, cnt: 0.5 }] }, pizza)).toBe(45000);
  });

  it('sums the lines, matching dishes by id whatever its type (SPEC 5)', () => {
    const cart = [
      line({ item: 10, cnt: 1, spec: 1 }),
      line({ item: 20, cnt: 2 }),
      line({ item: '30' }),
      line({ item: 77 }),
    ];
    expect(cartTotal(cart, dishes())).toBe(55000 + 30000);
    expect(cartTotal([], dishes())).toBe(0);
  });

  const dishArbitrary = fc.record({
    price: fc.integer({ min: 0, max: 500_000 }),
    allowed: fc.constantFrom<Dish['allowed']>('1', '0', 1, 0, true, false),
    spec: fc.array(
      fc.record({ price: fc.integer({ min: 0, max: 100_000 }), disabled: fc.constantFrom<Dish['allowed']>('1', '0') }),
      { maxLength: 4 },
    ),
  });
  const menuArbitrary = fc.array(dishArbitrary, { minLength: 1, maxLength: 5 }).map((list) =>
    list.map((dish, index): Dish => ({
      id: index,
      price: dish.price,
      allowed: dish.allowed,
      is_shop: '0',
      spec: dish.spec.map((option, specIndex) => ({ specid: specIndex, ...option })),
    })),
  );
  const linesArbitrary = fc.array(
    fc.record({
      item: fc.integer({ min: 0, max: 6 }),
      cnt: fc.integer({ min: -2, max: 20 }),
      spec: fc.option(fc.integer({ min: 0, max: 5 })),
      specs: fc.array(fc.record({ specid: fc.integer({ min: 0, max: 5 }), cnt: fc.integer({ min: -1, max: 5 }) }), {
        maxLength: 3,
      }),
    }),
    { maxLength: 8 },
  );

  // The spec's formula written out once more, directly over the menu list.
  function referenceTotal(menu: Dish[], lines: PricedLine[]): number {
    let total = 0;
    for (const entry of lines) {
      const dish = menu.find((candidate) => candidate.id === entry.item);
      if (!dish || !(dish.allowed === '1' || dish.allowed === 1 || dish.allowed === true) || entry.cnt < 1) continue;
      const price = (id: unknown): number => {
        const option = dish.spec.find((candidate) => candidate.specid === id);
        return option && option.disabled !== '1' ? option.price : 0;
      };
      total += (dish.price + (entry.spec == null ? 0 : price(entry.spec))) * entry.cnt;
      for (const chosen of entry.specs ?? []) total += price(chosen.specid) * Math.max(0, chosen.cnt) * entry.cnt;
    }
    return total;
  }

  it('matches the SPEC 5 formula for any cart (property)', () => {
    fc.assert(
      fc.property(menuArbitrary, linesArbitrary, (menu, lines) => {
        const total = cartTotal(lines, indexDishes(menu));
        expect(total).toBe(referenceTotal(menu, lines));
        expect(Number.isSafeInteger(total) && total >= 0).toBe(true);
      }),
    );
  });

  it('adds up over any split of the cart and any order of lines (property)', () => {
    fc.assert(
      fc.property(menuArbitrary, linesArbitrary, fc.nat(), (menu, lines, cut) => {
        const index = indexDishes(menu);
        const at = cut % (lines.length + 1);
        expect(cartTotal(lines.slice(0, at), index) + cartTotal(lines.slice(at), index)).toBe(cartTotal(lines, index));
        expect(cartTotal(lines.toReversed(), index)).toBe(cartTotal(lines, index));
      }),
    );
  });

  it('grows in proportion to the line counts (property)', () => {
    fc.assert(
      fc.property(menuArbitrary, linesArbitrary, fc.integer({ min: 1, max: 10 }), (menu, lines, factor) => {
        const index = indexDishes(menu);
        const positive = lines.filter((entry) => entry.cnt > 0);
        const scaled = positive.map((entry) => ({ ...entry, cnt: entry.cnt * factor }));
        expect(cartTotal(scaled, index)).toBe(cartTotal(positive, index) * factor);
      }),
    );
  });
});

describe('which lines count (SPEC 5)', () => {
  it('counts a line whose dish exists and is allowed, with existing enabled options (SPEC 5)', () => {
    expect(
      isLineAvailable(
        {
          item: 10,
          spec: 1,
          specs: [
            { specid: 3, cnt: 1 },
            { specid: 5, cnt: 1 },
          ],
        },
        dishes(),
      ),
    ).toBe(true);
    expect(isLineAvailable({ item: '20' }, dishes())).toBe(true);
  });

  it('does not count a missing or disallowed dish (SPEC 5)', () => {
    expect(isLineAvailable({ item: 99 }, dishes())).toBe(false);
    expect(isLineAvailable({ item: 30 }, dishes())).toBe(false);
  });

  it('does not count a chosen option that is disabled or gone (SPEC 5)', () => {
    expect(isLineAvailable({ item: 10, spec: 2 }, dishes())).toBe(false);
    expect(isLineAvailable({ item: 10, spec: 42 }, dishes())).toBe(false);
    expect(
      isLineAvailable(
        {
          item: 10,
          specs: [
            { specid: 3, cnt: 1 },
            { specid: 4, cnt: 1 },
          ],
        },
        dishes(),
      ),
    ).toBe(false);
    expect(isLineAvailable({ item: 10, specs: [{ specid: 43, cnt: 1 }] }, dishes())).toBe(false);
  });

  it('lists the lines that do not count, for the warning (SPEC 4)', () => {
    const good = line({ item: 10 });
    const gone = line({ item: 99 });
    const disabled = line({ item: 10, spec: 2 });
    expect(unavailableLines([good, gone, disabled], dishes())).toEqual([gone, disabled]);
  });

  it('finds a shop item in the cart (SPEC 5)', () => {
    expect(hasShopItem([line({ item: 10 }), line({ item: 20 })], dishes())).toBe(true);
    expect(hasShopItem([line({ item: 10 }), line({ item: 99 })], dishes())).toBe(false);
  });
});

describe('cutlery and recommended items (SPEC 5)', () => {
  const forks = { id: 1, name: 'Приборы', cnt: 3, price: 1000, free_cnt: 2, max: 5 };

  it('charges only the cutlery above the free count (SPEC 5)', () => {
    expect(chargedCount(forks)).toBe(1);
    expect(extrasTotal([forks])).toBe(1000);
  });

  it('charges nothing when the count equals free_cnt (SPEC 5)', () => {
    expect(chargedCount({ cnt: 2, free_cnt: 2 })).toBe(0);
    expect(extrasTotal([{ id: 1, cnt: 2, price: 1000, free_cnt: 2 }])).toBe(0);
    expect(extrasTotal([{ id: 1, cnt: 1, price: 1000, free_cnt: 2 }])).toBe(0);
  });

  it('charges every item when there is no free count, and ignores odd counts', () => {
    expect(
      extrasTotal([
        { id: 1, cnt: 3, price: 500, free_cnt: 0 },
        { id: 2, cnt: 2, price: 700, free_cnt: 1 },
      ]),
    ).toBe(1500 + 700);
    expect(chargedCount({ cnt: 3, free_cnt: -2 })).toBe(3);
    expect(chargedCount({ cnt: -3, free_cnt: 0 })).toBe(0);
  });

  it('applies the free count once per item, not per line: 50 lines of 1 soy sauce are 50 of one item (SPEC 5)', () => {
    const soy = { id: 4, cnt: 1, price: 5000, free_cnt: 1 };
    expect(extrasTotal(Array.from({ length: 50 }, () => soy))).toBe(49 * 5000);
    // The same item under a numeric and a string id is still one item.
    expect(extrasTotal([soy, { ...soy, id: '4' }])).toBe(5000);
    expect(extrasTotal([soy, { ...soy, id: 5 }])).toBe(0);
  });

  it('merges repeated entries of one item into one with the summed count, first entry first (SPEC 5)', () => {
    const wipes = { id: 3, name: 'Салфетки', cnt: 20, price: 500, free_cnt: 2, max: 20 };
    const kit = { id: 4, name: 'Набор', cnt: 1, price: 4000, free_cnt: 0, max: 4 };
    const split = [wipes, kit, { ...wipes, name: 'Салфетки, ещё', cnt: 20 }];
    expect(mergeRepeatedItems(split)).toEqual([{ ...wipes, cnt: 40 }, kit]);
    expect(split[0]).toBe(wipes);
    expect(wipes.cnt).toBe(20);
    // Odd counts count as nothing, as everywhere in the cart.
    expect(
      mergeRepeatedItems([
        { ...kit, cnt: 2 },
        { ...kit, cnt: 1.5 },
        { ...kit, cnt: -1 },
      ]),
    ).toEqual([{ ...kit, cnt: 2 }]);
    expect(mergeRepeatedItems([])).toEqual([]);
  });

  it("merges a line's repeated multi option into one before its maximum (SPEC 3, 5)", () => {
    const specs = [
      { specid: 7, cnt: 2, price: 12000 },
      { specid: 8, cnt: 1 },
      { specid: '7', cnt: 2 },
    ];
    expect(mergeRepeatedOptions(specs)).toEqual([
      { specid: 7, cnt: 4, price: 12000 },
      { specid: 8, cnt: 1 },
    ]);
  });

  it('offers one more cutlery item only below max (SPEC 5)', () => {
    expect(canIncreaseCutlery({ cnt: 4, max: 5 })).toBe(true);
    expect(canIncreaseCutlery({ cnt: 5, max: 5 })).toBe(false);
  });

  it('keeps the cutlery count between 0 and max (SPEC 5)', () => {
    expect(changeCutleryCount(forks, 1)).toEqual({ ...forks, cnt: 4 });
    expect(changeCutleryCount(forks, 2).cnt).toBe(5);
    expect(changeCutleryCount(forks, 3).cnt).toBe(5);
    expect(changeCutleryCount(forks, -3).cnt).toBe(0);
    expect(changeCutleryCount(forks, -4).cnt).toBe(0);
    expect(changeCutleryCount({ cnt: 0, max: -1 }, 1).cnt).toBe(0);
    expect(forks.cnt).toBe(3);
  });

  it('holds a chosen cutlery count within 0..max, as cartPribors answers it (SPEC 5, SPEC 7)', () => {
    expect(cutleryCountWithin(7, 5)).toBe(5);
    expect(cutleryCountWithin(5, 5)).toBe(5);
    expect(cutleryCountWithin(-2, 5)).toBe(0);
    expect(cutleryCountWithin(3, -1)).toBe(0);
  });

  it('keeps the recommended count at 0 or more (SPEC 5)', () => {
    const salad = { id: 2, name: 'Салат', cnt: 1, price: 20000, free_cnt: 0 };
    expect(changeRecommendedCount(salad, 1)).toEqual({ ...salad, cnt: 2 });
    expect(changeRecommendedCount(salad, -1).cnt).toBe(0);
    expect(changeRecommendedCount(salad, -2).cnt).toBe(0);
  });
});

describe('order totals (SPEC 5)', () => {
  const cart = (): CartLine[] => [line({ item: 10, cnt: 1 })]; // 450,00
  const cutlery = [{ id: 1, cnt: 3, price: 1000, free_cnt: 2 }]; // 10,00
  const recommended = [{ id: 1, cnt: 1, price: 20050, free_cnt: 0 }]; // 200,50

  it('takes the discount over dishes, cutlery and recommended items, then adds delivery (SPEC 5)', () => {
    expect(
      orderTotals({ lines: cart(), dishes: dishes(), cutlery, recommended, discountPercent: 10, deliverySum: 15000 }),
    ).toEqual({
      items: 45000,
      cutlery: 1000,
      recommended: 20050,
      subtotal: 66050,
      discount: 6605,
      delivery: 15000,
      toPay: 66050 - 6605 + 15000,
    });
  });

  it('rounds the discount to the kopeck (SPEC 5, decision 006)', () => {
    // 660,50 ₽ × 7,5 % = 49,5375 ₽ → 49,54 ₽
    expect(orderTotals({ lines: cart(), dishes: dishes(), cutlery, recommended, discountPercent: 7.5 }).discount).toBe(
      4954,
    );
  });

  it('adds a markup for a negative percent (SPEC 2)', () => {
    const totals = orderTotals({ lines: cart(), dishes: dishes(), discountPercent: -10 });
    expect(totals.discount).toBe(-4500);
    expect(totals.toPay).toBe(49500);
  });

  it('sums split cutlery and recommended lines of one item before their free counts (SPEC 5)', () => {
    const split = orderTotals({
      lines: cart(),
      dishes: dishes(),
      cutlery: [
        { id: 1, cnt: 2, price: 1000, free_cnt: 2 },
        { id: 1, cnt: 1, price: 1000, free_cnt: 2 },
      ],
      recommended: [
        { id: 1, cnt: 1, price: 20050, free_cnt: 1 },
        { id: 1, cnt: 1, price: 20050, free_cnt: 1 },
      ],
    });
    expect(split).toMatchObject({ cutlery: 1000, recommended: 20050, subtotal: 45000 + 1000 + 20050 });
  });

  it('works without extras, discount or delivery, and never asks below zero', () => {
    expect(orderTotals({ lines: cart(), dishes: dishes() })).toEqual({
      items: 45000,
      cutlery: 0,
      recommended: 0,
      subtotal: 45000,
      discount: 0,
      delivery: 0,
      toPay: 45000,
    });
    expect(orderTotals({ lines: cart(), dishes: dishes(), discountPercent: 150 }).toPay).toBe(0);
  });
});

describe('price changes under an open cart (SPEC 5 prices; issue 31)', () => {
  const repriced = (changes: Partial<Dish>): ReturnType<typeof indexDishes> =>
    indexDishes([{ ...pizza, ...changes }, tea, soldOut, locked]);

  it('names each line whose price per portion changed, with its options, before and after', () => {
    const large = line({ item: 10, spec: 1, cnt: 3 });
    const teaLine = line({ item: '20', cnt: 2 });
    expect(linePriceChanges([large, teaLine], dishes(), repriced({ price: 49000 }))).toEqual([
      { token: large.token, item: 10, before: 55000, after: 59000 },
    ]);
  });

  it('counts an option’s new price, and nothing when the prices stayed', () => {
    const cheese = line({ item: 10, specs: [{ specid: 3, cnt: 2 }] });
    const dearerCheese = repriced({
      spec: pizza.spec.map((option) => (option.specid === 3 ? { ...option, price: 6000 } : option)),
    });
    expect(linePriceChanges([cheese], dishes(), dearerCheese)).toEqual([
      { token: cheese.token, item: 10, before: 55000, after: 57000 },
    ]);
    expect(linePriceChanges([cheese], dishes(), dishes())).toEqual([]);
  });

  it('leaves a line that became unavailable (or was) to the availability warning', () => {
    const pizzaLine = line({ item: 10 });
    expect(linePriceChanges([pizzaLine], dishes(), repriced({ allowed: '0', price: 1 }))).toEqual([]);
    expect(linePriceChanges([line({ item: 30 })], dishes(), indexDishes([{ ...soldOut, allowed: '1' }]))).toEqual([]);
  });
});
