import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { markDone, renewLease, secondsFromNow, takeDue, type Leased, type LeasedOutbox } from '../../db/leased-outbox';
import type { Database, OrderRefundsTable, RefundStatus } from '../../db/types';
import { logRefundState } from '../../logging/state';
import { notifyOrderStatus } from '../order-events';

// Every SQL statement of refunds of paid orders (issue 31, decision 050).

type Db = Kysely<Database> | Transaction<Database>;
export type RefundRow = Selectable<OrderRefundsTable>;

const ORDER_COLUMNS = [
  'id',
  'znumber',
  'restaurant_id',
  'type',
  'status',
  'paid',
  'pay_method',
  'sum',
  'discount_sum',
  'delivery_sum',
  'refunded_sum',
  'refunding_sum',
  'email',
] as const;

/**
 * The channel a refund's change (asked, returned, refused, retried) is announced on for the
 * staff's «Возвраты» and refund dialogs on every instance; the payload is `{restaurant id}:{refund
 * id}`, so an instance reads only the refunds its open streams may show.
 */
export const REFUND_CHANNEL = 'order_refunds';

/**
 * Announces a change of the refund to the staff's streams (REFUND_CHANNEL) and of its order to the
 * guest's order page and the boards (notifyOrderStatus: the status text tells the money), inside
 * the transaction that made it: delivered once it commits, never for a rollback.
 */
export async function notifyRefund(trx: Transaction<Database>, refundId: number): Promise<void> {
  const row = await trx
    .selectFrom('order_refunds')
    .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
    .select(['orders.id as order_id', 'orders.restaurant_id'])
    .where('order_refunds.id', '=', refundId)
    .executeTakeFirst();
  if (!row) return;
  await sql`select pg_notify(${REFUND_CHANNEL}, ${`${row.restaurant_id}:${refundId}`})`.execute(trx);
  await notifyOrderStatus(trx, row.order_id);
}

/** The order's restaurant, for the access check (undefined: no such order). */
export async function refundOrderRestaurant(db: Db, orderId: number): Promise<number | undefined> {
  const row = await db.selectFrom('orders').select('restaurant_id').where('id', '=', orderId).executeTakeFirst();
  return row?.restaurant_id;
}

/** The order as a refund reads it. */
export function findRefundOrder(db: Db, orderId: number) {
  return db.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', orderId).executeTakeFirst();
}

/** The order under its row lock: every writer of orders locks it first (decision 016). */
export function lockRefundOrder(trx: Transaction<Database>, orderId: number) {
  return trx.selectFrom('orders').select(ORDER_COLUMNS).where('id', '=', orderId).forUpdate().executeTakeFirst();
}

export type RefundOrderRow = NonNullable<Awaited<ReturnType<typeof findRefundOrder>>>;

/** The order's lines, in the order the guest sees them. */
export function findRefundLines(db: Db, orderId: number) {
  return db
    .selectFrom('order_items')
    .select(['id', 'kind', 'name', 'cnt', 'line_sum'])
    .where('order_id', '=', orderId)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The order's refunds, newest first, with who asked. */
export function findRefunds(db: Db, orderId: number) {
  return db
    .selectFrom('order_refunds')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'order_refunds.staff_id')
    .selectAll('order_refunds')
    .select(sql<string>`coalesce(staff_accounts.name, '')`.as('staff_name'))
    .where('order_refunds.order_id', '=', orderId)
    .orderBy('order_refunds.id', 'desc')
    .execute();
}

/** The refund a press of this key made (a repeat of the press). */
export function findRefundByKey(db: Db, orderId: number, key: string) {
  return db
    .selectFrom('order_refunds')
    .select('id')
    .where('order_id', '=', orderId)
    .where('request_key', '=', key)
    .executeTakeFirst();
}

/** The payment that paid the order: the bank order its money goes back through. */
export function findPaidPayment(db: Db, orderId: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('status', '=', 'paid')
    .orderBy('id')
    .executeTakeFirst();
}

/**
 * A refund's state line (logging/state.ts), with the acquirer's id of the payment it returns
 * through (one read of the payment: a refund changes state a few times in its life).
 */
async function logRefundMove(
  trx: Db,
  refund: { id: number; order_id: number; payment_id: number },
  from: RefundStatus | null,
  to: RefundStatus,
): Promise<void> {
  const payment = await trx
    .selectFrom('payments')
    .select('provider_id')
    .where('id', '=', refund.payment_id)
    .executeTakeFirst();
  logRefundState(
    {
      orderId: refund.order_id,
      refundId: refund.id,
      paymentId: refund.payment_id,
      providerPaymentId: payment?.provider_id ?? null,
    },
    from,
    to,
  );
}

/** A new refund (pending, due at once, with its state line) and the order's money being returned, in the caller's transaction. */
export async function insertRefund(
  trx: Transaction<Database>,
  refund: {
    orderId: number;
    paymentId: number;
    key: string;
    full: boolean;
    amount: number;
    lines: { id: number; cnt: number }[];
    staffId: number;
  },
): Promise<number> {
  const row = await trx
    .insertInto('order_refunds')
    .values({
      order_id: refund.orderId,
      payment_id: refund.paymentId,
      request_key: refund.key,
      full_cancel: refund.full,
      amount: refund.amount,
      lines: JSON.stringify(refund.lines),
      staff_id: refund.staffId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .updateTable('orders')
    .set({ refunding_sum: sql`refunding_sum + ${refund.amount}` })
    .where('id', '=', refund.orderId)
    .execute();
  await logRefundMove(trx, { id: row.id, order_id: refund.orderId, payment_id: refund.paymentId }, null, 'pending');
  return row.id;
}

/** A failed refund pending again, due at once, its tries counted afresh (the manager's retry), with its state line. */
export async function reopenRefund(trx: Transaction<Database>, orderId: number, refundId: number): Promise<boolean> {
  const row = await trx
    .updateTable('order_refunds')
    .set({ status: 'pending', attempts: 0, next_attempt_at: sql`now()`, failure: null })
    .where('id', '=', refundId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'failed')
    .returning(['id', 'order_id', 'payment_id'])
    .executeTakeFirst();
  if (row) await logRefundMove(trx, row, 'failed', 'pending');
  return row !== undefined;
}

/** Whether the order has this refund. */
export async function refundOfOrder(db: Db, orderId: number, refundId: number): Promise<boolean> {
  const row = await db
    .selectFrom('order_refunds')
    .select('id')
    .where('id', '=', refundId)
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Refunds due at the bank (service.ts): a lease on order_refunds.next_attempt_at (db/leased-outbox.ts). */
const REFUND_OUTBOX: LeasedOutbox<'order_refunds'> = {
  table: 'order_refunds',
  dueAt: 'next_attempt_at',
  attempts: 'attempts',
  open: sql<boolean>`status = 'pending'`,
};

/**
 * Takes one refund due at the bank (or only `refundId`) for `leaseSeconds`: pending, due, and
 * the oldest pending refund of its order, so one order's refunds reach the bank one after
 * another and each is judged against the ones done before it.
 */
export function takeDueRefund(
  db: Kysely<Database>,
  refundId: number | undefined,
  leaseSeconds: number,
): Promise<RefundRow | undefined> {
  const oldestPending = sql<boolean>`not exists (
    select 1 from order_refunds as earlier
    where earlier.order_id = order_refunds.order_id and earlier.status = 'pending' and earlier.id < order_refunds.id)`;
  return takeDue<'order_refunds', RefundRow>(db, REFUND_OUTBOX, {
    id: refundId,
    leaseSeconds,
    where: oldestPending,
    columns: '*',
  });
}

/** Renews the lease just before the bank is asked: false when another taker holds the refund now. */
export function renewRefundLease(db: Kysely<Database>, refund: RefundRow, leaseSeconds: number): Promise<boolean> {
  return renewLease(db, REFUND_OUTBOX, refund, leaseSeconds);
}

/** The order's row lock, then the refund as it is now (the order first, as every writer does). */
export async function lockRefund(trx: Transaction<Database>, refund: RefundRow) {
  await trx.selectFrom('orders').select('id').where('id', '=', refund.order_id).forUpdate().executeTakeFirst();
  return trx.selectFrom('order_refunds').selectAll().where('id', '=', refund.id).forUpdate().executeTakeFirst();
}

/**
 * The refund returned: done (`refund` as it is now, under its lock; with its state line), the
 * order's money moved from being returned to returned, the guest's letter due when there is an address.
 */
export async function saveRefundDone(trx: Transaction<Database>, refund: RefundRow, mailDue: boolean): Promise<void> {
  await trx
    .updateTable('order_refunds')
    .set({ status: 'done', done_at: sql`now()`, failure: null, mail_due_at: mailDue ? sql`now()` : null })
    .where('id', '=', refund.id)
    .execute();
  await trx
    .updateTable('orders')
    .set({ refunding_sum: sql`refunding_sum - ${refund.amount}`, refunded_sum: sql`refunded_sum + ${refund.amount}` })
    .where('id', '=', refund.order_id)
    .execute();
  await logRefundMove(trx, refund, refund.status, 'done');
}

/** The pending refund left for a retry later, or failed (the manager retries; with its state line). */
export async function saveRefundNotDone(
  trx: Transaction<Database>,
  refund: RefundRow,
  next: { retryInSeconds: number } | { failed: true },
  failure: string,
): Promise<void> {
  await trx
    .updateTable('order_refunds')
    .set(
      'retryInSeconds' in next
        ? { next_attempt_at: secondsFromNow(next.retryInSeconds), failure }
        : { status: 'failed', failure },
    )
    .where('id', '=', refund.id)
    .execute();
  if ('failed' in next) await logRefundMove(trx, refund, 'pending', 'failed');
}

/** What the order's done refunds returned through this payment. */
export async function doneRefundsTotal(db: Db, paymentId: number, except: number): Promise<number> {
  const row = await db
    .selectFrom('order_refunds')
    .select(sql<number>`coalesce(sum(amount), 0)::integer`.as('total'))
    .where('payment_id', '=', paymentId)
    .where('status', '=', 'done')
    .where('id', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export function findPaymentById(db: Db, paymentId: number) {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

// --- the guest's letter -------------------------------------------------------------------------

/** Refunds due their guest's letter (mail.ts, decision 050): a lease on order_refunds.mail_due_at. */
export const REFUND_MAIL_OUTBOX: LeasedOutbox<'order_refunds'> = {
  table: 'order_refunds',
  dueAt: 'mail_due_at',
  attempts: 'mail_attempts',
  open: sql<boolean>`mail_sent_at is null`,
};

/** A refund taken to send its letter, with the take's token (attempts). */
export interface RefundMailRow extends Leased {
  order_id: number;
  amount: number;
  full_cancel: boolean;
}

/** Takes one refund whose letter is due (or only `refundId`'s) under a lease (db/leased-outbox.ts). */
export function takeDueRefundMail(
  db: Kysely<Database>,
  refundId: number | undefined,
  leaseSeconds: number,
): Promise<RefundMailRow | undefined> {
  return takeDue<'order_refunds', Omit<RefundMailRow, keyof Leased>>(db, REFUND_MAIL_OUTBOX, {
    id: refundId,
    leaseSeconds,
    columns: ['order_id', 'amount', 'full_cancel'],
  });
}

export async function saveRefundMailSent(db: Kysely<Database>, refundId: number): Promise<void> {
  await markDone(db, REFUND_MAIL_OUTBOX, refundId, sql`mail_sent_at = now()`);
}

/** What the refund's letter tells: the order, its restaurant and the guest's address. */
export function findRefundLetterOrder(db: Db, orderId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .select([
      'orders.znumber',
      'orders.email',
      'orders.sum',
      'orders.pay_method',
      'orders.refunded_sum',
      'restaurants.name as restaurant_name',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
}

/** The oldest pending refund of the order a bank order paid: the one its bank's books speak of now (one per order at a time). */
export function oldestPendingRefundOfPayment(db: Db, providerId: string) {
  return db
    .selectFrom('order_refunds')
    .innerJoin('payments', 'payments.id', 'order_refunds.payment_id')
    .selectAll('order_refunds')
    .where('payments.provider_id', '=', providerId)
    .where('order_refunds.status', '=', 'pending')
    .orderBy('order_refunds.id')
    .limit(1)
    .executeTakeFirst();
}

/** One refund as «Возвраты» lists it. */
export function findRecentRefund(db: Db, refundId: number) {
  return recentRefunds(db).where('order_refunds.id', '=', refundId).executeTakeFirst();
}

/** The newest refunds of these restaurants (null: every one), failed and pending first. */
export function findRecentRefunds(db: Db, restaurantIds: readonly number[] | null, limit: number) {
  let query = recentRefunds(db)
    .orderBy(sql`case order_refunds.status when 'failed' then 0 when 'pending' then 1 else 2 end`)
    .orderBy('order_refunds.created_at', 'desc')
    .orderBy('order_refunds.id', 'desc')
    .limit(limit);
  if (restaurantIds !== null)
    query = query.where('orders.restaurant_id', 'in', restaurantIds.length > 0 ? [...restaurantIds] : [-1]);
  return query.execute();
}

export type RecentRefundRow = NonNullable<Awaited<ReturnType<typeof findRecentRefund>>>;

function recentRefunds(db: Db) {
  return db
    .selectFrom('order_refunds')
    .innerJoin('orders', 'orders.id', 'order_refunds.order_id')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .leftJoin('staff_accounts', 'staff_accounts.id', 'order_refunds.staff_id')
    .select([
      'order_refunds.id',
      'order_refunds.order_id',
      'orders.znumber',
      'orders.restaurant_id',
      'restaurants.name as restaurant_name',
      'order_refunds.full_cancel',
      'order_refunds.amount',
      'order_refunds.status',
      'order_refunds.failure',
      'order_refunds.created_at',
    ])
    .select(sql<string>`coalesce(staff_accounts.name, '')`.as('staff_name'));
}
