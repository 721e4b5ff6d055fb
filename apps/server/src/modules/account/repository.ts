import type { Kysely, Selectable, Updateable } from 'kysely';
import type { AddressesTable, Database, UsersTable } from '../../db/types';
import { hashToken, type UserRow } from '../auth';

export type AddressRow = Selectable<AddressesTable>;

/** The PostgreSQL error of a unique constraint, and which constraint it was. */
export function uniqueViolation(error: unknown): string | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, detail } = error as { code?: unknown; constraint?: unknown; detail?: unknown };
  if (code !== '23505') return null;
  if (typeof constraint === 'string') return constraint;
  return typeof detail === 'string' ? detail : '';
}

// ---------------------------------------------------------------------------------------------
// Users

/** Whether a user other than `exceptUserId` has this phone or e-mail. */
export async function contactTaken(
  db: Kysely<Database>,
  column: 'phone' | 'email',
  value: string,
  exceptUserId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(column, '=', value)
    .where('id', '<>', exceptUserId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateUser(
  db: Kysely<Database>,
  userId: number,
  changes: Updateable<UsersTable>,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The push token the app registered with this session, to carry over to the next one. */
export async function sessionPushToken(db: Kysely<Database>, token: string): Promise<string | null> {
  const row = await db
    .selectFrom('sessions')
    .select('push_token')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  return row?.push_token ?? null;
}

/**
 * Empties the user's row into a tombstone and deletes every other piece of personal data the
 * database keeps about them. Run inside a transaction.
 */
export async function eraseUserData(db: Kysely<Database>, userId: number): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['phone', 'email'])
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!user) return;
  const contacts = [user.phone, user.email].filter((contact): contact is string => contact !== null);

  await db.deleteFrom('addresses').where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();

  // Feedback stays for the restaurant (its restaurant, category and text), without whom it came
  // from: the linked rows and the ones sent with the same phone while signed out.
  await db
    .updateTable('feedback')
    .set({ user_id: null, name: '', phone: '' })
    .where((eb) =>
      user.phone === null
        ? eb('user_id', '=', userId)
        : eb.or([eb('user_id', '=', userId), eb('phone', '=', user.phone)]),
    )
    .execute();

  // Orders stay in the restaurant's books (sums, lines, dates), without whom they were for:
  // the guest's name, phone, e-mail, push token, comment and delivery address are erased.
  await db
    .updateTable('orders')
    .set({ name: '', phone: '', email: '', push_token: null, comment: '', props: JSON.stringify({ anonymised: 1 }) })
    .where('user_id', '=', userId)
    .execute();
  // Ratings keep their scores for the kitchen; the guest's own words and photos go.
  const ratings = db.selectFrom('ratings').select('id').where('user_id', '=', userId);
  await db.deleteFrom('rating_photos').where('rating_id', 'in', ratings).execute();
  await db.updateTable('ratings').set({ comment: '' }).where('user_id', '=', userId).execute();
  await db.deleteFrom('card_bindings').where('user_id', '=', userId).execute();

  if (contacts.length > 0) {
    // Sign-in traces keyed by the contact (short-lived, but personal data while they last).
    await db.deleteFrom('auth_codes').where('contact', 'in', contacts).execute();
    await db.deleteFrom('captchas').where('contact', 'in', contacts).execute();
    if (user.phone !== null) await db.deleteFrom('inbound_checks').where('phone', '=', user.phone).execute();
  }

  await db
    .updateTable('users')
    .set({
      phone: null,
      email: null,
      name: '',
      card: '',
      city: '',
      street: '',
      house: '',
      room: '',
      booking: false,
      stoplist: false,
      deleted_at: new Date(),
      updated_at: new Date(),
    })
    .where('id', '=', userId)
    .execute();
}

// ---------------------------------------------------------------------------------------------
// Addresses

export interface AddressValues {
  data: unknown;
  fullText: string;
  shortText: string;
  lat: number | null;
  lon: number | null;
}

export async function countAddresses(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom('addresses')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertAddress(db: Kysely<Database>, userId: number, values: AddressValues): Promise<number> {
  const row = await db
    .insertInto('addresses')
    .values({
      user_id: userId,
      data: JSON.stringify(values.data),
      full_text: values.fullText,
      short_text: values.shortText,
      lat: values.lat,
      lon: values.lon,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates the address when it is this user's; false when there is no such address of theirs. */
export async function updateAddress(
  db: Kysely<Database>,
  userId: number,
  addressId: number,
  values: AddressValues,
): Promise<boolean> {
  const result = await db
    .updateTable('addresses')
    .set({
      data: JSON.stringify(values.data),
      full_text: values.fullText,
      short_text: values.shortText,
      lat: values.lat,
      lon: values.lon,
      updated_at: new Date(),
    })
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The user's addresses, newest first; with an id, only that one (when it is theirs). */
export async function findAddresses(db: Kysely<Database>, userId: number, addressId?: number): Promise<AddressRow[]> {
  let query = db.selectFrom('addresses').selectAll().where('user_id', '=', userId);
  if (addressId !== undefined) query = query.where('id', '=', addressId);
  return query.orderBy('id', 'desc').execute();
}

export async function deleteAddress(db: Kysely<Database>, userId: number, addressId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('addresses')
    .where('id', '=', addressId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---------------------------------------------------------------------------------------------
// Feedback

export async function restaurantExists(db: Kysely<Database>, restaurantId: number): Promise<boolean> {
  const row = await db.selectFrom('restaurants').select('id').where('id', '=', restaurantId).executeTakeFirst();
  return row !== undefined;
}

export interface FeedbackValues {
  userId: number | null;
  name: string;
  phone: string;
  message: string;
  restaurantId: number | null;
  category: string;
}

export async function insertFeedback(db: Kysely<Database>, values: FeedbackValues): Promise<number> {
  const row = await db
    .insertInto('feedback')
    .values({
      user_id: values.userId,
      name: values.name,
      phone: values.phone,
      message: values.message,
      restaurant_id: values.restaurantId,
      category: values.category,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ---------------------------------------------------------------------------------------------
// Feedback topics (SPEC 5, decision 024)

/** An active topic row: a category (parent_id null) or an item of one. */
export interface TopicRow {
  id: number;
  parent_id: number | null;
  name: string;
}

/** The chain's active topics, categories and items alike, in their order. */
export async function findActiveTopics(db: Kysely<Database>): Promise<TopicRow[]> {
  return db
    .selectFrom('feedback_topics')
    .select(['id', 'parent_id', 'name'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export interface TopicOrderRow {
  id: number;
  znumber: string;
  sum: number;
  created_at: Date;
  restaurant_id: number;
  restaurant_time_zone: string;
}

/** The user's own latest orders, newest first. */
export async function findRecentUserOrders(
  db: Kysely<Database>,
  userId: number,
  limit: number,
): Promise<TopicOrderRow[]> {
  return db
    .selectFrom('orders')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .select([
      'orders.id',
      'orders.znumber',
      'orders.sum',
      'orders.created_at',
      'orders.restaurant_id',
      'restaurants.time_zone as restaurant_time_zone',
    ])
    .where('orders.user_id', '=', userId)
    .orderBy('orders.id', 'desc')
    .limit(limit)
    .execute();
}

export interface TopicDishRow {
  order_id: number;
  item_id: number;
  name: string;
}

/** The dish lines (not cutlery or extras) of these orders, newest order first. */
export async function findOrderDishes(db: Kysely<Database>, orderIds: readonly number[]): Promise<TopicDishRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .select(['order_id', 'item_id', 'name'])
    .where('order_id', 'in', orderIds)
    .where('kind', '=', 'dish')
    .orderBy('order_id', 'desc')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

/** The active restaurants, in the chain's order. */
export async function findActiveRestaurantNames(db: Kysely<Database>): Promise<Array<{ id: number; name: string }>> {
  return db
    .selectFrom('restaurants')
    .select(['id', 'name'])
    .where('active', '=', true)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
