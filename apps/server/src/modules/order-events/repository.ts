import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/types';

/** The channel every change of an order's status, paid flag or tips id is announced on; the payload is the order id. */
export const ORDER_STATUS_CHANNEL = 'order_status';

/**
 * Announces that the order's status or paid flag changed, to every instance's LISTEN
 * (order-events). Called inside the transaction that makes the change: PostgreSQL delivers it
 * only when that transaction commits (never for a rollback), and the same order announced twice
 * in one transaction (paid and 10 → 20) arrives once.
 */
export async function notifyOrderStatus(trx: Kysely<Database>, orderId: number): Promise<void> {
  await sql`select pg_notify(${ORDER_STATUS_CHANNEL}, ${String(orderId)})`.execute(trx);
}

/** What the order's status event shows, and whose order it is. */
export async function findOrderState(db: Kysely<Database>, orderId: number) {
  return db.selectFrom('orders').select(['id', 'user_id', 'status', 'type', 'paid', 'tips_id']).where('id', '=', orderId).executeTakeFirst();
}
