import { ProviderError } from '../../adapters/http';
import { EMAIL_CALL_TIMEOUT_MS, type EmailSender } from '../../adapters/email/types';
import { receiptLink } from '../../http/signed-links';
import { loadReceipt, receiptLetter } from '../order-history';
import { failedTry, renewLease, runOutbox, serviceCallPolicy, type OutboxDeps } from '../../db/leased-outbox';
import {
  giveUpStaleReceipts,
  RECEIPT_OUTBOX,
  saveReceiptSent,
  takeDueReceipt,
  type ReceiptDueOrder,
} from './repository/receipts';

/**
 * The receipt by e-mail (SPEC 2 Cart's e-mail-for-receipt field, SPEC 7 order/create emailsend
 * and email; decision 032). The payment's settle marks a paid order due its letter
 * (orders.receipt_due_at) when the guest asked for it, in its own transaction, and sends
 * nothing: the letter goes after the commit, first from the request that settled the payment
 * (PaymentsService, without holding up its answer), then from the payment worker of any
 * instance until the mail service takes it — so the mail service never blocks, fails or delays
 * a payment, and a letter due when an instance stops is sent by the next one.
 *
 * One letter per order: a taker leases the order (receipt_attempts + 1, the lease's token)
 * under its row lock — the worker skips a locked row, the named send right after a payment
 * waits for it and then sees the lease — renews the lease against its token just before it
 * sends, and records the letter once the mail service accepted it. Two instances, retries and
 * a settle raced by many requests send it once. The one gap no lease closes — an instance that
 * stops between the mail service's acceptance and that record — sends it once more after the
 * lease, with the same Message-Id (`receipt-{order id}`).
 */
export interface ReceiptMailDeps extends OutboxDeps {
  email: EmailSender;
  /** AUTH_SECRET: signs the receipt's link. */
  authSecret: string;
  /** The origin guests open: the link in the letter is absolute. */
  publicOrigin: () => string;
}

/** What became of one order a run took. */
export interface ReceiptMailReport {
  orderId: number;
  result: 'sent' | 'taken_over' | 'retry' | 'gave_up';
}

/** Lease, tries, and a day after the payment: an order paid longer ago gets no letter any more (the receipt stays on its page). */
export const RECEIPT_POLICY = serviceCallPolicy(EMAIL_CALL_TIMEOUT_MS);

/**
 * Sends the letters due (up to a run's limit, or only `orderId`'s), one order at a time; what
 * cannot go now is due again later. Never throws for the mail service's failure (logged); a
 * database failure is the caller's to log.
 */
export async function sendDueReceipts(deps: ReceiptMailDeps, orderId?: number): Promise<ReceiptMailReport[]> {
  const done = await runOutbox({
    id: orderId,
    stopping: deps.stopping,
    take: (id) => takeDueReceipt(deps.db, id, RECEIPT_POLICY.leaseSeconds, RECEIPT_POLICY.dueForSeconds),
    work: (order) => sendReceipt(deps, order),
  });
  return done.map(({ row, result }) => ({ orderId: row.id, result }));
}

async function sendReceipt(deps: ReceiptMailDeps, order: ReceiptDueOrder): Promise<ReceiptMailReport['result']> {
  const receipt = await loadReceipt(deps.db, order.id);
  if (!receipt) throw new Error(`order ${order.id} vanished while its receipt was due`);
  const letter = receiptLetter(receipt, `${deps.publicOrigin()}${receiptLink(deps.authSecret, order.id)}`);
  // Another taker holds the order now (this one stalled past its lease): the letter is its to send.
  if (!(await renewLease(deps.db, RECEIPT_OUTBOX, order, RECEIPT_POLICY.leaseSeconds))) return 'taken_over';
  try {
    await deps.email.send({ to: order.email, ...letter, key: `receipt-${order.id}` });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const next = await failedTry(deps.db, RECEIPT_OUTBOX, order, RECEIPT_POLICY.maxAttempts);
    if (next === 'gave_up')
      deps.log.error(
        { err: error, orderId: order.id, attempts: order.attempts },
        'mail service failed every try: the receipt was not e-mailed (it stays on the order page)',
      );
    else
      deps.log.warn(
        { err: error, orderId: order.id, attempts: order.attempts },
        'mail service failed; the receipt is e-mailed again later',
      );
    return next;
  }
  await saveReceiptSent(deps.db, order.id);
  deps.log.info({ orderId: order.id }, 'receipt e-mailed');
  return 'sent';
}

/** The worker's pass: letters due too long are given up, then what is due is sent. */
export async function receiptWorkerRun(deps: ReceiptMailDeps): Promise<ReceiptMailReport[]> {
  const stale = await giveUpStaleReceipts(deps.db, RECEIPT_POLICY.dueForSeconds);
  if (stale.length > 0)
    deps.log.warn(
      { orderIds: stale.slice(0, 20), count: stale.length },
      'receipts still not e-mailed a day after payment are given up',
    );
  return sendDueReceipts(deps);
}
