import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { showsPayButton } from '@chain/domain';
import { logPaymentState, type PaymentRef } from '../../../logging/state';
import { ACQUIRER_CALL_TIMEOUT_MS, type SavedCard } from '../../../adapters/acquiring/types';
import {
  renewLease as renewOutboxLease,
  secondsAgo,
  secondsFromNow,
  takeDue,
  type LeasedOutbox,
} from '../../../db/leased-outbox';
import type {
  Database,
  PaymentEventKind,
  PaymentEventOutcome,
  PaymentsTable,
  PaymentStatus,
  PayMethod,
} from '../../../db/types';

export type PaymentRow = Selectable<PaymentsTable>;

/** What a payment's state line tells of it (logging/state.ts). */
function refOf(row: Pick<PaymentRow, 'id' | 'order_id' | 'method' | 'provider_id'>): PaymentRef {
  return { orderId: row.order_id, paymentId: row.id, method: row.method, providerPaymentId: row.provider_id };
}

/** The columns a state line reads of the payments a statement changed. */
const REF_COLUMNS = ['id', 'order_id', 'method', 'provider_id'] as const;

/** Paid within `seconds`: the window of the work after a payment (tips ids, receipts' letters). */
export function paidWithin(seconds: number) {
  return sql<boolean>`paid and paid_at > ${secondsAgo(seconds)}`;
}

/** What starting a payment needs to know of an order. */
export interface PayableOrder {
  id: number;
  userId: number | null;
  znumber: string;
  sum: number;
  paid: boolean;
  status: number;
  source: 'kiosk' | 'web';
  /** The kiosk it was placed at (decision 038); null for a guest's order. */
  kioskDeviceId: number | null;
  fsUid: string;
  restaurantName: string;
  /** What decides its time to pay (decision 032): when it was placed, the time chosen, its restaurant now. */
  createdAt: Date;
  readyAt: Date | null;
  restaurantId: number;
  restaurantActive: boolean;
  timeZone: string;
}

export async function findPayableOrder(db: Kysely<Database>, orderId: number): Promise<PayableOrder | undefined> {
  const row = await db
    .selectFrom('orders')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .select([
      'orders.id',
      'orders.user_id',
      'orders.znumber',
      'orders.sum',
      'orders.paid',
      'orders.status',
      'orders.source',
      'orders.created_at',
      'orders.ready_at',
      'orders.restaurant_id',
      'orders.kiosk_device_id',
      'restaurants.fs_uid',
      'restaurants.name as restaurant_name',
      'restaurants.active as restaurant_active',
      'restaurants.time_zone',
    ])
    .where('orders.id', '=', orderId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    userId: row.user_id,
    znumber: row.znumber,
    sum: row.sum,
    paid: row.paid,
    status: row.status,
    source: row.source,
    kioskDeviceId: row.kiosk_device_id,
    fsUid: row.fs_uid,
    restaurantName: row.restaurant_name,
    createdAt: row.created_at,
    readyAt: row.ready_at,
    restaurantId: row.restaurant_id,
    restaurantActive: row.restaurant_active,
    timeZone: row.time_zone,
  };
}

/**
 * The order's paid flag, status and owner: all the payment check reads when the order is paid;
 * with what a kiosk order answers to (its source, kiosk and placing time, decision 038).
 */
export function findOrderState(db: Kysely<Database>, orderId: number) {
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'paid', 'status', 'source', 'created_at', 'kiosk_device_id'])
    .where('id', '=', orderId)
    .executeTakeFirst();
}

/** The order's payments, newest first. */
export function paymentsOf(db: Kysely<Database>, orderId: number): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
}

/**
 * The most bank calls a start makes while it holds a claim: a saved card's register.do,
 * paymentOrderBinding.do and getOrderStatusExtended.do (SBP: register.do, the QR, and a decline
 * when the QR fails).
 */
const CLAIM_BANK_CALLS = 3;
/** The database work between a claim's bank calls (claim, attach, settle), each bounded by the query timeout. */
const CLAIM_DATABASE_MARGIN_SECONDS = 20;
/**
 * A claim older than this was abandoned (its instance stopped mid-registration): longer than
 * all its bank calls at the bank's timeout, so a slow bank never makes a live claim look
 * abandoned and a second tap charge the card again (issue 11.1).
 */
export const CLAIM_TTL_SECONDS = (CLAIM_BANK_CALLS * ACQUIRER_CALL_TIMEOUT_MS) / 1000 + CLAIM_DATABASE_MARGIN_SECONDS;

/** What a start wants: a form or QR of a method (reused while young), or a saved card's charge. */
export interface PaymentWanted {
  method: PayMethod;
  bindingId: string | null;
  /** A pending form or QR younger than this is given again. */
  reuseSeconds: number;
}

/** The order as the claim reads it, locked. */
export interface ClaimedOrder {
  id: number;
  sum: number;
  paid: boolean;
  status: number;
}

export type Claim =
  /** A live form or QR of the order: every caller answers with it. */
  | { kind: 'open'; payment: PaymentRow }
  /** Another caller is registering this kind of payment: look again shortly. */
  | { kind: 'wait'; paymentId: number }
  /**
   * This caller registers it at the bank, then attaches the bank order. `superseded`: the
   * order's older forms or QRs of this kind, now `cancelling`, to be declined at the bank once
   * this transaction commits (one live bank payment per order and kind).
   */
  | { kind: 'claimed'; payment: PaymentRow; superseded: number[] }
  /** The awaited claim ended: its payment, or null when its registration failed. */
  | { kind: 'finished'; payment: PaymentRow | null };

/**
 * Claims older than CLAIM_TTL_SECONDS (of one order, or all) give way: without a bank order
 * they go, with one they are pending, so the check and the callback learn what the bank did.
 * Returns the rows changed, each with its state line.
 */
export async function releaseAbandonedClaims(db: Kysely<Database>, orderId?: number): Promise<number> {
  const stale = secondsAgo(CLAIM_TTL_SECONDS);
  let dropped = db
    .deleteFrom('payments')
    .where('status', '=', 'registering')
    .where('provider_id', 'is', null)
    .where('created_at', '<', stale);
  let reopened = db
    .updateTable('payments')
    .set({ status: 'pending', updated_at: sql<Date>`now()` })
    .where('status', '=', 'registering')
    .where('provider_id', 'is not', null)
    .where('created_at', '<', stale);
  if (orderId !== undefined) {
    dropped = dropped.where('order_id', '=', orderId);
    reopened = reopened.where('order_id', '=', orderId);
  }
  const [gone, pending] = [
    await dropped.returning(REF_COLUMNS).execute(),
    await reopened.returning(REF_COLUMNS).execute(),
  ];
  for (const row of gone) logPaymentState(refOf(row), 'registering', null);
  for (const row of pending) logPaymentState(refOf(row), 'registering', 'pending');
  return gone.length + pending.length;
}

/**
 * The reuse check of payment/start and payment/sbp under the order's row lock (issue 11), so
 * any number of concurrent starts of one order register one bank order per kind: the first
 * claims a `registering` row in this short transaction and calls the bank outside it; the
 * others wait for its form. `refuse` throws when the locked order cannot be paid.
 */
export async function claimPayment(
  db: Kysely<Database>,
  orderId: number,
  wanted: PaymentWanted,
  awaited: number | null,
  refuse: (order: ClaimedOrder | undefined) => void,
): Promise<Claim> {
  return db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'sum', 'paid', 'status'])
      .where('id', '=', orderId)
      .forUpdate()
      .executeTakeFirst();
    await releaseAbandonedClaims(trx, orderId);
    if (awaited !== null) {
      const payment = await trx.selectFrom('payments').selectAll().where('id', '=', awaited).executeTakeFirst();
      if (payment?.status !== 'registering') return { kind: 'finished', payment: payment ?? null };
    }
    refuse(order);
    if (!order) throw new Error(`order ${orderId} vanished under its lock`);

    let live = trx
      .selectFrom('payments')
      .selectAll()
      .where('order_id', '=', orderId)
      .where('method', '=', wanted.method)
      .orderBy('id', 'desc')
      .limit(1);
    if (wanted.bindingId === null) {
      live = live
        .where('binding_id', 'is', null)
        .where('amount', '=', order.sum)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'registering'),
            eb.and([eb('status', '=', 'pending'), eb('created_at', '>', secondsAgo(wanted.reuseSeconds))]),
          ]),
        );
    } else {
      // A saved card's charge in flight (a double tap): wait for it instead of charging again.
      live = live.where('binding_id', 'is not', null).where('status', '=', 'registering');
    }
    const found = await live.executeTakeFirst();
    if (found?.status === 'registering') return { kind: 'wait', paymentId: found.id };
    if (found) return { kind: 'open', payment: found };

    // No form or QR of this kind is reused: the older ones still open at the bank (past the
    // reuse window, or for another sum) are declined, so the order never has two live ones of
    // a kind (issue 11.1; decision 016). A saved card's pending charge is not a form: it stays.
    const superseded =
      wanted.bindingId === null
        ? await trx
            .selectFrom('payments')
            .select('id')
            .where('order_id', '=', orderId)
            .where('method', '=', wanted.method)
            .where('binding_id', 'is', null)
            .where('status', '=', 'pending')
            .execute()
        : [];
    const cancelling = await startCancelling(
      trx,
      superseded.map((row) => row.id),
    );
    const payment = await trx
      .insertInto('payments')
      .values({
        order_id: orderId,
        method: wanted.method,
        amount: order.sum,
        status: 'registering',
        binding_id: wanted.bindingId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    logPaymentState(refOf(payment), null, 'registering');
    return { kind: 'claimed', payment, superseded: cancelling };
  });
}

/**
 * The order's pending forms and QRs become `cancelling`, due at once, when it is cancelled (in
 * the cancelling transaction, decision 016): the payment worker declines them at the bank.
 * Returns the ids changed.
 */
export async function cancelOpenPayments(trx: Kysely<Database>, orderId: number): Promise<number[]> {
  const open = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('status', '=', 'pending')
    .execute();
  return startCancelling(
    trx,
    open.map((row) => row.id),
  );
}

/**
 * Pending forms and QRs the order will not take become `cancelling`, due at once: the closing
 * work declines them at the bank after the caller's transaction commits. Returns the ids changed,
 * each with its state line.
 */
export async function startCancelling(db: Kysely<Database>, paymentIds: readonly number[]): Promise<number[]> {
  if (paymentIds.length === 0) return [];
  const rows = await db
    .updateTable('payments')
    .set({ status: 'cancelling', updated_at: sql<Date>`now()`, next_attempt_at: sql<Date>`now()` })
    .where('id', 'in', [...paymentIds])
    .where('status', '=', 'pending')
    .returning(REF_COLUMNS)
    .execute();
  for (const row of rows) logPaymentState(refOf(row), 'pending', 'cancelling');
  return rows.map((row) => row.id);
}

/** Pending payments with their order's paid flag and status: what the worker's sweep looks at. */
export function pendingPaymentsWithOrders(db: Kysely<Database>) {
  return db
    .selectFrom('payments')
    .innerJoin('orders', 'orders.id', 'payments.order_id')
    .select(['payments.id', 'orders.paid', 'orders.status'])
    .where('payments.status', '=', 'pending')
    .execute();
}

/**
 * The bank registered a claimed payment: its bank order is attached under the order's lock.
 * `open` (pending, or still claimed while a saved card is charged), `closed` when the order
 * was paid or closed meanwhile (the payment is then `cancelling`, declined at the bank by the
 * closing work), `lost` when the claim was given up as abandoned.
 */
export async function attachBankOrder(
  db: Kysely<Database>,
  paymentId: number,
  bank: { providerId: string; formUrl?: string; sbpPayload?: string },
  keepClaimed: boolean,
): Promise<'open' | 'closed' | 'lost'> {
  return db.transaction().execute(async (trx) => {
    const ref = await trx
      .selectFrom('payments')
      .select(['id', 'order_id', 'method'])
      .where('id', '=', paymentId)
      .executeTakeFirst();
    if (!ref) return 'lost';
    const order = await trx
      .selectFrom('orders')
      .select(['paid', 'status'])
      .where('id', '=', ref.order_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const payment = await trx
      .selectFrom('payments')
      .select('status')
      .where('id', '=', paymentId)
      .forUpdate()
      .executeTakeFirst();
    if (payment?.status !== 'registering') return 'lost';
    // SPEC 4: an order takes a payment while its pay button shows (the domain's one rule).
    const closed = !showsPayButton(order);
    const status = closed ? 'cancelling' : keepClaimed ? 'registering' : 'pending';
    await trx
      .updateTable('payments')
      .set({
        provider_id: bank.providerId,
        form_url: bank.formUrl ?? null,
        sbp_payload: bank.sbpPayload ?? null,
        status,
        next_attempt_at: closed ? sql<Date>`now()` : null,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', paymentId)
      .execute();
    // A saved card's claim stays `registering` while it is charged: its line comes with openClaim.
    if (status !== 'registering')
      logPaymentState(refOf({ ...ref, provider_id: bank.providerId }), 'registering', status);
    return closed ? 'closed' : 'open';
  });
}

/** A claim whose registration failed gives way (nothing was registered at the bank for it). */
export async function releaseClaim(db: Kysely<Database>, paymentId: number): Promise<void> {
  const gone = await db
    .deleteFrom('payments')
    .where('id', '=', paymentId)
    .where('status', '=', 'registering')
    .where('provider_id', 'is', null)
    .returning(REF_COLUMNS)
    .executeTakeFirst();
  if (gone) logPaymentState(refOf(gone), 'registering', null);
}

/** A saved card's charge has answered: its claim becomes an ordinary pending payment. */
export async function openClaim(db: Kysely<Database>, paymentId: number): Promise<PaymentRow | undefined> {
  const opened = await db
    .updateTable('payments')
    .set({ status: 'pending', updated_at: sql<Date>`now()` })
    .where('id', '=', paymentId)
    .where('status', '=', 'registering')
    .returningAll()
    .executeTakeFirst();
  if (opened) logPaymentState(refOf(opened), 'registering', 'pending');
  return opened;
}

export function findPayment(db: Kysely<Database>, paymentId: number): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('id', '=', paymentId).executeTakeFirst();
}

export function findPaymentByProviderId(db: Kysely<Database>, providerId: string) {
  return db.selectFrom('payments').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
}

/** A saved card of this user (the cache of the acquirer's bindings). */
export function findUserBinding(db: Kysely<Database>, userId: number, bindingId: string) {
  return db
    .selectFrom('card_bindings')
    .selectAll()
    .where('user_id', '=', userId)
    .where('binding_id', '=', bindingId)
    .executeTakeFirst();
}

export async function listUserBindings(db: Kysely<Database>, userId: number): Promise<SavedCard[]> {
  const rows = await db
    .selectFrom('card_bindings')
    .select(['binding_id', 'masked_pan', 'expiry'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('binding_id')
    .execute();
  return rows.map((row) => ({ bindingId: row.binding_id, maskedPan: row.masked_pan, expiry: row.expiry }));
}

/** Saves a card of the user (a binding the bank reported). */
export async function saveBinding(db: Kysely<Database>, userId: number, card: SavedCard): Promise<void> {
  await db
    .insertInto('card_bindings')
    .values({ binding_id: card.bindingId, user_id: userId, masked_pan: card.maskedPan, expiry: card.expiry })
    .onConflict((oc) =>
      oc.column('binding_id').doUpdateSet({ user_id: userId, masked_pan: card.maskedPan, expiry: card.expiry }),
    )
    .execute();
}

/** Makes the cache the bank's list: cards it no longer has are dropped. */
export async function replaceUserBindings(
  db: Kysely<Database>,
  userId: number,
  cards: readonly SavedCard[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let gone = trx.deleteFrom('card_bindings').where('user_id', '=', userId);
    if (cards.length > 0)
      gone = gone.where(
        'binding_id',
        'not in',
        cards.map((card) => card.bindingId),
      );
    await gone.execute();
    for (const card of cards) await saveBinding(trx, userId, card);
  });
}

// ---------------------------------------------------------------------------------------------
// Settling a payment (settle.ts)

/**
 * The payment and its order, both row-locked in the order every writer of orders takes: the
 * order first, then the payment.
 */
export async function lockPaymentAndOrder(trx: Transaction<Database>, paymentId: number) {
  const ref = await trx.selectFrom('payments').select('order_id').where('id', '=', paymentId).executeTakeFirstOrThrow();
  const order = await trx
    .selectFrom('orders')
    .select(['id', 'sum', 'paid', 'status', 'user_id', 'type', 'source'])
    .where('id', '=', ref.order_id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const payment = await trx
    .selectFrom('payments')
    .selectAll()
    .where('id', '=', paymentId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  return { order, payment };
}

/** Records the payment's new status and failure, with its state line; a refund is due at once. */
export async function setPaymentStatus(
  trx: Kysely<Database>,
  payment: PaymentRow,
  status: PaymentStatus,
  failure: string | null,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      status,
      failure,
      updated_at: sql<Date>`now()`,
      next_attempt_at: status === 'refund_due' ? sql<Date>`now()` : null,
    })
    .where('id', '=', payment.id)
    .execute();
  logPaymentState(refOf(payment), payment.status, status);
}

export async function markOrderPaid(trx: Kysely<Database>, orderId: number, method: PayMethod): Promise<void> {
  await trx
    .updateTable('orders')
    .set({
      paid: true,
      paid_at: sql<Date>`now()`,
      pay_method: method,
      // Due its tips_id from now (decision 025): asked of the tips service after this commits.
      tips_due_at: sql<Date>`now()`,
      tips_attempts: 0,
      // Due its receipt's letter when the guest asked for one (decision 032): sent after this commits.
      receipt_due_at: sql<Date | null>`case when emailsend and email <> '' then now() end`,
      receipt_attempts: 0,
    })
    .where('id', '=', orderId)
    .execute();
}

/** The order's pending payments other than this one. */
export async function otherPendingPayments(
  trx: Kysely<Database>,
  orderId: number,
  paymentId: number,
): Promise<number[]> {
  const open = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', orderId)
    .where('id', '!=', paymentId)
    .where('status', '=', 'pending')
    .execute();
  return open.map((row) => row.id);
}

// ---------------------------------------------------------------------------------------------
// Closing payments at the bank (closing.ts): leases and the record of each step

/** The states the closing work takes payments in. */
const CLOSING: readonly PaymentStatus[] = ['cancelling', 'refund_due'];

/** Payments whose closing at the bank is due (closing.ts): a lease on payments.next_attempt_at (db/leased-outbox.ts). */
const CLOSING_OUTBOX: LeasedOutbox<'payments'> = {
  table: 'payments',
  dueAt: 'next_attempt_at',
  attempts: 'attempts',
  open: sql<boolean>`status in (${sql.join(CLOSING)})`,
};

/** Takes one due payment (or the named one) under a fresh lease: the next taker skips it until the lease ends. */
export function takeDuePayment(
  db: Kysely<Database>,
  id: number | undefined,
  leaseSeconds: number,
): Promise<PaymentRow | undefined> {
  return takeDue<'payments', PaymentRow>(db, CLOSING_OUTBOX, { id, leaseSeconds, columns: '*' });
}

/** Renews the lease just before the bank is asked to act: false when another taker holds the payment now (or its state moved on). */
export function renewLease(db: Kysely<Database>, payment: PaymentRow, leaseSeconds: number): Promise<boolean> {
  return renewOutboxLease(db, CLOSING_OUTBOX, payment, leaseSeconds, sql<boolean>`status = ${payment.status}`);
}

/**
 * Locks the payment's order, then the payment, as every writer does (the event's foreign key
 * locks the order's row too, and taking it after the payment's would deadlock with
 * settlePayment); the payment's status and lease token now, or undefined when it is gone.
 */
export async function lockClosingPayment(
  trx: Transaction<Database>,
  payment: PaymentRow,
): Promise<{ status: PaymentStatus; attempts: number } | undefined> {
  await trx.selectFrom('orders').select('id').where('id', '=', payment.order_id).forUpdate().execute();
  return trx
    .selectFrom('payments')
    .select(['status', 'attempts'])
    .where('id', '=', payment.id)
    .forUpdate()
    .executeTakeFirst();
}

/** One operation asked of the bank, on the order's payment history. */
export async function insertPaymentEvent(
  trx: Kysely<Database>,
  payment: PaymentRow,
  event: {
    kind: PaymentEventKind;
    amount: number;
    outcome: PaymentEventOutcome;
    answer: { code: string; message: string };
  },
): Promise<void> {
  await trx
    .insertInto('payment_events')
    .values({
      order_id: payment.order_id,
      payment_id: payment.id,
      kind: event.kind,
      amount: event.amount,
      outcome: event.outcome,
      bank_code: event.answer.code.slice(0, 20),
      bank_message: event.answer.message.slice(0, 500),
    })
    .execute();
}

/**
 * Records where a closing step left the payment (`from`: its state now, under its lock): a retry
 * in so many seconds, or its next state with its state line; with why, when given.
 */
export async function recordClosingState(
  trx: Kysely<Database>,
  payment: PaymentRow,
  from: PaymentStatus,
  next: { retryInSeconds: number } | { status: PaymentStatus },
  failure: string | null,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      ...('retryInSeconds' in next
        ? { next_attempt_at: secondsFromNow(next.retryInSeconds) }
        : { status: next.status, next_attempt_at: null }),
      ...(failure ? { failure: failure.slice(0, 500) } : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', payment.id)
    .execute();
  if ('status' in next && next.status !== from) logPaymentState(refOf(payment), from, next.status);
}
