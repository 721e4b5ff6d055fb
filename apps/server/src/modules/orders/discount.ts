import type { FastifyInstance } from 'fastify';
import type { CallBody, orderDiscount } from '@chain/contract';
import { couponTermsLabel } from '@chain/domain';
import { orderCatalogue } from './catalogue';
import { quoteOrder } from './checkout';
import { requireRestaurant } from './context';
import { applicableCoupon } from './coupons';
import { priceCart } from './pricing';

/**
 * order/discount (SPEC 7): the coupon's terms when it applies to this restaurant, order type and
 * guest (else the 4xx saying why); with the cart, the one checkout quote says whether it applies
 * to that cart now and what it takes off (issue 12).
 */
export async function quoteDiscount(app: FastifyInstance, body: CallBody<typeof orderDiscount>, userId: number) {
  const catalogue = await orderCatalogue(app.database);
  const restaurant = requireRestaurant(catalogue, body.fs_uid);
  const coupon = await applicableCoupon(app.db, body.coupon, {
    orderType: body.order_type,
    restaurantId: restaurant.row.id,
    timeZone: restaurant.row.time_zone,
    userId,
  });
  const answer = {
    success: true as const,
    discountPercent: coupon.percent ?? 0,
    discountAmount: coupon.amount ?? 0,
    minSum: coupon.min_sum,
    title: coupon.title,
    message: couponTermsLabel(coupon),
  };
  if (body.cart === undefined) return answer;
  const priced = priceCart(catalogue, restaurant, {
    cart: body.cart,
    cutlery: body.pribors ?? [],
    recommended: body.recommendedItems ?? [],
    orderType: body.order_type,
    lockCode: null,
    quoteOnly: true,
  });
  const quote = quoteOrder(priced, { restaurant, orderType: body.order_type, coupon });
  return {
    ...answer,
    applied: quote.coupon.status === 'applied',
    discountSum: quote.totals.discount,
    ...(quote.coupon.status === 'below-minimum' ? { note: quote.coupon.message } : {}),
  };
}
