import type { FastifyPluginAsync } from 'fastify';
import { orderCreate, orderDelivery, orderDiscount } from '@chain/contract';
import { couponTermsLabel } from '@chain/domain';
import { registerCall } from '../../http/route';
import { orderCatalogue } from './catalogue';
import { requireRestaurant } from './context';
import { quoteOrder } from './checkout';
import { applicableCoupon } from './coupons';
import { priceCart } from './pricing';
import { quoteDelivery } from './quotes';
import { createOrder } from './service';

/** Placing an order (SPEC 7): order/create, order/discount, order/delivery. */
export const ordersRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, orderCreate, async ({ body, request, user }) => createOrder(app, body, user, { ip: request.ip }));

  registerCall(app, orderDiscount, async ({ body, user }) => {
    const catalogue = await orderCatalogue(app.database);
    const restaurant = requireRestaurant(catalogue, body.fs_uid);
    const coupon = await applicableCoupon(app.db, body.coupon, {
      orderType: body.order_type,
      restaurantId: restaurant.row.id,
      timeZone: restaurant.row.time_zone,
      userId: user.id,
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
    // With the cart, the one checkout quote says whether the coupon applies to it now (issue 12).
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
  });

  registerCall(app, orderDelivery, async ({ body }) => quoteDelivery(app, body));
};
