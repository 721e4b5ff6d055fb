import type { Selectable } from 'kysely';
import {
  activeZoneHolding,
  chainDelivers,
  DELIVERY_OFF_MESSAGE,
  type DeliveryZone,
  type Dish,
  type MinimumSumRestaurant,
  OUTSIDE_DELIVERY_ZONE_MESSAGE,
  type ScheduleEntry,
  type ScheduleHoliday,
} from '@chain/domain';
import type { DeliveryZonesTable, MenuKind, RestaurantsTable } from '../../db/types';
import { AppError, badRequest } from '../../http/errors';
import type { OrderCatalogue } from './catalogue';

export const RESTAURANT_NOT_FOUND_MESSAGE = 'Ресторан не найден';

export type ZoneRow = Selectable<DeliveryZonesTable>;

/** A restaurant as order placing reads it: its row, schedule and zones in the domain's shapes. */
export interface RestaurantContext {
  row: Selectable<RestaurantsTable>;
  schedule: ScheduleEntry[];
  /** Dates whose hours differ from the week's (issue 31, restaurant_holidays). */
  holidays: ScheduleHoliday[];
  zones: Array<{ row: ZoneRow; domain: DeliveryZone }>;
  minimums: MinimumSumRestaurant;
}

/** A dish of the cart with what pricing needs beyond the domain's Dish. */
export interface CartDish {
  domain: Dish;
  name: string;
  photo: string;
  menuKind: MenuKind;
  active: boolean;
  stopped: boolean;
  lockCode: string | null;
  options: Map<
    number,
    { id: number; name: string; price: number; disabled: boolean; multicheck: boolean; maxCnt: number }
  >;
}

/** The active restaurant by id or fs_uid, or a 404 with the Russian message. */
export function requireRestaurant(catalogue: OrderCatalogue, restaurantRef: number | string): RestaurantContext {
  const restaurant = catalogue.restaurant(restaurantRef);
  if (!restaurant || !restaurant.row.active)
    throw new AppError(404, 'restaurant_not_found', RESTAURANT_NOT_FOUND_MESSAGE);
  return restaurant;
}

/** A 409 the guest can read while the chain's delivery is switched off (Settings `delivery` 0): the app hides «Доставка» then, and the server refuses it too. */
export function assertChainDelivers(catalogue: OrderCatalogue): void {
  if (!chainDelivers(catalogue.settings)) throw new AppError(409, 'delivery_off', DELIVERY_OFF_MESSAGE);
}

/**
 * The table number as the restaurant lists it, when its own list of tables has the number the
 * guest gave (trimmed; a number is read as its digits), else null: the one table check, made by
 * order/create (SPEC 4 checkTable) and by the kiosk keypad's GET restoran/{id}/tables/{num}, so
 * a number the keypad takes is one the order takes.
 */
export function knownTable(
  catalogue: OrderCatalogue,
  restaurant: RestaurantContext,
  table: string | number | null | undefined,
): string | null {
  const num = table === null || table === undefined ? '' : String(table).trim();
  return num && catalogue.hasTable(restaurant.row.id, num) ? num : null;
}

/** The restaurant's active zone holding the delivery address (SPEC 4, 5), or 'По данному адресу доставка невозможна'. */
export function deliveryZone(restaurant: RestaurantContext, address: { lat: number; lon: number } | null) {
  if (!address) throw badRequest('Укажите адрес доставки.', 'address');
  const zone = activeZoneHolding(restaurant.zones, address, (z) => z.domain);
  if (!zone) throw badRequest(OUTSIDE_DELIVERY_ZONE_MESSAGE, 'outside_zone');
  return zone;
}
