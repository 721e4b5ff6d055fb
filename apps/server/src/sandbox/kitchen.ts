import { sql, type Kysely } from 'kysely';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { conflict, notFound } from '../http/errors';
import { MAX_WIRE_ID } from '@chain/contract';
import { nextKitchenStatus, ORDER_STATUS, ORDER_NOT_FOUND_MESSAGE } from '@chain/domain';
import type { Database } from '../db/types';
import { inJobScope } from '../logging/scope';
import { moveOrderStatus, type StatusMove } from '../modules/order-history';

/** Orders moved per step and transaction at most; the rest wait for the next tick. */
const BATCH = 100;

/**
 * The kitchen's next status for a paid order: a paid order still awaiting acceptance is
 * accepted (10 → 20, in case the payment flow left it there), then nextKitchenStatus:
 * 20 → 30 → 40 → 50. Null when the kitchen has nothing to do with it (done, cancelled).
 */
export function kitchenNextStatus(status: number): number | null {
  return status === ORDER_STATUS.awaitingPayment ? ORDER_STATUS.accepted : nextKitchenStatus(status);
}

/**
 * One step of the sandbox kitchen (docs/orders.md): every paid, unfinished order whose status
 * has not changed for `paceSeconds` moves one status on, through moveOrderStatus (actor
 * 'kitchen'). Safe on several instances at once: the due rows are taken with
 * `for update skip locked`, so two instances never move the same order, and the pace is measured
 * on the database's clock. Returns the moves made.
 */
export async function kitchenStep(db: Kysely<Database>, paceSeconds: number): Promise<StatusMove[]> {
  return db.transaction().execute(async (trx) => {
    const due = await trx
      .selectFrom('orders')
      .select(['id', 'status'])
      .where('paid', '=', true)
      .where('status', '<', ORDER_STATUS.done)
      .where('status_changed_at', '<=', sql<Date>`now() - make_interval(secs => ${paceSeconds}::double precision)`)
      .orderBy('status_changed_at')
      .orderBy('id')
      .limit(BATCH)
      .forUpdate()
      .skipLocked()
      .execute();
    const moves: StatusMove[] = [];
    for (const order of due) {
      const to = kitchenNextStatus(order.status);
      if (to !== null) moves.push(await moveOrderStatus(trx, order.id, to, 'kitchen'));
    }
    return moves;
  });
}

/**
 * Runs the kitchen while the server runs (SANDBOX=1; started by server.ts). It looks a few
 * times per pace (every pace/4, between 1 and 15 s), so an order moves about once per
 * KITCHEN_STEP_SECONDS. A failed step is logged and tried again next tick. The returned
 * function stops it and waits for a step in flight.
 */
export function startSandboxKitchen(app: FastifyInstance): () => Promise<void> {
  const pace = app.config.kitchenStepSeconds;
  const tickMs = Math.min(15_000, Math.max(1000, (pace * 1000) / 4));
  let running: Promise<void> | null = null;
  const run = () => {
    if (running || app.dbMonitor.state === 'down') return;
    // Its moves' state lines say `by: 'sandbox-kitchen'` (logging/scope.ts).
    running = inJobScope(app, 'sandbox-kitchen', () => kitchenStep(app.db, pace))
      .then((moves) => {
        if (moves.length > 0) app.log.info({ moves }, 'sandbox kitchen moved orders');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'sandbox kitchen step failed; will retry'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, tickMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

/**
 * `POST /sandbox/kitchen/orders/{id}/next`: the kitchen moves this paid order one status on now,
 * instead of after KITCHEN_STEP_SECONDS — a person trying the product, or a journey, watches the
 * guest's progress bar follow (docs/sandbox.md). The same move as the timed kitchen's, through
 * moveOrderStatus; an unknown order is a 404, an unpaid or finished one a 409.
 */
export const kitchenSandboxRoutes: FastifyPluginAsync = async (app) => {
  app.post<{ Params: { id: string } }>('/sandbox/kitchen/orders/:id/next', async (request) => {
    // An id past what orders.id holds (int4) names no order: a 404, never the database's error.
    const id =
      /^\d{1,10}$/.test(request.params.id) && Number(request.params.id) <= MAX_WIRE_ID
        ? Number(request.params.id)
        : null;
    const order =
      id === null
        ? undefined
        : await app.db.selectFrom('orders').select(['id', 'status', 'paid']).where('id', '=', id).executeTakeFirst();
    if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
    const to = order.paid ? kitchenNextStatus(order.status) : null;
    if (to === null)
      throw conflict(
        order.paid ? 'Заказ уже завершён.' : 'Кухня готовит только оплаченные заказы.',
        'kitchen_nothing_to_do',
      );
    const move = await moveOrderStatus(app.db, order.id, to, 'kitchen');
    return { id: move.orderId, from: move.from, to: move.to };
  });
};
