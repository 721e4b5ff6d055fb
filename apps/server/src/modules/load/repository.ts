import { sql, type Kysely } from 'kysely';
import { LOAD_HISTORY_WEEKS, LOAD_WINDOW_MINUTES, ORDER_STATUS } from '@chain/domain';
import type { Database, MenuKind } from '../../db/types';

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;
/** A paid order still unfinished after this long is taken as stuck, not as work of the kitchen. */
const QUEUE_MAX_AGE_MINUTES = 6 * 60;

type WorkByRestaurant = Map<number, number>;

/** Cook-minutes (Σ line cnt × the dish's cook_time) of the orders the filter keeps, per restaurant. */
function workQuery(db: Kysely<Database>, restaurantIds: readonly number[]) {
  return db
    .selectFrom('orders')
    .innerJoin('order_items', 'order_items.order_id', 'orders.id')
    .innerJoin('dishes', 'dishes.id', 'order_items.item_id')
    .select(['orders.restaurant_id', sql<string | number>`sum(order_items.cnt * dishes.cook_time)`.as('work')])
    .where('order_items.kind', '=', 'dish')
    .where('orders.restaurant_id', 'in', [...restaurantIds])
    .groupBy('orders.restaurant_id');
}

function byRestaurant(rows: Array<{ restaurant_id: number; work: string | number }>): WorkByRestaurant {
  return new Map(rows.map((row) => [row.restaurant_id, Number(row.work)]));
}

/**
 * The kitchen's queue now (decision 014): paid orders not yet ready (status 10 paid, 20
 * accepted, 30 cooking) that are due within half an hour — as soon as ready, or a chosen time
 * that has come — and are not older than six hours.
 */
export async function queueWork(
  db: Kysely<Database>,
  restaurantIds: readonly number[],
  now: Date,
): Promise<WorkByRestaurant> {
  if (restaurantIds.length === 0) return new Map();
  const rows = await workQuery(db, restaurantIds)
    .where('orders.paid', '=', true)
    .where('orders.status', '>=', ORDER_STATUS.awaitingPayment)
    .where('orders.status', '<=', ORDER_STATUS.cooking)
    .where('orders.created_at', '>', new Date(now.getTime() - QUEUE_MAX_AGE_MINUTES * MINUTE))
    .where((eb) =>
      eb.or([
        eb('orders.ready_at', 'is', null),
        eb('orders.ready_at', '<=', new Date(now.getTime() + (LOAD_WINDOW_MINUTES / 2) * MINUTE)),
      ]),
    )
    .execute();
  return byRestaurant(rows);
}

/** Orders scheduled into the hour around `at` (ready_at within ±30 minutes), not done or cancelled, paid or not (delayed orders count). */
export async function scheduledWork(
  db: Kysely<Database>,
  restaurantIds: readonly number[],
  at: Date,
): Promise<WorkByRestaurant> {
  if (restaurantIds.length === 0) return new Map();
  const half = (LOAD_WINDOW_MINUTES / 2) * MINUTE;
  const rows = await workQuery(db, restaurantIds)
    .where('orders.status', '<', ORDER_STATUS.done)
    .where('orders.ready_at', '>=', new Date(at.getTime() - half))
    .where('orders.ready_at', '<', new Date(at.getTime() + half))
    .execute();
  return byRestaurant(rows);
}

/** The paid, not cancelled orders placed in the same hour of the same weekday over the past four weeks (summed; the domain averages). */
export async function pastWeeksWork(
  db: Kysely<Database>,
  restaurantIds: readonly number[],
  at: Date,
): Promise<WorkByRestaurant> {
  if (restaurantIds.length === 0) return new Map();
  const half = (LOAD_WINDOW_MINUTES / 2) * MINUTE;
  const weeks = Array.from({ length: LOAD_HISTORY_WEEKS }, (_, index) => at.getTime() - (index + 1) * WEEK);
  const rows = await workQuery(db, restaurantIds)
    .where('orders.paid', '=', true)
    .where('orders.status', '!=', ORDER_STATUS.cancelled)
    .where((eb) =>
      eb.or(
        weeks.map((centre) =>
          eb.and([
            eb('orders.created_at', '>=', new Date(centre - half)),
            eb('orders.created_at', '<', new Date(centre + half)),
          ]),
        ),
      ),
    )
    .execute();
  return byRestaurant(rows);
}

/** The cook times of the dishes on sale (cook_time > 0), by menu. */
export async function cookTimesByMenu(
  db: Kysely<Database>,
): Promise<Array<{ menu_kind: MenuKind; cook_time: number }>> {
  return db
    .selectFrom('dishes')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select(['categories.menu_kind', 'dishes.cook_time'])
    .where('dishes.active', '=', true)
    .where('dishes.cook_time', '>', 0)
    .execute();
}

/** The restaurant's stop list with the dishes' categories, in menu order. */
export async function stopListRows(db: Kysely<Database>, restaurantId: number) {
  return db
    .selectFrom('stop_list')
    .innerJoin('dishes', 'dishes.id', 'stop_list.dish_id')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select([
      'dishes.id',
      'dishes.name',
      'stop_list.reason',
      'stop_list.since',
      'categories.id as category_id',
      'categories.name as category_name',
      'categories.menu_kind',
    ])
    .where('stop_list.restaurant_id', '=', restaurantId)
    .where('dishes.active', '=', true)
    .orderBy('categories.sort')
    .orderBy('categories.id')
    .orderBy('dishes.sort')
    .orderBy('dishes.id')
    .execute();
}

/** A dish on sale and its cook time, or undefined. */
export async function activeDishCookTime(
  db: Kysely<Database>,
  dishId: number,
): Promise<{ id: number; cook_time: number } | undefined> {
  return db
    .selectFrom('dishes')
    .select(['id', 'cook_time'])
    .where('id', '=', dishId)
    .where('active', '=', true)
    .executeTakeFirst();
}

/** The load figures staff set by hand (issue 17) that still hold at a moment, per restaurant. */
export async function loadOverridesAt(
  db: Kysely<Database>,
  restaurantIds: readonly number[],
  at: Date,
): Promise<Map<number, { loadPercent: number; avgMinutes: number }>> {
  if (restaurantIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('restaurant_load_overrides')
    .select(['restaurant_id', 'load_percent', 'avg_minutes'])
    .where('restaurant_id', 'in', [...restaurantIds])
    .where('until', '>', at)
    .where('set_at', '<=', at)
    .execute();
  return new Map(
    rows.map((row) => [row.restaurant_id, { loadPercent: row.load_percent, avgMinutes: row.avg_minutes }]),
  );
}
