import { sql, type Kysely } from 'kysely';
import { giveUpDue, markDone, takeDue, type Leased, type LeasedOutbox } from '../../../db/leased-outbox';
import { notifyOrderStatus } from '../../order-events';
import type { Database } from '../../../db/types';
import { paidWithin } from './index';

/** Paid orders due their tips_id (tips.ts, decision 025): a lease on orders.tips_due_at. */
export const TIPS_OUTBOX: LeasedOutbox<'orders'> = {
  table: 'orders',
  dueAt: 'tips_due_at',
  attempts: 'tips_attempts',
  open: sql<boolean>`tips_id is null`,
};

/** A paid order taken to get its tips_id: who receives the tips, and the take's token (attempts). */
export interface TipsDueOrder extends Leased {
  restaurantName: string;
  restaurantAddress: string;
}

/** Takes one paid order due its tips_id (or only `orderId`), paid within `withinSeconds`, under a lease (db/leased-outbox.ts). */
export async function takeDueTips(
  db: Kysely<Database>,
  orderId: number | undefined,
  leaseSeconds: number,
  withinSeconds: number,
): Promise<TipsDueOrder | undefined> {
  const taken = await takeDue<'orders', { restaurant_id: number }>(db, TIPS_OUTBOX, {
    id: orderId,
    leaseSeconds,
    where: paidWithin(withinSeconds),
    columns: ['restaurant_id'],
  });
  if (!taken) return undefined;
  const restaurant = await db
    .selectFrom('restaurants')
    .select(['name', 'address'])
    .where('id', '=', taken.restaurant_id)
    .executeTakeFirst();
  return {
    id: taken.id,
    restaurantName: restaurant?.name ?? '',
    restaurantAddress: restaurant?.address ?? '',
    attempts: taken.attempts,
  };
}

/** Keeps the tips id the service gave; false when the order already has one (it keeps the first). */
export async function saveTipsId(db: Kysely<Database>, orderId: number, tipsId: string): Promise<boolean> {
  const first = await markDone(db, TIPS_OUTBOX, orderId, sql`tips_id = ${tipsId}`);
  // The order's open pages show the tips link as soon as it exists (order-events).
  if (first) await notifyOrderStatus(db, orderId);
  return first;
}

/** Orders due a tips_id but paid longer ago than `withinSeconds` (or not paid, or with one) are given up: their ids. */
export function giveUpStaleTips(db: Kysely<Database>, withinSeconds: number): Promise<number[]> {
  return giveUpDue(db, TIPS_OUTBOX, paidWithin(withinSeconds));
}
