import { paymentRetries, paymentWorkGivenUp } from '../../metrics/metrics';
import type { Kysely } from 'kysely';
import { showsPayButton } from '@chain/domain';
import { ProviderError } from '../../adapters/http';
import {
  ACQUIRER_CALL_TIMEOUT_MS,
  AcquirerRefusal,
  type AcquirerOrderStatus,
  type BankAnswer,
  type CardAcquirer,
} from '../../adapters/acquiring/types';
import { OUTBOX_RUN_LIMIT, retryDelaySeconds, type OutboxDeps } from '../../db/leased-outbox';
import type { Database, PaymentEventKind, PaymentEventOutcome, PaymentStatus } from '../../db/types';
import {
  insertPaymentEvent,
  lockClosingPayment,
  pendingPaymentsWithOrders,
  recordClosingState,
  releaseAbandonedClaims,
  renewLease,
  startCancelling,
  takeDuePayment,
  type PaymentRow,
} from './repository';
import { outcomeOf, settlePayment } from './settle';

/**
 * Closing payments the order does not keep (issue 11, decision 016): a form or QR still open
 * when the order was paid (or a newer one replaced it) is declined at the bank (decline.do),
 * money taken by a second payment or for another amount goes back (refund.do, or reverse.do
 * while the bank only holds it). The work is kept in the payments table (`cancelling`,
 * `refund_due`, next_attempt_at), so nothing is forgotten: the request that settled a payment
 * tries at once, after its transaction, and the payment worker retries whatever the bank could
 * not do. Safe on several instances and callers at once: one payment is taken at a time under
 * `for update skip locked` with a lease (its `attempts`, bumped by every take, is the lease's
 * token); the lease is renewed against that token just before the bank is asked to do anything,
 * and a result is recorded only under it, so two takers never both ask.
 */
export interface ClosingDeps extends OutboxDeps {
  acquiring: CardAcquirer;
}

/** One payment a closing run took, and what came of it. */
export interface ClosingReport {
  paymentId: number;
  orderId: number;
  result: ClosingStep['next'] | 'settled' | 'lost' | 'needs_operator';
}

/**
 * What closing a payment came to at the bank: the operation asked and the bank's answer (for
 * the order's payment history; null when nothing was asked), and the payment's next state, or
 * `retry` to try again later.
 */
export interface ClosingStep {
  event: { kind: PaymentEventKind; amount: number; outcome: PaymentEventOutcome; answer: BankAnswer } | null;
  next: 'cancelled' | 'refunded' | 'refund_failed' | 'retry';
  /** Why, for the payment's `failure` and the log. */
  reason: string;
}

/** Bank calls one payment's closing makes at most: its status, the operation, and its status once more. */
const BANK_CALLS_PER_PAYMENT = 3;
/**
 * A taken payment is left to its taker this long: twice one payment's worst case at the bank's
 * timeout, so a slow bank never lets a second taker in while the first still works on it.
 */
export const LEASE_SECONDS = (2 * BANK_CALLS_PER_PAYMENT * ACQUIRER_CALL_TIMEOUT_MS) / 1000;
/**
 * Tries before a payment is left to an operator (`needs_operator`, logged as an error): about
 * 5½ hours of retries (30 s, 1, 5 and 15 minutes, then hourly), so an outage of the bank is
 * outlasted while an order the bank cannot find or a form it will not decline stops growing
 * the payment history after ten rows (decision 016).
 */
export const MAX_CLOSING_ATTEMPTS = 10;

/** States a bank's "done" is recorded over even when another taker got there meanwhile: the bank's word wins. */
const UNDONE: readonly PaymentStatus[] = ['cancelling', 'refund_due', 'refund_failed', 'needs_operator'];

/**
 * Closes the payments that are due (all of them, up to a run's limit, or only `only`), one at
 * a time, and returns what each came to; a payment another caller holds is left to it.
 */
export async function closeDuePayments(deps: ClosingDeps, only?: readonly number[]): Promise<ClosingReport[]> {
  const named = only ? [...new Set(only)] : null;
  const reports: ClosingReport[] = [];
  const tries = named ? named.length : OUTBOX_RUN_LIMIT;
  for (let index = 0; index < tries; index++) {
    if (deps.stopping?.()) break;
    const payment = await takeDuePayment(deps.db, named?.[index], LEASE_SECONDS);
    if (payment) reports.push(await closePayment(deps, payment));
    else if (!named) break;
  }
  return reports;
}

/**
 * The payment worker's sweep before it closes what is due: a form or QR left open on an order
 * that takes no payment any more (paid, cancelled or done: the pay button's rule) becomes
 * `cancelling`, and a claim abandoned mid-registration (its instance stopped) is released:
 * without a bank order it is dropped, with one it is `pending`, so the check and the callback
 * learn what the bank did. Returns the rows changed.
 */
export async function sweepPayments(db: Kysely<Database>): Promise<number> {
  const open = await pendingPaymentsWithOrders(db);
  const cancelling = await startCancelling(
    db,
    open.filter((row) => !showsPayButton(row)).map((row) => row.id),
  );
  return cancelling.length + (await releaseAbandonedClaims(db));
}

async function closePayment(deps: ClosingDeps, payment: PaymentRow): Promise<ClosingReport> {
  const report = (result: ClosingReport['result']): ClosingReport => ({
    paymentId: payment.id,
    orderId: payment.order_id,
    result,
  });
  const providerId = payment.provider_id ?? '';
  let bank: AcquirerOrderStatus | null = null;
  let unknown = '';
  try {
    bank = await deps.acquiring.orderStatus(providerId);
  } catch (error) {
    // No status (an outage, or an order the bank does not know): nothing is asked of it.
    const answer = bankAnswerOf(error);
    unknown = `the bank did not tell its status: ${answer.code} ${answer.message}`.replace(/\s+/g, ' ');
  }
  const step: ClosingStep | 'settled' | 'lost' = !bank
    ? { event: null, next: 'retry', reason: unknown }
    : payment.status === 'cancelling'
      ? await cancelStep(deps, payment, bank)
      : await refundStep(deps, payment, bank);
  if (step === 'settled' || step === 'lost') return report(step);

  const recorded = await recordClosing(deps.db, payment, step);
  const context = { orderId: payment.order_id, paymentId: payment.id, providerId, attempts: payment.attempts, step };
  if (recorded === 'lost') return report('lost');
  if (recorded === 'needs_operator') paymentWorkGivenUp.inc({ queue: 'closing' });
  else if (step.next === 'retry') paymentRetries.inc({ queue: 'closing' });
  if (recorded === 'needs_operator') {
    deps.log.error(
      context,
      `closing a payment at the bank failed ${payment.attempts} times: an operator must finish it`,
    );
    return report('needs_operator');
  }
  if (step.next === 'refund_failed') {
    deps.log.error(context, 'the bank refused to return a payment the order does not keep: an operator must return it');
  } else if (step.next === 'retry') {
    deps.log.warn(context, 'closing a payment at the bank failed; will retry');
  } else {
    deps.log.info(context, 'payment closed at the bank');
  }
  return report(step.next);
}

/**
 * A form or QR of an order paid meanwhile (or replaced by a newer one): declined at the bank.
 * If the guest paid it after all, settlePayment records that, and a refund is its own job.
 */
async function cancelStep(
  deps: ClosingDeps,
  payment: PaymentRow,
  bank: AcquirerOrderStatus,
): Promise<ClosingStep | 'settled' | 'lost'> {
  const outcome = outcomeOf(bank);
  if (outcome) {
    const settled = await settlePayment(deps.db, deps.log, payment.id, outcome);
    if (settled.closing.length > 0) await closeDuePayments(deps, settled.closing);
    return 'settled';
  }
  // Refused: the form changed state meanwhile (paid, or in 3-D Secure); the next look tells how.
  return ask(deps, payment, 'decline', payment.amount, 'cancelled', 'retry', () =>
    deps.acquiring.decline(payment.provider_id ?? ''),
  );
}

/** Money the order does not keep: reversed while only held, else refunded, by what is still kept. */
async function refundStep(
  deps: ClosingDeps,
  payment: PaymentRow,
  bank: AcquirerOrderStatus,
): Promise<ClosingStep | 'lost'> {
  const providerId = payment.provider_id ?? '';
  const plan = refundPlan(bank);
  if ('already' in plan) return { event: null, next: plan.already, reason: plan.reason };
  const operations: Record<PaymentEventKind, () => Promise<BankAnswer>> = {
    reverse: () => deps.acquiring.reverse(providerId),
    refund: () => deps.acquiring.refund(providerId, plan.amount),
    decline: () => deps.acquiring.decline(providerId),
  };
  const declining = plan.kind === 'decline';
  // A refused decline is looked at again later; a refused refund or reversal is for a person,
  // unless the bank shows the money returned meanwhile (another taker, or the bank's portal).
  const step = await ask(
    deps,
    payment,
    plan.kind,
    plan.amount,
    declining ? 'cancelled' : 'refunded',
    declining ? 'retry' : 'refund_failed',
    operations[plan.kind],
  );
  if (step === 'lost' || step.next !== 'refund_failed') return step;
  try {
    const again = refundPlan(await deps.acquiring.orderStatus(providerId));
    if ('already' in again) return { ...step, next: again.already, reason: again.reason };
    return step;
  } catch (error) {
    return {
      ...step,
      next: 'retry',
      reason: `${step.reason}; its status could not be read again: ${bankAnswerOf(error).message}`,
    };
  }
}

/** What returning a payment's money takes, by the bank's status: nothing (and why), or one operation for an amount. */
function refundPlan(
  bank: AcquirerOrderStatus,
): { already: 'cancelled' | 'refunded'; reason: string } | { kind: PaymentEventKind; amount: number } {
  const kept = bank.paidAmount - bank.refundedAmount;
  switch (bank.state) {
    case 'held':
      return { kind: 'reverse', amount: kept };
    case 'deposited':
    case 'refunded':
      return kept > 0
        ? { kind: 'refund', amount: kept }
        : { already: 'refunded', reason: 'returned at the bank already' };
    case 'reversed':
      return { already: 'refunded', reason: 'reversed at the bank already' };
    case 'declined':
      return { already: 'cancelled', reason: 'the bank took nothing' };
    default:
      // Registered, or 3-D Secure under way: nothing taken yet, so it is declined instead.
      return { kind: 'decline', amount: bank.amount };
  }
}

/**
 * One operation at the bank, as a step to record, asked only while this caller's lease holds
 * ('lost' when another taker has the payment now).
 */
async function ask(
  deps: ClosingDeps,
  payment: PaymentRow,
  kind: PaymentEventKind,
  amount: number,
  success: 'cancelled' | 'refunded',
  whenRefused: 'retry' | 'refund_failed',
  operation: () => Promise<BankAnswer>,
): Promise<ClosingStep | 'lost'> {
  if (!(await renewLease(deps.db, payment, LEASE_SECONDS))) return 'lost';
  try {
    return { event: { kind, amount, outcome: 'done', answer: await operation() }, next: success, reason: '' };
  } catch (error) {
    const answer = bankAnswerOf(error);
    if (error instanceof AcquirerRefusal)
      return {
        event: { kind, amount, outcome: 'refused', answer },
        next: whenRefused,
        reason: `the bank refused ${kind}: ${answer.code} ${answer.message}`,
      };
    return {
      event: { kind, amount, outcome: 'retry', answer },
      next: 'retry',
      reason: `the bank did not answer ${kind}: ${answer.message}`,
    };
  }
}

/** The bank's refusal or outage as an answer to keep; anything else is our own fault and is thrown on. */
export function bankAnswerOf(error: unknown): BankAnswer {
  if (error instanceof AcquirerRefusal) return { code: error.errorCode, message: error.bankMessage };
  if (error instanceof ProviderError) return { code: '', message: error.message };
  throw error;
}

/**
 * Records a closing step with its event on the order's payment history, in one transaction,
 * under the lease this caller took (`payment.status` and `payment.attempts` unchanged since):
 * a taker whose lease was taken over records nothing, except that what the bank did ("done")
 * is always recorded and wins over a retry, a refusal or an operator's state left by another
 * taker. A retry past MAX_CLOSING_ATTEMPTS leaves the payment to an operator.
 */
export async function recordClosing(
  db: Kysely<Database>,
  payment: PaymentRow,
  step: ClosingStep,
): Promise<'recorded' | 'needs_operator' | 'lost'> {
  return db.transaction().execute(async (trx) => {
    // The order first, as every writer does (lockClosingPayment).
    const current = await lockClosingPayment(trx, payment);
    if (!current) return 'lost';
    const leaseHeld = current.status === payment.status && current.attempts === payment.attempts;
    const bankDidIt = step.event?.outcome === 'done';
    const applies = leaseHeld || (bankDidIt && UNDONE.includes(current.status));
    if (!applies && !bankDidIt) return 'lost';

    if (step.event) await insertPaymentEvent(trx, payment, step.event);
    if (!applies) return 'lost';

    const givesUp = step.next === 'retry' && payment.attempts >= MAX_CLOSING_ATTEMPTS;
    // `failure` keeps why the money goes back (settlePayment's reason) until the payment ends
    // without an operation (nothing to ask) or is left to an operator.
    const failure = givesUp
      ? `${payment.status} after ${payment.attempts} tries: ${step.reason}`
      : step.event === null && step.next !== 'retry'
        ? step.reason
        : null;
    await recordClosingState(
      trx,
      payment,
      current.status,
      step.next === 'retry' && !givesUp
        ? { retryInSeconds: retryDelaySeconds(payment.attempts) }
        : { status: givesUp ? 'needs_operator' : (step.next as PaymentStatus) },
      failure,
    );
    return givesUp ? 'needs_operator' : 'recorded';
  });
}
