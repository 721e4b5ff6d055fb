import { ProviderError } from '../../adapters/http';
import { TIPS_CALL_TIMEOUT_MS, type TipsService } from '../../adapters/tips/types';
import { failedTry, runOutbox, serviceCallPolicy, type OutboxDeps } from '../../db/leased-outbox';
import { giveUpStaleTips, saveTipsId, takeDueTips, TIPS_OUTBOX, type TipsDueOrder } from './repository/tips';

/**
 * Tips ids of paid orders (SPEC 3 Order tips_id, SPEC 4; decision 025). The payment's settle
 * marks the order due (orders.tips_due_at) in its own transaction and asks nothing outside: the
 * tips service is asked only after the commit, first by the request that settled the payment
 * (PaymentsService, without holding up its answer), then by the payment worker of any instance
 * until it answers, so a tips service that is down or slow never blocks, fails or delays a
 * payment — the order is paid either way, and gets its tips_id when the service is back, or
 * none. Safe on several callers at once: an order is taken under a lease (takeDueTips), the
 * service keeps one receiver per order (externalId), and the first tips id saved is kept.
 */
export interface TipsDeps extends OutboxDeps {
  /** Null: no tips service configured; nothing is asked, and due orders are given up in time. */
  tips: TipsService | null;
}

/** What became of one order a run took. */
export interface TipsReport {
  orderId: number;
  result: 'assigned' | 'kept' | 'retry' | 'gave_up';
}

/** Lease, tries, and a day after the payment: an order paid longer ago gets no tips id any more. */
export const TIPS_POLICY = serviceCallPolicy(TIPS_CALL_TIMEOUT_MS);

/**
 * Asks the tips service for the tips ids due (up to a run's limit, or only `orderId`'s), one
 * order at a time; what it cannot give now is due again later. Never throws for the service's
 * failure (logged); a database failure is the caller's to log.
 */
export async function assignDueTips(deps: TipsDeps, orderId?: number): Promise<TipsReport[]> {
  const tips = deps.tips;
  if (tips === null) return [];
  const done = await runOutbox({
    id: orderId,
    stopping: deps.stopping,
    take: (id) => takeDueTips(deps.db, id, TIPS_POLICY.leaseSeconds, TIPS_POLICY.dueForSeconds),
    work: (order) => assignTips(deps, tips, order),
  });
  return done.map(({ row, result }) => ({ orderId: row.id, result }));
}

async function assignTips(deps: TipsDeps, tips: TipsService, order: TipsDueOrder): Promise<TipsReport['result']> {
  let tipsId: string;
  try {
    tipsId = await tips.registerReceiver({
      externalId: `order-${order.id}`,
      name: order.restaurantName || 'Ресторан',
      place: order.restaurantAddress,
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    const next = await failedTry(deps.db, TIPS_OUTBOX, order, TIPS_POLICY.maxAttempts);
    if (next === 'gave_up')
      deps.log.error(
        { err: error, orderId: order.id, attempts: order.attempts },
        'tips service failed every try: the order stays without a tips link',
      );
    else
      deps.log.warn(
        { err: error, orderId: order.id, attempts: order.attempts },
        'tips service failed; the order is paid, its tips id is asked again later',
      );
    return next;
  }
  const saved = await saveTipsId(deps.db, order.id, tipsId);
  deps.log.info({ orderId: order.id, tipsId, saved }, saved ? 'order got its tips id' : 'order already had a tips id');
  return saved ? 'assigned' : 'kept';
}

/**
 * The worker's pass: orders due too long are given up (without a tips service, every due order
 * at once, silently: tips are off), then what is due is asked for.
 */
export async function tipsWorkerRun(deps: TipsDeps): Promise<TipsReport[]> {
  if (deps.tips === null) {
    await giveUpStaleTips(deps.db, 0);
    return [];
  }
  const stale = await giveUpStaleTips(deps.db, TIPS_POLICY.dueForSeconds);
  if (stale.length > 0)
    deps.log.warn(
      { orderIds: stale.slice(0, 20), count: stale.length },
      'orders paid a day ago still without a tips id are given up',
    );
  return assignDueTips(deps);
}
