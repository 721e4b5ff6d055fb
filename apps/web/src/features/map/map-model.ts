import { decodeLocation, type RestaurantWire } from '@chain/contract';
import { type GeoPoint, isOn } from '@chain/domain';

/** A restaurant on the map: one taking table or pickup orders, with a known point (SPEC 2 Restaurant map). */
export interface MapRestaurant {
  readonly restaurant: RestaurantWire;
  readonly point: GeoPoint;
}

/** SPEC 2: the restaurants with deliveryRest or deliverySelf "1" are the map's points. */
export function mapRestaurants(list: readonly RestaurantWire[]): MapRestaurant[] {
  return list.flatMap((restaurant) => {
    if (!isOn(restaurant.deliveryRest) && !isOn(restaurant.deliverySelf)) return [];
    const point = decodeLocation(restaurant.location);
    return point ? [{ restaurant, point }] : [];
  });
}

const normalise = (text: string): string =>
  text.toLocaleLowerCase('ru-RU').replaceAll('ё', 'е').replace(/\s+/g, ' ').trim();

/** The map's restaurants whose name, short name or address hold every word of the query. */
export function findRestaurants(points: readonly MapRestaurant[], query: string): MapRestaurant[] {
  const words = normalise(query).split(' ').filter(Boolean);
  if (words.length === 0) return [];
  return points.filter(({ restaurant }) => {
    const text = normalise(`${restaurant.name} ${restaurant.nameShort} ${restaurant.address}`);
    return words.every((word) => text.includes(word));
  });
}
