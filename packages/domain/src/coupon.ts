import { type CalendarDate, daysBetween } from './calendar-date';
import type { OrderType } from './order-type';
import type { Kopecks } from './units';

/** The coupon fields the rules read; dates are 'YYYY-MM-DD' in the restaurant's zone. */
export interface CouponRules {
  readonly percent: number;
  readonly active: boolean;
  readonly active_from: string;
  readonly active_to: string;
  readonly order_types: readonly OrderType[];
  readonly restaurant_ids: readonly number[] | null;
  readonly min_sum: Kopecks;
  readonly once_per_user: boolean;
}

export type CouponProblem = 'coupon_expired' | 'coupon_order_type' | 'coupon_restaurant' | 'coupon_needs_guest' | 'coupon_used';

export const COUPON_UNKNOWN_MESSAGE = 'Купон не найден';

function isoDate(text: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return match ? { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) } : null;
}

/**
 * Why a coupon does not apply to an order, or null when it does (issue 5 coupon rules: dates,
 * types, restaurants, one use; the minimum sum is the checkout quote's, where below it the
 * coupon is simply not applied). `usedByGuest` is null when the order has no guest (a
 * kiosk): a coupon limited to one use per guest cannot be counted without one, so it is refused
 * (issue 11) instead of being usable again and again.
 */
export function couponProblem(
  coupon: CouponRules,
  order: { today: CalendarDate; orderType: OrderType; restaurantId: number; usedByGuest: boolean | null },
): CouponProblem | null {
  const from = isoDate(coupon.active_from);
  const to = isoDate(coupon.active_to);
  if (!coupon.active || !from || !to || daysBetween(from, order.today) < 0 || daysBetween(order.today, to) < 0) return 'coupon_expired';
  if (!coupon.order_types.includes(order.orderType)) return 'coupon_order_type';
  if (coupon.restaurant_ids !== null && !coupon.restaurant_ids.includes(order.restaurantId)) return 'coupon_restaurant';
  if (coupon.once_per_user && order.usedByGuest === null) return 'coupon_needs_guest';
  if (coupon.once_per_user && order.usedByGuest) return 'coupon_used';
  return null;
}

/** The Russian message for a coupon problem (shown next to the coupon field, SPEC 2 Cart). */
export function couponProblemMessage(problem: CouponProblem): string {
  switch (problem) {
    case 'coupon_expired':
      return 'Срок действия купона истёк или ещё не начался';
    case 'coupon_order_type':
      return 'Купон не действует для этого способа получения заказа';
    case 'coupon_restaurant':
      return 'Купон не действует в этом ресторане';
    case 'coupon_needs_guest':
      return 'Этот купон действует один раз для каждого гостя: войдите в приложение, чтобы применить его';
    case 'coupon_used':
      return 'Вы уже использовали этот купон';
  }
}
