import type { OrderBasketLine, OrderView, RatingTypes } from '@chain/contract';
import { DEFAULT_STARS, isOn, showsLowRatingCategories, showsRatingControls, STARS_MAX } from '@chain/domain';
import type { RatingFields } from '../../api/ratings';
import { ITEM_SCORES, type ItemScoreKey, type OrderScoreKey, scoreText } from '../../ui/rating-view';

/*
 * The rating of a paid order (SPEC 3 Order rating, Item rating; SPEC 4 rating controls; SPEC 5
 * stars 1..5, default 5, the low-rating category): what the form holds, what it sends, and how a
 * rating reads. Pure functions, tested without rendering.
 */

/** A dish of the basket the guest rates: one per dish and option (the server keeps one rating for each). */
export interface RatableDish {
  readonly key: string;
  readonly itemId: number;
  readonly specId: number | null;
  readonly name: string;
}

/** The key of a dish and its option: '12:' or '12:7'. */
export function dishKey(line: Pick<OrderBasketLine, 'id' | 'spec'>): string {
  return `${line.id}:${line.spec?.id ?? ''}`;
}

/** The basket's dishes not rated yet, one per dish and option, in basket order. */
export function ratableDishes(order: Pick<OrderView, 'basket'>): RatableDish[] {
  const seen = new Set<string>();
  const dishes: RatableDish[] = [];
  for (const line of order.basket) {
    const key = dishKey(line);
    if (line.rate !== null || seen.has(key)) continue;
    seen.add(key);
    dishes.push({
      key,
      itemId: line.id,
      specId: line.spec?.id ?? null,
      name: line.spec ? `${line.name}, ${line.spec.name}` : line.name,
    });
  }
  return dishes;
}

/**
 * Whether the order page offers the rating form: the order's own rating while it is paid and not
 * rated (SPEC 4), and after it the dishes still unrated of a paid order — so a rating cut short
 * (a failure, a reload, the app closed) can always be finished.
 */
export function offersRating(order: Pick<OrderView, 'paid' | 'rate' | 'basket'>): boolean {
  return showsRatingControls(order) || (isOn(order.paid) && ratableDishes(order).length > 0);
}

export type DishScores = Record<ItemScoreKey, number>;

/** What the rating form holds. */
export interface RatingDraft {
  readonly stars: number;
  readonly scores: Record<OrderScoreKey, number>;
  readonly comment: string;
  /** The chosen low-rating category's id as text, '' for none. */
  readonly type: string;
  readonly photos: readonly string[];
  readonly dishes: Readonly<Record<string, DishScores>>;
  /** Each dish's comment by its key (SPEC 3 Item rating), '' or absent for none. */
  readonly dishComments: Readonly<Record<string, string>>;
}

/** Everything at 5 (SPEC 5, 9: default 5), no comment, no category, no photos. */
export function initialDraft(dishes: readonly RatableDish[]): RatingDraft {
  return {
    stars: DEFAULT_STARS,
    scores: {
      rate_taste: DEFAULT_STARS,
      rate_fresh: DEFAULT_STARS,
      rate_speed: DEFAULT_STARS,
      rate_quality: DEFAULT_STARS,
    },
    comment: '',
    type: '',
    photos: [],
    dishes: Object.fromEntries(
      dishes.map((dish) => [dish.key, { taste: DEFAULT_STARS, fresh: DEFAULT_STARS, speed: DEFAULT_STARS }]),
    ),
    dishComments: {},
  };
}

/** Whether the low-rating category select shows: the stars below 5 or a dish's score below 5 (SPEC 5). */
export function showsCategory(draft: RatingDraft): boolean {
  return showsLowRatingCategories({ stars: draft.stars }, Object.values(draft.dishes));
}

const isLowDish = (scores: DishScores): boolean => ITEM_SCORES.some(({ key }) => scores[key] < STARS_MAX);

/** The target of the order's own rating among a form's requests (a dish's is its key). */
export const ORDER_TARGET = 'order';

/** One rate/add request: the order rating, or a dish's. */
export interface RatingRequest {
  /** ORDER_TARGET, or the dish's key. */
  readonly target: string;
  readonly fields: RatingFields;
}

/** A dish's comment as the form sends it: trimmed, '' for none. */
const dishComment = (draft: RatingDraft, key: string): string => (draft.dishComments[key] ?? '').trim();

/**
 * What the form sends, in order: the order rating first (stars, its four scores, the comment,
 * the photos, the category), then one item rating per dish (taste, fresh, speed, its comment,
 * and the category when one of its scores is low). The category goes only while its select shows.
 */
export function ratingRequests(orderId: number, dishes: readonly RatableDish[], draft: RatingDraft): RatingRequest[] {
  const type = showsCategory(draft) && draft.type !== '' ? draft.type : undefined;
  const comment = draft.comment.trim();
  const order: RatingFields = {
    order_id: orderId,
    stars: draft.stars,
    ...draft.scores,
    ...(comment !== '' ? { comment } : {}),
    photos: [...draft.photos],
    ...(type !== undefined ? { type } : {}),
  };
  const items = dishes.map((dish): RatingRequest => {
    const scores = draft.dishes[dish.key] ?? { taste: DEFAULT_STARS, fresh: DEFAULT_STARS, speed: DEFAULT_STARS };
    const comment = dishComment(draft, dish.key);
    return {
      target: dish.key,
      fields: {
        order_id: orderId,
        item_id: dish.itemId,
        ...(dish.specId !== null ? { spec_id: dish.specId } : {}),
        ...scores,
        ...(comment !== '' ? { comment } : {}),
        ...(type !== undefined && isLowDish(scores) ? { type } : {}),
      },
    };
  });
  return [{ target: ORDER_TARGET, fields: order }, ...items];
}

/**
 * The order as it reads once rated, before the server's copy comes back: the order rating (unless
 * it was rated before) and each sent dish's rating in place (photos as the data URLs just sent;
 * the next load brings their signed links).
 */
export function withRatings(
  order: OrderView,
  dishes: readonly RatableDish[],
  draft: RatingDraft,
  now: string,
): OrderView {
  const type = showsCategory(draft) && draft.type !== '' ? Number(draft.type) : null;
  const comment = draft.comment.trim();
  const byKey = new Map(dishes.map((dish) => [dish.key, draft.dishes[dish.key]]));
  return {
    ...order,
    rate: order.rate ?? {
      id: 0,
      stars: draft.stars,
      ...draft.scores,
      comment,
      type,
      photos: [...draft.photos],
      time: now,
    },
    basket: order.basket.map((line) => {
      const key = dishKey(line);
      const scores = line.rate === null ? byKey.get(key) : undefined;
      return scores
        ? {
            ...line,
            rate: {
              id: 0,
              ...scores,
              comment: dishComment(draft, key),
              type: isLowDish(scores) ? type : null,
              photos: [],
              time: now,
            },
          }
        : line;
    }),
  };
}

/** The name of a low-rating category by its id, or null (unknown, or the categories did not load). */
export function categoryName(types: RatingTypes | null, id: number | null): string | null {
  if (types === null || id === null) return null;
  return types.items.find((item) => item.id === id)?.name ?? null;
}

/** The categories grouped by their section, sections in their order, empty ones left out. */
export function categoryGroups(
  types: RatingTypes,
): Array<{ id: number; name: string; items: Array<{ id: number; name: string }> }> {
  return types.sections
    .map((section) => ({
      id: section.id,
      name: section.name,
      items: types.items.filter((item) => item.section_id === section.id),
    }))
    .filter((group) => group.items.length > 0);
}

/** A dish's scores as one line: «Вкус 5 из 5 · Свежесть 4 из 5 · Скорость 5 из 5» (unset ones left out). */
export function dishScoresText(rate: { taste: number | null; fresh: number | null; speed: number | null }): string {
  return ITEM_SCORES.filter(({ key }) => rate[key] !== null)
    .map(({ key, label }) => `${label} ${scoreText(rate[key] ?? 0)}`)
    .join(' · ');
}
