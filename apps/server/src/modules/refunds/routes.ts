import type { FastifyPluginAsync } from 'fastify';
import {
  STAFF_EVENTS_KEEP_ALIVE_MS,
  staffOrderRefundsCall,
  staffRecentRefundsCall,
  staffRefundEventsCall,
  staffRefundOrderCall,
  staffRetryRefundCall,
} from '@chain/contract';
import { registerCall } from '../../http/route';
import { scopedLog } from '../../logging/scope';
import { mayActOn, openStaffEventStream, requireManager, StaffEventsHub } from '../staff';
import { REFUND_CHANNEL } from './repository';
import {
  orderRefundsView,
  recentRefund,
  recentRefunds,
  recordRefund,
  refundableOrderOf,
  reopenFailedRefund,
  tryRefundNow,
  type RefundDeps,
} from './service';

/**
 * Refunds of paid orders (issue 31, decision 050; docs/back-office.md "Refunds"): the dialog's
 * figures, the press that records a refund (the whole order cancelled, or lines), a failed
 * refund's retry. A press asks the bank once its transaction committed and answers the state
 * after that try; the payment worker retries what the bank could not do.
 */
export const refundRoutes: FastifyPluginAsync = async (app) => {
  const deps = (): RefundDeps => ({ db: app.db, acquiring: app.providers.acquiring, log: scopedLog(app.log) });
  const tryAtBank = (refundId: number) =>
    tryRefundNow(deps(), { db: app.db, email: app.providers.email, log: scopedLog(app.log) }, refundId);

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
    return { refunds: await recentRefunds(app.db, staff) };
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
        const refund = await recentRefund(app.db, refundId);
        return refund
          ? {
              event: 'refund',
              data: JSON.stringify(refund),
              for: (viewer) => viewer.role === 'manager' && mayActOn(viewer, refund.restaurant_id),
            }
          : undefined;
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
