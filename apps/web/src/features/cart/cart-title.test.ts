import { describe, expect, it } from 'vitest';
import { cartTitle, isPreorder } from './cart-title';

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

  it('calls an in-restaurant order without a table yet, or for a later time, a pre-order', () => {
    expect(isPreorder({ table: '', deliveryDateTime: null })).toBe(true);
    expect(isPreorder({ table: '7', deliveryDateTime: { deliveryDate: '21.11.2026', deliveryTime: '19:00' } })).toBe(
      true,
    );
    expect(isPreorder({ table: '7', deliveryDateTime: null })).toBe(false);
  });
});
