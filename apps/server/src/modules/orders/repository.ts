import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import { ORDER_STATUS } from '@chain/domain';
import type { CouponsTable, Database, DeliveryQuotesTable, OrderItemsTable, OrdersTable } from '../../db/types';
import { loadSettings } from '../settings';
import { logOrderStatus } from '../../logging/state';
import { notifyOrderStatus } from '../order-events';

/** Every query of placing an order (issue 12: a module keeps its SQL in its repository). */

type Reader = Kysely<Database> | Transaction<Database>;
export type CouponRow = Selectable<CouponsTable>;
export type OrderRow = Selectable<OrdersTable>;
export type DeliveryQuoteRow = Selectable<DeliveryQuotesTable>;

/** What the order catalogue is built from, read in one transaction of one catalogue version. */
export async function readCatalogueRows(trx: Transaction<Database>) {
  return {
    restaurants: await trx.selectFrom('restaurants').selectAll().execute(),
    schedules: await trx.selectFrom('restaurant_schedule').selectAll().execute(),
    holidays: await trx
      .selectFrom('restaurant_holidays')
      .select(['restaurant_id', 'day', 'from_minute', 'to_minute'])
      .execute(),
    zones: await trx
      .selectFrom('delivery_zones')
      .selectAll()
      .where('archived_at', 'is', null)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    dishes: await trx
      .selectFrom('dishes')
      .innerJoin('categories', 'categories.id', 'dishes.category_id')
      .select([
        'dishes.id',
        'dishes.name',
        'dishes.price',
        'dishes.img',
        'dishes.is_shop',
        'dishes.is_locked',
        'dishes.lock_code',
        'categories.menu_kind',
      ])
      // A dish of a hidden category is not offered, as guests do not see it (archived dishes are never active).
      .select((eb) => eb.and([eb('dishes.active', '=', true), eb('categories.hidden', '=', false)]).as('active'))
      .execute(),
    notCarried: await trx.selectFrom('dishes_not_carried').select(['restaurant_id', 'dish_id']).execute(),
    options: await trx
      .selectFrom('dish_options')
      .selectAll()
      .where('archived_at', 'is', null)
      .orderBy('sort')
      .orderBy('id')
      .execute(),
    stops: await trx.selectFrom('stop_list').select(['restaurant_id', 'dish_id']).execute(),
    optionStops: await trx.selectFrom('stop_list_options').select(['restaurant_id', 'option_id']).execute(),
    // Archived extras (issue 31) are offered to no new order: one in a cart reads as unavailable.
    cutlery: await trx.selectFrom('cutlery_items').selectAll().where('archived_at', 'is', null).execute(),
    recommended: await trx.selectFrom('recommended_items').selectAll().where('archived_at', 'is', null).execute(),
    tables: await trx.selectFrom('restaurant_tables').select(['restaurant_id', 'num']).execute(),
    settings: await loadSettings(trx),
  };
}

/** The coupon of a normalised code (upper case, no spaces), if there is one. */
export function findCoupon(db: Reader, code: string): Promise<CouponRow | undefined> {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Whether the guest has an order that applied this coupon. */
export async function hasUsedCoupon(db: Reader, couponId: number, userId: number): Promise<boolean> {
  const use = await db
    .selectFrom('coupon_uses')
    .select('order_id')
    .where('coupon_id', '=', couponId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return use !== undefined;
}

/**
 * Holds, to the end of the transaction, the right to spend a one-time coupon of one guest, and
 * answers whether it is still unspent: two orders of one guest at once, one of them gets it.
 */
export async function claimCouponUse(trx: Transaction<Database>, couponId: number, userId: number): Promise<boolean> {
  await sql`select pg_advisory_xact_lock(hashtext(${`coupon:${couponId}:${userId}`}))`.execute(trx);
  return !(await hasUsedCoupon(trx, couponId, userId));
}

/** How many times a coupon has been used: orders that applied it and were not cancelled (issue 31's total uses). */
export async function couponUseCount(db: Reader, couponId: number): Promise<number> {
  const row = await db
    .selectFrom('coupon_uses')
    .innerJoin('orders', 'orders.id', 'coupon_uses.order_id')
    .select((eb) => eb.fn.countAll<string>().as('uses'))
    .where('coupon_uses.coupon_id', '=', couponId)
    .where('orders.status', '<>', ORDER_STATUS.cancelled)
    .executeTakeFirstOrThrow();
  return Number(row.uses);
}

/**
 * Holds the coupon's row to the end of the transaction and answers whether a use is left under
 * its total (issue 31): of orders racing for its last use, each waits for the one before to
 * commit and counts its use, so exactly one of them gets it.
 */
export async function claimCouponTotal(trx: Transaction<Database>, couponId: number): Promise<boolean> {
  const coupon = await trx
    .selectFrom('coupons')
    .select('max_uses')
    .where('id', '=', couponId)
    .forUpdate()
    .executeTakeFirst();
  if (!coupon) return false;
  return coupon.max_uses === null || (await couponUseCount(trx, couponId)) < coupon.max_uses;
}

/** Writes (or rewrites, for the same uuid) a delivery quote of order/delivery. */
export async function saveDeliveryQuote(
  db: Reader,
  uuid: string,
  quote: Omit<Insertable<DeliveryQuotesTable>, 'uuid' | 'created_at'>,
): Promise<void> {
  await db
    .insertInto('delivery_quotes')
    .values({ uuid, ...quote })
    .onConflict((oc) => oc.column('uuid').doUpdateSet(quote))
    .execute();
}

export function findDeliveryQuote(db: Reader, uuid: string): Promise<DeliveryQuoteRow | undefined> {
  return db.selectFrom('delivery_quotes').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The order of an idempotency key. */
export function findOrderByKey(db: Reader, key: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

/** The latest order of the same request made after `since`. */
export function findRecentOrderByRequest(db: Reader, hash: string, since: Date): Promise<OrderRow | undefined> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('request_hash', '=', hash)
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/**
 * The next number of the day at a restaurant, from the counter row every order of the restaurant
 * shares; taken in its own statement, like a sequence, so the hot row is locked for one statement.
 */
export async function takeNextNumber(db: Kysely<Database>, restaurantId: number, businessDay: string): Promise<number> {
  const counter = await db
    .insertInto('order_counters')
    .values({ restaurant_id: restaurantId, business_day: businessDay, last_number: 1 })
    .onConflict((oc) =>
      oc.columns(['restaurant_id', 'business_day']).doUpdateSet({ last_number: sql`order_counters.last_number + 1` }),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return counter.last_number;
}

/** Serialises, to the end of the transaction, the requests of one idempotency key (or request hash). */
export async function lockOrderRequest(trx: Transaction<Database>, keyOrHash: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${keyOrHash}))`.execute(trx);
}

/** Writes an order with its lines, its first status (with its state line) and, for an applied coupon, the coupon's use. */
export async function insertOrder(
  trx: Transaction<Database>,
  order: Insertable<OrdersTable>,
  items: ReadonlyArray<Omit<Insertable<OrderItemsTable>, 'order_id' | 'sort'>>,
  meta: { actor: string; couponUse: { couponId: number; userId: number | null } | null },
): Promise<OrderRow> {
  const row = await trx.insertInto('orders').values(order).returningAll().executeTakeFirstOrThrow();
  await trx
    .insertInto('order_items')
    .values(items.map((item, sort) => ({ ...item, order_id: row.id, sort })))
    .execute();
  await trx
    .insertInto('order_status_history')
    .values({ order_id: row.id, status: ORDER_STATUS.awaitingPayment, actor: meta.actor })
    .execute();
  logOrderStatus({ orderId: row.id, from: null, to: ORDER_STATUS.awaitingPayment, actor: meta.actor });
  if (meta.couponUse)
    await trx
      .insertInto('coupon_uses')
      .values({ coupon_id: meta.couponUse.couponId, user_id: meta.couponUse.userId, order_id: row.id })
      .execute();
  // The staff's boards on every instance learn of it once it commits (issue 17).
  await notifyOrderStatus(trx, row.id);
  return row;
}
