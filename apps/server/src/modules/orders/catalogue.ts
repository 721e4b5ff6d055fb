import type { Selectable, Transaction } from 'kysely';
import type { Settings } from '@chain/contract';
import type { DatabaseHandle } from '../../db/client';
import { VersionedCache } from '../../db/catalogue-cache';
import type { CutleryItemsTable, Database, RecommendedItemsTable } from '../../db/types';
import type { CartDish, RestaurantContext } from './context';
import { readCatalogueRows } from './repository';
import { scheduleHolidayOf } from '../restaurants';

type CutleryRow = Selectable<CutleryItemsTable>;
type RecommendedRow = Selectable<RecommendedItemsTable>;

/** A dish as the catalogue holds it, before a restaurant's menus and stop list are applied. */
type CatalogueDish = Omit<CartDish, 'stopped' | 'domain'> & {
  id: number;
  price: number;
  isShop: boolean;
  isLocked: boolean;
};

/**
 * What placing an order reads of the catalogue — restaurants with schedules and zones, dishes
 * with options, stop lists, cutlery, recommended items, tables and settings — kept in memory
 * per catalogue version (VersionedCache): a request costs one shared version read instead of
 * a dozen queries, and a change (a dish stopped a moment ago) is seen by the next request.
 */
export interface OrderCatalogue {
  restaurant(restaurantRef: number | string): RestaurantContext | undefined;
  /** The cart's dishes as they stand at this restaurant (its menus and stop list applied). */
  cartDishes(restaurant: RestaurantContext, ids: readonly number[]): Map<number, CartDish>;
  cutlery: ReadonlyMap<number, CutleryRow>;
  recommended: ReadonlyMap<number, RecommendedRow>;
  hasTable(restaurantId: number, num: string): boolean;
  settings: Settings;
}

export async function loadOrderCatalogue(trx: Transaction<Database>): Promise<OrderCatalogue> {
  const {
    restaurants,
    schedules,
    holidays,
    zones,
    dishes,
    options,
    stops,
    optionStops,
    notCarried,
    cutlery,
    recommended,
    tables,
    settings,
  } = await readCatalogueRows(trx);

  const byId = new Map<number, RestaurantContext>();
  const byUid = new Map<string, RestaurantContext>();
  for (const row of restaurants) {
    const context: RestaurantContext = {
      row,
      schedule: schedules
        .filter((s) => s.restaurant_id === row.id)
        .map((s) => ({ day: s.weekday, fromMinute: s.from_minute, toMinute: s.to_minute })),
      holidays: holidays.filter((h) => h.restaurant_id === row.id).map(scheduleHolidayOf),
      zones: zones
        .filter((zone) => zone.restaurant_id === row.id)
        .map((zone) => ({
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
    byId.set(row.id, context);
    byUid.set(row.fs_uid, context);
  }

  const catalogueDishes = new Map<number, CatalogueDish>();
  for (const dish of dishes) {
    catalogueDishes.set(dish.id, {
      id: dish.id,
      price: dish.price,
      isShop: dish.is_shop,
      isLocked: dish.is_locked,
      name: dish.name,
      photo: dish.img,
      menuKind: dish.menu_kind,
      active: dish.active === true,
      lockCode: dish.is_locked ? dish.lock_code : null,
      options: new Map(),
    });
  }
  for (const option of options) {
    catalogueDishes.get(option.dish_id)?.options.set(option.id, {
      id: option.id,
      name: option.name,
      price: option.price,
      disabled: option.disabled,
      multicheck: option.multicheck,
      maxCnt: option.max_cnt,
    });
  }
  const stopped = new Map<number, Set<number>>();
  for (const stop of stops)
    stopped.set(stop.restaurant_id, (stopped.get(stop.restaurant_id) ?? new Set()).add(stop.dish_id));
  // Options a restaurant stopped (issue 17): disabled there, as the menu shows them.
  const stoppedOptions = new Map<number, Set<number>>();
  for (const stop of optionStops)
    stoppedOptions.set(stop.restaurant_id, (stoppedOptions.get(stop.restaurant_id) ?? new Set()).add(stop.option_id));
  // Dishes a restaurant does not carry (issue 31): not offered there, as its menu does not show them.
  const notCarriedBy = new Map<number, Set<number>>();
  for (const row of notCarried)
    notCarriedBy.set(row.restaurant_id, (notCarriedBy.get(row.restaurant_id) ?? new Set()).add(row.dish_id));
  const tableKeys = new Set(tables.map((table) => `${table.restaurant_id}|${table.num}`));

  return {
    restaurant: (restaurantRef) =>
      typeof restaurantRef === 'number' ? byId.get(restaurantRef) : byUid.get(restaurantRef),
    cartDishes(restaurant, ids) {
      const offered = new Set(restaurant.row.menu_kinds);
      const stops = stopped.get(restaurant.row.id);
      const optionStopsHere = stoppedOptions.get(restaurant.row.id);
      const notCarriedHere = notCarriedBy.get(restaurant.row.id);
      const result = new Map<number, CartDish>();
      for (const id of ids) {
        const catalogueDish = catalogueDishes.get(id);
        if (!catalogueDish || result.has(id)) continue;
        const dish =
          optionStopsHere && [...catalogueDish.options.keys()].some((optionId) => optionStopsHere.has(optionId))
            ? {
                ...catalogueDish,
                options: new Map(
                  [...catalogueDish.options].map(([optionId, option]) => [
                    optionId,
                    { ...option, disabled: option.disabled || optionStopsHere.has(optionId) },
                  ]),
                ),
              }
            : catalogueDish;
        const isStopped = stops?.has(id) ?? false;
        result.set(id, {
          domain: {
            id: dish.id,
            price: dish.price,
            allowed: dish.active && !isStopped && offered.has(dish.menuKind) && !(notCarriedHere?.has(id) ?? false),
            is_shop: dish.isShop,
            is_locked: dish.isLocked,
            spec: [...dish.options.values()].map((option) => ({
              specid: option.id,
              price: option.price,
              disabled: option.disabled,
            })),
          },
          name: dish.name,
          photo: dish.photo,
          menuKind: dish.menuKind,
          active: dish.active,
          stopped: isStopped,
          lockCode: dish.lockCode,
          options: dish.options,
        });
      }
      return result;
    },
    cutlery: new Map(cutlery.map((row) => [row.id, row])),
    recommended: new Map(recommended.map((row) => [row.id, row])),
    hasTable: (restaurantId, num) => tableKeys.has(`${restaurantId}|${num}`),
    settings,
  };
}

const caches = new WeakMap<DatabaseHandle, VersionedCache<OrderCatalogue>>();

/** The order catalogue of the current version for this database. */
export function orderCatalogue(database: DatabaseHandle): Promise<OrderCatalogue> {
  let cache = caches.get(database);
  if (!cache) {
    cache = new VersionedCache(database, loadOrderCatalogue);
    caches.set(database, cache);
  }
  return cache.current();
}
