import type { FastifyPluginAsync } from 'fastify';
import { STAFF_EVENTS_KEEP_ALIVE_MS, staffBoardCall, staffBoardEventsCall, staffMoveOrderCall } from '@chain/contract';
import { ORDER_NOT_FOUND_MESSAGE, staffMoves, type OrderStatus } from '@chain/domain';
import { conflict, notFound } from '../../http/errors';
import { registerCall } from '../../http/route';
import { moveOrderStatus } from '../order-history/status';
import { mayActOn, requireRestaurant, staffActor, staffRestaurant } from '../staff/access';
import { writeAudit } from '../staff/audit';
import { BoardHub } from './hub';
import { lockOrderForMove, orderRestaurantId } from './repository';
import { boardOf, staffOrderById } from './service';

/** The staff's order board (issue 17, docs/staff.md "Order board"). */
export const staffBoardRoutes: FastifyPluginAsync = async (app) => {
  const hub = new BoardHub(app.database, (orderId) => staffOrderById(app.db, orderId), STAFF_EVENTS_KEEP_ALIVE_MS, app.log);
  app.addHook('preClose', () => hub.close());

  registerCall(app, staffBoardCall, async ({ params, staff, request }) => {
    const restaurant = await staffRestaurant(app.db, staff, params.id);
    return { restaurant: { id: restaurant.id, name: restaurant.name }, time_zone: restaurant.time_zone, orders: await boardOf(app.db, params.id, request.log) };
  });

  registerCall(app, staffBoardEventsCall, async ({ params, staff, request, reply }) => {
    requireRestaurant(staff, params.id);
    // The slots before any await: a burst of requests cannot all pass the caps, then all open.
    const release = hub.admit({ sessionId: staff.sessionId, staffId: staff.id, restaurantId: params.id });
    const { stream } = await hub.open(request, reply, { connectionMs: app.config.httpTimeouts.connectionMs, release, first: () => staffRestaurant(app.db, staff, params.id) });
    hub.add({ sessionId: staff.sessionId, staffId: staff.id, restaurantId: params.id }, stream, release);
    // The first bytes at once, so clients and proxies see the stream open.
    stream.keepAlive();
    return reply;
  });

  registerCall(app, staffMoveOrderCall, async ({ params, body, staff }) => {
    // Another restaurant's order is answered exactly as an unknown id, after the same one read
    // (issue 30 point 7): order ids are no oracle of other restaurants' orders.
    const restaurantId = await orderRestaurantId(app.db, params.id);
    if (restaurantId === undefined || !mayActOn(staff, restaurantId)) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
    const before = await staffOrderById(app.db, params.id);
    if (!before) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
    await app.db.transaction().execute(async (trx) => {
      // The staff's own rule (a paid order is never cancelled here) read under the order's row
      // lock, so a payment or another move in between is seen: a raced move is a 409.
      const locked = await lockOrderForMove(trx, params.id);
      if (!locked || !staffMoves(locked.status, locked.paid).includes(body.to as OrderStatus)) {
        throw conflict(`Заказ ${before.order.znumber} нельзя перевести в этот статус: ${before.order.status_text.toLowerCase()}.`, 'illegal_status_move');
      }
      const move = await moveOrderStatus(trx, params.id, body.to, staffActor(staff));
      await writeAudit(trx, staff, { action: 'order.status', restaurantId: before.restaurantId, target: `заказ ${before.order.znumber}`, before: { status: move.from }, after: { status: move.to } });
    });
    const after = await staffOrderById(app.db, params.id);
    if (!after) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
    return after.order;
  });
};
