import { randomUUID } from 'node:crypto';
import {
  cartTotal,
  deliveryPeriodChoices,
  deliveryPrice,
  indexDishes,
  isOpenAt,
  OUTSIDE_DELIVERY_ZONE_MESSAGE,
  parseShortDate,
  wallClockAt,
} from '@chain/domain';
import type { CallBody, orderDelivery } from '@chain/contract';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors';
import { orderCatalogue } from './catalogue';
import { optionId } from './pricing';
import { requireRestaurant } from './context';
import { deliveryZone } from './service';

const QUOTE_MINUTES = 30;

/**
 * order/delivery (SPEC 7): the delivery sum for the cart (server prices) and zone, whether
 * the zone can still deliver on the date (SPEC 5 periods and time_limit), and a uuid that ties
 * the quote to the order.
 */
export async function quoteDelivery(app: FastifyInstance, body: CallBody<typeof orderDelivery>, now = new Date()) {
  const catalogue = await orderCatalogue(app.database);
  const restaurant = requireRestaurant(catalogue, body.fs_uid);
  let zone = body.location ? deliveryZone(restaurant, body.location) : undefined;
  if (body.zone) {
    const named = restaurant.zones.find((z) => z.row.id === body.zone && z.row.active);
    if (!named || (zone && zone.row.id !== named.row.id)) throw badRequest(OUTSIDE_DELIVERY_ZONE_MESSAGE, 'outside_zone');
    zone = named;
  }
  if (!zone) throw badRequest('Укажите адрес или зону доставки.', 'address');

  const dishes = catalogue.cartDishes(restaurant, body.cart.map((line) => line.item));
  const itemsSum = cartTotal(
    body.cart.map((line) => ({
      item: line.item,
      spec: optionId(line.spec),
      specs: (line.specs ?? []).map((s) => ({ specid: s.specid, cnt: s.cnt })),
      cnt: line.cnt,
    })),
    indexDishes([...dishes.values()].map((dish) => dish.domain)),
  );
  const deliverySum = deliveryPrice({ delivery_price: zone.row.delivery_price, free_delivery_from: zone.row.free_delivery_from }, itemsSum);

  const clock = wallClockAt(now, restaurant.row.time_zone);
  const date = (body.delivery_data?.deliveryDate && parseShortDate(body.delivery_data.deliveryDate)) || clock.date;
  const availByTime =
    zone.domain.periods.length === 0
      ? isOpenAt(restaurant.schedule, now, restaurant.row.time_zone)
      : deliveryPeriodChoices(zone.domain, date, clock).some((choice) => !choice.disabled);

  const uuid = body.uuid && /^[\w-]{8,64}$/.test(body.uuid) ? body.uuid : randomUUID();
  const quote = {
    restaurant_id: restaurant.row.id,
    zone_id: zone.row.id,
    items_sum: itemsSum,
    delivery_sum: deliverySum,
    avail_by_time: availByTime,
    expires_at: new Date(now.getTime() + QUOTE_MINUTES * 60_000),
  };
  await app.db
    .insertInto('delivery_quotes')
    .values({ uuid, ...quote })
    .onConflict((oc) => oc.column('uuid').doUpdateSet(quote))
    .execute();
  return { success: true as const, uuid, isAvailByTime: availByTime, deliverySum, itemsSum, zone: zone.row.id };
}
