import {
  type DishIndex,
  type FreeCountItem,
  lineTotal,
  type OrderTotals,
  orderTotals,
  type PricedLine,
  unavailableLines,
} from './cart';
import { deliveryPrice, type DeliveryPricing } from './delivery-price';
import {
  type CartButtonBlock,
  type CartButtonState,
  minimumOrderSum,
  minimumSumMessage,
  type MinimumSumRestaurant,
} from './minimum-sum';
import type { OrderType } from './order-type';
import { couponTermsLabel } from './coupon';
import { formatMoney } from './money';
import type { Kopecks } from './units';
import type { DeliveryZone } from './zone';

/*
 * The one checkout quote (issue 12): every figure of a cart and every reason it cannot be placed,
 * decided here and nowhere else. The cart screen shows it, order/discount and order/delivery
 * answer from it, and order/create charges exactly its total, so what the guest sees before the
 * tap is what the order costs.
 */

/** The terms of a coupon whose other conditions (dates, order type, restaurant, one use) hold. */
export interface CheckoutCoupon {
  /** Percent off the subtotal; negative for a markup; 0 for a fixed coupon. */
  readonly percent: number;
  /** A fixed coupon's kopecks off the subtotal (issue 31), never more than the subtotal; absent or null for a percent one. */
  readonly amount?: Kopecks | null;
  /** The subtotal (kopecks, before discount and delivery) from which it applies; 0 for any. */
  readonly min_sum: Kopecks;
}

/** A delivery zone as the quote reads it: its minimums and its price (SPEC 3 Delivery zone). */
export type CheckoutZone = Pick<DeliveryZone, 'minordersum_rest' | 'minordersum_shop'> & DeliveryPricing;

/** What became of the coupon: none given, applied, or given but below its minimum (not applied). */
export type CouponOutcome =
  | { readonly status: 'none' }
  | { readonly status: 'applied'; readonly percent: number; readonly minSum: Kopecks; readonly amount?: Kopecks }
  | {
      readonly status: 'below-minimum';
      readonly percent: number;
      readonly minSum: Kopecks;
      readonly amount?: Kopecks;
      readonly message: string;
    };

/** A reason the order cannot be placed: the SPEC 5 cart-button rule, with the text to show (null: the lines show their own warning). */
export interface CheckoutBlocker {
  readonly reason: CartButtonBlock;
  readonly message: string | null;
}

export interface CheckoutQuote<L extends PricedLine = PricedLine> {
  /** Each line's kopecks, in the order of the input lines (lineTotal, catalogue prices). */
  readonly lineSums: readonly Kopecks[];
  /** Dishes, cutlery, recommended, subtotal, discount, delivery and the sum to pay. */
  readonly totals: OrderTotals;
  /** The percent the totals use: the coupon's when it applies, else 0 (also 0 for a fixed coupon). */
  readonly discountPercent: number;
  /** The words of the discount row while one applies (couponTermsLabel: «Скидка 10 %», «Скидка 200,00 ₽»), else null. */
  readonly discountLabel: string | null;
  readonly coupon: CouponOutcome;
  /** The minimum order sum that applies (SPEC 5), compared with totals.subtotal. */
  readonly minimum: Kopecks;
  /** The lines that do not count (SPEC 5): a missing or stopped dish, a missing or disabled option. */
  readonly unavailable: readonly L[];
  /** Every reason the order cannot be placed, in the order the SPEC 5 button rule checks them; empty when it can. */
  readonly blockers: readonly CheckoutBlocker[];
  /** The SPEC 5 cart button: shown, or hidden for the first blocker. */
  readonly button: CartButtonState;
}

/** 'Скидка 10 %' or 'Наценка 5 %': a negative percent is a markup (SPEC 2 Cart). */
export function percentLabel(percent: number): string {
  return couponTermsLabel({ percent });
}

/** The note beside the coupon field when the cart is below the coupon's minimum (issue 12). */
export function couponBelowMinimumMessage(minSum: Kopecks): string {
  return `Купон действует при заказе от ${formatMoney(minSum)}`;
}

/**
 * Quotes a checkout (SPEC 5; issue 12). Prices come from the catalogue (`dishes`, the extras'
 * prices), never from the client. Rules decided here:
 * - the subtotal (dishes + cutlery and recommended items above their free counts) is the base of
 *   the discount, of the minimum sum and of free delivery; delivery itself is never discounted;
 * - a coupon applies from its minimum; below it the order is quoted and charged without it;
 * - a fixed coupon (issue 31) takes its amount off the subtotal, never more than the subtotal, so
 *   the dishes never cost less than nothing and delivery is still paid;
 * - delivery is the zone's price, or 0 from its free-delivery sum, unless a sum quoted earlier
 *   (order/delivery) is given, which the order keeps;
 * - the minimum is the zone's (delivery), the restaurant's by order type, or a larger booking
 *   minimum (inrest), with its SPEC 5 message; below it, an unavailable line, an empty cart or a
 *   purchase not allowed now (textNoTime) block the order.
 */
export function quoteCheckout<L extends PricedLine>(input: {
  readonly lines: readonly L[];
  readonly dishes: DishIndex;
  readonly cutlery?: readonly FreeCountItem[];
  readonly recommended?: readonly FreeCountItem[];
  readonly orderType: OrderType;
  readonly restaurant: MinimumSumRestaurant;
  /** The delivery zone of the address; null or absent until it is known (then no delivery sum). */
  readonly zone?: CheckoutZone | null;
  /** A delivery sum quoted earlier for this cart, zone and time (order/delivery), kept by the order. */
  readonly quotedDelivery?: Kopecks | null;
  readonly booking?: { readonly min_sum: Kopecks } | null;
  readonly coupon?: CheckoutCoupon | null;
  /** SPEC 5: false while the order cannot be taken for its time; then textNoTime is the reason. */
  readonly purchaseAllowed?: boolean;
  readonly textNoTime?: string;
}): CheckoutQuote<L> {
  const { lines, dishes, orderType } = input;
  const base = orderTotals({ lines, dishes, cutlery: input.cutlery ?? [], recommended: input.recommended ?? [] });
  const coupon = couponOutcome(input.coupon ?? null, base.subtotal);
  const discountPercent = coupon.status === 'applied' ? coupon.percent : 0;
  const discountFixed = coupon.status === 'applied' && coupon.amount !== undefined ? coupon.amount : undefined;
  const zone = orderType === 'delivery' ? (input.zone ?? null) : null;
  const delivery =
    orderType !== 'delivery' ? 0 : (input.quotedDelivery ?? (zone ? deliveryPrice(zone, base.subtotal) : 0));
  const totals = orderTotals({
    lines,
    dishes,
    cutlery: input.cutlery ?? [],
    recommended: input.recommended ?? [],
    discountPercent,
    ...(discountFixed === undefined ? {} : { discountFixed }),
    deliverySum: delivery,
  });
  const minimum = minimumOrderSum({
    orderType,
    lines,
    dishes,
    restaurant: input.restaurant,
    zone,
    booking: input.booking ?? null,
  });
  const unavailable = unavailableLines(lines, dishes);

  const blockers: CheckoutBlocker[] = [];
  if (totals.subtotal <= 0) blockers.push({ reason: 'empty', message: null });
  if (input.purchaseAllowed === false)
    blockers.push({ reason: 'purchase-not-allowed', message: input.textNoTime ?? '' });
  if (totals.subtotal > 0 && totals.subtotal < minimum) {
    blockers.push({ reason: 'below-minimum', message: minimumSumMessage(minimum, totals.delivery > 0) });
  }
  if (unavailable.length > 0) blockers.push({ reason: 'unavailable-items', message: null });
  const first = blockers[0];
  const button: CartButtonState = first === undefined ? { show: true } : { show: false, ...first };

  return {
    lineSums: lines.map((line) => lineTotal(line, dishes.get(String(line.item)))),
    totals,
    discountPercent,
    discountLabel:
      coupon.status === 'applied' && totals.discount !== 0
        ? couponTermsLabel({ percent: coupon.percent, amount: coupon.amount ?? null })
        : null,
    coupon,
    minimum,
    unavailable,
    blockers,
    button,
  };
}

function couponOutcome(coupon: CheckoutCoupon | null, subtotal: Kopecks): CouponOutcome {
  if (coupon === null) return { status: 'none' };
  const fixed = coupon.amount !== undefined && coupon.amount !== null && coupon.amount > 0;
  const terms = fixed
    ? { percent: 0, minSum: coupon.min_sum, amount: coupon.amount }
    : { percent: coupon.percent, minSum: coupon.min_sum };
  if (subtotal < coupon.min_sum)
    return { status: 'below-minimum', ...terms, message: couponBelowMinimumMessage(coupon.min_sum) };
  return { status: 'applied', ...terms };
}
