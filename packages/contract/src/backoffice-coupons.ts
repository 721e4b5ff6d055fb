import * as z from 'zod/mini';
import { COUPON_CODE_MAX_LENGTH, ORDER_TYPES } from '@chain/domain';
import { rowVersion, STALE_VERSION_ERROR, staleVersionResponse } from './backoffice';
import { defineCall } from './call';
import { kopecks, MAX_WIRE_ID, wireId } from './common';
import { MANAGER_ERRORS } from './staff';

// The back office's coupons (issue 31, docs/back-office.md «Coupons»): a manager creates a coupon
// (a percent or a fixed sum off the order, a minimum sum, dates, a total of uses, once per guest,
// restaurants and order types), switches it off, and sees its uses and the money it gave. Coupons
// are never deleted: orders name them. A manager of some restaurants makes and sees only coupons
// limited to those restaurants (decision 048).

export const COUPON_TEXTS = {
  notFound: 'Купон не найден.',
  codeTaken: 'Купон с таким кодом уже есть. Коды не различают регистр и пробелы.',
  datesOrder: 'Дата окончания не может быть раньше даты начала.',
  badDate: 'Укажите дату в виде ГГГГ-ММ-ДД.',
  percentRange: 'Процент — от 1 до 100 для скидки или от −1 до −100 для наценки.',
  amountRange: 'Сумма скидки — от 0,01 ₽ до 100 000 ₽.',
  restaurantsRequired: 'Выберите хотя бы один ресторан.',
  orderTypesRequired: 'Выберите хотя бы один способ получения заказа.',
  unknownRestaurant: 'Такого ресторана нет.',
  ownRestaurantsOnly: 'Купон может действовать только в ваших ресторанах: выберите их.',
} as const;

export const COUPON_TITLE_MAX_LENGTH = 100;
/** The largest fixed coupon: 100 000 ₽. */
export const COUPON_MAX_AMOUNT = 10_000_000;
export const COUPON_MAX_USES = 1_000_000;
/** The largest minimum sum: 1 000 000 ₽. */
export const COUPON_MAX_MIN_SUM = 100_000_000;
/** Restaurants one coupon may name. */
export const COUPON_MAX_RESTAURANTS = 200;
/** Uses a coupon's page lists, newest first. */
export const COUPON_USES_SHOWN = 50;

export const COUPON_KINDS = ['percent', 'amount'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, COUPON_TEXTS.badDate));
const orderTypes = z
  .array(z.enum(ORDER_TYPES))
  .check(z.minLength(1, COUPON_TEXTS.orderTypesRequired), z.maxLength(ORDER_TYPES.length, 'не больше трёх'));
const restaurantId = z
  .int()
  .check(z.minimum(1, COUPON_TEXTS.unknownRestaurant), z.maximum(MAX_WIRE_ID, COUPON_TEXTS.unknownRestaurant));

/** A coupon's terms as a manager edits them. */
export const couponFields = z.object({
  /** As typed; stored as the guest's field reads it: without spaces, upper case (ZHAR10). */
  code: z.string().check(z.maxLength(COUPON_CODE_MAX_LENGTH * 2, `не длиннее ${COUPON_CODE_MAX_LENGTH} символов`)),
  /** The staff's name for it (also in order/discount's answer). */
  title: z.string().check(z.maxLength(COUPON_TITLE_MAX_LENGTH, `не длиннее ${COUPON_TITLE_MAX_LENGTH} символов`)),
  kind: z.enum(COUPON_KINDS),
  /** Percent off, 1…100 (−1…−100: a markup, SPEC 2 Cart), for kind percent; 0 otherwise. */
  percent: z.int().check(z.minimum(-100, COUPON_TEXTS.percentRange), z.maximum(100, COUPON_TEXTS.percentRange)),
  /** Kopecks off the order sum, for kind amount (0 otherwise); never more than the order's dishes. */
  amount: z.int().check(z.minimum(0, COUPON_TEXTS.amountRange), z.maximum(COUPON_MAX_AMOUNT, COUPON_TEXTS.amountRange)),
  /** The order sum (kopecks, before discount and delivery) from which it applies; 0 for any. */
  min_sum: kopecks.check(z.maximum(COUPON_MAX_MIN_SUM, 'не больше 1 000 000 ₽')),
  /** First and last day it applies (YYYY-MM-DD, on each restaurant's calendar). */
  active_from: isoDate,
  active_to: isoDate,
  /** Uses in total (orders that applied it and were not cancelled); null: no limit. */
  max_uses: z.nullable(z.int().check(z.minimum(1, 'от 1'), z.maximum(COUPON_MAX_USES, 'не больше 1 000 000'))),
  once_per_user: z.boolean(),
  /** The restaurants it applies in; null: every restaurant (a chain manager's only). */
  restaurant_ids: z.nullable(
    z
      .array(restaurantId)
      .check(
        z.minLength(1, COUPON_TEXTS.restaurantsRequired),
        z.maxLength(COUPON_MAX_RESTAURANTS, 'слишком много ресторанов'),
      ),
  ),
  order_types: orderTypes,
  /** false: switched off (guests are told it has expired); orders that named it keep it. */
  active: z.boolean(),
});
export type CouponFields = z.infer<typeof couponFields>;

/** A coupon as the back office shows it, with its version (decision 043). */
export const staffCoupon = z.extend(couponFields, { id: z.int(), version: z.int() });
export type StaffCoupon = z.infer<typeof staffCoupon>;

/** What a coupon has done: uses (orders that applied it, not cancelled) and the discount of the paid ones. */
export const couponStats = z.object({
  uses: z.int(),
  paid_uses: z.int(),
  /** Kopecks the paid, not cancelled orders that applied it were given off (negative: a markup). */
  discount_given: z.int(),
});

export const staffCouponsResponse = z.object({
  coupons: z.array(z.object({ coupon: staffCoupon, stats: couponStats })),
});

const COUPON_ERRORS = {
  ...MANAGER_ERRORS,
  validation: `a field out of its bounds or rules, named in the message (400), e.g. «${COUPON_TEXTS.datesOrder}»`,
} as const;
const NOT_FOUND = {
  coupon_not_found: `no such coupon, or one limited to restaurants beyond this manager's (404 «${COUPON_TEXTS.notFound}»)`,
} as const;

export const staffCouponsCall = defineCall({
  name: 'staffCoupons',
  method: 'GET',
  path: '/api/staff/coupons',
  tag: 'staff',
  summary: 'The coupons with their uses and the money they gave (back office)',
  description:
    'Newest first. A chain manager sees every coupon; a manager of some restaurants only the coupons limited to restaurants of theirs (decision 048). `stats.uses` counts orders that applied the coupon and were not cancelled (what its `max_uses` limits); `paid_uses` and `discount_given` those of them that are paid.',
  auth: 'staff',
  response: staffCouponsResponse,
  errors: MANAGER_ERRORS,
});

export const staffCreateCouponCall = defineCall({
  name: 'staffCreateCoupon',
  method: 'POST',
  path: '/api/staff/coupons',
  tag: 'staff',
  summary: 'Creates a coupon (back office)',
  description:
    'The code is stored as the guest’s coupon field reads it — without spaces, upper case — and is unique in that form (409 coupon_code_taken). A percent coupon takes `percent` (1…100 off, or −1…−100: a markup) with `amount` 0; a fixed one `amount` (kopecks) with `percent` 0. A manager of some restaurants must name restaurants of theirs (403 other_restaurant otherwise; `null`, every restaurant, is a chain manager’s). Written with its audit row (`coupon.create`).',
  auth: 'staff',
  body: couponFields,
  response: staffCoupon,
  errors: { ...COUPON_ERRORS, coupon_code_taken: `another coupon has this code (409 «${COUPON_TEXTS.codeTaken}»)` },
});

export const staffSaveCouponCall = defineCall({
  name: 'staffSaveCoupon',
  method: 'POST',
  path: '/api/staff/coupons/:id',
  tag: 'staff',
  summary: 'Saves a coupon’s terms, or switches it off or on (back office, versioned)',
  description:
    'The body is the whole coupon with the `version` the edit was based on (decision 043): over a newer version 409 stale_version with `current`. Switching off is `active: false` (guests are answered coupon_expired); a coupon is never deleted, orders name it. The same rules as creating. Written with its audit row (`coupon.save`, before and after).',
  auth: 'staff',
  params: z.object({ id: wireId }),
  body: z.extend(couponFields, { version: rowVersion }),
  response: staffCoupon,
  errors: {
    ...COUPON_ERRORS,
    ...NOT_FOUND,
    ...STALE_VERSION_ERROR,
    coupon_code_taken: `another coupon has this code (409 «${COUPON_TEXTS.codeTaken}»)`,
  },
});

/** The body of a 409 stale_version of staffSaveCoupon. */
export const staffCouponStale = staleVersionResponse(staffCoupon);

export const couponUse = z.object({
  order_id: z.int(),
  znumber: z.string(),
  restaurant: z.string(),
  /** ISO time the order was placed. */
  created_at: z.string(),
  /** The order's sum to pay and the discount it was given, kopecks. */
  sum: z.int(),
  discount: z.int(),
  paid: z.boolean(),
  cancelled: z.boolean(),
});
export type CouponUse = z.infer<typeof couponUse>;

export const staffCouponUsesCall = defineCall({
  name: 'staffCouponUses',
  method: 'GET',
  path: '/api/staff/coupons/:id/uses',
  tag: 'staff',
  summary: 'A coupon’s uses: its totals and its last orders (back office)',
  description: `The orders that applied the coupon, newest first (at most ${COUPON_USES_SHOWN}), cancelled ones marked, with the same totals as the list.`,
  auth: 'staff',
  params: z.object({ id: wireId }),
  response: z.object({ coupon: staffCoupon, stats: couponStats, uses: z.array(couponUse) }),
  errors: { ...MANAGER_ERRORS, ...NOT_FOUND },
});

/** The coupons' staff calls (every staff call refuses a guest token: staff-auth.test.ts). */
export const COUPON_CALLS = [
  staffCouponsCall,
  staffCreateCouponCall,
  staffSaveCouponCall,
  staffCouponUsesCall,
] as const;
