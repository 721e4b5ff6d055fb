import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/types';
import { secondsAgo, secondsFromNow } from './index';

/** A paid order taken to e-mail its receipt: where to, and the take's token. */
export interface ReceiptDueOrder {
  id: number;
  email: string;
  /** Takes so far, this one included: the lease's token. */
  attempts: number;
}

/**
 * Takes one paid order due its receipt's letter (or only `orderId`), paid within
 * `withinSeconds`, and leases it for `leaseSeconds`: its receipt_due_at moves on, its
 * receipt_attempts goes up. The worker skips a row being taken (`for update skip locked`); a
 * named take (right after the payment) waits for the lock and then sees another's lease, so two
 * instances or a request and the worker never send the same letter at once.
 */
export async function takeDueReceipt(
  db: Kysely<Database>,
  orderId: number | undefined,
  leaseSeconds: number,
  withinSeconds: number,
): Promise<ReceiptDueOrder | undefined> {
  const taken = await db
    .updateTable('orders')
    .set({ receipt_attempts: sql<number>`receipt_attempts + 1`, receipt_due_at: secondsFromNow(leaseSeconds) })
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('orders')
        .select('id')
        .where('receipt_due_at', '<=', sql<Date>`now()`)
        .where('receipt_sent_at', 'is', null)
        .where('paid', '=', true)
        .where('paid_at', '>', secondsAgo(withinSeconds));
      if (orderId === undefined) return due.orderBy('receipt_due_at').limit(1).forUpdate().skipLocked();
      return due.where('id', '=', orderId).forUpdate();
    })
    .returning(['id', 'email', 'receipt_attempts'])
    .executeTakeFirst();
  return taken && { id: taken.id, email: taken.email, attempts: taken.receipt_attempts };
}

/** Renews the lease just before the letter goes: false when another taker holds the order now (or it was sent). */
export async function renewReceiptLease(db: Kysely<Database>, order: ReceiptDueOrder, leaseSeconds: number): Promise<boolean> {
  const renewed = await db
    .updateTable('orders')
    .set({ receipt_due_at: secondsFromNow(leaseSeconds) })
    .where('id', '=', order.id)
    .where('receipt_attempts', '=', order.attempts)
    .where('receipt_sent_at', 'is', null)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}

/** The mail service accepted the letter: it is recorded once, and the order is no longer due. */
export async function saveReceiptSent(db: Kysely<Database>, orderId: number): Promise<void> {
  await db
    .updateTable('orders')
    .set({ receipt_sent_at: sql<Date>`now()`, receipt_due_at: null })
    .where('id', '=', orderId)
    .where('receipt_sent_at', 'is', null)
    .execute();
}

/** After a failed take: due again in `delaySeconds`, or no longer (null), unless another take came since. */
export async function retryReceiptLater(db: Kysely<Database>, order: ReceiptDueOrder, delaySeconds: number | null): Promise<void> {
  await db
    .updateTable('orders')
    .set({ receipt_due_at: delaySeconds === null ? null : secondsFromNow(delaySeconds) })
    .where('id', '=', order.id)
    .where('receipt_attempts', '=', order.attempts)
    .where('receipt_sent_at', 'is', null)
    .execute();
}

/** Orders due a letter but paid longer ago than `withinSeconds` (or sent, or not paid) are given up: their ids. */
export async function giveUpStaleReceipts(db: Kysely<Database>, withinSeconds: number): Promise<number[]> {
  const given = await db
    .updateTable('orders')
    .set({ receipt_due_at: null })
    .where('receipt_due_at', 'is not', null)
    .where((eb) => eb.or([eb('paid_at', 'is', null), eb('paid_at', '<=', secondsAgo(withinSeconds)), eb('receipt_sent_at', 'is not', null)]))
    .returning('id')
    .execute();
  return given.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Unpaid orders whose time to pay is over (expiry.ts, decision 032)
