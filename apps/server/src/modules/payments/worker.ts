import type { FastifyInstance } from 'fastify';
import { publicOrigin } from '../../http/origins';
import { inJobScope, scopedLog } from '../../logging/scope';
import { closeDuePayments, sweepPayments, type ClosingDeps } from './closing';
import { processDueRefunds, sendDueRefundMail } from '../refunds';
import { receiptWorkerRun } from './receipt-mail';
import { tipsWorkerRun } from './tips';

/** How often the worker looks for declines and refunds due (the first retry waits 30 s). */
const TICK_MS = 10_000;
/**
 * How often it sweeps (a safety net: settlePayment already marks the forms of a paid order).
 * The sweep reads pending payments without an index of their own, so it runs seldom.
 */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

/**
 * The payment worker (decision 016), on every instance in production as in the sandbox: it
 * sweeps forms left open on paid or closed orders and abandoned claims (every 10 minutes), and
 * declines, reverses and refunds at the bank whatever is due, one payment at a time (closing.ts:
 * `for update skip locked` with a lease, so instances never do the same payment twice). A
 * failed run is logged and tried again next tick. It also asks the tips service for the tips ids
 * of paid orders still due one (tips.ts, decision 025) and e-mails the receipts still due
 * (receipt-mail.ts, decision 032), and asks the bank for managers' refunds still due with their
 * letters (modules/refunds, decision 050). The returned function stops it: no payment
 * is taken after it is called, and it resolves once the payment in hand is done (at most one
 * payment's bank calls), so a stopping server never waits for a whole run.
 */
export function startPaymentWorker(app: FastifyInstance): () => Promise<void> {
  let stopping = false;
  // Each line of a run carries its `by` (the run's log scope).
  const log = scopedLog(app.log);
  const deps: ClosingDeps = { db: app.db, acquiring: app.providers.acquiring, log, stopping: () => stopping };
  let running: Promise<void> | null = null;
  let sweptAt = 0;
  const run = () => {
    // Not before the server listens: in the sandbox the bank is this server.
    if (stopping || running || !app.server.listening || app.dbMonitor.state === 'down') return;
    // Every line of a run says `by: 'payment-worker'` (logging/scope.ts).
    running = inJobScope(app, 'payment-worker', async () => {
      if (Date.now() - sweptAt >= SWEEP_EVERY_MS) {
        await sweepPayments(app.db);
        sweptAt = Date.now();
      }
      const closed = await closeDuePayments(deps);
      if (closed.length > 0) log.info({ closed }, 'payment worker closed payments at the bank');
      // Tips ids of paid orders the request that paid them could not get (decision 025).
      const tipped = await tipsWorkerRun({ db: app.db, tips: app.providers.tips, log, stopping: () => stopping });
      if (tipped.length > 0) log.info({ tipped }, 'payment worker asked for tips ids');
      // Receipts the request that paid the order could not e-mail (decision 032).
      const mailed = await receiptWorkerRun({
        db: app.db,
        email: app.providers.email,
        authSecret: app.config.authSecret,
        publicOrigin: () => publicOrigin(app),
        log,
        stopping: () => stopping,
      });
      if (mailed.length > 0) log.info({ mailed }, 'payment worker e-mailed receipts');
      // Refunds managers asked for that the bank could not do at once, and their letters (decision 050).
      const refunded = await processDueRefunds(deps);
      if (refunded.length > 0) log.info({ refunded }, 'payment worker asked the bank for refunds');
      const refundMail = await sendDueRefundMail({
        db: app.db,
        email: app.providers.email,
        log,
        stopping: () => stopping,
      });
      if (refundMail.length > 0) log.info({ refundMail }, 'payment worker e-mailed refund letters');
    })
      .catch((error: unknown) => app.log.warn({ err: error }, 'payment worker run failed; will retry'))
      .finally(() => {
        running = null;
      });
  };
  // At once, too: what was due when the last instance stopped is not left waiting a tick.
  if (app.server.listening) run();
  else app.server.once('listening', run);
  const timer = setInterval(run, TICK_MS);
  timer.unref();
  return async () => {
    stopping = true;
    clearInterval(timer);
    app.server.off('listening', run);
    await running;
  };
}
