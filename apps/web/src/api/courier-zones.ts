import { type RestaurantListResponse, type RestaurantWire, toDomainZone } from '@chain/contract';
import { type DeliveryPricing, deliveryZoneFor, type DeliveryZone, type GeoPoint, isOn } from '@chain/domain';

/*
 * The courier lookup of SPEC 4 (Delivery location) over the restaurant list: which restaurant
 * delivers to a point, and through which of its zones. One home for the saved-address list of
 * Home, the delivery time screen and the address map (a derived view of the restaurant list,
 * so it lives beside the list rather than in one feature).
 */

/** A zone as the domain rules read it, with its name, its wire colour (SPEC 9 colour rule) and its price (the checkout quote's zone). */
export type CourierZone = DeliveryZone & DeliveryPricing & { readonly name: string; readonly color: string };

/** A restaurant that delivers by courier (deliveryCourier "1"), with its zones decoded. */
export interface CourierRestaurant {
  readonly restaurant: RestaurantWire;
  readonly deliveryCourier: RestaurantWire['deliveryCourier'];
  readonly deliveryZone: readonly CourierZone[];
}

/**
 * The restaurants with deliveryCourier "1", in the list's order, each with its zones decoded by
 * the contract's toDomainZone (active or not: the lookup skips inactive ones). A zone whose
 * polygon or periods do not decode is left out rather than breaking the others.
 */
export function courierRestaurants(list: RestaurantListResponse): CourierRestaurant[] {
  return list
    .filter((restaurant) => isOn(restaurant.deliveryCourier))
    .map((restaurant) => ({
      restaurant,
      deliveryCourier: restaurant.deliveryCourier,
      deliveryZone: restaurant.deliveryZone.flatMap((zone) => {
        try {
          return [
            {
              ...toDomainZone(zone),
              color: zone.color,
              delivery_price: zone.delivery_price,
              free_delivery_from: zone.free_delivery_from,
            },
          ];
        } catch {
          return [];
        }
      }),
    }));
}

/** The restaurant and active zone delivering to the point, or null: 'По данному адресу доставка невозможна' (SPEC 4, 8). */
export function courierFor(
  list: RestaurantListResponse,
  point: GeoPoint,
): { readonly restaurant: RestaurantWire; readonly zone: CourierZone } | null {
  const found = deliveryZoneFor(courierRestaurants(list), point);
  return found ? { restaurant: found.restaurant.restaurant, zone: found.zone } : null;
}

/** The point of an address, when it has one. */
export function pointOf(address: { readonly lat: number | null; readonly lon: number | null } | null): GeoPoint | null {
  return address !== null && address.lat !== null && address.lon !== null
    ? { lat: address.lat, lon: address.lon }
    : null;
}
