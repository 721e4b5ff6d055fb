import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DeliveryZone, Dish, MinimumSumRestaurant, ScheduleEntry } from '@chain/domain';
import type { Database, DeliveryZonesTable, MenuKind, RestaurantsTable } from '../../db/types';
import { AppError, notFound } from '../../http/errors';

type Reader = Kysely<Database> | Transaction<Database>;

export const RESTAURANT_NOT_FOUND_MESSAGE = 'Ресторан не найден';

export type ZoneRow = Selectable<DeliveryZonesTable>;

/** A restaurant as order placing reads it: its row, schedule and zones in the domain's shapes. */
export interface RestaurantContext {
  row: Selectable<RestaurantsTable>;
  schedule: ScheduleEntry[];
  zones: Array<{ row: ZoneRow; domain: DeliveryZone }>;
  minimums: MinimumSumRestaurant;
}

/** The active restaurant by id or fs_uid, or a 404 with the Russian message. */
export async function loadRestaurant(db: Reader, restoran: number | string): Promise<RestaurantContext> {
  const row = await db
    .selectFrom('restaurants')
    .selectAll()
    .where(typeof restoran === 'number' ? 'id' : 'fs_uid', '=', restoran)
    .executeTakeFirst();
  if (!row || !row.active) throw new AppError(404, 'restaurant_not_found', RESTAURANT_NOT_FOUND_MESSAGE);
  const schedule = await db.selectFrom('restaurant_schedule').selectAll().where('restaurant_id', '=', row.id).execute();
  const zones = await db.selectFrom('delivery_zones').selectAll().where('restaurant_id', '=', row.id).orderBy('sort').orderBy('id').execute();
  return {
    row,
    schedule: schedule.map((s) => ({ day: s.weekday, fromMinute: s.from_minute, toMinute: s.to_minute })),
    zones: zones.map((zone) => ({
      row: zone,
      domain: {
        id: zone.id,
        active: zone.active,
        polygon: zone.polygon,
        periods: zone.periods.map((p) => ({ from: p.from, to: p.to, days: p.days.map((d) => (d ? 1 : 0)) })),
        time_limit: zone.time_limit,
        minordersum_rest: zone.min_order_sum_rest,
        minordersum_shop: zone.min_order_sum_shop,
      },
    })),
    minimums: {
      minOrderSum: { inrest: row.min_order_sum_inrest, self: row.min_order_sum_self },
      minOrderSumShop: { inrest: row.min_order_sum_shop_inrest, self: row.min_order_sum_shop_self },
    },
  };
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
  options: Map<number, { id: number; name: string; price: number; disabled: boolean; multicheck: boolean; maxCnt: number }>;
}

/**
 * The dishes of the cart as they are now — prices, options, stop list of this restaurant —
 * read inside the order's transaction: a dish stopped a second ago counts as stopped.
 */
export async function loadCartDishes(db: Reader, restaurant: RestaurantContext, dishIds: number[]): Promise<Map<number, CartDish>> {
  if (dishIds.length === 0) return new Map();
  const ids = [...new Set(dishIds)];
  const dishes = await db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select(['dishes.id', 'dishes.name', 'dishes.price', 'dishes.img', 'dishes.is_shop', 'dishes.is_locked', 'dishes.lock_code', 'dishes.active', 'categories.menu_kind'])
    .where('dishes.id', 'in', ids)
    .execute();
  const options = await db.selectFrom('dish_options').selectAll().where('dish_id', 'in', ids).execute();
  const stopped = new Set(
    (await db.selectFrom('stop_list').select('dish_id').where('restaurant_id', '=', restaurant.row.id).where('dish_id', 'in', ids).execute()).map(
      (row) => row.dish_id,
    ),
  );
  const offered = new Set(restaurant.row.menu_kinds);
  const result = new Map<number, CartDish>();
  for (const dish of dishes) {
    const own = options.filter((option) => option.dish_id === dish.id);
    const available = dish.active && !stopped.has(dish.id) && offered.has(dish.menu_kind);
    result.set(dish.id, {
      domain: {
        id: dish.id,
        price: dish.price,
        allowed: available,
        is_shop: dish.is_shop,
        is_locked: dish.is_locked,
        spec: own.map((option) => ({ specid: option.id, price: option.price, disabled: option.disabled })),
      },
      name: dish.name,
      photo: dish.img,
      menuKind: dish.menu_kind,
      active: dish.active,
      stopped: stopped.has(dish.id),
      lockCode: dish.is_locked ? dish.lock_code : null,
      options: new Map(
        own.map((option) => [
          option.id,
          { id: option.id, name: option.name, price: option.price, disabled: option.disabled, multicheck: option.multicheck, maxCnt: option.max_cnt },
        ]),
      ),
    });
  }
  return result;
}

export function notFoundRestaurant(): AppError {
  return notFound(RESTAURANT_NOT_FOUND_MESSAGE, 'restaurant_not_found');
}
