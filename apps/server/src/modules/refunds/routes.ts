import type { FastifyPluginAsync } from 'fastify';
import { staffOrderRefundsCall, staffRefundOrderCall, staffRetryRefundCall } from '@chain/contract';
import { registerCall } from '../../http/route';
import { sendDueRefundMail } from './mail';
import { orderRefundsView, processDueRefunds, recordRefund, refundableOrderOf, reopenFailedRefund, type RefundDeps } from './service';

/**
 * Refunds of paid orders (issue 31, decision 050; docs/back-office.md "Refunds"): the dialog's
 * figures, the press that records a refund (the whole order cancelled, or lines), a failed
 * refund's retry. A press asks the bank once its transaction committed and answers the state
 * after that try; the payment worker retries what the bank could not do.
 */
export const refundRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): RefundDeps => ({ db: app.db, acquiring: app.providers.acquiring, log: app.log });

  /** This refund at the bank now, then the guest's letter if it came back; never fails the manager's answer (the worker retries). */
  async function tryAtBank(refundId: number): Promise<void> {
    try {
      const [report] = await processDueRefunds(deps(), refundId);
      if (report?.result === 'done') await sendDueRefundMail({ db: app.db, email: app.providers.email, log: app.log }, refundId);
    } catch (error) {
      app.log.warn({ err: error, refundId }, 'a refund could not be tried at once; the payment worker will');
    }
  }

  registerCall(app, staffOrderRefundsCall, async ({ params, staff }) => {
    await refundableOrderOf(app.db, staff, params.id);
    return orderRefundsView(app.db, params.id);
  });

  registerCall(app, staffRefundOrderCall, async ({ params, body, staff }) => {
    const refundId = await recordRefund(app.db, staff, params.id, body);
    await tryAtBank(refundId);
    return { refund_id: refundId, refunds: await orderRefundsView(app.db, params.id) };
  });

  registerCall(app, staffRetryRefundCall, async ({ params, staff }) => {
    await reopenFailedRefund(app.db, staff, params.id, params.refundId);
    await tryAtBank(params.refundId);
    return orderRefundsView(app.db, params.id);
  });
};
