import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ORDER_STATUS } from '@chain/domain';
import type { Database, OrderItemsTable, OrdersTable, RatingsTable } from '../../db/types';
import { logOrderStatus } from '../../logging/state';
import { refundDelayed } from '../order-events';
import type { StatusActor } from './status';

export type OrderRow = Selectable<OrdersTable> & {
  restaurant_name: string;
  restaurant_address: string;
  restaurant_phone: string;
  restaurant_time_zone: string;
  refund_delayed: boolean;
};
export type OrderLineRow = Selectable<OrderItemsTable>;
export type RatingRow = Selectable<RatingsTable> & { photo_ids: number[] };

/** Orders joined to their restaurant, with the restaurant's columns an OrderRow carries. */
function ordersWithRestaurant(db: Kysely<Database>) {
  return db
    .selectFrom('orders')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .selectAll('orders')
    .select([
      refundDelayed,
      'restaurants.name as restaurant_name',
      'restaurants.address as restaurant_address',
      'restaurants.phone as restaurant_phone',
      'restaurants.time_zone as restaurant_time_zone',
    ]);
}

/** The user's orders, newest first (index orders_user), or one of them by id. */
export async function findUserOrders(
  db: Kysely<Database>,
  userId: number,
  page: { limit: number; offset: number; id?: number },
): Promise<OrderRow[]> {
  let query = ordersWithRestaurant(db).where('orders.user_id', '=', userId);
  if (page.id !== undefined) query = query.where('orders.id', '=', page.id);
  return query.orderBy('orders.id', 'desc').limit(page.limit).offset(page.offset).execute();
}

/** One order by id with its restaurant, whoever it belongs to (the receipt's link is signed). */
export async function findOrder(db: Kysely<Database>, id: number): Promise<OrderRow | undefined> {
  return ordersWithRestaurant(db).where('orders.id', '=', id).executeTakeFirst();
}

/** What a follow link shows of an order, and what decides whether the order has one (source, user, placed at). */
export async function findFollowedOrder(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'znumber',
      'status',
      'type',
      'paid',
      'source',
      'user_id',
      'created_at',
      'refunded_sum',
      'refunding_sum',
      refundDelayed,
    ])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The lines of these orders in their order (sort, then id). */
export async function findOrderLines(db: Kysely<Database>, orderIds: readonly number[]): Promise<OrderLineRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('order_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The ratings of these orders (the order's and its dishes'), each with its photo ids. */
export async function findOrderRatings(db: Kysely<Database>, orderIds: readonly number[]): Promise<RatingRow[]> {
  if (orderIds.length === 0) return [];
  const ratings = await db.selectFrom('ratings').selectAll().where('order_id', 'in', orderIds).orderBy('id').execute();
  const photos = await findPhotoIds(
    db,
    ratings.map((rating) => rating.id),
  );
  return ratings.map((rating) => ({ ...rating, photo_ids: photos.get(rating.id) ?? [] }));
}

/** Photo ids per rating, in upload order. */
export async function findPhotoIds(db: Kysely<Database>, ratingIds: readonly number[]): Promise<Map<number, number[]>> {
  const byRating = new Map<number, number[]>();
  if (ratingIds.length === 0) return byRating;
  const rows = await db
    .selectFrom('rating_photos')
    .select(['id', 'rating_id'])
    .where('rating_id', 'in', ratingIds)
    .orderBy('id')
    .execute();
  for (const row of rows) byRating.set(row.rating_id, [...(byRating.get(row.rating_id) ?? []), row.id]);
  return byRating;
}

/** The chain's name and brand colour for the receipt (settings app_name, brand_color). */
export async function findChainBrand(db: Kysely<Database>): Promise<{ chainName: string; brandColor: string }> {
  const rows = await db
    .selectFrom('settings')
    .select(['key', 'value'])
    .where('key', 'in', ['app_name', 'brand_color'])
    .execute();
  const text = (key: string) => {
    const value = rows.find((row) => row.key === key)?.value;
    return typeof value === 'string' ? value : '';
  };
  return { chainName: text('app_name'), brandColor: text('brand_color') };
}

/** The order's current status, its row locked until the transaction ends; undefined when there is no such order. */
export async function lockOrderStatus(
  trx: Transaction<Database>,
  orderId: number,
): Promise<{ id: number; status: number } | undefined> {
  return trx.selectFrom('orders').select(['id', 'status']).where('id', '=', orderId).forUpdate().executeTakeFirst();
}

/** Writes the order's new status with the time of the change, its history row and its state line (logging/state.ts). */
export async function recordStatusMove(
  trx: Transaction<Database>,
  orderId: number,
  from: number,
  to: number,
  actor: StatusActor,
): Promise<void> {
  await trx
    .updateTable('orders')
    .set({ status: to, status_changed_at: sql<Date>`now()` })
    .where('id', '=', orderId)
    .execute();
  await trx.insertInto('order_status_history').values({ order_id: orderId, status: to, actor }).execute();
  logOrderStatus({ orderId, from, to, actor });
}

/**
 * Cancels the user's delayed order that is still waiting for them (delayed, unpaid, awaiting
 * payment) in one conditional update, with the time of the change and, when it changed, its
 * history row (the guest's move) and its state line; false when the order is another's, not delayed, paid, moved on
 * or already cancelled.
 */
export async function cancelWaitingDelayedOrder(
  trx: Transaction<Database>,
  orderId: number,
  userId: number,
): Promise<boolean> {
  const cancelled = await trx
    .updateTable('orders')
    .set({ status: ORDER_STATUS.cancelled, status_changed_at: sql<Date>`now()` })
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .where('delayed', '=', true)
    .where('paid', '=', false)
    .where('status', '=', ORDER_STATUS.awaitingPayment)
    .returning('id')
    .executeTakeFirst();
  if (!cancelled) return false;
  await trx
    .insertInto('order_status_history')
    .values({ order_id: orderId, status: ORDER_STATUS.cancelled, actor: 'guest' satisfies StatusActor })
    .execute();
  logOrderStatus({ orderId, from: ORDER_STATUS.awaitingPayment, to: ORDER_STATUS.cancelled, actor: 'guest' });
  return true;
}

/** What deciding on resuming an order needs: whether it is delayed, paid, and its status; undefined when it is not the user's. */
export async function findUserOrderState(
  db: Kysely<Database> | Transaction<Database>,
  orderId: number,
  userId: number,
) {
  return db
    .selectFrom('orders')
    .select(['delayed', 'paid', 'status'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
