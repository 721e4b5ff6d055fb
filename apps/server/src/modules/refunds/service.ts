import { paymentRetries, paymentWorkGivenUp, refundOutcomes } from '../../metrics/metrics';
import type { Kysely } from 'kysely';
import { RECENT_REFUNDS_LIMIT, REFUND_SCREEN_TEXTS, type OrderRefunds, type RecentRefund } from '@chain/contract';
import {
  addCounts,
  canMoveOrder,
  isRefundRefusal,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_STATUS,
  orderStatusText,
  refundAmount,
  type RefundOrder,
} from '@chain/domain';
import { AcquirerRefusal, type AcquirerOrderStatus, type BankAnswer } from '../../adapters/acquiring/types';
import { OUTBOX_RUN_LIMIT, retryDelaySeconds } from '../../db/leased-outbox';
import type { Database } from '../../db/types';
import { badRequest, conflict, notFound } from '../../http/errors';
import { StaleVersionError } from '../../http/versioned';
import { moveOrderStatus } from '../order-history';
import { bankAnswerOf, insertPaymentEvent, LEASE_SECONDS, MAX_CLOSING_ATTEMPTS, type ClosingDeps } from '../payments';
import { mayActOn, requireManager, staffActor, type StaffPrincipal, writeAudit } from '../staff';
import {
  doneRefundsTotal,
  findPaidPayment,
  findPaymentById,
  findRecentRefund,
  findRecentRefunds,
  findRefundByKey,
  findRefundLines,
  findRefundOrder,
  findRefunds,
  insertRefund,
  lockRefund,
  notifyRefund,
  oldestPendingRefundOfPayment,
  lockRefundOrder,
  refundOfOrder,
  refundOrderRestaurant,
  renewRefundLease,
  reopenRefund,
  saveRefundDone,
  saveRefundNotDone,
  takeDueRefund,
  type RecentRefundRow,
  type RefundOrderRow,
  type RefundRow,
} from './repository';
import { sendDueRefundMail, type RefundMailDeps } from './mail';

/**
 * Refunds of paid orders (issue 31, decision 050). A manager's press is recorded in one
 * transaction under the order's row lock — the refund (pending), the order's money being
 * returned, the cancel through moveOrderStatus for the whole order, the audit row — and the bank
 * is asked after the commit, never inside it (decision 016: in the sandbox the bank is this
 * process). One refund reaches the bank at a time per order, taken with a lease as the closing
 * work takes payments, and before it asks, the bank's own refunded amount is compared with the
 * refunds done: a refund the bank made but whose answer was lost is recorded, never asked again.
 */
/** What asking the bank for refunds needs: as closing payments does. */
export type RefundDeps = ClosingDeps;

/** What a refund's bank step came to. */
export type RefundStepResult = 'done' | 'retry' | 'failed' | 'lost';

type Db = Kysely<Database>;

/** The order a staff call names, once the account may act on it: kitchen 403, another restaurant's order as an unknown one (404). */
export async function refundableOrderOf(db: Db, staff: StaffPrincipal, orderId: number): Promise<number> {
  requireManager(staff);
  const restaurantId = await refundOrderRestaurant(db, orderId);
  if (restaurantId === undefined || !mayActOn(staff, restaurantId))
    throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  return restaurantId;
}

/** The figures the domain's refund rule reads, from the order and its lines. */
function refundOrderOf(
  order: RefundOrderRow,
  lines: readonly { id: number; cnt: number; line_sum: number }[],
): RefundOrder {
  return {
    lines: lines.map((line) => ({ id: line.id, cnt: line.cnt, lineSum: line.line_sum })),
    discount: order.discount_sum,
    paid: order.sum,
  };
}

/** The order's refunds as the dialog reads them (in the caller's transaction when given). */
export async function orderRefundsView(db: Db, orderId: number): Promise<OrderRefunds> {
  const order = await findRefundOrder(db, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  const [lines, refunds] = await Promise.all([findRefundLines(db, orderId), findRefunds(db, orderId)]);
  const counts = addCounts(...refunds.map((refund) => refund.lines));
  const refunded = order.refunded_sum + order.refunding_sum;
  const left = order.paid ? order.sum - refunded : 0;
  return {
    order: {
      id: order.id,
      znumber: order.znumber,
      restaurant_id: order.restaurant_id,
      status: order.status,
      status_text: orderStatusText(order.status, order.type, order.paid, {
        returned: order.refunded_sum,
        returning: order.refunding_sum,
        delayed: refunds.some((refund) => refund.status === 'failed'),
      }),
      paid: order.paid,
      pay_method: order.pay_method,
      sum: order.sum,
      discount: order.discount_sum,
      delivery: order.delivery_sum,
      returned: order.refunded_sum,
      returning: order.refunding_sum,
      refunded,
      cancellable: left > 0 && canMoveOrder(order.status, ORDER_STATUS.cancelled),
      refundable: left > 0,
      email: order.email,
    },
    lines: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      name: line.name,
      cnt: line.cnt,
      refunded_cnt: counts.get(line.id) ?? 0,
      line_sum: line.line_sum,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      full: refund.full_cancel,
      amount: refund.amount,
      ...refundStanding(refund),
      lines: refund.lines,
      created_at: refund.created_at.toISOString(),
      done_at: refund.done_at?.toISOString() ?? null,
      staff_name: refund.staff_name,
      mailed: refund.mail_sent_at !== null,
    })),
  };
}

/** A refund's state as both screens show it: its status, its words, and the bank's reason once it failed. */
export function refundStanding(refund: { status: keyof typeof REFUND_SCREEN_TEXTS.status; failure: string | null }) {
  return {
    status: refund.status,
    status_text: REFUND_SCREEN_TEXTS.status[refund.status],
    failure: refund.status === 'failed' ? (refund.failure ?? '') : '',
  };
}

export interface RefundAsk {
  key: string;
  full: boolean;
  lines: readonly { id: number; cnt: number }[];
  refunded: number;
  amount: number;
}

/**
 * Records a refund a manager asked for, exactly once: under the order's row lock a repeat of
 * the press (its key) finds the refund it made; a press based on another refunded total, or
 * showing another sum, is answered 409 stale_version with the order as it is now. Returns the
 * refund's id; the caller asks the bank after the commit.
 */
export async function recordRefund(db: Db, staff: StaffPrincipal, orderId: number, ask: RefundAsk): Promise<number> {
  const restaurantId = await refundableOrderOf(db, staff, orderId);
  let requested = false;
  const id = await db.transaction().execute(async (trx) => {
    const order = await lockRefundOrder(trx, orderId);
    if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
    const repeated = await findRefundByKey(trx, orderId, ask.key);
    if (repeated) return repeated.id;
    if (!order.paid) throw conflict(REFUND_SCREEN_TEXTS.notPaid, 'not_paid');
    const refunded = order.refunded_sum + order.refunding_sum;
    if (ask.refunded !== refunded) throw new StaleVersionError(await orderRefundsView(trx, orderId));
    if (ask.full && !canMoveOrder(order.status, ORDER_STATUS.cancelled))
      throw conflict(REFUND_SCREEN_TEXTS.cancelClosed, 'not_cancellable');
    const [lines, refunds] = await Promise.all([findRefundLines(trx, orderId), findRefunds(trx, orderId)]);
    const result = refundAmount(
      refundOrderOf(order, lines),
      { counts: addCounts(...refunds.map((refund) => refund.lines)), returned: refunded },
      ask.full ? { full: true } : { full: false, lines: ask.lines },
    );
    if (isRefundRefusal(result)) throw badRequest(result.message, 'refund_refused');
    if (result.amount !== ask.amount) throw new StaleVersionError(await orderRefundsView(trx, orderId));
    const payment = await findPaidPayment(trx, orderId);
    if (!payment) throw conflict(REFUND_SCREEN_TEXTS.notPaid, 'not_paid');
    const refundLines = [...result.counts].map(([id, cnt]) => ({ id, cnt }));
    const refundId = await insertRefund(trx, {
      orderId,
      paymentId: payment.id,
      key: ask.key,
      full: ask.full,
      amount: result.amount,
      lines: refundLines,
      staffId: staff.id,
    });
    // The whole order: cancelled through the one place a status changes (it announces the move).
    if (ask.full) await moveOrderStatus(trx, orderId, ORDER_STATUS.cancelled, staffActor(staff));
    // The staff's refund screens learn of it, the guest's order page of the money on its way.
    await notifyRefund(trx, refundId);
    await writeAudit(trx, staff, {
      action: ask.full ? 'order.cancel_refund' : 'order.refund',
      restaurantId,
      target: `заказ ${order.znumber}`,
      before: { status: order.status, returned: order.refunded_sum, returning: order.refunding_sum },
      after: {
        status: ask.full ? ORDER_STATUS.cancelled : order.status,
        returned: order.refunded_sum,
        returning: order.refunding_sum + result.amount,
        refund: { id: refundId, amount: result.amount, full: ask.full, lines: refundLines },
      },
    });
    requested = true;
    return refundId;
  });
  // Counted once committed; a repeated press (its key) is not a new refund (issue 32).
  if (requested) refundOutcomes.inc({ outcome: 'requested' });
  return id;
}

/** A failed refund asked of the bank again (the manager's retry); false when the order has no such refund. */
export async function reopenFailedRefund(
  db: Db,
  staff: StaffPrincipal,
  orderId: number,
  refundId: number,
): Promise<void> {
  const restaurantId = await refundableOrderOf(db, staff, orderId);
  await db.transaction().execute(async (trx) => {
    const order = await lockRefundOrder(trx, orderId);
    if (!order || !(await refundOfOrder(trx, orderId, refundId)))
      throw notFound(REFUND_SCREEN_TEXTS.refundNotFound, 'refund_not_found');
    if (await reopenRefund(trx, orderId, refundId)) {
      // No longer delayed for the guest: on its way again.
      await notifyRefund(trx, refundId);
      await writeAudit(trx, staff, {
        action: 'order.refund_retry',
        restaurantId,
        target: `заказ ${order.znumber}`,
        before: { refund: refundId, status: 'failed' },
        after: { refund: refundId, status: 'pending' },
      });
    }
  });
}

/**
 * Asks the bank for the refunds due (up to a run's limit, or only `only`), one at a time; a
 * refund another caller holds, or one waiting behind an earlier refund of its order, is left.
 */
export async function processDueRefunds(
  deps: RefundDeps,
  only?: number,
): Promise<{ refundId: number; result: RefundStepResult }[]> {
  const reports: { refundId: number; result: RefundStepResult }[] = [];
  const tries = only === undefined ? OUTBOX_RUN_LIMIT : 1;
  for (let index = 0; index < tries; index++) {
    if (deps.stopping?.()) break;
    const refund = await takeDueRefund(deps.db, only, LEASE_SECONDS);
    if (!refund) break;
    reports.push({ refundId: refund.id, result: await refundAtBank(deps, refund) });
  }
  return reports;
}

/** A step of one refund at the bank: the operation asked (for the payment's history) and what it came to. */
interface RefundStep {
  event: { kind: 'refund' | 'reverse'; outcome: 'done' | 'retry' | 'refused'; answer: BankAnswer } | null;
  next: 'done' | 'retry' | 'failed';
  reason: string;
}

async function refundAtBank(deps: RefundDeps, refund: RefundRow): Promise<RefundStepResult> {
  const payment = await findPaymentById(deps.db, refund.payment_id);
  const providerId = payment?.provider_id ?? '';
  let step: RefundStep;
  try {
    const bank = await deps.acquiring.orderStatus(providerId);
    step = await refundStep(deps, refund, providerId, bank);
  } catch (error) {
    const answer = bankAnswerOf(error);
    step = {
      event: null,
      next: 'retry',
      reason: `the bank did not tell its status: ${answer.code} ${answer.message}`.trim(),
    };
  }
  if (step.next === 'retry' && refund.attempts >= MAX_CLOSING_ATTEMPTS)
    step = { ...step, next: 'failed', reason: `${refund.attempts} tries: ${step.reason}` };
  const recorded = await recordRefundStep(deps.db, refund, payment ?? null, step);
  const context = { orderId: refund.order_id, refundId: refund.id, providerId, attempts: refund.attempts, step };
  if (recorded === 'lost') return 'lost';
  refundOutcomes.inc({ outcome: step.next });
  if (step.next === 'retry') paymentRetries.inc({ queue: 'refund' });
  if (step.next === 'failed') paymentWorkGivenUp.inc({ queue: 'refund' });
  if (step.next === 'failed') deps.log.error(context, 'the bank did not return a refund: a manager retries it');
  else if (step.next === 'retry') deps.log.warn(context, 'a refund could not reach the bank; will retry');
  else deps.log.info(context, 'refund returned at the bank');
  return step.next;
}

/**
 * What this refund takes at the bank, by the bank's own books: the refunds done before it are
 * `doneBefore`; the bank having returned that much plus this refund means it was done already (a
 * lost answer), exactly that much means it is asked now, anything else is for a person.
 */
async function refundStep(
  deps: RefundDeps,
  refund: RefundRow,
  providerId: string,
  bank: AcquirerOrderStatus,
): Promise<RefundStep> {
  const doneBefore = await doneRefundsTotal(deps.db, refund.payment_id, refund.id);
  const already = doneAtTheBank(bank, doneBefore, refund);
  if (already) return already;
  if (bank.state === 'held') {
    // Money only held is released whole (reverse.do): a part waits for the bank to take it.
    if (doneBefore === 0 && refund.amount === bank.paidAmount)
      return ask(deps, refund, 'reverse', () => deps.acquiring.reverse(providerId));
    return { event: null, next: 'retry', reason: 'the bank only holds the money: a part is returned once it is taken' };
  }
  if (bank.state !== 'deposited' && bank.state !== 'refunded')
    return { event: null, next: 'failed', reason: `the bank has the payment ${bank.state}: nothing to return` };
  if (bank.refundedAmount !== doneBefore) {
    return {
      event: null,
      next: 'failed',
      reason: `the bank returned ${bank.refundedAmount} kopecks, our refunds done ${doneBefore}: a person checks`,
    };
  }
  const step = await ask(deps, refund, 'refund', () => deps.acquiring.refund(providerId, refund.amount));
  if (step.next !== 'failed') return step;
  // Refused: unless the bank shows it returned meanwhile (another taker), a person decides.
  try {
    const again = await deps.acquiring.orderStatus(providerId);
    if (again.refundedAmount >= doneBefore + refund.amount)
      return { ...step, next: 'done', reason: 'returned at the bank already' };
    return step;
  } catch (error) {
    return {
      ...step,
      next: 'retry',
      reason: `${step.reason}; its status could not be read again: ${bankAnswerOf(error).message}`,
    };
  }
}

/** The refund done at the bank already, by its books (`doneBefore`: the refunds done before it), or null. */
function doneAtTheBank(bank: AcquirerOrderStatus, doneBefore: number, refund: RefundRow): RefundStep | null {
  if (bank.state === 'reversed') return { event: null, next: 'done', reason: 'reversed at the bank already' };
  if (bank.refundedAmount >= doneBefore + refund.amount)
    return { event: null, next: 'done', reason: 'returned at the bank already' };
  return null;
}

/**
 * The bank's callback about a bank order (it only says «look», decision 011): a pending refund of
 * the order it paid that the bank's books show returned is recorded now, not at the worker's next
 * try — the guest's open page and the staff's screens learn at once. Only the bank's status is
 * read: a refund it has not made stays with its lease's holder (the press, the worker). Racing the
 * press's own try or the worker, the refund is recorded, and announced, once (recordRefundStep).
 * Returns the refunds this call recorded; a bank that does not answer throws (the callback
 * answers 502 and the bank calls again).
 */
export async function refundsTheBankReported(deps: RefundDeps, providerId: string): Promise<number[]> {
  const recorded: number[] = [];
  // The bank's books of the payment, asked once and only when a refund waits on them.
  let bank: AcquirerOrderStatus | undefined;
  for (let index = 0; index < OUTBOX_RUN_LIMIT; index++) {
    const refund = await oldestPendingRefundOfPayment(deps.db, providerId);
    if (!refund) break;
    bank ??= await deps.acquiring.orderStatus(providerId);
    const done = doneAtTheBank(bank, await doneRefundsTotal(deps.db, refund.payment_id, refund.id), refund);
    if (
      !done ||
      (await recordRefundStep(deps.db, refund, (await findPaymentById(deps.db, refund.payment_id)) ?? null, done)) ===
        'lost'
    )
      break;
    deps.log.info(
      { orderId: refund.order_id, refundId: refund.id, providerId },
      'refund returned at the bank, as its callback told',
    );
    recorded.push(refund.id);
  }
  return recorded;
}

async function ask(
  deps: RefundDeps,
  refund: RefundRow,
  kind: 'refund' | 'reverse',
  operation: () => Promise<BankAnswer>,
): Promise<RefundStep> {
  if (!(await renewRefundLease(deps.db, refund, LEASE_SECONDS))) return { event: null, next: 'retry', reason: 'lost' };
  try {
    return { event: { kind, outcome: 'done', answer: await operation() }, next: 'done', reason: '' };
  } catch (error) {
    const answer = bankAnswerOf(error);
    if (error instanceof AcquirerRefusal)
      return {
        event: { kind, outcome: 'refused', answer },
        next: 'failed',
        reason: `the bank refused ${kind}: ${answer.code} ${answer.message}`,
      };
    return {
      event: { kind, outcome: 'retry', answer },
      next: 'retry',
      reason: `the bank did not answer ${kind}: ${answer.message}`,
    };
  }
}

/**
 * Records a refund's step in one transaction under the order's row lock, while this caller's
 * lease holds (the refund pending, its attempts unchanged); what the bank did ("done") is
 * recorded even when the lease passed to another taker, once.
 */
async function recordRefundStep(
  db: Db,
  refund: RefundRow,
  payment: Awaited<ReturnType<typeof findPaymentById>> | null,
  step: RefundStep,
): Promise<'recorded' | 'lost'> {
  if (step.reason === 'lost') return 'lost';
  return db.transaction().execute(async (trx) => {
    const current = await lockRefund(trx, refund);
    if (!current) return 'lost';
    const leaseHeld = current.status === 'pending' && current.attempts === refund.attempts;
    const bankDidIt = step.next === 'done' && current.status !== 'done';
    if (!leaseHeld && !bankDidIt) return 'lost';
    if (step.event && payment)
      await insertPaymentEvent(trx, payment, {
        kind: step.event.kind,
        amount: refund.amount,
        outcome: step.event.outcome,
        answer: step.event.answer,
      });
    if (step.next === 'done') {
      const order = await findRefundOrder(trx, refund.order_id);
      await saveRefundDone(trx, current, (order?.email ?? '') !== '');
    } else {
      await saveRefundNotDone(
        trx,
        refund,
        step.next === 'retry' ? { retryInSeconds: retryDelaySeconds(refund.attempts) } : { failed: true },
        step.reason,
      );
    }
    // The bank's answer reaches the guest's open order page and the staff's refund screens, on
    // every instance, once: only the caller that changed the refund's state gets here (a racing
    // taker finds it done and records nothing). A retry later changes nothing they show.
    if (step.next !== 'retry') await notifyRefund(trx, refund.id);
    return 'recorded';
  });
}

/** A refund as «Возвраты» lists it. */
function recentRefundOf(row: RecentRefundRow): RecentRefund {
  return {
    id: row.id,
    order_id: row.order_id,
    znumber: row.znumber,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    full: row.full_cancel,
    amount: row.amount,
    ...refundStanding(row),
    created_at: row.created_at.toISOString(),
    staff_name: row.staff_name,
  };
}

/** The newest refunds of the manager's restaurants (a chain manager's: all), failed first, as «Возвраты» lists them. */
export async function recentRefunds(db: Db, staff: StaffPrincipal): Promise<RecentRefund[]> {
  const rows = await findRecentRefunds(db, staff.chain ? null : staff.restaurantIds, RECENT_REFUNDS_LIMIT);
  return rows.map(recentRefundOf);
}

/** One refund as «Возвраты» lists it (its live stream's event); undefined for none. */
export async function recentRefund(db: Db, refundId: number): Promise<RecentRefund | undefined> {
  const row = await findRecentRefund(db, refundId);
  return row ? recentRefundOf(row) : undefined;
}

/**
 * A refund at the bank now, once its press committed, then the guest's letter if the money came
 * back; it never fails the manager's answer: what it could not do, the payment worker retries.
 */
export async function tryRefundNow(deps: RefundDeps, mail: RefundMailDeps, refundId: number): Promise<void> {
  try {
    const [report] = await processDueRefunds(deps, refundId);
    if (report?.result === 'done') await sendDueRefundMail(mail, refundId);
  } catch (error) {
    deps.log.warn({ err: error, refundId }, 'a refund could not be tried at once; the payment worker will');
  }
}
