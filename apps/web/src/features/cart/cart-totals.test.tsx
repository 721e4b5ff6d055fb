// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { indexDishes } from '@chain/domain';
import type { CartLine } from '../../state/cart-store';
import { cartFigures } from './cart-model';
import { CartTotals } from './cart-totals';

// Issue 31: a coupon of a fixed sum shows in the guest's cart as its sum off, from the same
// checkout quote order/create charges by (packages/domain checkout.ts).

const dishes = indexDishes([{ id: 101, price: 40_000, allowed: 1, is_shop: 0, spec: [] }]);
const line = (cnt: number): CartLine => ({ token: 'margherita', item: '101', cnt, comment: '', spec: null, specs: [] });
const restaurant = { minOrderSum: { self: 0, inrest: 0 }, minOrderSumShop: { self: 0, inrest: 0 } };

afterEach(cleanup);

describe('cart totals with a coupon (SPEC 2 Cart; issue 31)', () => {
  it('shows a fixed coupon as «Скидка 150,00 ₽» and the sum to pay without it', () => {
    const figures = cartFigures({
      lines: [line(2)],
      dishes,
      cutlery: [],
      recommended: [],
      coupon: { status: 'applied', percent: 0, amount: 15_000, minSum: 0, message: 'Скидка 150,00 ₽' },
      orderType: 'self',
      restaurant,
    });
    render(<CartTotals figures={figures} />);
    expect(screen.getByText('Скидка 150,00 ₽')).toBeTruthy();
    expect(screen.getByTestId('cart-discount').textContent).toBe('−150,00 ₽');
    expect(screen.getByTestId('cart-to-pay').textContent).toBe('650,00 ₽');
  });

  it('never takes more than the dishes cost, and shows no discount row below the coupon’s minimum', () => {
    const coupon = { status: 'applied', percent: 0, amount: 100_000, minSum: 0, message: '' } as const;
    const all = cartFigures({
      lines: [line(1)],
      dishes,
      cutlery: [],
      recommended: [],
      coupon,
      orderType: 'self',
      restaurant,
    });
    render(<CartTotals figures={all} />);
    expect(screen.getByTestId('cart-discount').textContent).toBe('−400,00 ₽');
    expect(screen.getByTestId('cart-to-pay').textContent).toBe('0,00 ₽');
    cleanup();
    const below = cartFigures({
      lines: [line(1)],
      dishes,
      cutlery: [],
      recommended: [],
      coupon: { ...coupon, minSum: 50_000 },
      orderType: 'self',
      restaurant,
    });
    render(<CartTotals figures={below} />);
    expect(screen.queryByTestId('cart-discount')).toBeNull();
    expect(screen.getByTestId('cart-to-pay').textContent).toBe('400,00 ₽');
  });

  it('shows a percent coupon as before: «Скидка 10 %»', () => {
    const figures = cartFigures({
      lines: [line(2)],
      dishes,
      cutlery: [],
      recommended: [],
      coupon: { status: 'applied', percent: 10, amount: 0, minSum: 0, message: '' },
      orderType: 'self',
      restaurant,
    });
    render(<CartTotals figures={figures} />);
    expect(screen.getByText('Скидка 10 %')).toBeTruthy();
    expect(screen.getByTestId('cart-discount').textContent).toBe('−80,00 ₽');
  });
});
