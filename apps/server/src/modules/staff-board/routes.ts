import type { FastifyPluginAsync } from 'fastify';
import { STAFF_EVENTS_KEEP_ALIVE_MS, staffBoardCall, staffBoardEventsCall, staffMoveOrderCall } from '@chain/contract';
import { registerCall } from '../../http/route';
import { requireRestaurant, staffRestaurant } from '../staff';
import { BoardHub } from './hub';
import { boardOf, moveStaffOrder, staffOrderById } from './service';

/** The staff's order board (issue 17, docs/staff.md "Order board"). */
export const staffBoardRoutes: FastifyPluginAsync = async (app) => {
  const hub = new BoardHub(
    app.database,
    (orderId) => staffOrderById(app.db, orderId),
    STAFF_EVENTS_KEEP_ALIVE_MS,
    app.log,
  );
  app.addHook('preClose', () => hub.close());

  registerCall(app, staffBoardCall, async ({ params, staff, request }) => {
    const restaurant = await staffRestaurant(app.db, staff, params.id);
    return {
      restaurant: { id: restaurant.id, name: restaurant.name },
      time_zone: restaurant.time_zone,
      orders: await boardOf(app.db, params.id, request.log),
    };
  });

  registerCall(app, staffBoardEventsCall, async ({ params, staff, request, reply }) => {
    requireRestaurant(staff, params.id);
    // The slots before any await: a burst of requests cannot all pass the caps, then all open.
    const release = hub.admit({ sessionId: staff.sessionId, staffId: staff.id, restaurantId: params.id });
    const { stream } = await hub.open(request, reply, {
      connectionMs: app.config.httpTimeouts.connectionMs,
      release,
      first: () => staffRestaurant(app.db, staff, params.id),
    });
    hub.add({ sessionId: staff.sessionId, staffId: staff.id, restaurantId: params.id }, stream, release);
    // The first bytes at once, so clients and proxies see the stream open.
    stream.keepAlive();
    return reply;
  });

  registerCall(app, staffMoveOrderCall, async ({ params, body, staff }) =>
    moveStaffOrder(app.db, staff, params.id, body.to),
  );
};
