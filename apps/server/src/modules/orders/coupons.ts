import type { Kysely, Selectable, Transaction } from 'kysely';
import { businessDay, COUPON_UNKNOWN_MESSAGE, couponProblem, couponProblemMessage, type OrderType } from '@chain/domain';
import type { CouponsTable, Database } from '../../db/types';
import { AppError } from '../../http/errors';

type Reader = Kysely<Database> | Transaction<Database>;
export type CouponRow = Selectable<CouponsTable>;

/**
 * The coupon a guest typed, if it applies to this order; otherwise a 4xx whose message says
 * why (issue 5: dates, order types, restaurants, minimum sum, one use per user; issue 11: a
 * once-per-guest coupon needs a guest). Codes are matched without regard to case and spaces.
 */
export async function applicableCoupon(
  db: Reader,
  code: string,
  order: { orderType: OrderType; restaurantId: number; timeZone: string; userId: number | null; orderSum?: number; now?: Date },
): Promise<CouponRow> {
  const normalised = code.replace(/\s+/g, '').toUpperCase();
  const coupon = normalised
    ? await db.selectFrom('coupons').selectAll().where('code', '=', normalised).executeTakeFirst()
    : undefined;
  if (!coupon) throw new AppError(404, 'coupon_unknown', COUPON_UNKNOWN_MESSAGE);
  // Without a guest (a kiosk order) there is no one to count a once-per-guest coupon against.
  const usedByGuest =
    order.userId === null
      ? null
      : coupon.once_per_user &&
        (await db.selectFrom('coupon_uses').select('order_id').where('coupon_id', '=', coupon.id).where('user_id', '=', order.userId).executeTakeFirst()) !==
          undefined;
  const problem = couponProblem(coupon, {
    today: businessDay(order.now ?? new Date(), order.timeZone),
    orderType: order.orderType,
    restaurantId: order.restaurantId,
    usedByGuest,
    ...(order.orderSum === undefined ? {} : { orderSum: order.orderSum }),
  });
  if (problem) throw new AppError(problem === 'coupon_used' ? 409 : 400, problem, couponProblemMessage(problem, coupon));
  return coupon;
}
