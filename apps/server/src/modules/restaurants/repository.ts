import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, DeliveryZonesTable, RestaurantScheduleTable, RestaurantsTable } from '../../db/types';

export type RestaurantRow = Selectable<RestaurantsTable>;
export type ScheduleRow = Selectable<RestaurantScheduleTable>;
export type ZoneRow = Selectable<DeliveryZonesTable>;

export interface RestaurantRows {
  restaurants: RestaurantRow[];
  schedules: ScheduleRow[];
  holidays: Array<{ restaurant_id: number; day: string; from_minute: number | null; to_minute: number | null }>;
  zones: ZoneRow[];
}

type Reader = Kysely<Database> | Transaction<Database>;

/** The active restaurants in the chain's order. */
export async function activeRestaurantRows(db: Reader): Promise<RestaurantRow[]> {
  return db.selectFrom('restaurants').selectAll().where('active', '=', true).orderBy('sort').orderBy('id').execute();
}

/** The active restaurant with this id or fs_uid, or undefined. */
export async function findActiveRestaurantRow(db: Reader, ref: number | string): Promise<RestaurantRow | undefined> {
  return db
    .selectFrom('restaurants')
    .selectAll()
    .where(typeof ref === 'number' ? 'id' : 'fs_uid', '=', ref)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The schedule entries of these restaurants. */
export async function schedulesOf(db: Reader, restaurantIds: number[]): Promise<ScheduleRow[]> {
  return db.selectFrom('restaurant_schedule').selectAll().where('restaurant_id', 'in', restaurantIds).execute();
}

/** The holidays of these restaurants (restaurant_holidays), by restaurant and date. */
export async function holidayRowsOf(db: Reader, restaurantIds: readonly number[]): Promise<RestaurantRows['holidays']> {
  return db
    .selectFrom('restaurant_holidays')
    .select(['restaurant_id', 'day', 'from_minute', 'to_minute'])
    .where('restaurant_id', 'in', restaurantIds)
    .orderBy('restaurant_id')
    .orderBy('day')
    .execute();
}

/** The active restaurants in the chain's order, with their schedules and every zone not archived (SPEC 3). */
export async function loadActiveRestaurants(db: Reader): Promise<RestaurantRows> {
  const restaurants = await activeRestaurantRows(db);
  const ids = restaurants.map((r) => r.id);
  if (ids.length === 0) return { restaurants, schedules: [], holidays: [], zones: [] };
  const schedules = await db
    .selectFrom('restaurant_schedule')
    .selectAll()
    .where('restaurant_id', 'in', ids)
    .orderBy('restaurant_id')
    .orderBy('weekday')
    .execute();
  const zones = await db
    .selectFrom('delivery_zones')
    .selectAll()
    .where('restaurant_id', 'in', ids)
    .where('archived_at', 'is', null)
    .orderBy('restaurant_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const holidays = await holidayRowsOf(db, ids);
  return { restaurants, schedules, holidays, zones };
}

export interface TableRow {
  num: string;
  fs_uid: string;
  active: boolean;
}

/** The table with this QR code and its restaurant, or undefined. */
export async function findTableByCode(db: Reader, code: string): Promise<TableRow | undefined> {
  return db
    .selectFrom('restaurant_tables')
    .innerJoin('restaurants', 'restaurants.id', 'restaurant_tables.restaurant_id')
    .select(['restaurant_tables.num', 'restaurants.fs_uid', 'restaurants.active'])
    .where('restaurant_tables.code', '=', code)
    .executeTakeFirst();
}
