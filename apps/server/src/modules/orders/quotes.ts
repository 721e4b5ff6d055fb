import { randomUUID } from 'node:crypto';
import { deliveryPeriodChoices, OUTSIDE_DELIVERY_ZONE_MESSAGE, parseShortDate, wallClockAt } from '@chain/domain';
import type { CallBody, orderDelivery } from '@chain/contract';
import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../../http/errors';
import { orderCatalogue } from './catalogue';
import { deliveryFingerprint, quoteOrder, type DeliveryWhen, type ZoneEntry } from './checkout';
import { assertChainDelivers, deliveryZone, requireRestaurant, type RestaurantContext } from './context';
import { priceCart, type PricedCart } from './pricing';
import { findDeliveryQuote, saveDeliveryQuote } from './repository';
import { orderTiming } from './timing';

/** How long order/create takes a delivery quote's sum. */
const QUOTE_MINUTES = 30;

/** order/create with a quote that no longer matches the order or has run out (issue 12). */
export const DELIVERY_QUOTE_STALE_MESSAGE =
  'Стоимость доставки устарела: корзина, адрес или время доставки изменились. Проверьте сумму и оформите заказ снова.';

/**
 * order/delivery (SPEC 7): the delivery sum for the cart and zone from the one checkout quote
 * (server prices; free delivery measured against dishes, cutlery and recommended items, as the
 * minimum sum is), whether the zone can still deliver on the date (SPEC 5 periods and time_limit),
 * and a uuid that ties the quote to the order: order/create with it charges this delivery sum
 * while the cart, zone and time are the same and the quote lives.
 */
export async function quoteDelivery(app: FastifyInstance, body: CallBody<typeof orderDelivery>, now = new Date()) {
  const catalogue = await orderCatalogue(app.database);
  const restaurant = requireRestaurant(catalogue, body.fs_uid);
  assertChainDelivers(catalogue);
  let zone = body.location ? deliveryZone(restaurant, body.location) : undefined;
  if (body.zone) {
    const named = restaurant.zones.find((z) => z.row.id === body.zone && z.row.active);
    if (!named || (zone && zone.row.id !== named.row.id))
      throw badRequest(OUTSIDE_DELIVERY_ZONE_MESSAGE, 'outside_zone');
    zone = named;
  }
  if (!zone) throw badRequest('Укажите адрес или зону доставки.', 'address');

  const priced = priceCart(catalogue, restaurant, {
    cart: body.cart,
    cutlery: body.pribors ?? [],
    recommended: body.recommendedItems ?? [],
    orderType: 'delivery',
    lockCode: null,
    quoteOnly: true,
  });
  const quote = quoteOrder(priced, { restaurant, orderType: 'delivery', zone });

  const clock = wallClockAt(now, restaurant.row.time_zone);
  const date = (body.delivery_data?.deliveryDate && parseShortDate(body.delivery_data.deliveryDate)) || clock.date;
  // Without periods: whether order/create takes the time asked (as soon as ready while open, or a
  // later open minute), the restaurant's holidays counted; with periods: one still open on the
  // date, a holiday's closed ones left out (decision 053).
  const domainZone = zone.domain;
  const availByTime =
    domainZone.periods.length === 0
      ? takesTime(() => orderTiming(restaurant, 'delivery', body.delivery_data, domainZone, now))
      : deliveryPeriodChoices(zone.domain, date, clock, {
          schedule: restaurant.schedule,
          holidays: restaurant.holidays,
        }).some((choice) => !choice.disabled);

  const uuid = body.uuid && /^[\w-]{8,64}$/.test(body.uuid) ? body.uuid : randomUUID();
  await saveDeliveryQuote(app.db, uuid, {
    restaurant_id: restaurant.row.id,
    zone_id: zone.row.id,
    items_sum: quote.totals.items,
    order_sum: quote.totals.subtotal,
    delivery_sum: quote.totals.delivery,
    avail_by_time: availByTime,
    fingerprint: deliveryFingerprint({ restaurant, zoneId: zone.row.id, priced, when: body.delivery_data, now }),
    expires_at: new Date(now.getTime() + QUOTE_MINUTES * 60_000),
  });
  return {
    success: true as const,
    uuid,
    isAvailByTime: availByTime,
    deliverySum: quote.totals.delivery,
    itemsSum: quote.totals.items,
    orderSum: quote.totals.subtotal,
    zone: zone.row.id,
  };
}

/**
 * The delivery sum of the order/delivery quote an order names, when the quote still prices this
 * order: the same restaurant, zone, cart and time (the fingerprint), the same subtotal (a price
 * changed since makes it stale too) and not run out; otherwise a 409 the guest can read.
 */
export async function quotedDeliverySum(
  app: FastifyInstance,
  uuid: string,
  order: {
    restaurant: RestaurantContext;
    zone: ZoneEntry;
    priced: PricedCart;
    subtotal: number;
    when: DeliveryWhen | null | undefined;
    now: Date;
  },
): Promise<number> {
  const quote = await findDeliveryQuote(app.db, uuid);
  const fingerprint = deliveryFingerprint({
    restaurant: order.restaurant,
    zoneId: order.zone.row.id,
    priced: order.priced,
    when: order.when,
    now: order.now,
  });
  const stale =
    !quote ||
    quote.expires_at <= order.now ||
    quote.fingerprint === '' ||
    quote.fingerprint !== fingerprint ||
    quote.order_sum !== order.subtotal;
  if (stale) {
    throw new AppError(409, 'delivery_quote_stale', DELIVERY_QUOTE_STALE_MESSAGE);
  }
  return quote.delivery_sum;
}

/** Whether order/create's timing takes the order's time: it throws the refusal it would answer. */
function takesTime(timing: () => unknown): boolean {
  try {
    timing();
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}
