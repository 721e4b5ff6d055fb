import type { Kysely } from 'kysely';
import type { OrderView } from '@chain/contract';
import {
  formatClock,
  formatShortDate,
  ORDER_LIST_PAGE_SIZE,
  starsOrDefault,
  ORDER_NOT_FOUND_MESSAGE,
  wallClockAt,
} from '@chain/domain';
import type { Database } from '../../db/types';
import { notFound } from '../../http/errors';
import { ratingPhotoLink, receiptLink } from '../../http/signed-links';
import { orderStatusView } from './progress';
import {
  findOrderLines,
  findOrderRatings,
  findUserOrders,
  type OrderLineRow,
  type OrderRow,
  type RatingRow,
} from './repository';

export const ORDER_NOT_FOUND = ORDER_NOT_FOUND_MESSAGE;

/** 'DD.MM.YYYY HH:MM' on the restaurant's clock (SPEC 9 short date and HH:MM). */
export function displayTime(at: Date, timeZone: string): string {
  const wall = wallClockAt(at, timeZone);
  return `${formatShortDate(wall.date)} ${formatClock(wall.minuteOfDay)}`;
}

/**
 * A page of the user's orders (SPEC 9: 20 per page, offset = number loaded), or the one order
 * `id` (404 when it is not this user's). limit absent or 0 means a full page; more is cut to 20.
 */
export async function userOrders(
  db: Kysely<Database>,
  secret: string,
  userId: number,
  page: { limit?: number; offset?: number; id?: number },
): Promise<OrderView[]> {
  const limit = Math.min(page.limit || ORDER_LIST_PAGE_SIZE, ORDER_LIST_PAGE_SIZE);
  const rows = await findUserOrders(
    db,
    userId,
    page.id === undefined ? { limit, offset: page.offset ?? 0 } : { limit: 1, offset: 0, id: page.id },
  );
  if (page.id !== undefined && rows.length === 0) throw notFound(ORDER_NOT_FOUND, 'order_not_found');
  const ids = rows.map((row) => row.id);
  const lines = await findOrderLines(db, ids);
  const ratings = await findOrderRatings(db, ids);
  return rows.map((row) =>
    orderView(
      row,
      lines.filter((line) => line.order_id === row.id),
      ratings.filter((rating) => rating.order_id === row.id),
      secret,
    ),
  );
}

function orderView(row: OrderRow, lines: OrderLineRow[], ratings: RatingRow[], secret: string): OrderView {
  const props = isRecord(row.props) ? row.props : {};
  const orderRating = ratings.find((rating) => rating.item_id === null);
  const photos = (rating: RatingRow) => rating.photo_ids.map((id) => ratingPhotoLink(secret, id));
  const extra = (kind: 'cutlery' | 'recommended') =>
    lines
      .filter((line) => line.kind === kind)
      .map((line) => ({
        id: line.item_id,
        name: line.name,
        cnt: line.cnt,
        charged_cnt: line.charged_cnt,
        price: line.price,
        sum: line.line_sum,
      }));
  return {
    id: row.id,
    znumber: row.znumber,
    time: row.created_at.toISOString(),
    time_text: displayTime(row.created_at, row.restaurant_time_zone),
    type: row.type,
    ...orderStatusView(row),
    sum: row.sum,
    sums: {
      items: row.items_sum,
      cutlery: row.cutlery_sum,
      recommended: row.recommended_sum,
      discount: row.discount_sum,
      delivery: row.delivery_sum,
      total: row.sum,
    },
    name: row.name,
    address: row.type === 'delivery' ? addressText(props.address) : '',
    table: row.table_num ?? '',
    basket: lines
      .filter((line) => line.kind === 'dish')
      .map((line) => {
        const spec = lineSpec(line.spec);
        const rating = itemRatingOf(ratings, line.item_id, spec?.id ?? null);
        return {
          id: line.item_id,
          line_id: line.id,
          name: line.name,
          cnt: line.cnt,
          price: line.price,
          sum: line.line_sum,
          photo: line.photo,
          spec,
          specs: lineSpecs(line.specs),
          comment: line.comment,
          rate: rating
            ? {
                id: rating.id,
                taste: rating.rate_taste,
                fresh: rating.rate_fresh,
                speed: rating.rate_speed,
                comment: rating.comment,
                type: rating.type,
                photos: photos(rating),
                time: rating.created_at.toISOString(),
              }
            : null,
        };
      }),
    pribors: extra('cutlery'),
    recommendedItems: extra('recommended'),
    comment: row.comment,
    props: {
      ...props,
      deliveryTime: typeof props.deliveryTime === 'string' ? props.deliveryTime : '',
      deliveryDate: typeof props.deliveryDate === 'string' ? props.deliveryDate : '',
      address: typeof props.address === 'string' || isRecord(props.address) ? props.address : '',
    },
    as_ready: row.as_ready ? 1 : 0,
    discountPercent: row.discount_percent,
    pay_method: row.pay_method,
    receipt: receiptLink(secret, row.id),
    tips_id: row.tips_id,
    rate: orderRating
      ? {
          id: orderRating.id,
          stars: starsOrDefault(orderRating.stars),
          rate_taste: orderRating.rate_taste,
          rate_fresh: orderRating.rate_fresh,
          rate_speed: orderRating.rate_speed,
          rate_quality: orderRating.rate_quality,
          comment: orderRating.comment,
          type: orderRating.type,
          photos: photos(orderRating),
          time: orderRating.created_at.toISOString(),
        }
      : null,
    restoran_id: row.restaurant_id,
    restoran: {
      id: row.restaurant_id,
      name: row.restaurant_name,
      address: row.restaurant_address,
      phone: row.restaurant_phone,
    },
    refunding: row.refunding_sum,
  };
}

/** The rating of a dish with this option; a rating left without an option covers every line of the dish. */
function itemRatingOf(ratings: RatingRow[], itemId: number, specId: number | null): RatingRow | undefined {
  const ofItem = ratings.filter((rating) => rating.item_id === itemId);
  return ofItem.find((rating) => rating.spec_id === specId) ?? ofItem.find((rating) => rating.spec_id === null);
}

/** The delivery address as one line of text: the saved `full` text, else street and house. */
export function addressText(address: unknown): string {
  if (typeof address === 'string') return address;
  if (!isRecord(address)) return '';
  for (const key of ['full', 'short', 'long']) {
    const text = address[key];
    if (typeof text === 'string' && text.trim() !== '') return text.trim();
  }
  const street = isRecord(address.street) ? address.street.name : address.street;
  return [street, address.house].filter((part) => typeof part === 'string' && part !== '').join(', ');
}

export function lineSpec(spec: unknown): { id: number; name: string; price: number } | null {
  if (!isRecord(spec)) return null;
  return {
    id: wholeNumber(spec.id),
    name: typeof spec.name === 'string' ? spec.name : '',
    price: wholeNumber(spec.price),
  };
}

export function lineSpecs(specs: unknown): Array<{ id: number; name: string; price: number; cnt: number }> {
  if (!Array.isArray(specs)) return [];
  return specs.filter(isRecord).map((spec) => ({
    id: wholeNumber(spec.id),
    name: typeof spec.name === 'string' ? spec.name : '',
    price: wholeNumber(spec.price),
    cnt: wholeNumber(spec.cnt),
  }));
}

function wholeNumber(value: unknown): number {
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : 0;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
