import type { Kysely, Transaction } from 'kysely';
import {
  businessDay,
  COUPON_UNKNOWN_MESSAGE,
  couponProblem,
  couponProblemMessage,
  normaliseCouponCode,
  type OrderType,
} from '@chain/domain';
import type { Database } from '../../db/types';
import { AppError } from '../../http/errors';
import { type CouponRow, couponUseCount, findCoupon, hasUsedCoupon } from './repository';

type Reader = Kysely<Database> | Transaction<Database>;
export type { CouponRow };

/**
 * The coupon a guest typed, if it applies to this order; otherwise a 4xx whose message says
 * why (issue 5: dates, order types, restaurants, one use per user; issue 11: a once-per-guest
 * coupon needs a guest; issue 31: its total uses). Its minimum sum is not checked here: the checkout quote applies the
 * coupon from its minimum and quotes the order without it below (issue 12). Codes are matched
 * without regard to case and spaces.
 */
export async function applicableCoupon(
  db: Reader,
  code: string,
  order: { orderType: OrderType; restaurantId: number; timeZone: string; userId: number | null; now?: Date },
): Promise<CouponRow> {
  const normalised = normaliseCouponCode(code);
  const coupon = normalised ? await findCoupon(db, normalised) : undefined;
  if (!coupon) throw new AppError(404, 'coupon_unknown', COUPON_UNKNOWN_MESSAGE);
  // Without a guest (a kiosk order) there is no one to count a once-per-guest coupon against.
  const usedByGuest =
    order.userId === null ? null : coupon.once_per_user && (await hasUsedCoupon(db, coupon.id, order.userId));
  const problem = couponProblem(coupon, {
    today: businessDay(order.now ?? new Date(), order.timeZone),
    orderType: order.orderType,
    restaurantId: order.restaurantId,
    usedByGuest,
    uses: coupon.max_uses === null ? 0 : await couponUseCount(db, coupon.id),
  });
  if (problem)
    throw new AppError(
      problem === 'coupon_used' || problem === 'coupon_used_up' ? 409 : 400,
      problem,
      couponProblemMessage(problem),
    );
  return coupon;
}
