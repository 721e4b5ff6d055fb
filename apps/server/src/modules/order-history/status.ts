import type { Kysely, Transaction } from 'kysely';
import { canMoveOrder, ORDER_NOT_FOUND_MESSAGE, ORDER_STATUS, orderStatusName } from '@chain/domain';
import type { Database } from '../../db/types';
import { conflict, notFound } from '../../http/errors';
import { notifyOrderStatus } from '../order-events';
import { cancelOpenPayments } from '../payments';
import { cancelWaitingDelayedOrder, lockOrderStatus, recordStatusMove } from './repository';

/**
 * Who moved an order (order_status_history.actor): the payment flow (10 → 20 when paid), the
 * kitchen (the sandbox kitchen), the staff board (`staff:{id}`, modules/staff-board), the guest
 * (cancelling an unpaid order), housekeeping (an unpaid order whose time to pay is over,
 * decision 032) or the system.
 */
export type StatusActor = 'payment' | 'kitchen' | 'guest' | 'housekeeping' | 'system' | `staff:${number}`;

export interface StatusMove {
  orderId: number;
  from: number;
  to: number;
}

/**
 * The one place an order's status changes (docs/orders.md). Locks the order's row, checks the
 * move with the domain's canMoveOrder, writes the status with status_changed_at and a history
 * row and its state line (logging/state.ts) — all in one transaction: the caller's when `db` is one (the payment flow marks the order
 * paid in the same transaction), else a new one. The same transaction announces the move on
 * the 'order_status' channel (notifyOrderStatus), so every instance's open order event streams
 * learn of it once it commits. A cancelled order takes no payment: its open forms and QRs become
 * `cancelling` in the same transaction, and the payment worker declines them at the bank
 * (decision 016). An unknown order is a 404, an illegal move a 409 and nothing changes.
 */
export async function moveOrderStatus(
  db: Kysely<Database>,
  orderId: number,
  to: number,
  actor: StatusActor,
): Promise<StatusMove> {
  if (db.isTransaction) return moveInTransaction(db as Transaction<Database>, orderId, to, actor);
  return db.transaction().execute((trx) => moveInTransaction(trx, orderId, to, actor));
}

async function moveInTransaction(
  trx: Transaction<Database>,
  orderId: number,
  to: number,
  actor: StatusActor,
): Promise<StatusMove> {
  const order = await lockOrderStatus(trx, orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  if (!canMoveOrder(order.status, to)) {
    throw conflict(
      `Заказ нельзя перевести из статуса «${orderStatusName(order.status)}» в «${orderStatusName(to)}».`,
      'illegal_status_move',
    );
  }
  await recordStatusMove(trx, orderId, order.status, to, actor);
  if (to === ORDER_STATUS.cancelled) await cancelOpenPayments(trx, orderId);
  await notifyOrderStatus(trx, orderId);
  return { orderId, from: order.status, to };
}

/**
 * The guest's delayed order, resumed into a new order (SPEC 4), cancelled in the new order's
 * transaction: one conditional update (the guest's, delayed, unpaid, awaiting payment — the order
 * checkDelayed offers), its history row, its open payments cancelled and the announcement, as
 * moveOrderStatus writes them.
 * Two transactions resuming one order: the second waits on the row and then finds it cancelled.
 * false when the order was not in that state (nothing changes).
 */
export async function cancelResumedDelayedOrder(
  trx: Transaction<Database>,
  orderId: number,
  userId: number,
): Promise<boolean> {
  if (!(await cancelWaitingDelayedOrder(trx, orderId, userId))) return false;
  // As every cancel does (moveOrderStatus): a form or QR opened to pay it is declined, and money
  // that still arrives for it is refunded (decision 016).
  await cancelOpenPayments(trx, orderId);
  await notifyOrderStatus(trx, orderId);
  return true;
}
