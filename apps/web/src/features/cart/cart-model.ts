import { type CheckoutQuote, type CheckoutZone, type DishIndex, type FreeCountItem, type MinimumSumRestaurant, quoteCheckout } from '@chain/domain';
import type { CartLine } from '../../state/app-store';
import type { OrderType } from '@chain/domain';

/** SPEC 2 Cart: the empty state's next step (DESIGN.md). */
export const EMPTY_CART_TEXT = 'Корзина пуста — выберите блюда в меню';

/** What the coupon check said: nothing asked yet, waiting, the coupon's terms, or the server's message. */
export type CouponState =
  | { readonly status: 'none' }
  | { readonly status: 'checking' }
  | { readonly status: 'applied'; readonly percent: number; readonly minSum: number; readonly message: string }
  | { readonly status: 'refused'; readonly message: string };

/** The cart screen's figures: the one checkout quote order/create charges by (issue 12). */
export type CartFigures = CheckoutQuote<CartLine>;

/**
 * The cart's figures for display: the domain's quoteCheckout, the very function order/create,
 * order/discount and order/delivery call on the server, with the coupon's terms as order/discount
 * gave them. So the total shown is the total charged: a coupon below its minimum is quoted as not
 * applied (with its note) here as there, and free counts apply per item on both sides.
 */
export function cartFigures(input: {
  readonly lines: readonly CartLine[];
  readonly dishes: DishIndex;
  readonly cutlery: readonly FreeCountItem[];
  readonly recommended: readonly FreeCountItem[];
  readonly coupon: CouponState;
  readonly orderType: OrderType;
  readonly restaurant: MinimumSumRestaurant;
  /** The delivery zone of the address, for a delivery cart. */
  readonly zone?: CheckoutZone | null;
  /** The delivery sum of the order/delivery quote the order will name. */
  readonly quotedDelivery?: number | null;
  /** A booking's minimum sum (SPEC 5, inrest from a booking). */
  readonly booking?: { readonly min_sum: number } | null;
  /** SPEC 5: false while the order cannot be taken for its time (then textNoTime is shown). */
  readonly purchaseAllowed?: boolean;
  readonly textNoTime?: string;
}): CartFigures {
  const { coupon } = input;
  return quoteCheckout({
    lines: input.lines,
    dishes: input.dishes,
    cutlery: input.cutlery,
    recommended: input.recommended,
    orderType: input.orderType,
    restaurant: input.restaurant,
    zone: input.zone ?? null,
    quotedDelivery: input.quotedDelivery ?? null,
    booking: input.booking ?? null,
    coupon: coupon.status === 'applied' ? { percent: coupon.percent, min_sum: coupon.minSum } : null,
    ...(input.purchaseAllowed === undefined ? {} : { purchaseAllowed: input.purchaseAllowed }),
    ...(input.textNoTime === undefined ? {} : { textNoTime: input.textNoTime }),
  });
}

/**
 * The coupon code the order carries: only one order/discount has taken. A code still being
 * checked, refused or failed on the network goes nowhere, so order/create never applies a coupon
 * the cart's total left out (issue 12).
 */
export function couponToSend(coupon: CouponState, code: string): string {
  return coupon.status === 'applied' ? code.trim() : '';
}

/** Whether the total shown is final, so the pay button takes a tap: the extras have come and no coupon is being checked. */
export function totalIsFinal(extrasSettled: boolean, coupon: CouponState): boolean {
  return extrasSettled && coupon.status !== 'checking';
}
