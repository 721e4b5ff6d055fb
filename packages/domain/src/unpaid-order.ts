import { openUntil, type ScheduleEntry } from './schedule';
import { DEFAULT_TIME_ZONE, type Instant } from './wall-clock';

/*
 * How long an unpaid order takes payment (decision 032). SPEC 4 shows the pay button while paid
 * is 0 and status is below 50, and says nothing of time; an order is for a time, though, and a
 * kitchen cannot make last week's pre-order or an order after its restaurant closed. So an
 * unpaid order takes payment until its deadline, and housekeeping then cancels it (status 90),
 * which takes the pay button away by SPEC 4's own rule.
 */

/** Minutes an order «as soon as ready» placed in the app takes payment after it was placed. */
export const AS_READY_PAYMENT_MINUTES = 60;
/**
 * Minutes an order placed at a kiosk takes payment: the guest pays at the kiosk there and then
 * (the QR it shows is a bank order payable for 20 minutes), and nobody can reach it afterwards.
 */
export const KIOSK_PAYMENT_MINUTES = 30;

/** Refused to a payment started after the order's time to pay is over (a 409 of payment/start and payment/sbp). */
export const PAYMENT_TIME_OVER_MESSAGE =
  'Время на оплату этого заказа вышло, оплатить его нельзя. Оформите заказ заново.';

/** What decides an unpaid order's deadline. */
export interface UnpaidOrderTiming {
  readonly createdAt: Instant;
  /** The time the guest chose (a pre-order, a pickup or delivery time, a delayed order); null: as soon as ready. */
  readonly readyAt: Instant | null;
  readonly source: 'kiosk' | 'web';
}

/** The order's restaurant: whether it works at all, and its hours. */
export interface OrderRestaurantState {
  readonly active: boolean;
  readonly schedule: readonly ScheduleEntry[];
  readonly timeZone?: string;
}

/**
 * The moment an unpaid order stops taking payment, in epoch milliseconds: the time the guest
 * chose; for an order as soon as ready, AS_READY_PAYMENT_MINUTES after it was placed
 * (KIOSK_PAYMENT_MINUTES at a kiosk), or when the opening hours it was placed in end, whichever
 * comes first. (order/create takes an order as soon as ready only while the restaurant is open;
 * one placed otherwise is held to the minutes alone.)
 */
export function paymentDeadline(
  order: UnpaidOrderTiming,
  restaurant: Pick<OrderRestaurantState, 'schedule' | 'timeZone'>,
): number {
  if (order.readyAt !== null) return Number(order.readyAt);
  const minutes = order.source === 'kiosk' ? KIOSK_PAYMENT_MINUTES : AS_READY_PAYMENT_MINUTES;
  const byMinutes = Number(order.createdAt) + minutes * 60_000;
  const closes = openUntil(restaurant.schedule, order.createdAt, restaurant.timeZone ?? DEFAULT_TIME_ZONE);
  return closes === null ? byMinutes : Math.min(byMinutes, closes);
}

/** Whether an unpaid order's time to pay is over at `now`: its deadline has come, or its restaurant no longer works (inactive). */
export function paymentTimeOver(order: UnpaidOrderTiming, restaurant: OrderRestaurantState, now: Instant): boolean {
  return !restaurant.active || Number(now) >= paymentDeadline(order, restaurant);
}
