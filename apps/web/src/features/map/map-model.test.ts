import type { RestaurantWire } from '@chain/contract';
import { describe, expect, it } from 'vitest';
import { findRestaurants, mapRestaurants } from './map-model';

const restaurant = (over: Partial<RestaurantWire>): RestaurantWire =>
  ({
    id: 1,
    name: 'Жар-печь на Патриарших',
    nameShort: 'Патриаршие',
    address: 'Москва, Малая Бронная, 28',
    location: '{"lat":55.763,"lon":37.593}',
    deliveryRest: '0',
    deliverySelf: '1',
    ...over,
  }) as RestaurantWire;

describe('the restaurant map’s points (SPEC 2 Restaurant map)', () => {
  it('shows restaurants with deliveryRest or deliverySelf "1" and a location', () => {
    const points = mapRestaurants([
      restaurant({ id: 1 }),
      restaurant({ id: 2, deliverySelf: '0', deliveryRest: '1' }),
      restaurant({ id: 3, deliverySelf: '0', deliveryRest: '0' }),
      restaurant({ id: 4, location: 'not json' }),
      restaurant({ id: 5, location: '{"lat":"x"}' }),
    ]);
    expect(points.map((point) => point.restaurant.id)).toEqual([1, 2]);
    expect(points[0]!.point).toEqual({ lat: 55.763, lon: 37.593 });
  });

  it('finds restaurants by every word of the query in the name, short name or address, ё as е', () => {
    const points = mapRestaurants([
      restaurant({ id: 1 }),
      restaurant({ id: 2, name: 'Жар-печь на Тверской', nameShort: 'Тверская', address: 'Москва, Тверская, 9' }),
    ]);
    expect(findRestaurants(points, 'бронная').map((point) => point.restaurant.id)).toEqual([1]);
    expect(findRestaurants(points, '  ТВЕРСКАЯ 9 ').map((point) => point.restaurant.id)).toEqual([2]);
    expect(findRestaurants(points, 'жар печь').map((point) => point.restaurant.id)).toEqual([1, 2]);
    expect(findRestaurants(points, '')).toEqual([]);
  });
});
