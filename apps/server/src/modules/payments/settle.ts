import { ordersPaid } from '../../metrics/metrics';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { canMoveOrder, ORDER_STATUS, showsPayButton } from '@chain/domain';
import type { AcquirerOrderStatus, SavedCard } from '../../adapters/acquiring/types';
import type { Database, PaymentStatus } from '../../db/types';
import { moveOrderStatus } from '../order-history';
import { notifyOrderStatus } from '../order-events';
import {
  lockPaymentAndOrder,
  markOrderPaid,
  otherPendingPayments,
  saveBinding,
  setPaymentStatus,
  startCancelling,
} from './repository';

/** What the bank says became of a payment. */
export type PaymentOutcome =
  { kind: 'paid'; amount: number; card: SavedCard | null } | { kind: 'declined'; reason: string };

/** What a bank status means for our payment; null while the guest is still paying. */
export function outcomeOf(bank: AcquirerOrderStatus): PaymentOutcome | null {
  switch (bank.state) {
    case 'deposited':
    case 'held':
      return { kind: 'paid', amount: bank.amount, card: bank.card };
    case 'declined':
    case 'reversed':
    case 'refunded':
      return { kind: 'declined', reason: bank.reason || bank.state };
    default:
      return null;
  }
}

export interface SettleResult {
  paymentStatus: PaymentStatus;
  orderPaid: boolean;
  /** This call made the change (false: it was settled before, by a racing caller). */
  changed: boolean;
  /**
   * Payments of the order this call left to close at the bank (cancelling, refund_due). The
   * caller asks the bank after the transaction, never inside it; the payment worker retries.
   */
  closing: number[];
  /**
   * The order this call marked paid (only then): it is due its tips_id, which the caller asks
   * of the tips service after the transaction, never inside it (decision 025).
   */
  paidOrderId?: number;
}

/**
 * States in which the bank may still take the guest's money: settlePayment acts only on them.
 * A claim counts once its bank order is attached (a saved card being charged).
 */
const OPEN_AT_BANK: readonly PaymentStatus[] = ['registering', 'pending', 'cancelling'];

/**
 * Records the bank's word on a payment, exactly once (decisions 011 and 016). The payment
 * check, the bank's callback, payment/start and the payment worker may all learn the same
 * outcome at the same moment; each comes here, and under row locks (the order, then the
 * payment: the order every writer of orders takes) only the first finds the payment open and
 * changes anything. The others see it done.
 *
 * - paid, for the order's sum, on an open unpaid order: the payment is paid; the order paid,
 *   paid_at set, 10 → 20 with a history row (SPEC 4), and due its tips_id (decision 025: a
 *   column only; the tips service is asked after the commit). Every other payment of the order still
 *   open at the bank becomes `cancelling` (declined at the bank after this transaction).
 * - paid otherwise (another amount; the order paid by another payment, cancelled or done):
 *   `refund_due`, and the money goes back (issue 11). The order is not changed.
 * - declined: `declined` (a payment we were cancelling: `cancelled`); the order stays payable.
 * A card the bank saved is kept for the order's user either way.
 */
export async function settlePayment(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  paymentId: number,
  outcome: PaymentOutcome,
): Promise<SettleResult> {
  let paidOrder: { type: string; source: string } | undefined;
  const result = await db.transaction().execute(async (trx): Promise<SettleResult> => {
    const { order, payment } = await lockPaymentAndOrder(trx, paymentId);
    if (!OPEN_AT_BANK.includes(payment.status) || payment.provider_id === null)
      return { paymentStatus: payment.status, orderPaid: order.paid, changed: false, closing: [] };

    const setPayment = (status: PaymentStatus, failure: string | null) =>
      setPaymentStatus(trx, payment, status, failure);

    if (outcome.kind === 'declined') {
      const status = payment.status === 'cancelling' ? 'cancelled' : 'declined';
      await setPayment(status, outcome.reason.slice(0, 500) || 'declined');
      return { paymentStatus: status, orderPaid: order.paid, changed: true, closing: [] };
    }

    if (outcome.card && order.user_id !== null) await saveBinding(trx, order.user_id, outcome.card);

    const extra = extraPaymentReason(order, payment, outcome.amount);
    if (extra) {
      log.warn(
        {
          orderId: order.id,
          paymentId: payment.id,
          providerId: payment.provider_id,
          bankAmount: outcome.amount,
          orderSum: order.sum,
          orderPaid: order.paid,
          orderStatus: order.status,
        },
        `payment the order does not keep (${extra}): it goes back to the payer`,
      );
      await setPayment('refund_due', extra);
      return { paymentStatus: 'refund_due', orderPaid: order.paid, changed: true, closing: [payment.id] };
    }

    await setPayment('paid', null);
    await markOrderPaid(trx, order.id, payment.method);
    // The order's event streams learn of the paid flag even when no status move follows (the
    // move below announces it too; PostgreSQL delivers the two as one).
    await notifyOrderStatus(trx, order.id);
    // 10 → 20 through the one place a status changes, in this same transaction.
    if (canMoveOrder(order.status, ORDER_STATUS.accepted))
      await moveOrderStatus(trx, order.id, ORDER_STATUS.accepted, 'payment');
    // Every other form or QR of the order is closed at the bank (issue 11): one charge per order.
    const cancelling = await startCancelling(trx, await otherPendingPayments(trx, order.id, payment.id));
    log.info({ orderId: order.id, paymentId: payment.id, method: payment.method, cancelling }, 'order paid');
    paidOrder = { type: order.type, source: order.source };
    return { paymentStatus: 'paid', orderPaid: true, changed: true, closing: cancelling, paidOrderId: order.id };
  });
  // Counted once committed: every path that pays an order comes through here (issue 32).
  if (paidOrder) ordersPaid.inc(paidOrder);
  return result;
}

/** Why a payment the bank took is not the order's (its money goes back), or null when it is. */
function extraPaymentReason(
  order: { sum: number; paid: boolean; status: number },
  payment: { amount: number },
  bankAmount: number,
): string | null {
  if (bankAmount !== payment.amount || payment.amount !== order.sum)
    return `amount ${bankAmount} differs from the order's ${order.sum}`;
  if (order.paid) return 'the order was already paid by another payment';
  // SPEC 4: status 50 and up takes no payment. A form being cancelled because the order was
  // paid is caught above; one cancelled because a newer form replaced it (decision 016) pays an
  // order still unpaid: the order keeps the first money, and the newer form is declined instead.
  if (!showsPayButton(order)) return `the order is closed (status ${order.status})`;
  return null;
}
