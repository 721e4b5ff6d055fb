import { describe, expect, it } from 'vitest';
import { deliveryPrice } from '../src/delivery-price';

describe('deliveryPrice (SPEC 7 order/delivery)', () => {
  const zone = { delivery_price: 19_900, free_delivery_from: 150_000 };
  it('charges the zone price below its free-delivery sum', () => {
    expect(deliveryPrice(zone, 149_999)).toBe(19_900);
  });
  it('is free from the free-delivery sum, inclusive', () => {
    expect(deliveryPrice(zone, 150_000)).toBe(0);
    expect(deliveryPrice(zone, 400_000)).toBe(0);
  });
  it('always charges a zone without a free-delivery sum', () => {
    expect(deliveryPrice({ delivery_price: 25_000, free_delivery_from: null }, 10_000_000)).toBe(25_000);
  });
});
