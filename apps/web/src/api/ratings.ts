import {
  RATING_LIST_PAGE_SIZE,
  rateAddCall,
  rateGetTypesAction,
  rateListCall,
  type CallInput,
  type RatingListEntry,
  type RatingTypes,
} from '@chain/contract';
import { callAction } from './action';
import { call, type RequestOptions } from './client';

/*
 * Ratings (SPEC 7 rate/add, rate/list, the rateGetTypes action): the calls the order page's
 * rating form and «Мои оценки» make, with the signed-in guest's id and token. Failures arrive
 * as ApiError with the server's Russian text.
 */

export interface RatingSession {
  readonly id: string;
  readonly password: string;
}

/** What rate/add takes besides the credentials: an order rating (no item_id) or an item rating. */
export interface RatingFields {
  readonly order_id: number;
  readonly item_id?: number;
  readonly spec_id?: number;
  readonly stars?: number;
  readonly rate_taste?: number;
  readonly rate_fresh?: number;
  readonly rate_speed?: number;
  readonly rate_quality?: number;
  readonly taste?: number;
  readonly fresh?: number;
  readonly speed?: number;
  readonly comment?: string;
  /** Data URLs (data:image/jpeg;base64,…). */
  readonly photos?: readonly string[];
  /** A low-rating category's id. */
  readonly type?: string | number;
}

/** POST rate/add: one order rating (no item_id) or one item rating. */
export async function addRating(session: RatingSession, fields: RatingFields, options?: RequestOptions): Promise<void> {
  const body: CallInput<typeof rateAddCall> = {
    stars: fields.stars,
    rate_taste: fields.rate_taste,
    rate_fresh: fields.rate_fresh,
    rate_speed: fields.rate_speed,
    rate_quality: fields.rate_quality,
    taste: fields.taste,
    fresh: fields.fresh,
    speed: fields.speed,
    photos: fields.photos ? [...fields.photos] : [],
    ...fields,
    user_id: session.id,
    token: session.password,
  };
  await call(rateAddCall, body, options);
}

/** rateGetTypes (the generic call): the low-rating categories by section. */
export function loadRatingTypes(session: RatingSession, options?: RequestOptions): Promise<RatingTypes> {
  return callAction(rateGetTypesAction, {}, { user_id: session.id, token: session.password }, options);
}

/** The page size of «Мои оценки». */
export const RATING_PAGE_SIZE = RATING_LIST_PAGE_SIZE;

/** POST rate/list: a page of the guest's ratings, newest first, after the `offset` already loaded. */
export async function loadRatingPage(
  session: RatingSession,
  offset: number,
  options?: RequestOptions,
): Promise<RatingListEntry[]> {
  const answer = await call(
    rateListCall,
    { user_id: session.id, token: session.password, limit: RATING_PAGE_SIZE, offset },
    options,
  );
  return answer.items;
}
