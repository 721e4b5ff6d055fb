import { type CalendarDate, daysBetween } from './calendar-date';
import { formatMoney } from './money';
import type { OrderType } from './order-type';
import type { Kopecks } from './units';

/** The coupon fields the rules read; dates are 'YYYY-MM-DD' in the restaurant's zone. */
export interface CouponRules {
  /** Percent off (negative: a markup); null for a fixed amount. */
  readonly percent: number | null;
  readonly active: boolean;
  readonly active_from: string;
  readonly active_to: string;
  readonly order_types: readonly OrderType[];
  readonly restaurant_ids: readonly number[] | null;
  readonly min_sum: Kopecks;
  readonly once_per_user: boolean;
  /** Uses in total; null or absent: no limit. */
  readonly max_uses?: number | null;
}

export type CouponProblem =
  | 'coupon_expired'
  | 'coupon_order_type'
  | 'coupon_restaurant'
  | 'coupon_needs_guest'
  | 'coupon_used'
  | 'coupon_used_up';

/** The longest coupon code, as stored (after normaliseCouponCode). */
export const COUPON_CODE_MAX_LENGTH = 32;
export const COUPON_CODE_MIN_LENGTH = 3;
/** A stored code: letters (Latin or Cyrillic, upper case), digits, «-» and «_». */
const COUPON_CODE = /^[A-ZА-ЯЁ0-9_-]+$/u;

/**
 * A coupon code as the guest's coupon field is read and as codes are stored (issue 31): spaces
 * dropped, upper case. So «zhar 10» finds ZHAR10, and two codes differing only in case or spaces
 * are one code — the back office refuses the second.
 */
export function normaliseCouponCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/** Why a normalised code cannot be a coupon's, or null when it can. */
export function couponCodeProblem(code: string): string | null {
  if (code.length < COUPON_CODE_MIN_LENGTH || code.length > COUPON_CODE_MAX_LENGTH) {
    return `Код купона — от ${COUPON_CODE_MIN_LENGTH} до ${COUPON_CODE_MAX_LENGTH} символов.`;
  }
  if (!COUPON_CODE.test(code)) return 'В коде купона — только буквы, цифры, «-» и «_».';
  return null;
}

/** What a coupon gives, in words: «Скидка 10 %», «Наценка 5 %» or «Скидка 200,00 ₽». */
export function couponTermsLabel(coupon: {
  readonly percent: number | null;
  readonly amount?: Kopecks | null;
}): string {
  if (coupon.amount !== undefined && coupon.amount !== null && coupon.amount > 0)
    return `Скидка ${formatMoney(coupon.amount)}`;
  const percent = coupon.percent ?? 0;
  return percent >= 0 ? `Скидка ${percent} %` : `Наценка ${Math.abs(percent)} %`;
}

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
 * (issue 11) instead of being usable again and again. `uses` is how many times it has been used
 * (orders that applied it and were not cancelled): at its `max_uses` it is used up (issue 31).
 */
export function couponProblem(
  coupon: CouponRules,
  order: {
    today: CalendarDate;
    orderType: OrderType;
    restaurantId: number;
    usedByGuest: boolean | null;
    uses?: number;
  },
): CouponProblem | null {
  const from = isoDate(coupon.active_from);
  const to = isoDate(coupon.active_to);
  if (!coupon.active || !from || !to || daysBetween(from, order.today) < 0 || daysBetween(order.today, to) < 0)
    return 'coupon_expired';
  if (!coupon.order_types.includes(order.orderType)) return 'coupon_order_type';
  if (coupon.restaurant_ids !== null && !coupon.restaurant_ids.includes(order.restaurantId)) return 'coupon_restaurant';
  if (coupon.once_per_user && order.usedByGuest === null) return 'coupon_needs_guest';
  if (coupon.once_per_user && order.usedByGuest) return 'coupon_used';
  if (coupon.max_uses !== undefined && coupon.max_uses !== null && (order.uses ?? 0) >= coupon.max_uses)
    return 'coupon_used_up';
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
    case 'coupon_used_up':
      return 'Купон закончился: его уже использовали столько раз, сколько он действует';
  }
}
