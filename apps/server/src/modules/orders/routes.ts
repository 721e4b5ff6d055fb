import type { FastifyPluginAsync } from 'fastify';
import { orderCreate, orderDelivery, orderDiscount } from '@chain/contract';
import { registerCall } from '../../http/route';
import { quoteDiscount } from './discount';
import { quoteDelivery } from './quotes';
import { createOrder } from './service';

/** Placing an order (SPEC 7): order/create, order/discount, order/delivery. */
export const ordersRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, orderCreate, async ({ body, request, user }) => createOrder(app, body, user, { ip: request.ip }));

  registerCall(app, orderDiscount, async ({ body, user }) => quoteDiscount(app, body, user.id));

  registerCall(app, orderDelivery, async ({ body }) => quoteDelivery(app, body));
};
