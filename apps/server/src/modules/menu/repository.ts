import type { Kysely, Selectable, Transaction } from 'kysely';
import type { CategoriesTable, Database, DishOptionsTable, DishesTable, MenuKind, StopListTable } from '../../db/types';

export type CategoryRow = Selectable<CategoriesTable>;
export type DishRow = Selectable<DishesTable>;
export type OptionRow = Selectable<DishOptionsTable>;
export type StopRow = Pick<Selectable<StopListTable>, 'restaurant_id' | 'dish_id'>;

/** What the menu call needs to know of a restaurant. */
export interface MenuRestaurantRow {
  id: number;
  fs_uid: string;
  active: boolean;
  delivery_rest: boolean;
  delivery_self: boolean;
  delivery_courier: boolean;
  menu_kinds: MenuKind[];
}

export interface MenuRows {
  restaurants: MenuRestaurantRow[];
  categories: CategoryRow[];
  dishes: DishRow[];
  options: OptionRow[];
  stopList: StopRow[];
  /** Options a restaurant stopped (issue 17): disabled in that restaurant's menu. */
  optionStops: Array<{ restaurant_id: number; option_id: number }>;
  /** Dishes a restaurant does not carry (issue 31, migration 025). */
  notCarried: Array<{ restaurant_id: number; dish_id: number }>;
  stopText: string;
}

type Reader = Kysely<Database> | Transaction<Database>;

/**
 * The whole catalogue the menus are cut from: every restaurant, the categories guests see, the
 * active dishes in menu order, the options not archived, stop lists and what restaurants do not carry.
 */
export async function loadMenuRows(db: Reader): Promise<MenuRows> {
  const restaurants = await db
    .selectFrom('restaurants')
    .select(['id', 'fs_uid', 'active', 'delivery_rest', 'delivery_self', 'delivery_courier', 'menu_kinds'])
    .execute();
  const categories = await db
    .selectFrom('categories')
    .selectAll()
    .where('hidden', '=', false)
    .where('archived_at', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const dishes = await db
    .selectFrom('dishes')
    .selectAll()
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const options = await db
    .selectFrom('dish_options')
    .selectAll()
    .where('archived_at', 'is', null)
    .orderBy('dish_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const stopList = await db.selectFrom('stop_list').select(['restaurant_id', 'dish_id']).execute();
  const optionStops = await db.selectFrom('stop_list_options').select(['restaurant_id', 'option_id']).execute();
  const notCarried = await db.selectFrom('dishes_not_carried').select(['restaurant_id', 'dish_id']).execute();
  const stopText = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', 'text_stoplist')
    .executeTakeFirst();
  return {
    restaurants,
    categories,
    dishes,
    options,
    stopList,
    optionStops,
    notCarried,
    stopText: typeof stopText?.value === 'string' ? stopText.value : '',
  };
}
