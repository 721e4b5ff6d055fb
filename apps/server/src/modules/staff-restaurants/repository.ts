import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { Database, RestaurantsTable } from '../../db/types';

// Every SQL statement of the back office's restaurants (issue 31).

type Db = Kysely<Database> | Transaction<Database>;

export type ManagedRestaurantRow = Selectable<RestaurantsTable>;

/** The restaurants a manager runs (null: every one), in the chain's order, archived last. */
export function managedRestaurantRows(db: Db, ids: readonly number[] | null) {
  let query = db
    .selectFrom('restaurants')
    .select(['id', 'name', 'address', 'active', 'archived_at', 'closed_until', 'closed_text', 'version'])
    .orderBy((eb) => eb('archived_at', 'is not', null))
    .orderBy('sort')
    .orderBy('id');
  if (ids !== null) query = query.where('id', 'in', ids.length > 0 ? [...ids] : [-1]);
  return query.execute();
}

export function managedRestaurantRow(db: Db, id: number): Promise<ManagedRestaurantRow | undefined> {
  return db.selectFrom('restaurants').selectAll().where('id', '=', id).executeTakeFirst();
}

export function restaurantHours(db: Db, id: number) {
  return db
    .selectFrom('restaurant_schedule')
    .select(['weekday', 'from_minute', 'to_minute'])
    .where('restaurant_id', '=', id)
    .orderBy('weekday')
    .execute();
}

export function restaurantHolidays(db: Db, id: number) {
  return db
    .selectFrom('restaurant_holidays')
    .select(['day', 'from_minute', 'to_minute', 'note'])
    .where('restaurant_id', '=', id)
    .orderBy('day')
    .execute();
}

/** Whether any order names the restaurant (then it is archived, never deleted). */
export async function restaurantHasOrders(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('orders').select('id').where('restaurant_id', '=', id).limit(1).executeTakeFirst()) !==
    undefined
  );
}

export type RestaurantValues = Omit<Insertable<RestaurantsTable>, 'id' | 'fs_uid' | 'version'>;

export async function insertRestaurant(db: Db, values: RestaurantValues & { fs_uid: string }): Promise<number> {
  const sort = await db
    .selectFrom('restaurants')
    .select((eb) => eb.fn.max('sort').as('sort'))
    .executeTakeFirst();
  const row = await db
    .insertInto('restaurants')
    .values({ ...values, sort: Number(sort?.sort ?? 0) + 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The versioned update (decision 043): the row's id back when it was at `version`, else undefined. */
export function updateRestaurantAt(db: Db, id: number, version: number, values: Updateable<RestaurantsTable>) {
  return db
    .updateTable('restaurants')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
}

export async function replaceHours(
  db: Db,
  id: number,
  entries: readonly { day: number; fromMinute: number; toMinute: number }[],
): Promise<void> {
  await db.deleteFrom('restaurant_schedule').where('restaurant_id', '=', id).execute();
  if (entries.length === 0) return;
  await db
    .insertInto('restaurant_schedule')
    .values(
      entries.map((entry) => ({
        restaurant_id: id,
        weekday: entry.day,
        from_minute: entry.fromMinute,
        to_minute: entry.toMinute,
      })),
    )
    .execute();
}

export async function replaceHolidays(
  db: Db,
  id: number,
  holidays: readonly { day: string; fromMinute: number | null; toMinute: number | null; note: string }[],
): Promise<void> {
  await db.deleteFrom('restaurant_holidays').where('restaurant_id', '=', id).execute();
  if (holidays.length === 0) return;
  await db
    .insertInto('restaurant_holidays')
    .values(
      holidays.map((holiday) => ({
        restaurant_id: id,
        day: holiday.day,
        from_minute: holiday.fromMinute,
        to_minute: holiday.toMinute,
        note: holiday.note,
      })),
    )
    .execute();
}
