import type { Kysely, Selectable } from 'kysely';
import type { SavedCard } from '../../adapters/acquiring/types';
import type { Database, PaymentsTable, PayMethod } from '../../db/types';

export type PaymentRow = Selectable<PaymentsTable>;

/** What starting a payment needs to know of an order. */
export interface PayableOrder {
  id: number;
  userId: number | null;
  znumber: string;
  sum: number;
  paid: boolean;
  status: number;
  source: 'kiosk' | 'web';
  fsUid: string;
  restaurantName: string;
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
      'restaurants.fs_uid',
      'restaurants.name as restaurant_name',
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
    fsUid: row.fs_uid,
    restaurantName: row.restaurant_name,
  };
}

/** The order's paid flag, status and owner: all the payment check reads when the order is paid. */
export function findOrderState(db: Kysely<Database>, orderId: number) {
  return db.selectFrom('orders').select(['id', 'user_id', 'paid', 'status']).where('id', '=', orderId).executeTakeFirst();
}

/** The order's payments, newest first. */
export function paymentsOf(db: Kysely<Database>, orderId: number): Promise<PaymentRow[]> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).orderBy('id', 'desc').execute();
}

/**
 * A pending payment of this method that the guest can still use: a card form (no saved card)
 * or an SBP QR started less than `maxAgeSeconds` ago.
 */
export function reusablePayment(db: Kysely<Database>, orderId: number, method: PayMethod, amount: number, maxAgeSeconds: number) {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('order_id', '=', orderId)
    .where('method', '=', method)
    .where('status', '=', 'pending')
    .where('amount', '=', amount)
    .where('binding_id', 'is', null)
    .where('created_at', '>', new Date(Date.now() - maxAgeSeconds * 1000))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export function insertPayment(
  db: Kysely<Database>,
  payment: { orderId: number; method: PayMethod; providerId: string; amount: number; formUrl?: string | null; bindingId?: string | null; sbpPayload?: string | null },
): Promise<PaymentRow> {
  return db
    .insertInto('payments')
    .values({
      order_id: payment.orderId,
      method: payment.method,
      provider_id: payment.providerId,
      amount: payment.amount,
      form_url: payment.formUrl ?? null,
      binding_id: payment.bindingId ?? null,
      sbp_payload: payment.sbpPayload ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findPaymentByProviderId(db: Kysely<Database>, providerId: string) {
  return db.selectFrom('payments').selectAll().where('provider_id', '=', providerId).executeTakeFirst();
}

/** A saved card of this user (the cache of the acquirer's bindings). */
export function findUserBinding(db: Kysely<Database>, userId: number, bindingId: string) {
  return db.selectFrom('card_bindings').selectAll().where('user_id', '=', userId).where('binding_id', '=', bindingId).executeTakeFirst();
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
    .onConflict((oc) => oc.column('binding_id').doUpdateSet({ user_id: userId, masked_pan: card.maskedPan, expiry: card.expiry }))
    .execute();
}

/** Makes the cache the bank's list: cards it no longer has are dropped. */
export async function replaceUserBindings(db: Kysely<Database>, userId: number, cards: readonly SavedCard[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let gone = trx.deleteFrom('card_bindings').where('user_id', '=', userId);
    if (cards.length > 0) gone = gone.where('binding_id', 'not in', cards.map((card) => card.bindingId));
    await gone.execute();
    for (const card of cards) await saveBinding(trx, userId, card);
  });
}
