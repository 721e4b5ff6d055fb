import type { Insertable, Kysely } from 'kysely';
import type { Database, RatingsTable } from '../../db/types';
import type { DecodedPhoto } from './photos';

/** The order as rate/add needs it: whose it is, whether it is paid, and its dish lines. */
export async function findRatableOrder(db: Kysely<Database>, orderId: number, userId: number) {
  const order = await db
    .selectFrom('orders')
    .select(['id', 'paid'])
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!order) return undefined;
  const lines = await db
    .selectFrom('order_items')
    .select(['item_id', 'spec', 'name'])
    .where('order_id', '=', orderId)
    // Only dishes are rated: a recommended line's item_id is a recommended_items id, not a dish's.
    .where('kind', '=', 'dish')
    .execute();
  return { ...order, lines };
}

export async function ratingTypeExists(db: Kysely<Database>, id: number): Promise<boolean> {
  return (await db.selectFrom('rating_items').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function ratingExists(
  db: Kysely<Database>,
  orderId: number,
  itemId: number | null,
  specId: number | null,
): Promise<boolean> {
  let query = db.selectFrom('ratings').select('id').where('order_id', '=', orderId);
  query = itemId === null ? query.where('item_id', 'is', null) : query.where('item_id', '=', itemId);
  query = specId === null ? query.where('spec_id', 'is', null) : query.where('spec_id', '=', specId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The rating and its photos in one transaction; returns the rating's id. */
export async function insertRating(
  db: Kysely<Database>,
  rating: Insertable<RatingsTable>,
  photos: DecodedPhoto[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx.insertInto('ratings').values(rating).returning('id').executeTakeFirstOrThrow();
    for (const photo of photos) {
      await trx
        .insertInto('rating_photos')
        .values({ rating_id: id, mime: photo.mime, data: photo.data, reencoded: true })
        .execute();
    }
    return id;
  });
}

/** The user's ratings, newest first, with the order, restaurant and category they belong to. */
export async function findUserRatings(db: Kysely<Database>, userId: number, page: { limit: number; offset: number }) {
  return db
    .selectFrom('ratings')
    .innerJoin('orders', 'orders.id', 'ratings.order_id')
    .innerJoin('restaurants', 'restaurants.id', 'orders.restaurant_id')
    .leftJoin('rating_items', 'rating_items.id', 'ratings.type')
    .selectAll('ratings')
    .select([
      'orders.znumber',
      'orders.created_at as order_created_at',
      'orders.restaurant_id',
      'restaurants.name as restaurant_name',
      'restaurants.time_zone',
      'rating_items.name as type_name',
    ])
    .where('ratings.user_id', '=', userId)
    .orderBy('ratings.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** Dish names of these orders, to name what an item rating rates. */
export async function findLineNames(db: Kysely<Database>, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('order_items')
    .select(['order_id', 'item_id', 'spec', 'name'])
    .where('order_id', 'in', orderIds)
    .where('kind', '=', 'dish')
    .execute();
}

export async function findPhoto(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('rating_photos')
    .select(['id', 'mime', 'data', 'reencoded'])
    .where('id', '=', id)
    .where('refused', '=', false)
    .executeTakeFirst();
}

/** A photo kept as it came that cannot be made again: never served, never decoded again; kept for an operator. */
export async function markPhotoRefused(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('rating_photos')
    .set({ refused: true })
    .where('id', '=', id)
    .where('reencoded', '=', false)
    .execute();
}

/** A photo kept as it came (before decision 041) replaced by the server's re-encoding, once. */
export async function keepReencodedPhoto(db: Kysely<Database>, id: number, photo: DecodedPhoto): Promise<void> {
  await db
    .updateTable('rating_photos')
    .set({ mime: photo.mime, data: photo.data, reencoded: true })
    .where('id', '=', id)
    .where('reencoded', '=', false)
    .execute();
}

export async function findRatingTypes(db: Kysely<Database>) {
  const sections = await db
    .selectFrom('rating_sections')
    .select(['id', 'name'])
    .orderBy('sort')
    .orderBy('id')
    .execute();
  const items = await db
    .selectFrom('rating_items')
    .select(['id', 'name', 'section_id'])
    .orderBy('section_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
  return { sections, items };
}
