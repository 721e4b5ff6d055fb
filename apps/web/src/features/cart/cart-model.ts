import {
  type CartButtonState,
  cartButtonState,
  type DishIndex,
  type FreeCountItem,
  minimumOrderSum,
  type MinimumSumRestaurant,
  type OrderTotals,
  orderTotals,
  unavailableLines,
} from '@chain/domain';
import type { CartLine, OrderType } from '../../state/app-store';

/** SPEC 2 Cart: the pickup time's default text (sic, as the spec spells it). */
export const AS_READY_TEXT = 'По готовоности';
/** SPEC 2 Cart: the empty state's next step (DESIGN.md). */
export const EMPTY_CART_TEXT = 'Корзина пуста — выберите блюда в меню';

/** What the coupon check said: nothing asked yet, waiting, a percent, or the server's message. */
export type CouponState =
  | { readonly status: 'none' }
  | { readonly status: 'checking' }
  | { readonly status: 'applied'; readonly percent: number; readonly minSum: number; readonly message: string }
  | { readonly status: 'refused'; readonly message: string };

/** The percent the totals use: the coupon's, once the cart reaches its minimum sum (kopecks). */
export function couponPercent(coupon: CouponState, subtotal: number): number {
  return coupon.status === 'applied' && subtotal >= coupon.minSum ? coupon.percent : 0;
}

/** 'Скидка 10 %' or 'Наценка 5 %' (a negative percent is a markup, SPEC 2 Cart). */
export function percentLabel(percent: number): string {
  return percent >= 0 ? `Скидка ${percent} %` : `Наценка ${Math.abs(percent)} %`;
}

export interface CartFigures {
  readonly totals: OrderTotals;
  readonly percent: number;
  readonly minimum: number;
  readonly button: CartButtonState;
  readonly unavailable: readonly CartLine[];
}

/**
 * The cart's figures for display (the server's answer is what counts): SPEC 5 totals with the
 * coupon's percent, the minimum sum and the pay button rule. The totals are the domain's
 * orderTotals, the function order/create charges with, so free counts apply per item (entries of
 * one cutlery or recommended id summed) here as on the server.
 */
export function cartFigures(input: {
  readonly lines: readonly CartLine[];
  readonly dishes: DishIndex;
  readonly cutlery: readonly FreeCountItem[];
  readonly recommended: readonly FreeCountItem[];
  readonly coupon: CouponState;
  readonly orderType: OrderType;
  readonly restaurant: MinimumSumRestaurant;
  /** SPEC 5: false while the order cannot be taken for its time (then textNoTime is shown). */
  readonly purchaseAllowed?: boolean;
  readonly textNoTime?: string;
}): CartFigures {
  const extras = { lines: input.lines, dishes: input.dishes, cutlery: input.cutlery, recommended: input.recommended };
  const base = orderTotals(extras);
  const percent = couponPercent(input.coupon, base.subtotal);
  const totals = orderTotals({ ...extras, discountPercent: percent });
  const minimum = minimumOrderSum({ orderType: input.orderType, lines: input.lines, dishes: input.dishes, restaurant: input.restaurant });
  const unavailable = unavailableLines(input.lines, input.dishes);
  const button = cartButtonState({
    sum: totals.subtotal,
    minimum,
    purchaseAllowed: input.purchaseAllowed ?? true,
    hasUnavailableItems: unavailable.length > 0,
    deliverySum: totals.delivery,
    textNoTime: input.textNoTime ?? '',
  });
  return { totals, percent, minimum, button, unavailable };
}
