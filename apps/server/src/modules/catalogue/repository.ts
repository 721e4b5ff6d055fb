import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type {
  CategoriesTable,
  CutleryItemsTable,
  Database,
  DishOptionsTable,
  DishesTable,
  RecommendedItemsTable,
} from '../../db/types';

// Every query of the catalogue's import and export (issue 31, decision 051).

type Db = Kysely<Database> | Transaction<Database>;

export type CategoryRow = Selectable<CategoriesTable>;
export type DishRow = Selectable<DishesTable>;
export type OptionRow = Selectable<DishOptionsTable>;
export type CutleryRow = Selectable<CutleryItemsTable>;
export type RecommendedRow = Selectable<RecommendedItemsTable>;

/** The catalogue's rows as the database holds them, archived ones included. */
export interface CatalogueRows {
  categories: CategoryRow[];
  dishes: DishRow[];
  options: OptionRow[];
  cutlery: CutleryRow[];
  recommended: RecommendedRow[];
  /** Dishes a restaurant does not carry (migration 025). */
  notCarried: Array<{ dish_id: number; restaurant_id: number }>;
  restaurantIds: number[];
}

export async function readCatalogueRows(db: Db): Promise<CatalogueRows> {
  return {
    categories: await db.selectFrom('categories').selectAll().orderBy('id').execute(),
    dishes: await db.selectFrom('dishes').selectAll().orderBy('id').execute(),
    options: await db.selectFrom('dish_options').selectAll().orderBy('id').execute(),
    cutlery: await db.selectFrom('cutlery_items').selectAll().orderBy('id').execute(),
    recommended: await db.selectFrom('recommended_items').selectAll().orderBy('id').execute(),
    notCarried: await db
      .selectFrom('dishes_not_carried')
      .select(['dish_id', 'restaurant_id'])
      .orderBy('dish_id')
      .orderBy('restaurant_id')
      .execute(),
    restaurantIds: (await db.selectFrom('restaurants').select('id').orderBy('id').execute()).map((row) => row.id),
  };
}

/** One import at a time across every instance: the transaction's advisory lock. */
export async function lockCatalogueImport(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('catalogue_import'))`.execute(trx);
}

const CHUNK = 500;
const chunks = <T>(rows: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, index) => rows.slice(index * CHUNK, (index + 1) * CHUNK));

/** Adds or rewrites categories by id (back in the catalogue, a version further). */
export async function upsertCategories(
  trx: Transaction<Database>,
  rows: Array<Insertable<CategoriesTable>>,
): Promise<void> {
  for (const part of chunks(rows)) {
    await trx
      .insertInto('categories')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          menu_kind: eb.ref('excluded.menu_kind'),
          name: eb.ref('excluded.name'),
          img: eb.ref('excluded.img'),
          sort: eb.ref('excluded.sort'),
          hidden: eb.ref('excluded.hidden'),
          archived_at: null,
          version: sql<number>`categories.version + 1`,
        })),
      )
      .execute();
  }
}

export async function upsertDishes(trx: Transaction<Database>, rows: Array<Insertable<DishesTable>>): Promise<void> {
  for (const part of chunks(rows)) {
    await trx
      .insertInto('dishes')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          category_id: eb.ref('excluded.category_id'),
          name: eb.ref('excluded.name'),
          thumb: eb.ref('excluded.thumb'),
          img: eb.ref('excluded.img'),
          price: eb.ref('excluded.price'),
          weight: eb.ref('excluded.weight'),
          sostav: eb.ref('excluded.sostav'),
          more_ingredients: eb.ref('excluded.more_ingredients'),
          is_shop: eb.ref('excluded.is_shop'),
          is_locked: eb.ref('excluded.is_locked'),
          lock_code: eb.ref('excluded.lock_code'),
          cook_time: eb.ref('excluded.cook_time'),
          active: eb.ref('excluded.active'),
          sort: eb.ref('excluded.sort'),
          labels: eb.ref('excluded.labels'),
          archived_at: null,
          version: sql<number>`dishes.version + 1`,
        })),
      )
      .execute();
  }
}

export async function upsertOptions(
  trx: Transaction<Database>,
  rows: Array<Insertable<DishOptionsTable>>,
): Promise<void> {
  for (const part of chunks(rows)) {
    await trx
      .insertInto('dish_options')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          dish_id: eb.ref('excluded.dish_id'),
          name: eb.ref('excluded.name'),
          price: eb.ref('excluded.price'),
          disabled: eb.ref('excluded.disabled'),
          multicheck: eb.ref('excluded.multicheck'),
          max_cnt: eb.ref('excluded.max_cnt'),
          sort: eb.ref('excluded.sort'),
          archived_at: null,
          version: sql<number>`dish_options.version + 1`,
        })),
      )
      .execute();
  }
}

export async function upsertCutlery(
  trx: Transaction<Database>,
  rows: Array<Insertable<CutleryItemsTable>>,
): Promise<void> {
  for (const part of chunks(rows)) {
    await trx
      .insertInto('cutlery_items')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          price: eb.ref('excluded.price'),
          free_cnt: eb.ref('excluded.free_cnt'),
          max: eb.ref('excluded.max'),
          order_types: eb.ref('excluded.order_types'),
          sort: eb.ref('excluded.sort'),
          archived_at: null,
          version: sql<number>`cutlery_items.version + 1`,
        })),
      )
      .execute();
  }
}

export async function upsertRecommended(
  trx: Transaction<Database>,
  rows: Array<Insertable<RecommendedItemsTable>>,
): Promise<void> {
  for (const part of chunks(rows)) {
    await trx
      .insertInto('recommended_items')
      .values(part)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          dish_id: eb.ref('excluded.dish_id'),
          free_cnt: eb.ref('excluded.free_cnt'),
          separated: eb.ref('excluded.separated'),
          order_types: eb.ref('excluded.order_types'),
          sort: eb.ref('excluded.sort'),
          archived_at: null,
          version: sql<number>`recommended_items.version + 1`,
        })),
      )
      .execute();
  }
}

/** Archives what the file left out: hidden from guests (a dish also inactive), kept for orders. */
export async function archiveRows(
  trx: Transaction<Database>,
  ids: { categories: number[]; dishes: number[]; options: number[] },
): Promise<void> {
  if (ids.options.length > 0)
    await trx
      .updateTable('dish_options')
      .set({ archived_at: sql`now()`, disabled: true, version: sql`version + 1` })
      .where('id', 'in', ids.options)
      .execute();
  if (ids.dishes.length > 0)
    await trx
      .updateTable('dishes')
      .set({ archived_at: sql`now()`, active: false, version: sql`version + 1` })
      .where('id', 'in', ids.dishes)
      .execute();
  if (ids.categories.length > 0)
    await trx
      .updateTable('categories')
      .set({ archived_at: sql`now()`, version: sql`version + 1` })
      .where('id', 'in', ids.categories)
      .execute();
}

/** Archives the cutlery and recommendations the file left out (offered to no guest, kept for orders). */
export async function archiveExtras(
  trx: Transaction<Database>,
  ids: { cutlery: number[]; recommended: number[] },
): Promise<void> {
  if (ids.cutlery.length > 0)
    await trx
      .updateTable('cutlery_items')
      .set({ archived_at: sql`now()`, version: sql`version + 1` })
      .where('id', 'in', ids.cutlery)
      .execute();
  if (ids.recommended.length > 0)
    await trx
      .updateTable('recommended_items')
      .set({ archived_at: sql`now()`, version: sql`version + 1` })
      .where('id', 'in', ids.recommended)
      .execute();
}

/** Which restaurants do not carry these dishes: the rows of each replaced by the given ones. */
export async function replaceNotCarried(
  trx: Transaction<Database>,
  dishIds: readonly number[],
  rows: ReadonlyArray<{ dish_id: number; restaurant_id: number }>,
): Promise<void> {
  for (const part of chunks(dishIds)) await trx.deleteFrom('dishes_not_carried').where('dish_id', 'in', part).execute();
  for (const part of chunks(rows)) await trx.insertInto('dishes_not_carried').values(part).execute();
}

/** Sets new prices of dishes, a version further each. */
export async function setDishPrices(
  trx: Transaction<Database>,
  prices: ReadonlyArray<{ id: number; price: number }>,
): Promise<void> {
  for (const part of chunks(prices)) {
    if (part.length === 0) continue;
    const values = sql.join(part.map((row) => sql`(${row.id}::integer, ${row.price}::integer)`));
    await sql`update dishes set price = changed.price, version = dishes.version + 1 from (values ${values}) as changed (id, price) where dishes.id = changed.id`.execute(
      trx,
    );
  }
}

/** Rows added with the file's own ids leave the identity sequences behind: move each past the largest id. */
export async function moveSequences(trx: Transaction<Database>): Promise<void> {
  for (const table of ['categories', 'dishes', 'dish_options', 'cutlery_items', 'recommended_items'] as const) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.table(table)}), 1))`.execute(
      trx,
    );
  }
}
