import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { PAYABLE_STATUS_LIMIT } from '@chain/domain';
import { ProviderError } from '../../adapters/http';
import { AcquirerRefusal, type AcquirerOrderStatus, type BankAnswer, type CardAcquirer } from '../../adapters/acquiring/types';
import type { Database, PaymentEventKind } from '../../db/types';
import { releaseAbandonedClaims, type PaymentRow } from './repository';
import { outcomeOf, recordClosing, settlePayment, type ClosingStep } from './settle';

/**
 * Closing payments the order does not keep (issue 11, decision 016): a form or QR still open
 * when the order was paid is declined at the bank (decline.do), money taken by a second
 * payment or for another amount goes back (refund.do, or reverse.do while the bank only holds
 * it). The work is kept in the payments table (`cancelling`, `refund_due`, next_attempt_at),
 * so nothing is forgotten: the request that settled a payment tries at once, after its
 * transaction, and the payment worker retries whatever the bank could not do. Safe on several
 * instances and callers at once: a payment is taken under `for update skip locked` with a
 * lease, and its result is recorded only while it is still in the state it was taken in.
 */
export interface ClosingDeps {
  db: Kysely<Database>;
  acquiring: CardAcquirer;
  log: FastifyBaseLogger;
}

/** One payment a closing run took, and what came of it. */
export interface ClosingReport {
  paymentId: number;
  orderId: number;
  result: ClosingStep['result'] | 'settled' | 'later' | 'lost';
}

/** A taken payment is left to its taker this long (longer than a status read and an operation). */
const LEASE_SECONDS = 60;
/** Payments taken per run and instance. */
const BATCH = 20;
/** Waits before the next try, by the number of tries made: then every hour. */
const RETRY_SECONDS = [30, 60, 300, 900, 3600] as const;

export function retryDelaySeconds(attempts: number): number {
  return RETRY_SECONDS[Math.min(Math.max(attempts, 1), RETRY_SECONDS.length) - 1] ?? 3600;
}

/**
 * Closes the payments that are due (all of them, or only `only`), and returns what each came
 * to; a payment another caller holds is left to it.
 */
export async function closeDuePayments(deps: ClosingDeps, only?: readonly number[]): Promise<ClosingReport[]> {
  if (only && only.length === 0) return [];
  const taken = await takeDue(deps.db, only);
  const reports: ClosingReport[] = [];
  for (const payment of taken) reports.push(await closePayment(deps, payment));
  return reports;
}

/**
 * The payment worker's sweep before it closes what is due: a form or QR left open on an order
 * that is paid, cancelled or done becomes `cancelling`, and a claim abandoned mid-registration
 * (its instance stopped) is released: without a bank order it is dropped, with one it is
 * `pending`, so the check and the callback learn what the bank did. Returns the rows changed.
 */
export async function sweepPayments(db: Kysely<Database>): Promise<number> {
  const openOnClosedOrders = await db
    .updateTable('payments')
    .set({ status: 'cancelling', updated_at: sql<Date>`now()`, next_attempt_at: sql<Date>`now()` })
    .where('status', '=', 'pending')
    .where('order_id', 'in', (eb) =>
      eb
        .selectFrom('orders')
        .select('id')
        // SPEC 4: paid, or status 50 and up, takes no payment (the pay button's rule).
        .where((where) => where.or([where('paid', '=', true), where('status', '>=', PAYABLE_STATUS_LIMIT)])),
    )
    .executeTakeFirst();
  return Number(openOnClosedOrders.numUpdatedRows) + (await releaseAbandonedClaims(db));
}

/** Takes due payments under a lease: the next taker skips them until the lease ends or a result is recorded. */
async function takeDue(db: Kysely<Database>, only: readonly number[] | undefined): Promise<PaymentRow[]> {
  return db
    .updateTable('payments')
    .set({
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS}::double precision)`,
    })
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('payments')
        .select('id')
        .where('status', 'in', ['cancelling', 'refund_due'])
        .where('next_attempt_at', '<=', sql<Date>`now()`);
      if (!only) return due.orderBy('next_attempt_at').limit(BATCH).forUpdate().skipLocked();
      // Named payments (the attempt right after a settle) wait for a lock instead of skipping:
      // a racing settle that merely looked at the row must not make this attempt miss it. A
      // racing taker's lease is seen once its lock is released, and the row is left to it.
      return due.where('id', 'in', [...only]).forUpdate();
    })
    .returningAll()
    .execute();
}

async function closePayment(deps: ClosingDeps, payment: PaymentRow): Promise<ClosingReport> {
  const report = (result: ClosingReport['result']): ClosingReport => ({ paymentId: payment.id, orderId: payment.order_id, result });
  const providerId = payment.provider_id ?? '';
  let bank: AcquirerOrderStatus;
  try {
    bank = await deps.acquiring.orderStatus(providerId);
  } catch (error) {
    if (!(error instanceof ProviderError || error instanceof AcquirerRefusal)) throw error;
    deps.log.warn({ err: error, paymentId: payment.id, orderId: payment.order_id }, 'closing a payment: the bank did not tell its status; will retry');
    await deps.db
      .updateTable('payments')
      .set({ next_attempt_at: sql<Date>`now() + make_interval(secs => ${retryDelaySeconds(payment.attempts)}::double precision)` })
      .where('id', '=', payment.id)
      .where('status', '=', payment.status)
      .execute();
    return report('later');
  }

  const step = payment.status === 'cancelling' ? await cancelStep(deps, payment, bank) : await refundStep(deps, payment, bank);
  if (step === 'settled') return report('settled');
  const recorded = await recordClosing(deps.db, payment, step);
  if (!recorded) return report('lost');
  const context = { orderId: payment.order_id, paymentId: payment.id, providerId, step };
  if (step.result === 'refused' && step.status === 'refund_failed') {
    deps.log.error(context, 'the bank refused to return a payment the order does not keep: an operator must return it');
  } else if (step.result === 'retry' || step.result === 'refused') {
    deps.log.warn(context, 'closing a payment at the bank failed; will retry');
  } else {
    deps.log.info(context, 'payment closed at the bank');
  }
  return report(step.result);
}

/**
 * A form or QR of an order paid meanwhile: declined at the bank. If the guest paid it after
 * all, settlePayment records that (refund_due) and the refund is taken as its own job.
 */
async function cancelStep(deps: ClosingDeps, payment: PaymentRow, bank: AcquirerOrderStatus): Promise<ClosingStep | 'settled'> {
  const outcome = outcomeOf(bank);
  if (outcome) {
    const settled = await settlePayment(deps.db, deps.log, payment.id, outcome);
    if (settled.closing.length > 0) await closeDuePayments(deps, settled.closing);
    return 'settled';
  }
  return ask(payment, 'decline', payment.amount, 'cancelled', () => deps.acquiring.decline(payment.provider_id ?? ''));
}

/** Money the order does not keep: reversed while only held, else refunded, by what is still kept. */
async function refundStep(deps: ClosingDeps, payment: PaymentRow, bank: AcquirerOrderStatus): Promise<ClosingStep> {
  const providerId = payment.provider_id ?? '';
  const kept = bank.paidAmount - bank.refundedAmount;
  switch (bank.state) {
    case 'held':
      return ask(payment, 'reverse', kept, 'refunded', () => deps.acquiring.reverse(providerId));
    case 'deposited':
    case 'refunded':
      if (kept <= 0) return { result: 'already', status: 'refunded', reason: 'returned at the bank already' };
      return ask(payment, 'refund', kept, 'refunded', () => deps.acquiring.refund(providerId, kept));
    case 'reversed':
      return { result: 'already', status: 'refunded', reason: 'reversed at the bank already' };
    case 'declined':
      return { result: 'already', status: 'cancelled', reason: 'the bank took nothing' };
    default:
      // Registered, or 3-D Secure under way: nothing taken yet, so it is declined instead.
      return ask(payment, 'decline', payment.amount, 'cancelled', () => deps.acquiring.decline(providerId));
  }
}

/** One operation at the bank, as a step to record. */
async function ask(
  payment: PaymentRow,
  kind: PaymentEventKind,
  amount: number,
  success: 'cancelled' | 'refunded',
  operation: () => Promise<BankAnswer>,
): Promise<ClosingStep> {
  try {
    return { result: 'done', kind, amount, answer: await operation(), status: success };
  } catch (error) {
    if (error instanceof ProviderError) {
      return { result: 'retry', kind, amount, message: error.message, retryInSeconds: retryDelaySeconds(payment.attempts) };
    }
    if (error instanceof AcquirerRefusal) {
      const answer = { code: error.errorCode, message: error.bankMessage };
      // A refused decline means the form changed state meanwhile: the next look tells how.
      // A refused refund or reversal is for a person: the bank will not return it by itself.
      return { result: 'refused', kind, amount, answer, status: kind === 'decline' ? null : 'refund_failed', retryInSeconds: retryDelaySeconds(payment.attempts) };
    }
    throw error;
  }
}
