import { describe, expect, it } from 'vitest';
import type { DeliveryZoneWire, RestaurantWire } from '@chain/contract';
import { courierFor, courierRestaurants, pointOf } from './courier-zones';

const square = JSON.stringify([[[37.58, 55.75], [37.6, 55.75], [37.6, 55.77], [37.58, 55.77], [37.58, 55.75]]]);
const zone = (fields: Partial<DeliveryZoneWire>): DeliveryZoneWire => ({
  id: 1,
  name: 'Зона',
  active: '1',
  polygon: square,
  color: '#5500AA00',
  periods: '[]',
  time_limit: 0,
  minordersum_rest: 0,
  minordersum_shop: 0,
  delivery_price: 0,
  free_delivery_from: null,
  ...fields,
});
const restaurant = (id: number, courier: '1' | '0', zones: DeliveryZoneWire[]) =>
  ({ id, name: `Ресторан ${id}`, nameShort: '', deliveryCourier: courier, deliveryZone: zones }) as unknown as RestaurantWire;
const POINT = { lat: 55.76, lon: 37.59 };

describe('courier lookup (SPEC 4 Delivery location)', () => {
  it('finds the first courier restaurant with an active zone holding the point', () => {
    const list = [
      restaurant(1, '0', [zone({ id: 10 })]),
      restaurant(2, '1', [zone({ id: 20, active: '0' }), zone({ id: 21 })]),
      restaurant(3, '1', [zone({ id: 30 })]),
    ];
    const found = courierFor(list, POINT);
    expect(found?.restaurant.id).toBe(2);
    expect(found?.zone).toMatchObject({ id: 21, color: '#5500AA00', periods: [] });
    expect(courierFor(list, { lat: 50, lon: 30 })).toBeNull();
  });

  it('leaves out a zone whose polygon does not decode, keeping the others', () => {
    const list = [restaurant(2, '1', [zone({ id: 20, polygon: 'not json' }), zone({ id: 21 })])];
    expect(courierRestaurants(list)[0]?.deliveryZone.map((entry) => entry.id)).toEqual([21]);
  });

  it('reads the point of an address only when it has both coordinates', () => {
    expect(pointOf({ lat: 55.76, lon: 37.59 })).toEqual(POINT);
    expect(pointOf({ lat: null, lon: null })).toBeNull();
    expect(pointOf(null)).toBeNull();
  });
});
