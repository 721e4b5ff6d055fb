import type { Kysely } from 'kysely';
import {
  COUPON_TEXTS,
  COUPON_USES_SHOWN,
  type CouponFields,
  type CouponUse,
  STAFF_TEXTS,
  type StaffCoupon,
} from '@chain/contract';
import { couponCodeProblem, normaliseCouponCode, ORDER_STATUS, ORDER_TYPES } from '@chain/domain';
import type { Database } from '../../db/types';
import { type AppError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { savedOrStale } from '../../http/versioned';
import { uniqueViolation } from '../account';
import { type StaffPrincipal, writeAudit } from '../staff';
import {
  allCoupons,
  couponById,
  couponCodeTaken,
  couponOrders,
  couponStats,
  type CouponRecord,
  type CouponStatsRow,
  type CouponValues,
  existingRestaurantIds,
  insertCoupon,
  updateCoupon,
} from './repository';

/*
 * The back office's coupons (issue 31, docs/back-office.md «Coupons»). The money rule is the
 * domain's checkout quote (packages/domain checkout.ts); here: who may make a coupon, what a
 * coupon may be, and its history. Decision 048: a manager of some restaurants makes and sees only
 * coupons limited to restaurants of theirs; a coupon of every restaurant is a chain manager's.
 */

const NOT_FOUND = { message: COUPON_TEXTS.notFound, code: 'coupon_not_found' };

/** A coupon row as the back office shows it. */
export function staffCouponOf(row: CouponRecord): StaffCoupon {
  const fixed = row.amount !== null;
  return {
    id: row.id,
    code: row.code,
    title: row.title,
    kind: fixed ? 'amount' : 'percent',
    percent: fixed ? 0 : (row.percent ?? 0),
    amount: row.amount ?? 0,
    min_sum: row.min_sum,
    active_from: row.active_from,
    active_to: row.active_to,
    max_uses: row.max_uses,
    once_per_user: row.once_per_user,
    restaurant_ids: row.restaurant_ids,
    order_types: row.order_types,
    active: row.active,
    version: row.version,
  };
}

/** Whether this staff member may see and edit a coupon limited to these restaurants (null: every one). */
function mayManage(staff: StaffPrincipal, restaurantIds: readonly number[] | null): boolean {
  if (staff.chain) return true;
  return restaurantIds !== null && restaurantIds.every((id) => staff.restaurantIds.includes(id));
}

function invalid(message: string): AppError {
  return badRequest(message, 'validation');
}

/** Whether a 'YYYY-MM-DD' text is a day of the calendar. */
function isCalendarDay(text: string): boolean {
  const [year, month, day] = text.split('-').map(Number);
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The fields checked and turned into the row's values; 400 validation or 403 other_restaurant with the reason. */
async function couponValues(db: Kysely<Database>, staff: StaffPrincipal, fields: CouponFields): Promise<CouponValues> {
  const code = normaliseCouponCode(fields.code);
  const codeProblem = couponCodeProblem(code);
  if (codeProblem) throw invalid(codeProblem);
  const title = fields.title.trim();
  if (title === '') throw invalid('Укажите название купона.');
  if (fields.kind === 'percent' && fields.percent === 0) throw invalid(COUPON_TEXTS.percentRange);
  if (fields.kind === 'amount' && fields.amount < 1) throw invalid(COUPON_TEXTS.amountRange);
  if (!isCalendarDay(fields.active_from) || !isCalendarDay(fields.active_to)) throw invalid(COUPON_TEXTS.badDate);
  if (fields.active_to < fields.active_from) throw invalid(COUPON_TEXTS.datesOrder);
  const restaurantIds =
    fields.restaurant_ids === null ? null : [...new Set(fields.restaurant_ids)].toSorted((a, b) => a - b);
  if (restaurantIds !== null && (await existingRestaurantIds(db, restaurantIds)).length !== restaurantIds.length)
    throw invalid(COUPON_TEXTS.unknownRestaurant);
  if (!mayManage(staff, restaurantIds))
    throw forbidden(
      restaurantIds === null ? COUPON_TEXTS.ownRestaurantsOnly : STAFF_TEXTS.otherRestaurant,
      'other_restaurant',
    );
  return {
    code,
    title,
    percent: fields.kind === 'percent' ? fields.percent : null,
    amount: fields.kind === 'amount' ? fields.amount : null,
    min_sum: fields.min_sum,
    active_from: fields.active_from,
    active_to: fields.active_to,
    max_uses: fields.max_uses,
    once_per_user: fields.once_per_user,
    restaurant_ids: restaurantIds,
    order_types: ORDER_TYPES.filter((type) => fields.order_types.includes(type)),
    active: fields.active,
  };
}

const codeTaken = () => conflict(COUPON_TEXTS.codeTaken, 'coupon_code_taken');

/** A unique-code violation of a racing create or save, as the same 409 a code found taken answers. */
function rethrowTaken(error: unknown): never {
  if (uniqueViolation(error) !== null) throw codeTaken();
  throw error;
}

/** The audit's restaurant: the coupon's one restaurant, else none (chain-wide entry). */
function auditRestaurant(coupon: StaffCoupon): number | null {
  return coupon.restaurant_ids?.length === 1 ? (coupon.restaurant_ids[0] ?? null) : null;
}

function statsOf(rows: readonly CouponStatsRow[], couponId: number) {
  const row = rows.find((candidate) => candidate.coupon_id === couponId);
  return { uses: row?.uses ?? 0, paid_uses: row?.paid_uses ?? 0, discount_given: row?.discount_given ?? 0 };
}

export async function listCoupons(db: Kysely<Database>, staff: StaffPrincipal) {
  const rows = (await allCoupons(db)).filter((row) => mayManage(staff, row.restaurant_ids));
  const stats = await couponStats(db, null);
  return { coupons: rows.map((row) => ({ coupon: staffCouponOf(row), stats: statsOf(stats, row.id) })) };
}

/** A coupon this staff member may manage; 404 for none or one beyond their restaurants (the same answer). */
async function managedCoupon(db: Kysely<Database>, staff: StaffPrincipal, id: number): Promise<CouponRecord> {
  const row = await couponById(db, id);
  if (!row || !mayManage(staff, row.restaurant_ids)) throw notFound(NOT_FOUND.message, NOT_FOUND.code);
  return row;
}

export async function createCoupon(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  fields: CouponFields,
): Promise<StaffCoupon> {
  const values = await couponValues(db, staff, fields);
  if (await couponCodeTaken(db, values.code, null)) throw codeTaken();
  return db
    .transaction()
    .execute(async (trx) => {
      const coupon = staffCouponOf(await insertCoupon(trx, values));
      await writeAudit(trx, staff, {
        action: 'coupon.create',
        restaurantId: auditRestaurant(coupon),
        target: `купон ${coupon.code}`,
        before: null,
        after: coupon,
      });
      return coupon;
    })
    .catch(rethrowTaken);
}

export async function saveCoupon(
  db: Kysely<Database>,
  staff: StaffPrincipal,
  id: number,
  fields: CouponFields & { version: number },
): Promise<StaffCoupon> {
  const before = staffCouponOf(await managedCoupon(db, staff, id));
  const values = await couponValues(db, staff, fields);
  if (await couponCodeTaken(db, values.code, id)) throw codeTaken();
  return db
    .transaction()
    .execute(async (trx) => {
      const saved = await savedOrStale(
        await updateCoupon(trx, id, fields.version, values),
        async () => {
          const current = await couponById(trx, id);
          return current ? staffCouponOf(current) : undefined;
        },
        NOT_FOUND,
      );
      const coupon = staffCouponOf(saved);
      await writeAudit(trx, staff, {
        action: 'coupon.save',
        restaurantId: auditRestaurant(coupon),
        target: `купон ${coupon.code}`,
        before,
        after: coupon,
      });
      return coupon;
    })
    .catch(rethrowTaken);
}

export async function couponHistory(db: Kysely<Database>, staff: StaffPrincipal, id: number) {
  const row = await managedCoupon(db, staff, id);
  const orders = await couponOrders(db, id, COUPON_USES_SHOWN);
  const uses: CouponUse[] = orders.map((order) => ({
    order_id: order.id,
    znumber: order.znumber,
    restaurant: order.restaurant,
    created_at: order.created_at.toISOString(),
    sum: order.sum,
    discount: order.discount_sum,
    paid: order.paid,
    cancelled: order.status === ORDER_STATUS.cancelled,
  }));
  return { coupon: staffCouponOf(row), stats: statsOf(await couponStats(db, id), id), uses };
}
