import type { FastifyPluginAsync } from 'fastify';
import {
  RECENT_REFUNDS_LIMIT,
  STAFF_EVENTS_KEEP_ALIVE_MS,
  staffOrderRefundsCall,
  staffRecentRefundsCall,
  staffRefundEventsCall,
  staffRefundOrderCall,
  staffRetryRefundCall,
  type RecentRefund,
} from '@chain/contract';
import { registerCall } from '../../http/route';
import { scopedLog } from '../../logging/scope';
import { mayActOn, openStaffEventStream, requireManager, StaffEventsHub } from '../staff';
import { findRecentRefund, findRecentRefunds, REFUND_CHANNEL, type RecentRefundRow } from './repository';
import { sendDueRefundMail } from './mail';
import { orderRefundsView, processDueRefunds, recordRefund, refundableOrderOf, refundStanding, reopenFailedRefund, type RefundDeps } from './service';

/**
 * Refunds of paid orders (issue 31, decision 050; docs/back-office.md "Refunds"): the dialog's
 * figures, the press that records a refund (the whole order cancelled, or lines), a failed
 * refund's retry. A press asks the bank once its transaction committed and answers the state
 * after that try; the payment worker retries what the bank could not do.
 */
export const refundRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): RefundDeps => ({ db: app.db, acquiring: app.providers.acquiring, log: scopedLog(app.log) });

  /** This refund at the bank now, then the guest's letter if it came back; never fails the manager's answer (the worker retries). */
  async function tryAtBank(refundId: number): Promise<void> {
    try {
      const [report] = await processDueRefunds(deps(), refundId);
      if (report?.result === 'done') await sendDueRefundMail({ db: app.db, email: app.providers.email, log: scopedLog(app.log) }, refundId);
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
    return { refunds: rows.map(recentRefundOf) };
  });

  // Refunds as the bank answers them (decision 055): each change of a refund is announced with
  // its restaurant, read once here, and sent to the managers of that restaurant.
  const hub = new StaffEventsHub(
    app.database,
    {
      channel: REFUND_CHANNEL,
      concerns: (payload, viewer) => mayActOn(viewer, Number(payload.split(':')[0])),
      read: async (payload) => {
        const refundId = Number(payload.split(':')[1]);
        if (!Number.isSafeInteger(refundId)) return undefined;
        const row = await findRecentRefund(app.db, refundId);
        return row ? { event: 'refund', data: JSON.stringify(recentRefundOf(row)), for: (viewer) => viewer.role === 'manager' && mayActOn(viewer, row.restaurant_id) } : undefined;
      },
    },
    STAFF_EVENTS_KEEP_ALIVE_MS,
    app.log,
  );
  const streams = openStaffEventStream(app, hub);
  registerCall(app, staffRefundEventsCall, async ({ staff, request, reply }) => {
    requireManager(staff);
    return streams(staff, request, reply);
  });

  registerCall(app, staffRetryRefundCall, async ({ params, staff }) => {
    await reopenFailedRefund(app.db, staff, params.id, params.refundId);
    await tryAtBank(params.refundId);
    return orderRefundsView(app.db, params.id);
  });
};

/** A refund as «Возвраты» lists it. */
function recentRefundOf(row: RecentRefundRow): RecentRefund {
  return {
    id: row.id,
    order_id: row.order_id,
    znumber: row.znumber,
    restaurant_id: row.restaurant_id,
    restaurant_name: row.restaurant_name,
    full: row.full_cancel,
    amount: row.amount,
    ...refundStanding(row),
    created_at: row.created_at.toISOString(),
    staff_name: row.staff_name,
  };
}
