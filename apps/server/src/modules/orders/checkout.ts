import { createHash } from 'node:crypto';
import {
  type CheckoutQuote,
  formatShortDate,
  isAsReadyText,
  type OrderType,
  parseShortDate,
  type PricedLine,
  quoteCheckout,
  wallClockAt,
} from '@chain/domain';
import type { CouponRow } from './repository';
import type { RestaurantContext } from './context';
import type { PricedCart } from './pricing';

/** A zone of the restaurant as order placing holds it. */
export type ZoneEntry = RestaurantContext['zones'][number];

/**
 * The server's one call of the domain's checkout quote (issue 12): the cart priced from the
 * catalogue, the restaurant's minimums, the zone's minimums and price, a booking's minimum and
 * the coupon's terms. order/create, order/discount and order/delivery all quote through here,
 * and the cart screen calls the same quoteCheckout, so the screen and the charge cannot differ.
 */
export function quoteOrder(
  priced: Pick<PricedCart, 'lines' | 'dishes' | 'cutlery' | 'recommended'>,
  order: {
    restaurant: RestaurantContext;
    orderType: OrderType;
    zone?: ZoneEntry | null;
    booking?: { min_sum: number } | null;
    coupon?: Pick<CouponRow, 'percent' | 'amount' | 'min_sum'> | null;
    quotedDelivery?: number | null;
  },
): CheckoutQuote<PricedLine> {
  const zone = order.zone ?? null;
  return quoteCheckout({
    lines: priced.lines,
    dishes: priced.dishes,
    cutlery: priced.cutlery,
    recommended: priced.recommended,
    orderType: order.orderType,
    restaurant: order.restaurant.minimums,
    zone: zone
      ? { ...zone.domain, delivery_price: zone.row.delivery_price, free_delivery_from: zone.row.free_delivery_from }
      : null,
    booking: order.booking ?? null,
    coupon: order.coupon
      ? { percent: Number(order.coupon.percent ?? 0), amount: order.coupon.amount, min_sum: order.coupon.min_sum }
      : null,
    quotedDelivery: order.quotedDelivery ?? null,
  });
}

/** The delivery date and time a quote or an order is for, as the client sent them (SPEC 7 deliveryDateTimeProps). */
export interface DeliveryWhen {
  deliveryDate?: string | undefined;
  deliveryTime?: string | undefined;
}

/**
 * What a delivery quote priced, as one SHA-256: the restaurant, the zone, every line in full (dish,
 * single option, each multi option with its count, and the line's count), the extras and the
 * delivery date and time as the order will read them (a missing date is the restaurant's today;
 * "as soon as ready" in either spelling is no time). order/create recomputes it from the order and
 * takes the quote's delivery sum only when it matches (issue 12: a stale quote is refused).
 */
export function deliveryFingerprint(input: {
  restaurant: RestaurantContext;
  zoneId: number;
  priced: Pick<PricedCart, 'lines' | 'cutlery' | 'recommended'>;
  when: DeliveryWhen | null | undefined;
  now: Date;
}): string {
  const lines = input.priced.lines
    .map((line) => {
      const specs = (line.specs ?? []).map((option) => `${option.specid}:${option.cnt}`).toSorted();
      return `${line.item}|${line.spec ?? ''}|${specs.join(',')}|${line.cnt}`;
    })
    .toSorted();
  const extras = (items: ReadonlyArray<{ id: number | string; cnt: number }>) =>
    items.map((item) => `${item.id}x${item.cnt}`).toSorted();
  const today = wallClockAt(input.now, input.restaurant.row.time_zone).date;
  const date = (input.when?.deliveryDate && parseShortDate(input.when.deliveryDate.trim())) || today;
  const time = input.when?.deliveryTime?.trim() ?? '';
  const text = JSON.stringify([
    input.restaurant.row.id,
    input.zoneId,
    lines,
    extras(input.priced.cutlery),
    extras(input.priced.recommended),
    formatShortDate(date),
    isAsReadyText(time) ? '' : time,
  ]);
  return createHash('sha256').update(text).digest('hex');
}
