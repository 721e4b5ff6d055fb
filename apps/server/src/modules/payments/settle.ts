import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { canMoveOrder, ORDER_STATUS } from '@chain/domain';
import type { SavedCard } from '../../adapters/acquiring/types';
import type { Database, PaymentStatus } from '../../db/types';
import { moveOrderStatus } from '../order-history/status';
import { saveBinding } from './repository';

/** What the bank says became of a payment. */
export type PaymentOutcome =
  | { kind: 'paid'; amount: number; card: SavedCard | null }
  | { kind: 'declined'; reason: string };

export interface SettleResult {
  paymentStatus: PaymentStatus;
  orderPaid: boolean;
  /** This call made the change (false: it was settled before, by a racing caller). */
  changed: boolean;
}

/**
 * Records the bank's word on a payment, exactly once (decision 011). The payment check, the
 * bank's callback and payment/start may all learn the same outcome at the same moment; each
 * comes here, and under row locks (the order, then the payment: the order every writer of
 * orders takes) only the first finds the payment pending and changes anything. The others
 * see it done.
 *
 * - paid, for the order's sum: the payment is paid; the order paid, paid_at set, 10 → 20 with
 *   a history row (SPEC 4). A saved card is kept for the order's user.
 * - paid, for another amount: refused; the order stays unpaid (and the money must go back:
 *   logged as an error).
 * - declined: the payment is declined; the order stays unpaid and payable again.
 */
export async function settlePayment(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  paymentId: number,
  outcome: PaymentOutcome,
): Promise<SettleResult> {
  return db.transaction().execute(async (trx) => {
    const ref = await trx.selectFrom('payments').select('order_id').where('id', '=', paymentId).executeTakeFirstOrThrow();
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'sum', 'paid', 'status', 'user_id'])
      .where('id', '=', ref.order_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const payment = await trx.selectFrom('payments').selectAll().where('id', '=', paymentId).forUpdate().executeTakeFirstOrThrow();
    if (payment.status !== 'pending') return { paymentStatus: payment.status, orderPaid: order.paid, changed: false };

    const setPayment = (status: PaymentStatus, failure: string | null) =>
      trx.updateTable('payments').set({ status, failure, updated_at: sql<Date>`now()` }).where('id', '=', payment.id).execute();

    if (outcome.kind === 'declined') {
      await setPayment('declined', outcome.reason.slice(0, 500) || 'declined');
      return { paymentStatus: 'declined', orderPaid: order.paid, changed: true };
    }

    if (outcome.amount !== payment.amount || payment.amount !== order.sum) {
      log.error(
        { orderId: order.id, paymentId: payment.id, providerId: payment.provider_id, bankAmount: outcome.amount, paymentAmount: payment.amount, orderSum: order.sum },
        'payment amount differs from the order: refused, the order stays unpaid; the money must be returned',
      );
      await setPayment('refused', `amount ${outcome.amount} differs from the order's ${order.sum}`);
      return { paymentStatus: 'refused', orderPaid: order.paid, changed: true };
    }

    await setPayment('paid', null);
    if (outcome.card && order.user_id !== null) await saveBinding(trx, order.user_id, outcome.card);

    if (order.paid || order.status === ORDER_STATUS.cancelled || order.status >= ORDER_STATUS.done) {
      // A second payment of a paid order (two tabs, card and SBP), or one that came after the
      // order was cancelled: the money is taken but the order is not changed.
      log.error(
        { orderId: order.id, paymentId: payment.id, providerId: payment.provider_id, orderPaid: order.paid, orderStatus: order.status },
        'payment for an order already paid or closed: the money must be returned',
      );
      return { paymentStatus: 'paid', orderPaid: order.paid, changed: true };
    }

    await trx
      .updateTable('orders')
      .set({ paid: true, paid_at: sql<Date>`now()`, pay_method: payment.method })
      .where('id', '=', order.id)
      .execute();
    // 10 → 20 through the one place a status changes, in this same transaction.
    if (canMoveOrder(order.status, ORDER_STATUS.accepted)) await moveOrderStatus(trx, order.id, ORDER_STATUS.accepted, 'payment');
    log.info({ orderId: order.id, paymentId: payment.id, method: payment.method }, 'order paid');
    return { paymentStatus: 'paid', orderPaid: true, changed: true };
  });
}
