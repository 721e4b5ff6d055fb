import { sql, type Kysely, type Transaction } from 'kysely';
import { ORDER_STATUS, type BoardPart } from '@chain/domain';
import type { Database } from '../../db/types';
import { refundDelayed } from '../order-events';

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
  'orders.refunded_sum',
  'orders.refunding_sum',
  refundDelayed,
] as const;

/** now() less some hours, in SQL. */
const hoursAgo = (hours: number) => sql<Date>`now() - make_interval(hours => ${hours}::integer)`;

/** An unpaid order leaves the board this long after it was placed (an abandoned cart). */
const UNPAID_HOURS = 3;
/** A finished order (done, or cancelled) stays on the board this long after it finished. */
const FINISHED_HOURS = 2;

/**
 * The board's orders of a restaurant, part by part (BoardPart, issue 30 point 1), each newest
 * first and at most `limits` of it: the kitchen's work, every paid unfinished order whatever its
 * age (its own partial index, orders_board_paid); paid orders finished in the last 2 hours; unpaid
 * ones, awaiting payment and placed in the last 3 hours or cancelled in the last 2. The last two
 * are read by the status change's time (orders_restaurant_changed), so a restaurant's history is
 * not scanned. Delayed orders (saved for later, not placed) are not the kitchen's.
 */
export async function boardOrders(db: Db, restaurantId: number, limits: Readonly<Record<BoardPart, number>>) {
  const placed = db
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('orders.restaurant_id', '=', restaurantId)
    .where('orders.delayed', '=', false);
  const newest = (query: typeof placed, limit: number) =>
    query.orderBy('orders.created_at', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
  const kitchen = await newest(
    placed.where('orders.paid', '=', true).where('orders.status', '<', ORDER_STATUS.done),
    limits.kitchen,
  );
  const finished = await newest(
    placed
      .where('orders.paid', '=', true)
      .where('orders.status', '>=', ORDER_STATUS.done)
      .where('orders.status_changed_at', '>', hoursAgo(FINISHED_HOURS)),
    limits.finished,
  );
  const unpaid = await newest(
    placed
      .where('orders.paid', '=', false)
      // Placed or cancelled lately, whichever: the status changed within the longer of the two.
      .where('orders.status_changed_at', '>', hoursAgo(Math.max(UNPAID_HOURS, FINISHED_HOURS)))
      .where((eb) =>
        eb.or([
          eb.and([eb('orders.status', '<', ORDER_STATUS.done), eb('orders.created_at', '>', hoursAgo(UNPAID_HOURS))]),
          eb.and([
            eb('orders.status', '>=', ORDER_STATUS.done),
            eb('orders.status_changed_at', '>', hoursAgo(FINISHED_HOURS)),
          ]),
        ]),
      ),
    limits.unpaid,
  );
  return { kitchen, finished, unpaid };
}

export function boardOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .select(ORDER_COLUMNS)
    .where('orders.id', '=', orderId)
    .where('orders.delayed', '=', false)
    .executeTakeFirst();
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
