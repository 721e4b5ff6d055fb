import type { AddressInput, FoundAddress, RestaurantListResponse, RestaurantWire } from '@chain/contract';
import { type GeoPoint, isOn, OUTSIDE_DELIVERY_ZONE_MESSAGE, type PolygonCoordinates } from '@chain/domain';
import { type MapShapeStyle, zoneStyle } from '../../ui/map/map-view';
import type { AddressDetails } from '../../ui/address-details-fields';
import { type CourierZone, courierFor, courierRestaurants } from '../../api/courier-zones';

/*
 * What the address map (/delivery_to) knows, without the map or React: the zones it draws, the
 * chosen point with its restaurant and zone (SPEC 4 Delivery location) and its address, and
 * what «Я ЗДЕСЬ» may do with them.
 */

/** How the point was chosen: a chosen point is shown at zoom 18 (SPEC 9), a dragged one stays where the guest left it. */
export type PointSource = 'tap' | 'drag' | 'search' | 'locate';

/** A zone as the map draws it. */
export interface DrawnZone {
  readonly key: string;
  readonly polygon: PolygonCoordinates;
  readonly style: MapShapeStyle;
}

/** The active zones of the restaurants that deliver by courier, in their colours (SPEC 9). */
export function drawnZones(list: RestaurantListResponse): DrawnZone[] {
  return courierRestaurants(list).flatMap(({ restaurant, deliveryZone }) =>
    deliveryZone
      .filter((zone) => isOn(zone.active))
      .map((zone) => ({ key: `${restaurant.id}:${zone.id}`, polygon: zone.polygon, style: zoneStyle(zone.color) })),
  );
}

/** The geocoder's answer for the point. */
export type AddressLookup =
  | { readonly status: 'loading' }
  | { readonly status: 'found'; readonly address: FoundAddress }
  /** The geocoder knows no address there. */
  | { readonly status: 'none' }
  | { readonly status: 'error'; readonly message: string };

export interface ChosenPoint {
  readonly point: GeoPoint;
  readonly source: PointSource;
  /** The restaurant and zone delivering there, or null: outside every active zone. */
  readonly courier: { readonly restaurant: RestaurantWire; readonly zone: CourierZone } | null;
  readonly lookup: AddressLookup;
}

/** A point the guest chose: its restaurant and zone looked up at once, its address on the way (or found by search). */
export function choosePoint(
  list: RestaurantListResponse,
  point: GeoPoint,
  source: PointSource,
  found?: FoundAddress,
): ChosenPoint {
  return {
    point,
    source,
    courier: courierFor(list, point),
    lookup: found ? { status: 'found', address: found } : { status: 'loading' },
  };
}

/**
 * The chosen point against the zones as they are now (issue 31: a zone drawn, moved or switched
 * off in the back office reaches an open map): its restaurant and zone looked up again, its address
 * kept; the same object when nothing changed.
 */
export function withZonesNow(chosen: ChosenPoint | null, list: RestaurantListResponse): ChosenPoint | null {
  if (chosen === null) return null;
  const courier = courierFor(list, chosen.point);
  const same =
    courier === null
      ? chosen.courier === null
      : chosen.courier !== null &&
        courier.restaurant === chosen.courier.restaurant &&
        courier.zone.id === chosen.courier.zone.id;
  return same ? chosen : { ...chosen, courier };
}

/** The geocoder's answer, kept only when it is for the point still chosen. */
export function withLookup(chosen: ChosenPoint | null, point: GeoPoint, lookup: AddressLookup): ChosenPoint | null {
  if (chosen === null || chosen.point.lat !== point.lat || chosen.point.lon !== point.lon) return chosen;
  return { ...chosen, lookup };
}

export const NO_POINT_MESSAGE =
  'Укажите точку на карте: найдите адрес, нажмите на карту или определите местоположение.';
export const NO_HOUSE_MESSAGE = 'Не удалось определить дом. Передвиньте метку к зданию или найдите адрес поиском.';

/**
 * Why «Я ЗДЕСЬ» cannot go on yet, or null when the point is inside a zone and has a house:
 * outside every zone it is SPEC 8's 'По данному адресу доставка невозможна'.
 */
export function confirmProblem(chosen: ChosenPoint | null): string | null {
  if (chosen === null) return NO_POINT_MESSAGE;
  if (chosen.courier === null) return OUTSIDE_DELIVERY_ZONE_MESSAGE;
  if (chosen.lookup.status === 'error') return chosen.lookup.message;
  if (chosen.lookup.status !== 'found' || chosen.lookup.address.house === '') return NO_HOUSE_MESSAGE;
  return null;
}

/** The address/save body's address: the found address's parts, the guest's details, the marker's point. */
export function addressInputOf(found: FoundAddress, point: GeoPoint, details: AddressDetails): AddressInput {
  const part = (value: FoundAddress['street']) => ({ id: value.id, name: value.name, full: value.full });
  const trimmed = (value: string) => value.trim();
  return {
    ...(found.region.name ? { region: part(found.region) } : {}),
    ...(found.city.name ? { city: part(found.city) } : {}),
    street: part(found.street),
    house: found.house,
    room: trimmed(details.room),
    podjezd: trimmed(details.podjezd),
    domofon: trimmed(details.domofon),
    etaz: trimmed(details.etaz),
    comment: trimmed(details.comment),
    lat: point.lat,
    lon: point.lon,
  };
}
