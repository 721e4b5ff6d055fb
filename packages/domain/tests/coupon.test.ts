import { describe, expect, it } from 'vitest';
import {
  COUPON_UNKNOWN_MESSAGE,
  couponCodeProblem,
  couponProblem,
  couponProblemMessage,
  type CouponRules,
  couponTermsLabel,
  normaliseCouponCode,
} from '../src/coupon';

const coupon: CouponRules = {
  percent: 10,
  active: true,
  active_from: '2026-01-01',
  active_to: '2026-12-31',
  order_types: ['self', 'delivery'],
  restaurant_ids: null,
  min_sum: 0,
  once_per_user: false,
};
const order = {
  today: { year: 2026, month: 11, day: 21 },
  orderType: 'self' as const,
  restaurantId: 1,
  usedByGuest: false,
};

describe('coupon rules (issue 5: dates, order types, restaurants, minimum, one use)', () => {
  it('applies within its dates, on both first and last day', () => {
    expect(couponProblem(coupon, order)).toBeNull();
    expect(couponProblem(coupon, { ...order, today: { year: 2026, month: 1, day: 1 } })).toBeNull();
    expect(couponProblem(coupon, { ...order, today: { year: 2026, month: 12, day: 31 } })).toBeNull();
  });
  it('is expired before it starts, after it ends, and when switched off', () => {
    expect(couponProblem(coupon, { ...order, today: { year: 2025, month: 12, day: 31 } })).toBe('coupon_expired');
    expect(couponProblem(coupon, { ...order, today: { year: 2027, month: 1, day: 1 } })).toBe('coupon_expired');
    expect(couponProblem({ ...coupon, active: false }, order)).toBe('coupon_expired');
    expect(couponProblem({ ...coupon, active_to: 'garbage' }, order)).toBe('coupon_expired');
  });
  it('reads only whole YYYY-MM-DD dates: text around one makes the coupon expired', () => {
    expect(couponProblem({ ...coupon, active_from: 'x2026-01-01' }, order)).toBe('coupon_expired');
    expect(couponProblem({ ...coupon, active_from: '12026-01-01' }, order)).toBe('coupon_expired');
    expect(couponProblem({ ...coupon, active_to: '2026-12-31T23:59' }, order)).toBe('coupon_expired');
    expect(couponProblem({ ...coupon, active_to: '2026-12-311' }, order)).toBe('coupon_expired');
  });
  it('holds only for its order types and restaurants', () => {
    expect(couponProblem(coupon, { ...order, orderType: 'inrest' })).toBe('coupon_order_type');
    expect(couponProblem({ ...coupon, restaurant_ids: [2, 3] }, order)).toBe('coupon_restaurant');
    expect(couponProblem({ ...coupon, restaurant_ids: [1] }, order)).toBeNull();
  });
  it('serves a one-time coupon once per user', () => {
    expect(couponProblem({ ...coupon, once_per_user: true }, { ...order, usedByGuest: true })).toBe('coupon_used');
    expect(couponProblem({ ...coupon, once_per_user: true }, { ...order, usedByGuest: false })).toBeNull();
    expect(couponProblem({ ...coupon, once_per_user: false }, { ...order, usedByGuest: true })).toBeNull();
  });
  it('refuses a once-per-guest coupon to an order without a guest (a kiosk), which could use it again and again (issue 11)', () => {
    expect(couponProblem({ ...coupon, once_per_user: true }, { ...order, usedByGuest: null })).toBe(
      'coupon_needs_guest',
    );
    expect(couponProblem({ ...coupon, once_per_user: false }, { ...order, usedByGuest: null })).toBeNull();
    // The coupon's own terms come first: an expired one says so.
    expect(couponProblem({ ...coupon, once_per_user: true, active: false }, { ...order, usedByGuest: null })).toBe(
      'coupon_expired',
    );
  });
  it('leaves the minimum sum to the checkout quote: a coupon below it is not a problem (issue 12)', () => {
    expect(couponProblem({ ...coupon, min_sum: 300_000 }, order)).toBeNull();
  });
  it('explains each problem in Russian', () => {
    expect(couponProblemMessage('coupon_used')).toBe('Вы уже использовали этот купон');
    expect(couponProblemMessage('coupon_needs_guest')).toBe(
      'Этот купон действует один раз для каждого гостя: войдите в приложение, чтобы применить его',
    );
    expect(couponProblemMessage('coupon_expired')).toBe('Срок действия купона истёк или ещё не начался');
    expect(couponProblemMessage('coupon_order_type')).toBe('Купон не действует для этого способа получения заказа');
    expect(couponProblemMessage('coupon_restaurant')).toBe('Купон не действует в этом ресторане');
    expect(COUPON_UNKNOWN_MESSAGE).toBe('Купон не найден');
  });
  it('is used up at its total number of uses, not before (issue 31)', () => {
    expect(couponProblem({ ...coupon, max_uses: 3 }, { ...order, uses: 2 })).toBeNull();
    expect(couponProblem({ ...coupon, max_uses: 3 }, { ...order, uses: 3 })).toBe('coupon_used_up');
    expect(couponProblem({ ...coupon, max_uses: 3 }, { ...order, uses: 4 })).toBe('coupon_used_up');
    expect(couponProblem({ ...coupon, max_uses: null }, { ...order, uses: 1_000 })).toBeNull();
    expect(couponProblemMessage('coupon_used_up')).toBe(
      'Купон закончился: его уже использовали столько раз, сколько он действует',
    );
  });
});

describe('coupon codes and terms (issue 31)', () => {
  it('reads a code as the guest’s coupon field does: spaces dropped, upper case, Cyrillic too', () => {
    expect(normaliseCouponCode(' zhar 10\t')).toBe('ZHAR10');
    expect(normaliseCouponCode('весна-25')).toBe('ВЕСНА-25');
    expect(normaliseCouponCode('ZHAR10')).toBe(normaliseCouponCode('Zhar10'));
  });
  it('takes 3 to 32 letters, digits, «-» and «_»', () => {
    for (const code of ['ABC', 'ВЕСНА-25', 'A_1', 'X'.repeat(32)]) expect(couponCodeProblem(code), code).toBeNull();
    expect(couponCodeProblem('AB')).toBe('Код купона — от 3 до 32 символов.');
    expect(couponCodeProblem('X'.repeat(33))).toBe('Код купона — от 3 до 32 символов.');
    for (const code of ['ZHAR!0', 'A.B.C', 'КОД%'])
      expect(couponCodeProblem(code), code).toBe('В коде купона — только буквы, цифры, «-» и «_».');
  });
  it('says what a coupon gives: a percent, a markup or a fixed sum', () => {
    expect(couponTermsLabel({ percent: 10 })).toBe('Скидка 10 %');
    expect(couponTermsLabel({ percent: -5 })).toBe('Наценка 5 %');
    expect(couponTermsLabel({ percent: null, amount: 20_000 })).toBe('Скидка 200,00 ₽');
  });
});
