import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, OrderType } from '../../db/types';

// Every SQL statement of the back office's cutlery and recommended items (issue 31).

type Db = Kysely<Database> | Transaction<Database>;

/** What a manager sets on a cutlery item, as the table holds it. */
export interface CutleryValues {
  name: string;
  price: number;
  free_cnt: number;
  max: number;
  order_types: OrderType[];
  sort: number;
  archived: boolean;
}

/** What a manager sets on a recommended item, as the table holds it. */
export interface RecommendedValues {
  dish_id: number;
  free_cnt: number;
  separated: boolean;
  order_types: OrderType[];
  sort: number;
  archived: boolean;
}

/** Archived keeps the moment it was first archived; brought back clears it. */
const archivedAt = (archived: boolean) =>
  sql<Date | null>`case when ${archived} then coalesce(archived_at, now()) else null end`;

const cutleryColumns = [
  'id',
  'name',
  'price',
  'free_cnt',
  'max',
  'order_types',
  'sort',
  'archived_at',
  'version',
] as const;

export type CutleryRow = Awaited<ReturnType<typeof findCutlery>> & {};

/** Every cutlery item, archived ones last, in the cart's order. */
export function listCutlery(db: Db) {
  return db
    .selectFrom('cutlery_items')
    .select(cutleryColumns)
    .orderBy(sql`archived_at is not null`)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export function findCutlery(db: Db, id: number) {
  return db.selectFrom('cutlery_items').select(cutleryColumns).where('id', '=', id).executeTakeFirst();
}

export async function countCutlery(db: Db): Promise<number> {
  const row = await db
    .selectFrom('cutlery_items')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertCutlery(db: Db, values: CutleryValues) {
  const { archived, ...rest } = values;
  return db
    .insertInto('cutlery_items')
    .values({ ...rest, archived_at: archived ? sql<Date>`now()` : null })
    .returning(cutleryColumns)
    .executeTakeFirstOrThrow();
}

/** The save over `version`: the row saved, or undefined when it is gone or at another version. */
export function updateCutlery(db: Db, id: number, version: number, values: CutleryValues) {
  const { archived, ...rest } = values;
  return db
    .updateTable('cutlery_items')
    .set({ ...rest, archived_at: archivedAt(archived), version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning(cutleryColumns)
    .executeTakeFirst();
}

const recommendedColumns = [
  'recommended_items.id',
  'recommended_items.dish_id',
  'dishes.name as dish_name',
  'dishes.price',
  'recommended_items.free_cnt',
  'recommended_items.separated',
  'recommended_items.order_types',
  'recommended_items.sort',
  'recommended_items.archived_at',
  'recommended_items.version',
] as const;

export type RecommendedRow = Awaited<ReturnType<typeof findRecommended>> & {};

function recommendedQuery(db: Db) {
  return db
    .selectFrom('recommended_items')
    .innerJoin('dishes', 'dishes.id', 'recommended_items.dish_id')
    .select(recommendedColumns);
}

/** Every recommended item with its dish's name and price, archived ones last, in the cart's order. */
export function listRecommended(db: Db) {
  return recommendedQuery(db)
    .orderBy(sql`recommended_items.archived_at is not null`)
    .orderBy('recommended_items.sort')
    .orderBy('recommended_items.id')
    .execute();
}

export function findRecommended(db: Db, id: number) {
  return recommendedQuery(db).where('recommended_items.id', '=', id).executeTakeFirst();
}

export async function countRecommended(db: Db): Promise<number> {
  const row = await db
    .selectFrom('recommended_items')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether another live (not archived) recommendation names the dish. */
export async function dishRecommendedElsewhere(db: Db, dishId: number, exceptId: number | null): Promise<boolean> {
  let query = db
    .selectFrom('recommended_items')
    .select('id')
    .where('dish_id', '=', dishId)
    .where('archived_at', 'is', null);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertRecommended(db: Db, values: RecommendedValues): Promise<number> {
  const { archived, ...rest } = values;
  const row = await db
    .insertInto('recommended_items')
    .values({ ...rest, archived_at: archived ? sql<Date>`now()` : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The save over `version`: the id saved, or undefined when the row is gone or at another version. */
export async function updateRecommended(
  db: Db,
  id: number,
  version: number,
  values: RecommendedValues,
): Promise<number | undefined> {
  const { archived, ...rest } = values;
  const row = await db
    .updateTable('recommended_items')
    .set({ ...rest, archived_at: archivedAt(archived), version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** The active dishes a recommendation may name, by name. */
export function activeDishes(db: Db) {
  return db
    .selectFrom('dishes')
    .select(['id', 'name', 'price'])
    .where('active', '=', true)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export async function dishIsActive(db: Db, id: number): Promise<boolean> {
  return (
    (await db.selectFrom('dishes').select('id').where('id', '=', id).where('active', '=', true).executeTakeFirst()) !==
    undefined
  );
}
