import type { FastifyPluginAsync } from 'fastify';
import { orderFollowCall, orderListUserCall, orderReceiptCall } from '@chain/contract';
import { forbidden, notFound } from '../../http/errors';
import { registerCall } from '../../http/route';
import { isLinkSignatureValid } from '../../http/signed-links';
import { followOrder } from './follow';
import { loadReceipt, renderReceipt } from './receipt';
import { ORDER_NOT_FOUND, userOrders } from './service';

/**
 * The guest's orders (SPEC 7 order/listUser), the printable receipt behind each order's signed
 * `receipt` link, and a kiosk order's status behind its signed follow link. Statuses:
 * docs/orders.md.
 */
export const orderHistoryRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, orderListUserCall, async ({ body, params, user }) => {
    // The path names whose orders are asked for; only one's own.
    if (params.userId !== user.id) throw forbidden('Доступ запрещён: это не ваши заказы.');
    const items = await userOrders(app.db, app.config.authSecret, user.id, {
      limit: body.limit,
      offset: body.offset,
      id: body.id,
    });
    return { success: true as const, items };
  });

  registerCall(app, orderReceiptCall, async ({ params, request, reply }) => {
    const query = request.query as Record<string, unknown>;
    // A wrong signature looks exactly like an order that does not exist.
    if (!isLinkSignatureValid(app.config.authSecret, 'receipt', params.id, query.sig))
      throw notFound(ORDER_NOT_FOUND, 'not_found');
    const receipt = await loadReceipt(app.db, params.id);
    if (!receipt) throw notFound(ORDER_NOT_FOUND, 'not_found');
    const download = query.download === '1' || query.download === 'true';
    return (
      reply
        .type('text/html; charset=utf-8')
        .header(
          'content-disposition',
          `${download ? 'attachment' : 'inline'}; filename="receipt-${receipt.orderId}.html"`,
        )
        // The paid stamp changes; the link is personal.
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .header('referrer-policy', 'no-referrer')
        .send(renderReceipt(receipt))
    );
  });

  registerCall(app, orderFollowCall, async ({ params, reply }) => {
    // Refusals too: the link is one guest's, kept by no cache, listed by no search engine, and
    // not passed on as a referrer to whatever the page links to.
    reply.header('x-robots-tag', 'noindex').header('referrer-policy', 'no-referrer');
    return followOrder(app.db, app.config.authSecret, params.token);
  });
};
