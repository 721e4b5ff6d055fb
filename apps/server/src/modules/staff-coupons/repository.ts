import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { ORDER_STATUS } from '@chain/domain';
import type { CouponsTable, Database } from '../../db/types';

/** Every query of the back office's coupons (issue 31). */

type Reader = Kysely<Database> | Transaction<Database>;
export type CouponRecord = Selectable<CouponsTable>;
export type CouponValues = Omit<Insertable<CouponsTable>, 'id' | 'version' | 'created_at'>;

export interface CouponStatsRow {
  coupon_id: number;
  uses: number;
  paid_uses: number;
  discount_given: number;
}

/** Every coupon, newest first. */
export function allCoupons(db: Reader): Promise<CouponRecord[]> {
  return db.selectFrom('coupons').selectAll().orderBy('id', 'desc').execute();
}

export function couponById(db: Reader, id: number): Promise<CouponRecord | undefined> {
  return db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether another coupon than `exceptId` has this (normalised) code. */
export async function couponCodeTaken(db: Reader, code: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('coupons').select('id').where('code', '=', code);
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The ids among `ids` that are restaurants. */
export async function existingRestaurantIds(db: Reader, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('restaurants')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((row) => row.id);
}

export function insertCoupon(trx: Transaction<Database>, values: CouponValues): Promise<CouponRecord> {
  return trx.insertInto('coupons').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Saves over the version named (decision 043): the saved row, or undefined when the row is at another version or gone. */
export function updateCoupon(
  trx: Transaction<Database>,
  id: number,
  version: number,
  values: CouponValues,
): Promise<CouponRecord | undefined> {
  return trx
    .updateTable('coupons')
    .set((eb) => ({ ...values, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Each coupon's uses (orders that applied it and were not cancelled), the paid ones, and the
 * discount the paid ones were given; of one coupon, or of all.
 */
export async function couponStats(db: Reader, couponId: number | null): Promise<CouponStatsRow[]> {
  const cancelled = ORDER_STATUS.cancelled;
  let query = db
    .selectFrom('coupon_uses')
    .innerJoin('orders', 'orders.id', 'coupon_uses.order_id')
    .select([
      'coupon_uses.coupon_id',
      sql<string>`count(*) filter (where orders.status <> ${cancelled})`.as('uses'),
      sql<string>`count(*) filter (where orders.status <> ${cancelled} and orders.paid)`.as('paid_uses'),
      sql<string>`coalesce(sum(orders.discount_sum) filter (where orders.status <> ${cancelled} and orders.paid), 0)`.as(
        'discount_given',
      ),
    ])
    .groupBy('coupon_uses.coupon_id');
  if (couponId !== null) query = query.where('coupon_uses.coupon_id', '=', couponId);
  const rows = await query.execute();
  return rows.map((row) => ({
    coupon_id: row.coupon_id,
    uses: Number(row.uses),
    paid_uses: Number(row.paid_uses),
    discount_given: Number(row.discount_given),
  }));
}

/** A coupon's last orders, newest first. */
export function couponOrders(db: Reader, couponId: number, limit: number) {
  return db
    .selectFrom('coupon_uses')
    .innerJoin('orders', 'orders.id', 'coupon_uses.order_id')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .select([
      'orders.id',
      'orders.znumber',
      'restaurants.name as restaurant',
      'orders.created_at',
      'orders.sum',
      'orders.discount_sum',
      'orders.paid',
      'orders.status',
    ])
    .where('coupon_uses.coupon_id', '=', couponId)
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}
