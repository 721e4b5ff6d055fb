import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The channel every change of an order's status, paid flag or tips id is announced on; the payload is the order id. */
export const ORDER_STATUS_CHANNEL = 'order_status';

/**
 * The channel the same changes (and an order's creation) are announced on for the staff's
 * boards: the payload is `{restaurant id}:{order id}`, so an instance reads only the orders of
 * restaurants whose board it has open.
 */
export const ORDER_BOARD_CHANNEL = 'order_board';

/**
 * Announces that the order was created or its status, paid flag or tips id changed, to every
 * instance's LISTEN (order-events for guests, staff-board for the boards). Called inside the
 * transaction that makes the change: PostgreSQL delivers it only when that transaction commits
 * (never for a rollback), and the same order announced twice in one transaction (paid and
 * 10 → 20) arrives once.
 */
export async function notifyOrderStatus(trx: Kysely<Database>, orderId: number): Promise<void> {
  await sql`select pg_notify(${ORDER_STATUS_CHANNEL}, id::text), pg_notify(${ORDER_BOARD_CHANNEL}, restaurant_id || ':' || id) from orders where id = ${orderId}`.execute(trx);
}

/** What the order's status event shows, and whose order it is. */
export async function findOrderState(db: Kysely<Database>, orderId: number) {
  return db.selectFrom('orders').select(['id', 'user_id', 'status', 'type', 'paid', 'tips_id', 'refunded_sum', 'refunding_sum']).where('id', '=', orderId).executeTakeFirst();
}
