import type { FastifyPluginAsync } from 'fastify';
import { RECENT_REFUNDS_LIMIT, REFUND_SCREEN_TEXTS, staffOrderRefundsCall, staffRecentRefundsCall, staffRefundOrderCall, staffRetryRefundCall } from '@chain/contract';
import { registerCall } from '../../http/route';
import { requireManager } from '../staff/access';
import { findRecentRefunds } from './repository';
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

  registerCall(app, staffRecentRefundsCall, async ({ staff }) => {
    requireManager(staff);
    const rows = await findRecentRefunds(app.db, staff.chain ? null : staff.restaurantIds, RECENT_REFUNDS_LIMIT);
    return {
      refunds: rows.map((row) => ({
        id: row.id,
        order_id: row.order_id,
        znumber: row.znumber,
        restaurant_id: row.restaurant_id,
        restaurant_name: row.restaurant_name,
        full: row.full_cancel,
        amount: row.amount,
        status: row.status,
        status_text: REFUND_SCREEN_TEXTS.status[row.status],
        failure: row.status === 'failed' ? (row.failure ?? '') : '',
        created_at: row.created_at.toISOString(),
        staff_name: row.staff_name,
      })),
    };
  });

  registerCall(app, staffRetryRefundCall, async ({ params, staff }) => {
    await reopenFailedRefund(app.db, staff, params.id, params.refundId);
    await tryAtBank(params.refundId);
    return orderRefundsView(app.db, params.id);
  });
};
