import { sql, type Kysely } from 'kysely';
import { notifyOrderStatus } from '../../order-events';
import type { Database } from '../../../db/types';
import { secondsAgo, secondsFromNow } from './index';

/** A paid order taken to get its tips_id: who receives the tips, and the take's token. */
export interface TipsDueOrder {
  id: number;
  restaurantName: string;
  restaurantAddress: string;
  /** Takes so far, this one included: the lease's token. */
  attempts: number;
}

/**
 * Takes one paid order due its tips_id (or only `orderId`), paid within `withinSeconds`, and
 * leases it for `leaseSeconds`: its tips_due_at moves on, its tips_attempts goes up. The worker
 * skips a row being taken (`for update skip locked`), and every taker sees another's lease
 * once its lock is released, so two instances or a request and the worker never ask for the
 * same order at once.
 */
export async function takeDueTips(
  db: Kysely<Database>,
  orderId: number | undefined,
  leaseSeconds: number,
  withinSeconds: number,
): Promise<TipsDueOrder | undefined> {
  const taken = await db
    .updateTable('orders')
    .set({ tips_attempts: sql<number>`tips_attempts + 1`, tips_due_at: secondsFromNow(leaseSeconds) })
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('orders')
        .select('id')
        .where('tips_due_at', '<=', sql<Date>`now()`)
        .where('tips_id', 'is', null)
        .where('paid', '=', true)
        .where('paid_at', '>', secondsAgo(withinSeconds));
      if (orderId === undefined) return due.orderBy('tips_due_at').limit(1).forUpdate().skipLocked();
      // The named order (the ask right after its payment) waits for a lock instead of skipping:
      // a racing settle that merely looked at the row must not make this ask miss it. A racing
      // taker's lease is seen once its lock is released, and the order is left to it.
      return due.where('id', '=', orderId).forUpdate();
    })
    .returning(['id', 'restaurant_id', 'tips_attempts'])
    .executeTakeFirst();
  if (!taken) return undefined;
  const restaurant = await db.selectFrom('restaurants').select(['name', 'address']).where('id', '=', taken.restaurant_id).executeTakeFirst();
  return { id: taken.id, restaurantName: restaurant?.name ?? '', restaurantAddress: restaurant?.address ?? '', attempts: taken.tips_attempts };
}

/** Keeps the tips id the service gave; false when the order already has one (it keeps the first). */
export async function saveTipsId(db: Kysely<Database>, orderId: number, tipsId: string): Promise<boolean> {
  const saved = await db
    .updateTable('orders')
    .set({ tips_id: tipsId, tips_due_at: null })
    .where('id', '=', orderId)
    .where('tips_id', 'is', null)
    .executeTakeFirst();
  const first = Number(saved.numUpdatedRows) === 1;
  // The order's open pages show the tips link as soon as it exists (order-events).
  if (first) await notifyOrderStatus(db, orderId);
  return first;
}

/** After a failed take: due again in `delaySeconds`, or no longer (null), unless another take came since. */
export async function retryTipsLater(db: Kysely<Database>, order: TipsDueOrder, delaySeconds: number | null): Promise<void> {
  await db
    .updateTable('orders')
    .set({ tips_due_at: delaySeconds === null ? null : secondsFromNow(delaySeconds) })
    .where('id', '=', order.id)
    .where('tips_attempts', '=', order.attempts)
    .where('tips_id', 'is', null)
    .execute();
}

/** Orders due a tips_id but paid longer ago than `withinSeconds` are given up: their ids. */
export async function giveUpStaleTips(db: Kysely<Database>, withinSeconds: number): Promise<number[]> {
  const given = await db
    .updateTable('orders')
    .set({ tips_due_at: null })
    .where('tips_due_at', 'is not', null)
    .where((eb) => eb.or([eb('paid_at', 'is', null), eb('paid_at', '<=', secondsAgo(withinSeconds)), eb('tips_id', 'is not', null)]))
    .returning('id')
    .execute();
  return given.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// The receipt's letter of paid orders (receipt-mail.ts, decision 032): a lease on orders.receipt_due_at
