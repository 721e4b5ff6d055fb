import { sql, type Kysely, type Transaction, type UpdateObject } from 'kysely';
import type { Database, DishLabel, MenuKind } from '../../db/types';

// Every SQL statement of the back office's menu (issue 31): categories, dishes, their options and
// which restaurants carry them. Each change bumps the catalogue version by the tables' triggers
// (migrations 003, 025), so guests' open menus reload at once.

type Db = Kysely<Database> | Transaction<Database>;

const CATEGORY_COLUMNS = ['id', 'menu_kind', 'name', 'hidden', 'version', 'dish_order_version'] as const;

export function listCategories(db: Db) {
  return db
    .selectFrom('categories')
    .select(CATEGORY_COLUMNS)
    .orderBy('menu_kind')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findCategory(db: Db, id: number) {
  return db.selectFrom('categories').select(CATEGORY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/**
 * The category locked for the transaction, with whether the catalogue still holds it: of two
 * reorders of its dishes, the second waits here and then reads the version the first moved.
 */
export function lockCategory(db: Db, id: number) {
  return db
    .selectFrom('categories')
    .select([...CATEGORY_COLUMNS, 'archived_at'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/** The category's dishes but the archived ones, in their order. */
export async function liveDishIds(db: Db, categoryId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dishes')
    .select('id')
    .where('category_id', '=', categoryId)
    .where('archived_at', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** The rows of `ids` numbered in that order (sort 1, 2, …): one `case` for one statement. */
function sortInOrderOf(ids: number[]) {
  const cases = sql.join(
    ids.map((id, index) => sql`when ${id}::int then ${index + 1}::int`),
    sql` `,
  );
  return sql<number>`case id ${cases} end`;
}

/** Puts the dishes in the order of `ids`, in one statement; the trigger moves their category's dish_order_version. */
export async function setDishOrder(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('dishes')
    .set({ sort: sortInOrderOf(ids) })
    .where('id', 'in', ids)
    .execute();
}

export function categoryIdsOfKind(db: Db, kind: MenuKind) {
  return db.selectFrom('categories').select('id').where('menu_kind', '=', kind).execute();
}

/** A new category, last of its menu. */
export function insertCategory(db: Db, values: { menu_kind: MenuKind; name: string; hidden: boolean }) {
  return db
    .insertInto('categories')
    .values({
      ...values,
      img: '',
      sort: sql<number>`(select coalesce(max(sort), 0) + 1 from categories where menu_kind = ${values.menu_kind})`,
    })
    .returning(CATEGORY_COLUMNS)
    .executeTakeFirstOrThrow();
}

/** The category's name and hiding over the version the edit names; undefined when it is at another version or gone. */
export function updateCategory(db: Db, id: number, version: number, values: { name: string; hidden: boolean }) {
  return db
    .updateTable('categories')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(CATEGORY_COLUMNS)
    .executeTakeFirst();
}

/** Puts the categories in the order of `ids`, in one statement. */
export async function setCategoryOrder(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('categories')
    .set({ sort: sortInOrderOf(ids) })
    .where('id', 'in', ids)
    .execute();
}

const DISH_COLUMNS = [
  'dishes.id',
  'dishes.version',
  'dishes.category_id',
  'dishes.name',
  'dishes.sostav',
  'dishes.weight',
  'dishes.price',
  'dishes.cook_time',
  'dishes.img',
  'dishes.labels',
  'dishes.active',
  'dishes.archived_at',
  'categories.menu_kind',
] as const;

/** Every dish (archived ones too), or those of `ids`, with its category's menu, in menu order. */
export function listDishes(db: Db, ids: number[] | null = null) {
  let query = db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select(DISH_COLUMNS);
  if (ids !== null) query = query.where('dishes.id', 'in', ids.length > 0 ? ids : [-1]);
  return query.orderBy('dishes.category_id').orderBy('dishes.sort').orderBy('dishes.id').execute();
}

/** The options not archived of these dishes (all dishes for null), in their order. */
export function listOptions(db: Db, dishIds: number[] | null = null) {
  let query = db
    .selectFrom('dish_options')
    .select(['id', 'dish_id', 'name', 'price', 'disabled', 'multicheck', 'max_cnt'])
    .where('archived_at', 'is', null);
  if (dishIds !== null) query = query.where('dish_id', 'in', dishIds.length > 0 ? dishIds : [-1]);
  return query.orderBy('dish_id').orderBy('sort').orderBy('id').execute();
}

export function listNotCarried(db: Db, dishIds: number[] | null = null) {
  let query = db.selectFrom('dishes_not_carried').select(['dish_id', 'restaurant_id']);
  if (dishIds !== null) query = query.where('dish_id', 'in', dishIds.length > 0 ? dishIds : [-1]);
  return query.execute();
}

export function listRestaurants(db: Db) {
  return db.selectFrom('restaurants').select(['id', 'name', 'menu_kinds']).orderBy('sort').orderBy('id').execute();
}

export interface DishValues {
  category_id: number;
  name: string;
  sostav: string;
  weight: string;
  price: number;
  cook_time: number;
  img: string;
  labels: DishLabel[];
  active: boolean;
  is_shop: boolean;
}

/** A new dish, last of its category. */
export async function insertDish(db: Db, values: DishValues): Promise<number> {
  const row = await db
    .insertInto('dishes')
    .values({
      ...values,
      // One picture: the renditions make every size of it (decision 034).
      thumb: values.img,
      labels: sql<DishLabel[]>`${values.labels}::text[]`,
      sort: sql<number>`(select coalesce(max(sort), 0) + 1 from dishes where category_id = ${values.category_id})`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * An update of a dish not archived over the version the edit names, bumping it: its id back, or
 * undefined when it is at another version, gone or archived (savedOrStale tells which).
 */
async function updateDishOver(
  db: Db,
  id: number,
  version: number,
  set: UpdateObject<Database, 'dishes'>,
): Promise<number | undefined> {
  const row = await db
    .updateTable('dishes')
    .set({ ...set, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('archived_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The dish's fields over the version the edit names. */
export function updateDish(db: Db, id: number, version: number, values: DishValues): Promise<number | undefined> {
  return updateDishOver(db, id, version, {
    ...values,
    thumb: values.img,
    labels: sql<DishLabel[]>`${values.labels}::text[]`,
  });
}

/** Bumps the dish's version over the one the edit names: a change of what it is saved with (the restaurants carrying it). */
export function bumpDish(db: Db, id: number, version: number): Promise<number | undefined> {
  return updateDishOver(db, id, version, {});
}

/** Archives the dish over the version named: hidden from guests for good, kept for orders. */
export function archiveDish(db: Db, id: number, version: number): Promise<number | undefined> {
  return updateDishOver(db, id, version, { archived_at: sql<Date>`now()`, active: false });
}

/**
 * Brings an archived dish back over the version named: last in its category, and not yet shown
 * to guests (it stays inactive until a manager shows it). Its id back, or undefined (savedOrStale).
 */
export async function restoreDish(db: Db, id: number, version: number): Promise<number | undefined> {
  const row = await db
    .updateTable('dishes')
    .set({
      archived_at: null,
      active: false,
      sort: sql<number>`(select coalesce(max(others.sort), 0) + 1 from dishes others where others.category_id = dishes.category_id)`,
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .where('version', '=', version)
    .where('archived_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Deletes the dish at the version named (its options, stops and recommendations go with it). */
export async function deleteDish(db: Db, id: number, version: number): Promise<number | undefined> {
  const row = await db
    .deleteFrom('dishes')
    .where('id', '=', id)
    .where('version', '=', version)
    .where('archived_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Whether any order has a line of this dish. */
export async function dishNamedByOrders(db: Db, dishId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_items')
    .select('id')
    .where('kind', '=', 'dish')
    .where('item_id', '=', dishId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of the dish's options orders name, as its single option or among its counted ones. */
export async function optionsNamedByOrders(db: Db, dishId: number, optionIds: number[]): Promise<Set<number>> {
  if (optionIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('order_items')
    .select(
      sql<number[]>`array(
      select (order_items.spec ->> 'id')::int where order_items.spec is not null
      union select (entry ->> 'id')::int from jsonb_array_elements(order_items.specs) entry
    )`.as('ids'),
    )
    .where('kind', '=', 'dish')
    .where('item_id', '=', dishId)
    .execute();
  const wanted = new Set(optionIds);
  return new Set(rows.flatMap((row) => row.ids.filter((id) => wanted.has(id))));
}

export interface OptionValues {
  name: string;
  price: number;
  disabled: boolean;
  multicheck: boolean;
  max_cnt: number;
  sort: number;
}

export async function insertOption(db: Db, dishId: number, values: OptionValues): Promise<void> {
  await db
    .insertInto('dish_options')
    .values({ dish_id: dishId, ...values })
    .execute();
}

export async function updateOption(db: Db, id: number, values: OptionValues): Promise<void> {
  await db
    .updateTable('dish_options')
    .set({ ...values, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

export async function archiveOptions(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('dish_options')
    .set({ archived_at: sql<Date>`now()`, disabled: true, version: sql<number>`version + 1` })
    .where('id', 'in', ids)
    .execute();
}

export async function deleteOptions(db: Db, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('dish_options').where('id', 'in', ids).execute();
}

/** The restaurants that do not carry the dish become exactly `restaurantIds`. */
export async function replaceNotCarried(db: Db, dishId: number, restaurantIds: number[]): Promise<void> {
  await db.deleteFrom('dishes_not_carried').where('dish_id', '=', dishId).execute();
  if (restaurantIds.length > 0)
    await db
      .insertInto('dishes_not_carried')
      .values(restaurantIds.map((restaurant_id) => ({ dish_id: dishId, restaurant_id })))
      .execute();
}

/** One restaurant carries the dish, or does not. */
export async function setCarried(db: Db, dishId: number, restaurantId: number, carried: boolean): Promise<void> {
  if (carried)
    await db
      .deleteFrom('dishes_not_carried')
      .where('dish_id', '=', dishId)
      .where('restaurant_id', '=', restaurantId)
      .execute();
  else
    await db
      .insertInto('dishes_not_carried')
      .values({ dish_id: dishId, restaurant_id: restaurantId })
      .onConflict((oc) => oc.doNothing())
      .execute();
}
