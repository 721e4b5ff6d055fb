import { sql, type Kysely } from 'kysely';
import type { OrderRefundState } from '@chain/domain';
import type { Database } from '../../db/types';

/** The channel every change of an order's status, paid flag, tips id or refund's state is announced on; the payload is the order id. */
export const ORDER_STATUS_CHANNEL = 'order_status';

/**
 * The channel the same changes (and an order's creation) are announced on for the staff's
 * boards: the payload is `{restaurant id}:{order id}`, so an instance reads only the orders of
 * restaurants whose board it has open.
 */
export const ORDER_BOARD_CHANNEL = 'order_board';

/**
 * Announces that the order was created or its status, paid flag, tips id or a refund's state
 * (asked, returned, refused, retried: decision 050) changed, to every
 * instance's LISTEN (order-events for guests, staff-board for the boards). Called inside the
 * transaction that makes the change: PostgreSQL delivers it only when that transaction commits
 * (never for a rollback), and the same order announced twice in one transaction (paid and
 * 10 → 20) arrives once.
 */
export async function notifyOrderStatus(trx: Kysely<Database>, orderId: number): Promise<void> {
  await sql`select pg_notify(${ORDER_STATUS_CHANNEL}, id::text), pg_notify(${ORDER_BOARD_CHANNEL}, restaurant_id || ':' || id) from orders where id = ${orderId}`.execute(
    trx,
  );
}

/**
 * Whether a refund of the order failed at the bank and waits for a manager's retry (decision
 * 050): its status text says the money is delayed. A column for a query over `orders` (one look
 * at the order's refunds through their (order_id, …) index).
 */
export const refundDelayed =
  sql<boolean>`exists (select 1 from order_refunds where order_refunds.order_id = orders.id and order_refunds.status = 'failed')`.as(
    'refund_delayed',
  );

/** The order's refunds as its status text reads them (orderStatusText). */
export function refundStateOf(order: {
  refunded_sum: number;
  refunding_sum: number;
  refund_delayed: boolean;
}): OrderRefundState {
  return { returned: order.refunded_sum, returning: order.refunding_sum, delayed: order.refund_delayed };
}

/** What the order's status event shows, and whose order it is. */
export async function findOrderState(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'status', 'type', 'paid', 'tips_id', 'refunded_sum', 'refunding_sum', refundDelayed])
    .where('id', '=', orderId)
    .executeTakeFirst();
}
