import type { FastifyPluginAsync } from 'fastify';
import { staffCouponsCall, staffCouponUsesCall, staffCreateCouponCall, staffSaveCouponCall } from '@chain/contract';
import { registerCall } from '../../http/route';
import { requireManager } from '../staff';
import { couponHistory, createCoupon, listCoupons, saveCoupon } from './service';

/** The back office's coupons (issue 31, docs/back-office.md «Coupons»): managers only. */
export const staffCouponsRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffCouponsCall, async ({ staff }) => {
    requireManager(staff);
    return listCoupons(app.db, staff);
  });

  registerCall(app, staffCreateCouponCall, async ({ body, staff }) => {
    requireManager(staff);
    return createCoupon(app.db, staff, body);
  });

  registerCall(app, staffSaveCouponCall, async ({ params, body, staff }) => {
    requireManager(staff);
    return saveCoupon(app.db, staff, params.id, body);
  });

  registerCall(app, staffCouponUsesCall, async ({ params, staff }) => {
    requireManager(staff);
    return couponHistory(app.db, staff, params.id);
  });
};
