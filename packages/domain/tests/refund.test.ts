import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountAmount } from '../src/money';
import { orderStatusText } from '../src/order-status';
import { addCounts, isRefundRefusal, REFUND_TEXTS, refundAmount, refundedValue, type RefundOrder } from '../src/refund';

// Issue 31 "Cancel a paid order with its money returned", decision 050: the one rule of a refund's sum.

/** An order as checkout makes it: lines, a coupon's percent rounded once on their sum (decision 006), delivery after it. */
function orderOf(lines: { cnt: number; lineSum: number }[], percent: number, delivery: number): RefundOrder {
  const withIds = lines.map((line, index) => ({ id: index + 1, ...line }));
  const base = withIds.reduce((sum, line) => sum + line.lineSum, 0);
  const discount = discountAmount(base, percent);
  return { lines: withIds, discount, paid: Math.max(0, base - discount + delivery) };
}

const NOTHING = { counts: new Map<number, number>(), returned: 0 };

describe('refundAmount: a refund of lines or of the whole order', () => {
  // 2 × 250,00 ₽ soup and 1 × 100,00 ₽ tea, a 10 % coupon (60,00 ₽), delivery 150,00 ₽: paid 690,00 ₽.
  const order = orderOf(
    [
      { cnt: 2, lineSum: 50_000 },
      { cnt: 1, lineSum: 10_000 },
    ],
    10,
    15_000,
  );

  it('returns a line with its share of the coupon discount, delivery only with the whole order', () => {
    expect(order.paid).toBe(69_000);
    const soup = refundAmount(order, NOTHING, { full: false, lines: [{ id: 1, cnt: 1 }] });
    // 250,00 ₽ less 10 %: 225,00 ₽.
    expect(soup).toEqual({ amount: 22_500, counts: new Map([[1, 1]]) });
    const all = refundAmount(order, NOTHING, {
      full: false,
      lines: [
        { id: 1, cnt: 2 },
        { id: 2, cnt: 1 },
      ],
    });
    // Every line, but not the delivery: 600,00 − 60,00.
    expect(isRefundRefusal(all) ? null : all.amount).toBe(54_000);
    expect(refundAmount(order, NOTHING, { full: true })).toEqual({
      amount: 69_000,
      counts: new Map([
        [1, 2],
        [2, 1],
      ]),
    });
  });

  it('after a part, the whole order returns what is left of the paid sum', () => {
    const after = { counts: new Map([[1, 1]]), returned: 22_500 };
    expect(refundAmount(order, after, { full: true })).toEqual({
      amount: 46_500,
      counts: new Map([
        [1, 1],
        [2, 1],
      ]),
    });
  });

  it('refuses more units than are left, lines not in the order, nothing chosen, nothing left', () => {
    const after = { counts: new Map([[1, 2]]), returned: 45_000 };
    expect(refundAmount(order, after, { full: false, lines: [{ id: 1, cnt: 1 }] })).toEqual({
      message: REFUND_TEXTS.tooManyUnits,
      lineId: 1,
    });
    expect(refundAmount(order, NOTHING, { full: false, lines: [{ id: 9, cnt: 1 }] })).toEqual({
      message: REFUND_TEXTS.unknownLine,
      lineId: 9,
    });
    expect(refundAmount(order, NOTHING, { full: false, lines: [] })).toEqual({ message: REFUND_TEXTS.chooseLines });
    expect(refundAmount(order, { counts: new Map(), returned: 69_000 }, { full: true })).toEqual({
      message: REFUND_TEXTS.nothingLeft,
    });
  });

  it('rounds each part half away from zero (decision 006): 1 of 3 units of 100,00 ₽ with 7,5 % off', () => {
    const odd = orderOf([{ cnt: 3, lineSum: 10_000 }], 7.5, 0);
    // 33,333… ₽ → 33,33 ₽ of goods, its discount 2,49975 ₽ → 2,50 ₽: 30,83 ₽.
    expect(refundedValue(odd, new Map([[1, 1]]))).toBe(3_083);
  });
});

const orderArbitrary = fc
  .record({
    lines: fc.array(fc.record({ cnt: fc.integer({ min: 1, max: 9 }), lineSum: fc.integer({ min: 0, max: 500_000 }) }), {
      minLength: 1,
      maxLength: 6,
    }),
    percent: fc.integer({ min: 0, max: 10_000 }).map((basis) => basis / 100),
    delivery: fc.integer({ min: 0, max: 50_000 }),
  })
  .map(({ lines, percent, delivery }) => orderOf(lines, percent, delivery));

/** The order with a sequence of partial refunds of random units, then perhaps the whole order. */
const refundsArbitrary = orderArbitrary.chain((order) =>
  fc.record({
    order: fc.constant(order),
    steps: fc.array(
      fc.array(
        fc.record({ id: fc.integer({ min: 1, max: order.lines.length }), cnt: fc.integer({ min: 1, max: 3 }) }),
        { maxLength: 3 },
      ),
      { maxLength: 6 },
    ),
    thenFull: fc.boolean(),
  }),
);

describe('refundAmount: properties', () => {
  it('parts never exceed what was paid; the whole order after any parts makes the paid sum exactly', () => {
    fc.assert(
      fc.property(refundsArbitrary, ({ order, steps, thenFull }) => {
        let before = { counts: new Map<number, number>(), returned: 0 };
        for (const step of steps) {
          const result = refundAmount(order, before, { full: false, lines: step });
          if (isRefundRefusal(result)) continue;
          expect(result.amount).toBeGreaterThan(0);
          before = {
            counts: addCounts(
              [...before.counts].map(([id, cnt]) => ({ id, cnt })),
              [...result.counts].map(([id, cnt]) => ({ id, cnt })),
            ),
            returned: before.returned + result.amount,
          };
          expect(before.returned).toBeLessThanOrEqual(order.paid);
          for (const line of order.lines) expect(before.counts.get(line.id) ?? 0).toBeLessThanOrEqual(line.cnt);
        }
        // Parts add up to what refunding the same units at once returns (the order of refunds does not matter).
        expect(before.returned).toBe(refundedValue(order, before.counts));
        if (thenFull) {
          const rest = refundAmount(order, before, { full: true });
          if (before.returned < order.paid) {
            expect(isRefundRefusal(rest)).toBe(false);
            if (!isRefundRefusal(rest)) expect(before.returned + rest.amount).toBe(order.paid);
          } else expect(isRefundRefusal(rest)).toBe(true);
        }
      }),
    );
  });

  it('every line refunded returns the goods less the whole discount; the whole order returns the paid sum', () => {
    fc.assert(
      fc.property(orderArbitrary, (order) => {
        const all = new Map(order.lines.map((line) => [line.id, line.cnt]));
        const goods = order.lines.reduce((sum, line) => sum + line.lineSum, 0);
        expect(refundedValue(order, all)).toBe(Math.min(Math.max(goods - order.discount, 0), order.paid));
        const full = refundAmount(order, NOTHING, { full: true });
        if (order.paid > 0) expect(isRefundRefusal(full) ? null : full.amount).toBe(order.paid);
      }),
    );
  });
});

describe('the status text with the refund (SPEC 3 status_text)', () => {
  it('tells a cancelled order its money came back, or is coming', () => {
    expect(orderStatusText(90, 'delivery', true, { returned: 45_000, returning: 0 })).toBe(
      'Отменён, деньги возвращены: 450,00 ₽',
    );
    expect(orderStatusText(90, 'delivery', true, { returned: 0, returning: 45_000 })).toBe(
      'Отменён, деньги возвращаются: 450,00 ₽',
    );
    expect(orderStatusText(30, 'self', true, { returned: 15_000, returning: 0 })).toBe(
      'Готовится · возвращено 150,00 ₽',
    );
    expect(orderStatusText(90, 'self', false, { returned: 0, returning: 0 })).toBe('Отменён');
    // A refund the bank refused waits for a manager's retry: the guest reads it is delayed.
    expect(orderStatusText(90, 'delivery', true, { returned: 0, returning: 45_000, delayed: true })).toBe(
      'Отменён, возврат денег задерживается: 450,00 ₽',
    );
    expect(orderStatusText(30, 'self', true, { returned: 5_000, returning: 10_000, delayed: true })).toBe(
      'Готовится · возврат задерживается: 150,00 ₽',
    );
    expect(orderStatusText(90, 'delivery', true, { returned: 45_000, returning: 0, delayed: true })).toBe(
      'Отменён, деньги возвращены: 450,00 ₽',
    );
    expect(orderStatusText(20, 'self', true)).toBe('Принят');
  });
});
