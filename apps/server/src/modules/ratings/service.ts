import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  RATING_LIST_PAGE_MAX,
  RATING_LIST_PAGE_SIZE,
  type RateAddRequest,
  type RatingListEntry,
} from '@chain/contract';
import { starsOrDefault, ORDER_NOT_FOUND_MESSAGE } from '@chain/domain';
import type { Database } from '../../db/types';
import { AppError, badRequest, conflict, notFound } from '../../http/errors';
import { ratingPhotoLink } from '../../http/signed-links';
import { displayTime, findPhotoIds, lineSpec } from '../order-history';
import { RefusedUploadError } from '../photos';
import { decodePhoto, reencodePhoto, type DecodedPhoto } from './photos';
import {
  findLineNames,
  findPhoto,
  findRatableOrder,
  findUserRatings,
  insertRating,
  keepReencodedPhoto,
  markPhotoRefused,
  ratingExists,
  ratingTypeExists,
} from './repository';

export const ALREADY_RATED = 'Оценка уже оставлена';

/**
 * rate/add (SPEC 3, 4, 5, 7): an order rating when item_id is empty, else an item rating.
 * Only the order's own user (another user's order is "not found"), only a paid order (SPEC 4:
 * rating controls while paid = 1), a dish that is in the order, once per order and per dish
 * and option (409 «Оценка уже оставлена»). Stars default to 5 (SPEC 5, 9).
 */
export async function addRating(db: Kysely<Database>, userId: number, body: RateAddRequest): Promise<void> {
  const order = await findRatableOrder(db, body.order_id, userId);
  if (!order) throw notFound(ORDER_NOT_FOUND_MESSAGE, 'order_not_found');
  if (!order.paid) throw conflict('Оценить можно только оплаченный заказ.', 'not_paid');

  const itemId = body.item_id ?? null;
  const specId = itemId === null ? null : (body.spec_id ?? null);
  if (itemId !== null) {
    const inOrder = order.lines.some(
      (line) => line.item_id === itemId && (specId === null || lineSpec(line.spec)?.id === specId),
    );
    if (!inOrder) throw badRequest('Этого блюда нет в заказе.', 'item_not_in_order');
  }
  if (body.type !== undefined && !(await ratingTypeExists(db, body.type))) {
    throw badRequest('Такой категории оценки нет.', 'rating_type');
  }
  if (await ratingExists(db, order.id, itemId, specId)) throw conflict(ALREADY_RATED, 'already_rated');

  // One after another: the first refused photo is named, and one request decodes one picture at a time.
  const photos: DecodedPhoto[] = [];
  for (const [index, photo] of body.photos.entries()) photos.push(await decodePhoto(photo, index + 1));
  const scores =
    itemId === null
      ? {
          stars: starsOrDefault(body.stars),
          rate_taste: body.rate_taste ?? null,
          rate_fresh: body.rate_fresh ?? null,
          rate_speed: body.rate_speed ?? null,
          rate_quality: body.rate_quality ?? null,
        }
      : // An item rating keeps taste, fresh and speed in the same columns; it has no stars.
        {
          stars: null,
          rate_taste: body.taste ?? null,
          rate_fresh: body.fresh ?? null,
          rate_speed: body.speed ?? null,
          rate_quality: null,
        };
  try {
    await insertRating(
      db,
      {
        order_id: order.id,
        user_id: userId,
        item_id: itemId,
        spec_id: specId,
        ...scores,
        comment: body.comment ?? '',
        type: body.type ?? null,
      },
      photos,
    );
  } catch (error) {
    // Two taps at once: the unique index ratings_one_per_target lets one through.
    if (isUniqueViolation(error)) throw conflict(ALREADY_RATED, 'already_rated');
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return (
    !(error instanceof AppError) &&
    typeof error === 'object' &&
    error !== null &&
    (error as { code?: unknown }).code === '23505'
  );
}

/** rate/list: the user's ratings, newest first, named by order, restaurant and dish. */
export async function listRatings(
  db: Kysely<Database>,
  secret: string,
  userId: number,
  page: { limit?: number; offset?: number },
): Promise<RatingListEntry[]> {
  const limit = Math.min(page.limit || RATING_LIST_PAGE_SIZE, RATING_LIST_PAGE_MAX);
  const rows = await findUserRatings(db, userId, { limit, offset: page.offset ?? 0 });
  const photos = await findPhotoIds(
    db,
    rows.map((row) => row.id),
  );
  const lines = await findLineNames(db, [
    ...new Set(rows.filter((row) => row.item_id !== null).map((row) => row.order_id)),
  ]);
  return rows.map((row) => {
    const isItem = row.item_id !== null;
    const line = isItem
      ? (lines.find(
          (l) =>
            l.order_id === row.order_id &&
            l.item_id === row.item_id &&
            (row.spec_id === null || lineSpec(l.spec)?.id === row.spec_id),
        ) ?? lines.find((l) => l.order_id === row.order_id && l.item_id === row.item_id))
      : undefined;
    const specName = line && row.spec_id !== null ? lineSpec(line.spec)?.name : undefined;
    return {
      id: row.id,
      kind: isItem ? ('item' as const) : ('order' as const),
      order_id: row.order_id,
      znumber: row.znumber,
      restoran_id: row.restaurant_id,
      restoran: row.restaurant_name,
      time: row.created_at.toISOString(),
      time_text: displayTime(row.created_at, row.time_zone),
      order_time_text: displayTime(row.order_created_at, row.time_zone),
      item_id: row.item_id,
      spec_id: row.spec_id,
      item_name: isItem ? [line?.name ?? '', specName ?? ''].filter(Boolean).join(', ') : null,
      stars: isItem ? null : starsOrDefault(row.stars),
      rate_taste: isItem ? null : row.rate_taste,
      rate_fresh: isItem ? null : row.rate_fresh,
      rate_speed: isItem ? null : row.rate_speed,
      rate_quality: isItem ? null : row.rate_quality,
      taste: isItem ? row.rate_taste : null,
      fresh: isItem ? row.rate_fresh : null,
      speed: isItem ? row.rate_speed : null,
      comment: row.comment,
      type: row.type,
      type_name: row.type_name,
      photos: (photos.get(row.id) ?? []).map((id) => ratingPhotoLink(secret, id)),
    };
  });
}

/**
 * A rating photo as it may be served: the server's own JPEG (decision 041). A photo kept as it
 * came before that is made again on its first read and kept so; one that does not decode, or
 * declares more pixels than a new upload may, is never served (null, as an unknown photo) and
 * stays in the database for an operator to look at.
 */
export async function servablePhoto(
  db: Kysely<Database>,
  id: number,
  log: Pick<FastifyBaseLogger, 'warn'>,
): Promise<{ mime: string; data: Uint8Array } | null> {
  const photo = await findPhoto(db, id);
  if (!photo) return null;
  if (photo.reencoded) return photo;
  let made: DecodedPhoto;
  try {
    made = await reencodePhoto(Buffer.from(photo.data), photo.mime);
  } catch (error) {
    if (!(error instanceof RefusedUploadError)) throw error;
    log.warn(
      { err: error, photoId: id },
      'a rating photo kept as uploaded cannot be made again; marked refused, not served',
    );
    await markPhotoRefused(db, id);
    return null;
  }
  await keepReencodedPhoto(db, id, made);
  return made;
}
