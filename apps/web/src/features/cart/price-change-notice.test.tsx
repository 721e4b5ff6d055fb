// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MenuDish } from '@chain/contract';
import { type DishIndex, indexDishes } from '@chain/domain';
import type { CartLine } from '../../state/cart-store';
import { PRICE_CHANGED_ASK, PRICE_CHANGED_TITLE } from './cart-model';
import { PriceChangeNotice, usePriceChanges } from './price-change-notice';

// Issue 31 «A price changed under a cart … never a silent different charge»: the cart open while
// the restaurant changes a price tells the guest which dish costs what now, before they pay.

const dish = (price: number) =>
  ({ id: 101, name: 'Сырники', price, allowed: 1, is_shop: 0, spec: [] }) as unknown as MenuDish;
const tea = { id: 102, name: 'Чай', price: 15_000, allowed: 1, is_shop: 0, spec: [] } as unknown as MenuDish;
const lines: CartLine[] = [
  { token: 'syrniki', item: '101', cnt: 2, comment: '', spec: null, specs: [] },
  { token: 'tea', item: '102', cnt: 1, comment: '', spec: null, specs: [] },
];

function Harness({ menu }: { menu: readonly MenuDish[] }) {
  const index: DishIndex = indexDishes(menu);
  return <Cart menu={menu} index={index} />;
}
function Cart({ menu, index }: { menu: readonly MenuDish[]; index: DishIndex }) {
  const { changes, dismiss } = usePriceChanges(lines, index);
  return <PriceChangeNotice changes={changes} dishes={menu} onDismiss={dismiss} />;
}

afterEach(cleanup);

describe('the cart’s notice of changed prices (issue 31)', () => {
  it('says nothing for the menu the cart opened with, then names the dish, its new and old price, and asks to check the total', () => {
    const { rerender } = render(<Harness menu={[dish(39_000), tea]} />);
    expect(screen.getByRole('status').textContent).toBe('');
    rerender(<Harness menu={[dish(45_000), tea]} />);
    const status = screen.getByRole('status');
    expect(status.querySelector('h2')?.textContent).toBe(PRICE_CHANGED_TITLE);
    expect([...status.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      '«Сырники»: теперь 450,00 ₽ вместо 390,00 ₽',
    ]);
    expect(status.textContent).toContain(PRICE_CHANGED_ASK);
  });

  it('keeps the price the guest first saw through two changes, and forgets a change undone', () => {
    const { rerender } = render(<Harness menu={[dish(39_000), tea]} />);
    rerender(<Harness menu={[dish(45_000), tea]} />);
    rerender(<Harness menu={[dish(50_000), tea]} />);
    expect(screen.getByRole('listitem').textContent).toBe('«Сырники»: теперь 500,00 ₽ вместо 390,00 ₽');
    rerender(<Harness menu={[dish(39_000), tea]} />);
    expect(screen.queryByRole('listitem')).toBeNull();
  });

  it('«Понятно» dismisses it; a later change shows again', () => {
    const { rerender } = render(<Harness menu={[dish(39_000), tea]} />);
    rerender(<Harness menu={[dish(45_000), tea]} />);
    act(() => screen.getByRole('button', { name: 'Понятно' }).click());
    expect(screen.queryByRole('listitem')).toBeNull();
    rerender(<Harness menu={[dish(45_000), { ...tea, price: 20_000 }]} />);
    expect(screen.getByRole('listitem').textContent).toBe('«Чай»: теперь 200,00 ₽ вместо 150,00 ₽');
  });
});
