import { restaurantClosedText, restaurantHolidays, type RestaurantWire } from '@chain/contract';
import { type CourierZone, courierFor } from '../../api/courier-zones';
import {
  type CheckoutQuote,
  DEFAULT_TIME_ZONE,
  type Instant,
  isAsReadyText,
  isOpenOnWallClock,
  isOpenWithHolidays,
  parseClock,
  parseShortDate,
  weekdayOf,
  type CheckoutZone,
  DELIVERY_TIME_REQUIRED_MESSAGE,
  type DishIndex,
  type FreeCountItem,
  type GeoPoint,
  type MinimumSumRestaurant,
  NO_DELIVERY_TIME_TODAY_MESSAGE,
  OUTSIDE_DELIVERY_ZONE_MESSAGE,
  quoteCheckout,
} from '@chain/domain';
import type { DeliveryQuoteState } from './use-delivery-quote';
import type { CartLine } from '../../state/cart-store';
import type { OrderType } from '@chain/domain';

/** SPEC 2 Cart: the empty state's next step (docs/design.md). */
export const EMPTY_CART_TEXT = 'Корзина пуста — выберите блюда в меню';

/** Issue 31: the cart open while the restaurant changed a price of a line in it. */
export const PRICE_CHANGED_TITLE = 'Цены изменились';
/** What the guest reads of one changed line: its name, the new price per portion and the old. */
export function priceChangedLine(name: string, before: string, after: string): string {
  return `«${name}»: теперь ${after} вместо ${before}`;
}
/** The ask that closes the notice: the pay button already shows the new total. */
export const PRICE_CHANGED_ASK = 'Проверьте сумму заказа перед оплатой.';

/** What the coupon check said: nothing asked yet, waiting, the coupon's terms, or the server's message. */
export type CouponState =
  | { readonly status: 'none' }
  | { readonly status: 'checking' }
  | {
      readonly status: 'applied';
      readonly percent: number;
      readonly amount: number;
      readonly minSum: number;
      readonly message: string;
    }
  | { readonly status: 'refused'; readonly message: string };

/** The cart screen's figures: the one checkout quote order/create charges by (issue 12). */
export type CartFigures = CheckoutQuote<CartLine>;

/** The coupon's terms as order/discount answered them, as the cart holds them. */
export function appliedCoupon(answer: {
  discountPercent: number;
  discountAmount: number;
  minSum: number;
  message: string;
}): CouponState {
  return {
    status: 'applied',
    percent: answer.discountPercent,
    amount: answer.discountAmount,
    minSum: answer.minSum,
    message: answer.message,
  };
}

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
    coupon:
      coupon.status === 'applied'
        ? { percent: coupon.percent, amount: coupon.amount > 0 ? coupon.amount : null, min_sum: coupon.minSum }
        : null,
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

/**
 * The cart's delivery zone: the zone of the cart's own restaurant holding the point, by the one
 * courier lookup (api/courier-zones.ts), with whether it has periods; null outside every zone.
 */
export function deliveryZoneAt(
  restaurant: RestaurantWire,
  point: GeoPoint | null,
): (CourierZone & { readonly hasPeriods: boolean }) | null {
  const found = point === null ? null : courierFor([restaurant], point);
  return found ? { ...found.zone, hasPeriods: found.zone.periods.length > 0 } : null;
}

/** Where a delivery cart stands: why it cannot be paid yet (null when it can), and the quoted delivery sum. */
export interface DeliveryStanding {
  readonly blocked: string | null;
  readonly quotedDelivery: number | null;
  /** The delivery sum is this cart's (quoted for it), so the total shown is final. */
  readonly final: boolean;
}

/**
 * SPEC 4, 5, 8 for a delivery cart: an address inside a zone (else «По данному адресу доставка
 * невозможна»), a time when the zone has periods («Просьба выбрать время доставки»), the
 * order/delivery quote of this very cart, and a time the zone can still deliver at
 * (isAvailByTime; for today «На сегодня нет доступного времени доставки в выбранную зону»).
 */
export function deliveryStanding(input: {
  readonly point: { readonly lat: number; readonly lon: number } | null;
  readonly zone: { readonly hasPeriods: boolean } | null;
  readonly when: { readonly deliveryDate: string } | null;
  readonly today: string;
  readonly quote: DeliveryQuoteState;
}): DeliveryStanding {
  const { quote } = input;
  const quoted = quote.status === 'ready' ? quote.deliverySum : null;
  const blocked = (message: string): DeliveryStanding => ({
    blocked: message,
    quotedDelivery: quoted,
    final: quote.status === 'ready',
  });
  if (input.point === null) return blocked('Укажите адрес доставки');
  if (input.zone === null) return blocked(OUTSIDE_DELIVERY_ZONE_MESSAGE);
  if (input.zone.hasPeriods && input.when === null) return blocked(DELIVERY_TIME_REQUIRED_MESSAGE);
  if (quote.status === 'failed') return blocked(quote.message);
  if (quote.status === 'ready' && !quote.availByTime) {
    return blocked(
      input.when === null || input.when.deliveryDate === input.today
        ? NO_DELIVERY_TIME_TODAY_MESSAGE
        : DELIVERY_TIME_REQUIRED_MESSAGE,
    );
  }
  return { blocked: null, quotedDelivery: quoted, final: quote.status === 'ready' };
}

/** Whether the restaurant takes the cart's order at its time, and the words that say why not when they are not textNoTime. */
export interface TimeStanding {
  readonly open: boolean;
  /** The manager's «Закрыто до …» (issue 31) while the restaurant is closed for now; null: textNoTime is the reason. */
  readonly reason: string | null;
}

/**
 * SPEC 5 purchase allowed, as order/create decides it (orders/timing.ts, issue 31): a restaurant
 * closed for now takes nothing, and says so in its own words (contract restaurantClosedText); as
 * soon as ready needs it open now, and a chosen clock time needs it open then — both read by the
 * domain's isOpenWithHolidays / isOpenOnWallClock, so a holiday closes them (a time picked before
 * the manager set it too). A zone's period and a booking's time are the quote's and the booking's.
 */
export function orderTimeStanding(
  restaurant: Pick<RestaurantWire, 'shedule' | 'time_zone' | 'closedUntil' | 'closedText' | 'holidays'>,
  when: { readonly deliveryDate: string; readonly deliveryTime: string } | null,
  fromBooking: boolean,
  now: Instant,
): TimeStanding {
  const closed = restaurantClosedText(restaurant, now);
  if (closed !== null) return { open: false, reason: closed };
  const holidays = restaurantHolidays(restaurant);
  const timeZone = restaurant.time_zone || DEFAULT_TIME_ZONE;
  if (when === null || isAsReadyText(when.deliveryTime.trim()))
    return { open: isOpenWithHolidays(restaurant.shedule, holidays, now, timeZone), reason: null };
  if (fromBooking) return { open: true, reason: null };
  const date = parseShortDate(when.deliveryDate.trim());
  const minute = parseClock(when.deliveryTime.trim());
  if (date === null || minute === null) return { open: true, reason: null };
  return {
    open: isOpenOnWallClock(restaurant.shedule, holidays, { date, weekday: weekdayOf(date), minuteOfDay: minute }),
    reason: null,
  };
}
