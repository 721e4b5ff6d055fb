import { type ExpressionBuilder, sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, DeliveryZonesTable } from '../../db/types';

// Every SQL statement of the back office's delivery zones (issue 31). Archived zones (migration
// 028) are left out of every read here but the "who names it" check.

type Db = Kysely<Database> | Transaction<Database>;
export type ZoneRow = Selectable<DeliveryZonesTable>;

/** What a save writes: the zone's fields, JSON columns as text. */
export interface ZoneValues {
  name: string;
  color: string;
  polygon: string;
  periods: string;
  time_limit: number;
  min_order_sum_rest: number;
  min_order_sum_shop: number;
  delivery_price: number;
  free_delivery_from: number | null;
}

/** The restaurant's zone, not archived, at the version a save names. */
function atVersion(restaurantId: number, zoneId: number, version: number) {
  return (eb: ExpressionBuilder<Database, 'delivery_zones'>) =>
    eb.and([
      eb('id', '=', zoneId),
      eb('restaurant_id', '=', restaurantId),
      eb('archived_at', 'is', null),
      eb('version', '=', version),
    ]);
}

/** The restaurant's zones not archived, in their order. */
export function restaurantZones(db: Db, restaurantId: number): Promise<ZoneRow[]> {
  return db
    .selectFrom('delivery_zones')
    .selectAll()
    .where('restaurant_id', '=', restaurantId)
    .where('archived_at', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** One zone of the restaurant, not archived. */
export function findZone(db: Db, restaurantId: number, zoneId: number): Promise<ZoneRow | undefined> {
  return db
    .selectFrom('delivery_zones')
    .selectAll()
    .where('id', '=', zoneId)
    .where('restaurant_id', '=', restaurantId)
    .where('archived_at', 'is', null)
    .executeTakeFirst();
}

/** The other restaurants' zones not archived, with their restaurant's name. */
export function otherZones(db: Db, restaurantId: number) {
  return db
    .selectFrom('delivery_zones')
    .innerJoin('restaurants', 'restaurants.id', 'delivery_zones.restaurant_id')
    .select([
      'delivery_zones.id',
      'delivery_zones.name',
      'delivery_zones.color',
      'delivery_zones.active',
      'delivery_zones.polygon',
      'restaurants.name as restaurant_name',
    ])
    .where('delivery_zones.restaurant_id', '!=', restaurantId)
    .where('delivery_zones.archived_at', 'is', null)
    .orderBy('restaurants.sort')
    .orderBy('restaurants.id')
    .orderBy('delivery_zones.sort')
    .orderBy('delivery_zones.id')
    .execute();
}

export function restaurantPlace(db: Db, restaurantId: number) {
  return db
    .selectFrom('restaurants')
    .select(['id', 'name', 'lat', 'lon'])
    .where('id', '=', restaurantId)
    .executeTakeFirst();
}

/** The next sort place after the restaurant's zones. */
async function nextSort(db: Db, restaurantId: number): Promise<number> {
  const row = await db
    .selectFrom('delivery_zones')
    .select(sql<number>`coalesce(max(sort), 0) + 1`.as('next'))
    .where('restaurant_id', '=', restaurantId)
    .executeTakeFirstOrThrow();
  return Number(row.next);
}

export async function insertZone(
  db: Db,
  restaurantId: number,
  values: ZoneValues & { active?: boolean },
): Promise<ZoneRow> {
  const sort = await nextSort(db, restaurantId);
  return db
    .insertInto('delivery_zones')
    .values({ restaurant_id: restaurantId, ...values, sort })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The save over `version`: the zone as saved, or undefined when it is at another version or gone. */
export function updateZone(
  db: Db,
  restaurantId: number,
  zoneId: number,
  version: number,
  values: Partial<ZoneValues> & { active?: boolean },
): Promise<ZoneRow | undefined> {
  return db
    .updateTable('delivery_zones')
    .set({ ...values, version: sql<number>`version + 1` })
    .where(atVersion(restaurantId, zoneId, version))
    .returningAll()
    .executeTakeFirst();
}

/** Whether an order or a delivery quote names the zone (then it is archived, never deleted). */
export async function zoneIsNamed(db: Db, zoneId: number): Promise<boolean> {
  const order = await db.selectFrom('orders').select('id').where('zone_id', '=', zoneId).limit(1).executeTakeFirst();
  if (order) return true;
  const quote = await db
    .selectFrom('delivery_quotes')
    .select('uuid')
    .where('zone_id', '=', zoneId)
    .limit(1)
    .executeTakeFirst();
  return quote !== undefined;
}

/** Deletes the zone at `version`; whether it did. */
export async function deleteZone(db: Db, restaurantId: number, zoneId: number, version: number): Promise<boolean> {
  const deleted = await db
    .deleteFrom('delivery_zones')
    .where(atVersion(restaurantId, zoneId, version))
    .returning('id')
    .executeTakeFirst();
  return deleted !== undefined;
}

/** Archives the zone at `version`; whether it did. */
export async function archiveZone(db: Db, restaurantId: number, zoneId: number, version: number): Promise<boolean> {
  const archived = await db
    .updateTable('delivery_zones')
    .set({ archived_at: new Date(), version: sql<number>`version + 1` })
    .where(atVersion(restaurantId, zoneId, version))
    .returning('id')
    .executeTakeFirst();
  return archived !== undefined;
}

/** Locks the restaurant's zones for an import (PostgreSQL; PGlite runs one transaction at a time). */
export async function lockRestaurantZones(db: Transaction<Database>, restaurantId: number): Promise<void> {
  await db.selectFrom('restaurants').select('id').where('id', '=', restaurantId).forUpdate().execute();
}
