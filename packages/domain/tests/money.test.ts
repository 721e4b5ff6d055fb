import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { discountAmount, divideRoundingHalfAwayFromZero, formatAmount, formatMoney, parseAmount } from '../src/money';

describe('money formats (SPEC 9)', () => {
  it('shows kopecks as roubles with two decimals, a comma and the rouble sign after a regular space (SPEC 9)', () => {
    expect(formatMoney(45000)).toBe('450,00 ₽');
    expect(formatMoney(45050)).toBe('450,50 ₽');
    expect(formatMoney(5)).toBe('0,05 ₽');
    expect(formatMoney(0)).toBe('0,00 ₽');
  });

  it('uses no thousands separator (SPEC 9)', () => {
    expect(formatMoney(123456789)).toBe('1234567,89 ₽');
  });

  it('puts a minus before a negative sum', () => {
    expect(formatMoney(-1999)).toBe('-19,99 ₽');
    expect(formatAmount(-5)).toBe('-0,05');
  });

  it('formats the plain amount without the sign, for messages (SPEC 5)', () => {
    expect(formatAmount(50000)).toBe('500,00');
    expect(formatAmount(110)).toBe('1,10');
  });

  it('refuses anything but whole kopecks', () => {
    expect(() => formatMoney(450.5)).toThrow(RangeError);
    expect(() => formatAmount(Number.NaN)).toThrow('Money must be whole kopecks, got NaN');
  });
});

describe('discount rounding (SPEC 5, decision 006)', () => {
  it('takes total × percent / 100 (SPEC 5)', () => {
    expect(discountAmount(100000, 10)).toBe(10000);
    expect(discountAmount(45000, 0)).toBe(0);
  });

  it('rounds half a kopeck up to the whole kopeck', () => {
    // 1050 × 5 % = 52,5 kopecks → 53
    expect(discountAmount(1050, 5)).toBe(53);
    // 1049 × 5 % = 52,45 kopecks → 52
    expect(discountAmount(1049, 5)).toBe(52);
    // 1051 × 5 % = 52,55 kopecks → 53
    expect(discountAmount(1051, 5)).toBe(53);
  });

  it('gives a markup as a negative discount rounded the same way', () => {
    expect(discountAmount(1050, -5)).toBe(-53);
    expect(discountAmount(1049, -5)).toBe(-52);
  });

  it('honours percents to two decimals', () => {
    expect(discountAmount(10000, 12.5)).toBe(1250);
    expect(discountAmount(10000, 12.345)).toBe(1235);
    expect(discountAmount(1, 50)).toBe(1);
  });

  it('refuses fractional totals and non-finite percents', () => {
    expect(() => discountAmount(10.5, 10)).toThrow(RangeError);
    expect(() => discountAmount(100, Number.POSITIVE_INFINITY)).toThrow(
      'Percent must be a finite number, got Infinity',
    );
    expect(() => discountAmount(100, Number.NaN)).toThrow(RangeError);
  });

  it('divides rounding half away from zero', () => {
    expect(divideRoundingHalfAwayFromZero(5, 10)).toBe(1);
    expect(divideRoundingHalfAwayFromZero(4, 10)).toBe(0);
    expect(divideRoundingHalfAwayFromZero(-5, 10)).toBe(-1);
    expect(divideRoundingHalfAwayFromZero(-4, 10)).toBe(0);
    expect(divideRoundingHalfAwayFromZero(0, 10)).toBe(0);
    expect(divideRoundingHalfAwayFromZero(25, 10)).toBe(3);
    expect(divideRoundingHalfAwayFromZero(20, 10)).toBe(2);
  });

  const totals = fc.integer({ min: 0, max: 100_000_000 });
  const percents = fc.integer({ min: -10_000, max: 10_000 }).map((basisPoints) => basisPoints / 100);

  it('is the exact discount within half a kopeck (property, SPEC 5)', () => {
    fc.assert(
      fc.property(totals, percents, (total, percent) => {
        const discount = discountAmount(total, percent);
        const exactTimes10000 = BigInt(total) * BigInt(Math.round(percent * 100));
        const error = BigInt(discount) * 10_000n - exactTimes10000;
        expect(Number.isInteger(discount)).toBe(true);
        expect(error <= 5_000n && error >= -5_000n).toBe(true);
        // exactly half a kopeck always rounds away from zero
        if (error === 5_000n) expect(discount).toBeGreaterThan(0);
        if (error === -5_000n) expect(discount).toBeLessThan(0);
      }),
    );
  });

  it('never exceeds the total and turns a markup into its mirror image (property, SPEC 5)', () => {
    fc.assert(
      fc.property(totals, percents, (total, percent) => {
        const discount = discountAmount(total, Math.abs(percent));
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(total);
        expect(discountAmount(total, -Math.abs(percent))).toBe(0 - discount);
      }),
    );
  });

  it('grows with the percent (property, SPEC 5)', () => {
    fc.assert(
      fc.property(totals, percents, percents, (total, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(discountAmount(total, low)).toBeLessThanOrEqual(discountAmount(total, high));
      }),
    );
  });
});

describe('parseAmount (back-office price fields, issue 31)', () => {
  it('reads roubles with a comma, a point, no decimals and spaces between thousands', () => {
    expect(parseAmount('1234')).toBe(123_400);
    expect(parseAmount('1234,5')).toBe(123_450);
    expect(parseAmount('1234.50')).toBe(123_450);
    expect(parseAmount('1 234,05')).toBe(123_405);
    expect(parseAmount('0')).toBe(0);
  });

  it('is the inverse of formatAmount', () => {
    for (const kopecks of [0, 1, 99, 100, 12_345, 99_999_999]) expect(parseAmount(formatAmount(kopecks))).toBe(kopecks);
  });

  it('refuses what is not an amount: letters, three decimals, a sign, nothing, above the limit', () => {
    for (const text of ['', ' ', 'abc', '12,345', '-5', '+5', '1e3', '12,', ',5', '1234567890'])
      expect(parseAmount(text)).toBeNull();
    expect(parseAmount('1000,01', 100_000)).toBeNull();
    expect(parseAmount('1000', 100_000)).toBe(100_000);
  });
});
