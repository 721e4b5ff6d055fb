import { sql, type Kysely, type Transaction } from 'kysely';
import { ORDER_STATUS } from '@chain/domain';
import type { Database } from '../../db/types';

// Every SQL statement of the staff's order board.

type Db = Kysely<Database> | Transaction<Database>;

const ORDER_COLUMNS = [
  'orders.id',
  'orders.znumber',
  'orders.restaurant_id',
  'orders.type',
  'orders.status',
  'orders.paid',
  'orders.source',
  'orders.created_at',
  'orders.ready_at',
  'orders.as_ready',
  'orders.sum',
  'orders.table_num',
  'orders.name',
  'orders.phone',
  'orders.comment',
  'orders.props',
] as const;

/**
 * The board's orders of a restaurant, newest first: unfinished ones (paid, or awaiting payment
 * and placed in the last 3 hours, so abandoned carts do not pile up) and those finished in the
 * last 2 hours. Delayed orders (saved for later, not placed) are not the kitchen's.
 */
export function boardOrders(db: Db, restaurantId: number) {
  return db
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('orders.restaurant_id', '=', restaurantId)
    .where('orders.delayed', '=', false)
    .where((eb) =>
      eb.or([
        eb.and([
          eb('orders.status', '<', ORDER_STATUS.done),
          eb.or([eb('orders.paid', '=', true), eb('orders.created_at', '>', sql<Date>`now() - interval '3 hours'`)]),
        ]),
        eb('orders.status_changed_at', '>', sql<Date>`now() - interval '2 hours'`),
      ]),
    )
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(300)
    .execute();
}

export function boardOrder(db: Db, orderId: number) {
  return db.selectFrom('orders').select(ORDER_COLUMNS).where('orders.id', '=', orderId).where('orders.delayed', '=', false).executeTakeFirst();
}

export type BoardOrderRow = NonNullable<Awaited<ReturnType<typeof boardOrder>>>;

/** The lines of these orders, in their order. */
export function orderLinesOf(db: Db, orderIds: number[]) {
  return db
    .selectFrom('order_items')
    .select(['order_id', 'kind', 'name', 'cnt', 'spec', 'specs'])
    .where('order_id', 'in', orderIds.length > 0 ? orderIds : [-1])
    .orderBy('order_id')
    .orderBy('sort')
    .execute();
}

export async function orderRestaurantId(db: Db, orderId: number): Promise<number | undefined> {
  const row = await db.selectFrom('orders').select('restaurant_id').where('id', '=', orderId).executeTakeFirst();
  return row?.restaurant_id;
}

/** The order's status and paid flag under its row lock, for a staff move (the status machine locks it the same way). */
export function lockOrderForMove(trx: Transaction<Database>, orderId: number) {
  return trx.selectFrom('orders').select(['status', 'paid']).where('id', '=', orderId).forUpdate().executeTakeFirst();
}
