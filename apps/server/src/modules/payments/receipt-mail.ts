import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { ProviderError } from '../../adapters/http';
import { EMAIL_CALL_TIMEOUT_MS, type EmailSender } from '../../adapters/email/types';
import type { Database } from '../../db/types';
import { receiptLink } from '../../http/signed-links';
import { loadReceipt, receiptLetter } from '../order-history';
import { retryDelaySeconds } from './closing';
import {
  giveUpStaleReceipts,
  renewReceiptLease,
  retryReceiptLater,
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
export interface ReceiptMailDeps {
  db: Kysely<Database>;
  email: EmailSender;
  /** AUTH_SECRET: signs the receipt's link. */
  authSecret: string;
  /** The origin guests open: the link in the letter is absolute. */
  publicOrigin: () => string;
  log: FastifyBaseLogger;
  /** Asked before each order: true ends the run there (the server is stopping). */
  stopping?: () => boolean;
}

/** What became of one order a run took. */
export interface ReceiptMailReport {
  orderId: number;
  result: 'sent' | 'taken_over' | 'retry' | 'gave_up';
}

/** A taken order is left to its taker this long: twice the mail service's timeout. */
export const RECEIPT_LEASE_SECONDS = (2 * EMAIL_CALL_TIMEOUT_MS) / 1000;
/** Tries before a letter is given up: about 4 hours of an outage outlasted (30 s, 1, 5, 15 minutes, then hourly). */
export const MAX_RECEIPT_ATTEMPTS = 8;
/** An order paid longer ago than this gets no letter any more: the receipt stays on its page. */
export const RECEIPT_DUE_FOR_SECONDS = 24 * 60 * 60;
/** Letters one run sends at most; the next tick sends the rest. */
const RUN_LIMIT = 20;

/**
 * Sends the letters due (up to a run's limit, or only `orderId`'s), one order at a time; what
 * cannot go now is due again later. Never throws for the mail service's failure (logged); a
 * database failure is the caller's to log.
 */
export async function sendDueReceipts(deps: ReceiptMailDeps, orderId?: number): Promise<ReceiptMailReport[]> {
  const reports: ReceiptMailReport[] = [];
  const tries = orderId === undefined ? RUN_LIMIT : 1;
  for (let index = 0; index < tries; index++) {
    if (deps.stopping?.()) break;
    const order = await takeDueReceipt(deps.db, orderId, RECEIPT_LEASE_SECONDS, RECEIPT_DUE_FOR_SECONDS);
    if (!order) break;
    const result = await sendReceipt(deps, order);
    reports.push({ orderId: order.id, result });
    // A mail service that failed now is not asked for the rest this run: a hanging one costs one
    // timeout per run, never the payment worker's whole tick.
    if (result === 'retry' || result === 'gave_up') break;
  }
  return reports;
}

async function sendReceipt(deps: ReceiptMailDeps, order: ReceiptDueOrder): Promise<ReceiptMailReport['result']> {
  const receipt = await loadReceipt(deps.db, order.id);
  if (!receipt) throw new Error(`order ${order.id} vanished while its receipt was due`);
  const letter = receiptLetter(receipt, `${deps.publicOrigin()}${receiptLink(deps.authSecret, order.id)}`);
  // Another taker holds the order now (this one stalled past its lease): the letter is its to send.
  if (!(await renewReceiptLease(deps.db, order, RECEIPT_LEASE_SECONDS))) return 'taken_over';
  try {
    await deps.email.send({ to: order.email, ...letter, key: `receipt-${order.id}` });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const last = order.attempts >= MAX_RECEIPT_ATTEMPTS;
    await retryReceiptLater(deps.db, order, last ? null : retryDelaySeconds(order.attempts));
    if (last) deps.log.error({ err: error, orderId: order.id, attempts: order.attempts }, 'mail service failed every try: the receipt was not e-mailed (it stays on the order page)');
    else deps.log.warn({ err: error, orderId: order.id, attempts: order.attempts }, 'mail service failed; the receipt is e-mailed again later');
    return last ? 'gave_up' : 'retry';
  }
  await saveReceiptSent(deps.db, order.id);
  deps.log.info({ orderId: order.id }, 'receipt e-mailed');
  return 'sent';
}

/** The worker's pass: letters due too long are given up, then what is due is sent. */
export async function receiptWorkerRun(deps: ReceiptMailDeps): Promise<ReceiptMailReport[]> {
  const stale = await giveUpStaleReceipts(deps.db, RECEIPT_DUE_FOR_SECONDS);
  if (stale.length > 0) deps.log.warn({ orderIds: stale.slice(0, 20), count: stale.length }, 'receipts still not e-mailed a day after payment are given up');
  return sendDueReceipts(deps);
}
