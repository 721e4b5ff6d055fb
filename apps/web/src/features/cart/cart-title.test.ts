import { describe, expect, it } from 'vitest';
import { cartTitle } from './cart-title';

describe('cart title (SPEC 2 Cart)', () => {
  it('names the order type', () => {
    expect(cartTitle('self')).toBe('Самовывоз');
    expect(cartTitle('delivery')).toBe('Доставка курьером');
    expect(cartTitle('inrest')).toBe('Заказ в заведении');
    expect(cartTitle('inrest', true)).toBe('Предзаказ в заведении');
  });

  it('falls back to Корзина before an order type is chosen', () => {
    expect(cartTitle(null)).toBe('Корзина');
  });
});
