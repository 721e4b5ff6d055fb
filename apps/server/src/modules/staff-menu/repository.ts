import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, MenuKind } from '../../db/types';

// Every SQL statement of the staff's stop list, lock codes and load figures.

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The active dishes of these menus with their categories, in menu order; or one of them
 * (`dishId`). With `offeredIn`, only those that restaurant's guests can be offered: none of a
 * hidden category or of one the catalogue left, none the restaurant does not carry.
 */
export function menuDishes(db: Db, kinds: MenuKind[], options: { dishId?: number; offeredIn?: number } = {}) {
  let query = db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select([
      'dishes.id',
      'dishes.name',
      'dishes.price',
      'dishes.is_locked',
      'dishes.lock_code',
      'dishes.version',
      'categories.id as category_id',
      'categories.name as category_name',
    ])
    .where('dishes.active', '=', true)
    .where('categories.menu_kind', 'in', kinds.length > 0 ? kinds : ['restaurant']);
  if (options.dishId !== undefined) query = query.where('dishes.id', '=', options.dishId);
  const restaurantId = options.offeredIn;
  if (restaurantId !== undefined) {
    query = query
      .where('categories.hidden', '=', false)
      .where('categories.archived_at', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('dishes_not_carried')
              .select('dish_id')
              .whereRef('dishes_not_carried.dish_id', '=', 'dishes.id')
              .where('dishes_not_carried.restaurant_id', '=', restaurantId),
          ),
        ),
      );
  }
  return query
    .orderBy('categories.sort')
    .orderBy('categories.id')
    .orderBy('dishes.sort')
    .orderBy('dishes.id')
    .execute();
}

/** The hidden categories of these menus holding active dishes the restaurant carries, in menu order: what its stop list leaves out, named. */
export async function hiddenCategories(db: Db, kinds: MenuKind[], restaurantId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('categories')
    .select('name')
    .where('hidden', '=', true)
    .where('archived_at', 'is', null)
    .where('menu_kind', 'in', kinds.length > 0 ? kinds : ['restaurant'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('dishes')
          .select('dishes.id')
          .whereRef('dishes.category_id', '=', 'categories.id')
          .where('dishes.active', '=', true)
          .where((dish) =>
            dish.not(
              dish.exists(
                dish
                  .selectFrom('dishes_not_carried')
                  .select('dish_id')
                  .whereRef('dishes_not_carried.dish_id', '=', 'dishes.id')
                  .where('dishes_not_carried.restaurant_id', '=', restaurantId),
              ),
            ),
          ),
      ),
    )
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.name);
}

export function optionsOf(db: Db, dishIds: number[]) {
  return db
    .selectFrom('dish_options')
    .select(['id', 'dish_id', 'name'])
    .where('dish_id', 'in', dishIds.length > 0 ? dishIds : [-1])
    .where('disabled', '=', false)
    .where('archived_at', 'is', null)
    .orderBy('dish_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function dishStops(db: Db, restaurantId: number) {
  return db.selectFrom('stop_list').select(['dish_id', 'reason']).where('restaurant_id', '=', restaurantId).execute();
}

export function optionStops(db: Db, restaurantId: number) {
  return db.selectFrom('stop_list_options').select(['option_id']).where('restaurant_id', '=', restaurantId).execute();
}

export async function stopDish(db: Db, restaurantId: number, dishId: number, reason: string): Promise<void> {
  await db
    .insertInto('stop_list')
    .values({ restaurant_id: restaurantId, dish_id: dishId, reason })
    .onConflict((oc) => oc.columns(['restaurant_id', 'dish_id']).doUpdateSet({ reason }))
    .execute();
}

export async function releaseDish(db: Db, restaurantId: number, dishId: number): Promise<void> {
  await db.deleteFrom('stop_list').where('restaurant_id', '=', restaurantId).where('dish_id', '=', dishId).execute();
}

export async function stopOption(db: Db, restaurantId: number, optionId: number, reason: string): Promise<void> {
  await db
    .insertInto('stop_list_options')
    .values({ restaurant_id: restaurantId, option_id: optionId, reason })
    .onConflict((oc) => oc.columns(['restaurant_id', 'option_id']).doUpdateSet({ reason }))
    .execute();
}

export async function releaseOption(db: Db, restaurantId: number, optionId: number): Promise<void> {
  await db
    .deleteFrom('stop_list_options')
    .where('restaurant_id', '=', restaurantId)
    .where('option_id', '=', optionId)
    .execute();
}

/** Sets the dish's lock code over the version it was read at (decision 043): undefined when the dish is at another one. */
export function setDishLock(db: Db, dishId: number, version: number, code: string | null) {
  return db
    .updateTable('dishes')
    .set((eb) => ({ is_locked: code !== null, lock_code: code, version: eb('version', '+', 1) }))
    .where('id', '=', dishId)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
}

export function loadOverride(db: Db, restaurantId: number) {
  return db
    .selectFrom('restaurant_load_overrides')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'restaurant_load_overrides.set_by')
    .select([
      'restaurant_load_overrides.load_percent',
      'restaurant_load_overrides.avg_minutes',
      'restaurant_load_overrides.until',
      'staff_accounts.name as set_by',
    ])
    .where('restaurant_load_overrides.restaurant_id', '=', restaurantId)
    .where('restaurant_load_overrides.until', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

export async function saveLoadOverride(
  db: Db,
  values: { restaurantId: number; loadPercent: number; avgMinutes: number; hours: number; staffId: number },
): Promise<void> {
  const until = sql<Date>`now() + make_interval(hours => ${values.hours})`;
  await db
    .insertInto('restaurant_load_overrides')
    .values({
      restaurant_id: values.restaurantId,
      load_percent: values.loadPercent,
      avg_minutes: values.avgMinutes,
      until,
      set_by: values.staffId,
      set_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.column('restaurant_id').doUpdateSet({
        load_percent: values.loadPercent,
        avg_minutes: values.avgMinutes,
        until,
        set_by: values.staffId,
        set_at: sql<Date>`now()`,
      }),
    )
    .execute();
}

export async function clearLoadOverride(db: Db, restaurantId: number): Promise<void> {
  await db.deleteFrom('restaurant_load_overrides').where('restaurant_id', '=', restaurantId).execute();
}
