import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { paymentBindingsCall, paymentCheckCall, paymentSbpCall, paymentStartCall } from '@chain/contract';
import { rbsCallbackSigned } from '../../adapters/acquiring/rbs';
import { ProviderError } from '../../adapters/http';
import { AcquirerRefusal } from '../../adapters/acquiring/types';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { publicOrigin } from '../../http/origins';
import { bearerToken, registerCall } from '../../http/route';
import { scopedLog } from '../../logging/scope';
import { refundsTheBankReported, sendDueRefundMail } from '../refunds';
import { findOrderState } from './repository';
import { ORDER_NOT_FOUND, PaymentsService } from './service';

/** The acquirer's callback paths: card payments and SBP (both RBS orders; decision 011). */
export const ACQUIRING_CALLBACK_PATH = '/api/v1/order/payment/callback/acquiring';
export const SBP_CALLBACK_PATH = '/api/v1/order/payment/callback/sbp';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The payment rules (decisions 011, 016). server.ts stops the closing work its requests
     * started (payments.stop()) before the server closes.
     */
    payments: PaymentsService;
  }
}

/**
 * The payment calls of SPEC 7 (card, SBP, saved cards, check) and the acquirer's callbacks.
 * Decision 011 explains the protocol, the return URLs and who may ask what. Registered without
 * its own scope (Fastify's documented `skip-override`), so `app.payments` is the server's.
 */
const payments: FastifyPluginAsync = async (app) => {
  const service = new PaymentsService({
    db: app.db,
    providers: app.providers,
    log: scopedLog(app.log),
    publicOrigin: () => publicOrigin(app),
    authSecret: app.config.authSecret,
  });
  app.decorate('payments', service);
  // server.ts stops the closing work before close() begins, while the routes (and the sandbox
  // acquirer on this same server) still answer; this is the fallback of a close without it.
  // What is left undone stays due for the payment worker.
  app.addHook('preClose', () => service.stop());

  registerCall(app, paymentStartCall, async ({ body, request, user }) => {
    const order = await service.orderFor(body.order_id, { userId: user.id }, body.fs_uid, true);
    return service.startCard(order, user.id, body.binding_id, request.ip);
  });

  // Kiosk orders have no user: they answer to their kiosk's token or their follow token (decision
  // 038); a guest who sends an id or a token must send a live pair (optional-user).
  registerCall(app, paymentSbpCall, async ({ body, user }) => {
    const order = await service.orderFor(
      body.order_id,
      { userId: user?.id ?? null, kioskToken: body.kiosk_token, followToken: body.follow_token },
      body.fs_uid,
    );
    return service.startSbp(order);
  });

  registerCall(app, paymentBindingsCall, async ({ user }) => {
    return { bindings: await service.bindings(user.id) };
  });

  registerCall(app, paymentCheckCall, async ({ params, ownedBy, request }) => {
    const order = await findOrderState(app.db, params.orderId);
    // A guest's order answers to that guest only (owner), a kiosk order to its kiosk's token or its
    // follow token in the same header (decision 038); anyone else learns no more than of an unknown id.
    const shown = bearerToken(request);
    const allowed =
      order &&
      (order.user_id !== null
        ? await ownedBy(order.user_id)
        : await service.opensKioskOrder(order, { kioskToken: shown, followToken: shown }));
    if (!order || !allowed) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
    return { status: await service.statusOf(order) };
  });

  // The acquirer's callbacks (RBS: GET by default, POST when so set up), signed with the
  // merchant's callback key. The callback only says "look": the status is read from the bank.
  for (const url of [ACQUIRING_CALLBACK_PATH, SBP_CALLBACK_PATH]) {
    app.route({
      method: ['GET', 'POST'],
      url,
      handler: async (request, reply) => {
        const params = callbackParams(request);
        if (!rbsCallbackSigned(params, app.config.providers.acquiring.callbackSecret)) {
          request.log.warn(
            { mdOrder: params.mdOrder, operation: params.operation },
            'acquirer callback with a wrong checksum',
          );
          throw forbidden('Неверная контрольная сумма.', 'bad_checksum');
        }
        const mdOrder = params.mdOrder ?? '';
        if (!mdOrder) throw badRequest('Нет mdOrder.');
        let settled;
        let refunded: number[];
        try {
          settled = await service.bankNotified(mdOrder);
          // A manager's refund the bank reports returned is recorded now (decision 050).
          refunded = await refundsTheBankReported(
            { db: app.db, acquiring: app.providers.acquiring, log: request.log },
            mdOrder,
          );
        } catch (error) {
          if (!(error instanceof ProviderError || error instanceof AcquirerRefusal)) throw error;
          request.log.warn({ err: error, mdOrder }, 'acquirer callback: the bank did not confirm the status');
          // Not 200: the bank calls again later.
          return reply
            .status(502)
            .send({ success: false, error: 'provider', message: 'Банк не ответил.', requestId: request.id });
        }
        if (!settled) throw notFound('Платёж не найден.', 'payment_not_found');
        for (const refundId of refunded) {
          // The guest's letter at once; one that does not go out now is the worker's.
          await sendDueRefundMail({ db: app.db, email: app.providers.email, log: request.log }, refundId).catch(
            (error: unknown) =>
              request.log.warn({ err: error, refundId }, 'refund letter not sent from the callback; the worker will'),
          );
        }
        return { success: true };
      },
    });
  }
};

export const paymentsRoutes: FastifyPluginAsync = Object.assign(payments, { [Symbol.for('skip-override')]: true });

/** The callback's parameters, from the query (GET) or the form/JSON body (POST); text values only. */
function callbackParams(request: FastifyRequest): Record<string, string> {
  const source = request.method === 'GET' ? request.query : request.body;
  if (!source || typeof source !== 'object') throw badRequest('Нет параметров уведомления.');
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(source as Record<string, unknown>)) {
    if (typeof value === 'string') params[name] = value;
    else if (typeof value === 'number') params[name] = String(value);
    else throw badRequest(`Некорректный параметр «${name}».`);
  }
  return params;
}
