import { sql, type Kysely } from 'kysely';
import { giveUpDue, markDone, takeDue, type Leased, type LeasedOutbox } from '../../../db/leased-outbox';
import type { Database } from '../../../db/types';
import { paidWithin } from './index';

/** Paid orders due their receipt's letter (receipt-mail.ts, decision 032): a lease on orders.receipt_due_at. */
export const RECEIPT_OUTBOX: LeasedOutbox<'orders'> = {
  table: 'orders',
  dueAt: 'receipt_due_at',
  attempts: 'receipt_attempts',
  open: sql<boolean>`receipt_sent_at is null`,
};

/** A paid order taken to e-mail its receipt: where to, and the take's token (attempts). */
export interface ReceiptDueOrder extends Leased {
  email: string;
}

/** Takes one paid order due its receipt's letter (or only `orderId`), paid within `withinSeconds`, under a lease (db/leased-outbox.ts). */
export function takeDueReceipt(
  db: Kysely<Database>,
  orderId: number | undefined,
  leaseSeconds: number,
  withinSeconds: number,
): Promise<ReceiptDueOrder | undefined> {
  return takeDue<'orders', { email: string }>(db, RECEIPT_OUTBOX, {
    id: orderId,
    leaseSeconds,
    where: paidWithin(withinSeconds),
    columns: ['email'],
  });
}

/** The mail service accepted the letter: it is recorded once, and the order is no longer due. */
export async function saveReceiptSent(db: Kysely<Database>, orderId: number): Promise<void> {
  await markDone(db, RECEIPT_OUTBOX, orderId, sql`receipt_sent_at = now()`);
}

/** Orders due a letter but paid longer ago than `withinSeconds` (or sent, or not paid) are given up: their ids. */
export function giveUpStaleReceipts(db: Kysely<Database>, withinSeconds: number): Promise<number[]> {
  return giveUpDue(db, RECEIPT_OUTBOX, paidWithin(withinSeconds));
}
