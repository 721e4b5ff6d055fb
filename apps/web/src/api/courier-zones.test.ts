import { describe, expect, it } from 'vitest';
import type { DeliveryZoneWire } from '@chain/contract';
import { courierFor, courierRestaurants, pointOf } from './courier-zones';
import { restaurantWire, ZONE_CENTRE as POINT, zoneWire as zone } from './delivery-fixtures.test-support';

const restaurant = (id: number, courier: '1' | '0', zones: DeliveryZoneWire[]) =>
  restaurantWire({ id, deliveryCourier: courier, deliveryZone: zones });

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
