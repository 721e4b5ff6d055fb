import type { FastifyPluginAsync } from 'fastify';
import { orderCreate, orderDelivery, orderDiscount } from '@chain/contract';
import { registerCall } from '../../http/route';
import { authenticate } from '../auth/sessions';
import { orderCatalogue } from './catalogue';
import { requireRestaurant } from './context';
import { applicableCoupon } from './coupons';
import { quoteDelivery } from './quotes';
import { createOrder } from './service';

/** Placing an order (SPEC 7): order/create, order/discount, order/delivery. */
export const ordersRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, orderCreate, async ({ body, request }) => createOrder(app, body, { ip: request.ip }));

  registerCall(app, orderDiscount, async ({ body }) => {
    const user = await authenticate(app.db, body.user_id, body.token);
    const restaurant = requireRestaurant(await orderCatalogue(app.database), body.fs_uid);
    const coupon = await applicableCoupon(app.db, body.coupon, {
      orderType: body.order_type,
      restaurantId: restaurant.row.id,
      timeZone: restaurant.row.time_zone,
      userId: user.id,
    });
    return {
      success: true as const,
      discountPercent: coupon.percent,
      minSum: coupon.min_sum,
      title: coupon.title,
      message: coupon.percent > 0 ? `Скидка ${coupon.percent}%` : `Наценка ${-coupon.percent}%`,
    };
  });

  registerCall(app, orderDelivery, async ({ body }) => quoteDelivery(app, body));
};
