import type { FastifyPluginAsync } from 'fastify';
import { ORDER_EVENTS_KEEP_ALIVE_MS, orderEventsCall, orderEventsQuery, type OrderStatusEvent } from '@chain/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { notFound, unauthorized } from '../../http/errors';
import { registerCall } from '../../http/route';
import { SESSION_EXPIRED_MESSAGE } from '../auth';
import { ORDER_NOT_FOUND, orderStatusView, type progressBar } from '../order-history';
import { OrderEventsHub, type OrderEventsLimits } from './hub';
import { findOrderState } from './repository';

/**
 * The limits of the order event streams (docs/orders.md): a guest's tabs and devices are a few
 * streams, so 5 leaves room and still stops one session from holding hundreds; an instance holds
 * at most 5 000 (each a socket and a few kB), past which a stream is refused and the web's
 * reconnection finds another instance or a calmer moment.
 */
export const ORDER_EVENTS_LIMITS: OrderEventsLimits = {
  perGuest: 5,
  perInstance: 5000,
  keepAliveMs: ORDER_EVENTS_KEEP_ALIVE_MS,
};

/** The order's status event: the same builders as order/listUser's order (service.ts orderView). */
export function orderStatusEventOf(order: {
  id: number;
  status: number;
  type: Parameters<typeof progressBar>[1];
  paid: boolean;
  tips_id: string | null;
  /** Its refunds (issue 31): the status text tells the money returned, on its way or delayed. */
  refunded_sum: number;
  refunding_sum: number;
  refund_delayed: boolean;
}): OrderStatusEvent {
  return {
    id: order.id,
    ...orderStatusView(order),
    tips_id: order.tips_id,
    refunding: order.refunding_sum,
  };
}

async function readOrderEvent(db: Kysely<Database>, orderId: number): Promise<OrderStatusEvent | undefined> {
  const order = await findOrderState(db, orderId);
  return order ? orderStatusEventOf(order) : undefined;
}

/**
 * GET /api/v1/order/{id}/events (issue 15): the signed-in guest's order as Server-Sent Events,
 * pushed across instances through the database's LISTEN/NOTIFY (hub.ts). The answer is written
 * to the socket itself (hijacked): the compress plugin would hold events back in its buffer, and
 * Fastify's answer is one body, not a stream that stays open.
 */
export const orderEventsRoutes: FastifyPluginAsync = async (app) => {
  const hub = new OrderEventsHub(
    app.database,
    (orderId) => readOrderEvent(app.db, orderId),
    ORDER_EVENTS_LIMITS,
    app.log,
  );
  // Before the server stops taking connections: an open stream would otherwise hold close()
  // (and a SIGTERM's exit) until its client left.
  app.addHook('preClose', () => hub.close());

  registerCall(app, orderEventsCall, async ({ params, request, reply, ownedBy }) => {
    // As for every session (authenticate): a user_id that is no id is no session, so a 401.
    const query = orderEventsQuery.safeParse(request.query ?? {});
    if (!query.success || !(await ownedBy(query.data.user_id))) throw unauthorized(SESSION_EXPIRED_MESSAGE);
    const userId = query.data.user_id;
    const order = await findOrderState(app.db, params.id);
    // A kiosk order (no user) or another guest's: as if there were none.
    if (!order || order.user_id !== userId) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
    const release = hub.admit(userId);
    const { stream } = await hub.open(request, reply, { connectionMs: app.config.httpTimeouts.connectionMs, release });
    const forget = hub.add(
      params.id,
      userId,
      {
        send: (data) => stream.send('status', data),
        keepAlive: () => stream.keepAlive(),
        end: () => stream.end(),
      },
      release,
    );
    stream.onClose(forget);
    return reply;
  });
};
