import { type Kysely, type Transaction } from 'kysely';
import { ORDER_STATUS } from '@chain/domain';
import type { Database } from '../../../db/types';

/** An order awaiting payment as housekeeping reads it: what decides its time to pay. */
export interface AwaitingPaymentOrder {
  id: number;
  createdAt: Date;
  readyAt: Date | null;
  source: 'kiosk' | 'web';
  restaurantId: number;
  restaurantActive: boolean;
  timeZone: string;
}

/**
 * Up to `limit` orders awaiting payment (status 10, unpaid) with ids above `afterId`, in id
 * order (index orders_awaiting_payment), that may be past their time to pay at `now`: every
 * order as soon as ready, an order whose chosen time has come, any order of an inactive
 * restaurant. An order for a later time at a working restaurant is not read.
 */
export async function awaitingPaymentOrders(
  db: Kysely<Database>,
  afterId: number,
  limit: number,
  now: Date,
): Promise<AwaitingPaymentOrder[]> {
  const rows = await db
    .selectFrom('orders')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .select([
      'orders.id',
      'orders.created_at',
      'orders.ready_at',
      'orders.source',
      'orders.restaurant_id',
      'restaurants.active',
      'restaurants.time_zone',
    ])
    .where('orders.status', '=', ORDER_STATUS.awaitingPayment)
    .where('orders.paid', '=', false)
    .where('orders.id', '>', afterId)
    .where((eb) =>
      eb.or([
        eb('orders.ready_at', 'is', null),
        eb('orders.ready_at', '<=', now),
        eb('restaurants.active', '=', false),
      ]),
    )
    .orderBy('orders.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.created_at,
    readyAt: row.ready_at,
    source: row.source,
    restaurantId: row.restaurant_id,
    restaurantActive: row.active,
    timeZone: row.time_zone,
  }));
}

/**
 * Locks an order that still awaits payment (status 10, unpaid), skipping it when another
 * transaction holds it (a payment settling it now, another instance's housekeeping): true when
 * this transaction holds it.
 */
export async function lockAwaitingPayment(trx: Transaction<Database>, orderId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('orders')
    .select('id')
    .where('id', '=', orderId)
    .where('status', '=', ORDER_STATUS.awaitingPayment)
    .where('paid', '=', false)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  return row !== undefined;
}
