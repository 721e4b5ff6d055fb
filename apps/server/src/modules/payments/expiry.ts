import type { Kysely } from 'kysely';
import { ORDER_STATUS, paymentTimeOver } from '@chain/domain';
import type { Database } from '../../db/types';
import { moveOrderStatus } from '../order-history';
import { schedulesByRestaurant } from '../restaurants';
import { awaitingPaymentOrders, lockAwaitingPayment, type AwaitingPaymentOrder } from './repository/expiry';

/**
 * Unpaid orders whose time to pay is over (decision 032; the domain's paymentTimeOver: the
 * chosen time has come; as soon as ready, an hour after it was placed — half an hour at a
 * kiosk — or once its restaurant closed; any order of a restaurant that no longer works) are
 * cancelled by housekeeping: 10 → 90 through moveOrderStatus (actor `housekeeping`), so the
 * guest's open order page, the staff board and the kiosk's follow page hear it, and the order's
 * open forms and QRs become `cancelling` in the same transaction (the payment worker declines
 * them at the bank).
 *
 * Money exactly once: the cancel takes the order's row lock (`for update skip locked`) and
 * re-reads that it is still unpaid and awaiting payment, and settlePayment takes the same lock
 * before it marks the order paid. So a payment and the cancel are ordered: a payment settled
 * first leaves a paid order that housekeeping does not touch; a payment the bank takes after
 * the cancel finds the order cancelled and is refunded (decision 016). An order a payment holds
 * right now is skipped and looked at again next round. Safe on every instance at once.
 */

/** Orders read per query; a round reads on until none is left. */
const PAGE = 200;

/** Which of these orders are past their time to pay at `now` (their restaurants' schedules read once). */
export async function pastTimeToPay(
  db: Kysely<Database>,
  orders: readonly AwaitingPaymentOrder[],
  now: Date,
): Promise<AwaitingPaymentOrder[]> {
  const asReady = orders.filter((order) => order.readyAt === null).map((order) => order.restaurantId);
  const schedules = await schedulesByRestaurant(db, asReady);
  return orders.filter((order) =>
    paymentTimeOver(
      order,
      { active: order.restaurantActive, schedule: schedules.get(order.restaurantId) ?? [], timeZone: order.timeZone },
      now,
    ),
  );
}

/**
 * One round: every order awaiting payment whose time to pay is over at `now` is cancelled, each
 * in a short transaction of its own. Returns the ids cancelled.
 */
export async function expireUnpaidOrders(db: Kysely<Database>, now: Date = new Date()): Promise<number[]> {
  const cancelled: number[] = [];
  let afterId = 0;
  for (;;) {
    const page = await awaitingPaymentOrders(db, afterId, PAGE, now);
    for (const order of await pastTimeToPay(db, page, now)) {
      if (await cancelUnpaid(db, order.id)) cancelled.push(order.id);
    }
    const last = page.at(-1);
    if (!last || page.length < PAGE) return cancelled;
    afterId = last.id;
  }
}

/** Cancels the order when it still awaits payment and no payment holds it now: true when cancelled. */
async function cancelUnpaid(db: Kysely<Database>, orderId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockAwaitingPayment(trx, orderId))) return false;
    await moveOrderStatus(trx, orderId, ORDER_STATUS.cancelled, 'housekeeping');
    return true;
  });
}
