import type { Kopecks } from './units';

/** The zone fields the delivery price reads (SPEC 3 Delivery zone), in kopecks. */
export interface DeliveryPricing {
  readonly delivery_price: Kopecks;
  readonly free_delivery_from: Kopecks | null;
}

// The free-delivery threshold compares the order before discount and delivery, as the
// minimum sum does (SPEC 5: the minimum is "without the delivery cost").
/** What delivery costs for an order sum (kopecks, before discount): the zone price, or 0 from its free-delivery sum (SPEC 7 order/delivery). */
export function deliveryPrice(zone: DeliveryPricing, orderSum: Kopecks): Kopecks {
  if (zone.free_delivery_from !== null && orderSum >= zone.free_delivery_from) return 0;
  return zone.delivery_price;
}
