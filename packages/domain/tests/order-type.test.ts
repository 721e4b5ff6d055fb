import { describe, expect, it } from 'vitest';
import {
  asOrderType,
  chainDelivers,
  DELIVERY_OFF_MESSAGE,
  ORDER_TYPE_NOT_OFFERED_MESSAGES,
  ORDER_TYPES,
  orderTypeTitle,
} from '../src/order-type';

describe('order types', () => {
  it('are the three of SPEC 1', () => {
    expect(ORDER_TYPES).toEqual(['inrest', 'self', 'delivery']);
  });

  it('reads an order type from a route or stored value, else null', () => {
    expect(asOrderType('inrest')).toBe('inrest');
    expect(asOrderType('delivery')).toBe('delivery');
    expect(asOrderType('Delivery')).toBeNull();
    expect(asOrderType('')).toBeNull();
    expect(asOrderType(undefined)).toBeNull();
    expect(asOrderType(null)).toBeNull();
  });

  it('refuses a type a restaurant does not take with its own text (the table one from SPEC 8)', () => {
    expect(ORDER_TYPE_NOT_OFFERED_MESSAGES).toEqual({
      inrest: 'Заказ за столом в этом ресторане сейчас невозможен',
      self: 'Этот ресторан не принимает заказы на самовывоз.',
      delivery: 'Этот ресторан не доставляет заказы курьером.',
    });
  });

  it('names each type in SPEC 2 Cart’s words, an in-restaurant pre-order as such', () => {
    expect(ORDER_TYPES.map((type) => orderTypeTitle(type))).toEqual([
      'Заказ в заведении',
      'Самовывоз',
      'Доставка курьером',
    ]);
    expect(orderTypeTitle('inrest', true)).toBe('Предзаказ в заведении');
    // Only a table order is made ahead this way.
    expect(orderTypeTitle('self', true)).toBe('Самовывоз');
  });

  it('delivers unless the chain switched delivery off (SPEC 3 Settings `delivery` 0), assumed while unknown', () => {
    expect(chainDelivers({ delivery: 0 })).toBe(false);
    expect(chainDelivers({ delivery: 1 })).toBe(true);
    expect(chainDelivers(null)).toBe(true);
  });

  it('tells a guest why delivery is refused and what to choose instead', () => {
    expect(DELIVERY_OFF_MESSAGE).toBe('Доставка сейчас недоступна. Выберите самовывоз или заказ в заведении.');
  });
});
