import type { PayMethod } from '@chain/domain';
import type { PaymentStatus, RefundStatus } from '../db/types';
import { RBS_PROVIDER } from '../adapters/acquiring/rbs';
import { currentLogScope } from './scope';

/**
 * The state lines (issue 32, docs/operations.md «Logs»): one info line per change of an order's
 * status, a payment's state or a refund's state, written by the function that writes the change
 * (modules/order-history, modules/orders, modules/payments, modules/refunds repositories), in its
 * transaction, once the row is written. Each carries the order id, the request id (null in
 * background work, whose `by` names the worker) and the acquirer's own id of the payment when
 * there is one, so one order is followed across instances by `orderId` alone.
 */
export const STATE_LINES = {
  order: 'order status changed',
  payment: 'payment state changed',
  refund: 'refund state changed',
} as const;

/**
 * The fields every state line carries from its scope: `requestId`, and `by` — a job's logger has
 * its `by` bound already (logging/scope.ts), so it is added here for requests and the app only.
 */
function scoped(fields: Record<string, unknown>, msg: string): void {
  const scope = currentLogScope();
  if (!scope) return;
  scope.log.info(
    {
      ...fields,
      requestId: scope.requestId,
      ...(scope.requestId === null && scope.by !== 'app' ? {} : { by: scope.by }),
    },
    msg,
  );
}

/** An order's status moved (from null: the order was placed); `actor` as order_status_history keeps it. */
export function logOrderStatus(change: { orderId: number; from: number | null; to: number; actor: string }): void {
  scoped({ orderId: change.orderId, from: change.from, to: change.to, actor: change.actor }, STATE_LINES.order);
}

/** What a payment line tells of the payment beside its move. */
export interface PaymentRef {
  orderId: number;
  paymentId: number;
  method: PayMethod;
  /** The acquirer's id of the payment (mdOrder; an SBP QR's too); null while it is being registered. */
  providerPaymentId: string | null;
}

/**
 * A payment's state moved: from null when its claim was made, to null when a claim the bank never
 * registered was dropped.
 */
export function logPaymentState(payment: PaymentRef, from: PaymentStatus | null, to: PaymentStatus | null): void {
  scoped(
    {
      orderId: payment.orderId,
      paymentId: payment.paymentId,
      from,
      to,
      method: payment.method,
      provider: RBS_PROVIDER,
      providerPaymentId: payment.providerPaymentId,
    },
    STATE_LINES.payment,
  );
}

/** A refund's state moved (from null: a manager asked for it); the payment it returns through, with the acquirer's id. */
export function logRefundState(
  refund: { orderId: number; refundId: number; paymentId: number; providerPaymentId: string | null },
  from: RefundStatus | null,
  to: RefundStatus,
): void {
  scoped(
    {
      orderId: refund.orderId,
      refundId: refund.refundId,
      paymentId: refund.paymentId,
      from,
      to,
      provider: RBS_PROVIDER,
      providerPaymentId: refund.providerPaymentId,
    },
    STATE_LINES.refund,
  );
}
