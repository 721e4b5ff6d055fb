import type { Kysely } from 'kysely';
import type * as z from 'zod/mini';
import type {
  ActionFields,
  cartPriborsAction,
  cartRecommendsAction,
  cutleryItemView,
  recommendedItemView,
} from '@chain/contract';
import { cutleryCountWithin } from '@chain/domain';
import type { Database } from '../../db/types';
import { findActiveRestaurant } from '../restaurants';
import { cutleryForOrderType, recommendationsOnSale } from './repository';

type RecommendsFields = ActionFields<typeof cartRecommendsAction>;
type CartCutleryFields = ActionFields<typeof cartPriborsAction>;
type RecommendedItemView = z.input<typeof recommendedItemView>;
type CutleryItemView = z.input<typeof cutleryItemView>;

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

function chosenCounts(items: ReadonlyArray<{ id: number; cnt: number }> | undefined): Map<number, number> {
  return new Map((items ?? []).map((item) => [item.id, item.cnt]));
}

/**
 * cartRecommends (SPEC 2 Cart, SPEC 3 Recommended item, SPEC 7): the recommendations for the
 * order type whose dish is on sale at the restaurant — active, of a menu it offers, not on its
 * stop list, not locked — and not already in the cart. `separated` keeps one kind;
 * show_separated tells the app whether the separated block has anything to show.
 */
export async function cartRecommends(
  db: Kysely<Database>,
  fields: RecommendsFields,
): Promise<{ items: RecommendedItemView[]; show_separated: 0 | 1 }> {
  const restaurant = await findActiveRestaurant(db, fields.restoran_id);
  const inCart = [...new Set((fields.cart_items ?? []).map((line) => line.item))];
  if (restaurant.row.menu_kinds.length === 0) return { items: [], show_separated: 0 };
  const rows = await recommendationsOnSale(db, {
    orderType: fields.order_type,
    restaurantId: restaurant.row.id,
    menuKinds: restaurant.row.menu_kinds,
    leaveOutDishIds: inCart,
  });
  const counts = chosenCounts(fields.items);
  const offered = rows.map((row): RecommendedItemView => ({
    id: row.id,
    dish_id: row.dish_id,
    name: row.name,
    cnt: counts.get(row.id) ?? 0,
    price: row.price,
    free_cnt: row.free_cnt,
    separated: flag(row.separated),
    img: row.img,
    weight: row.weight,
  }));
  return {
    items: fields.separated === undefined ? offered : offered.filter((item) => item.separated === fields.separated),
    show_separated: flag(offered.some((item) => item.separated === 1)),
  };
}

/**
 * cartPribors (SPEC 2 Cart, SPEC 3 Cutlery item, SPEC 5, SPEC 7): the cutlery offered for the
 * order type, with the count chosen so far kept within 0..max.
 */
export async function cartCutlery(
  db: Kysely<Database>,
  fields: CartCutleryFields,
): Promise<{ items: CutleryItemView[] }> {
  await findActiveRestaurant(db, fields.restoran_id);
  const rows = await cutleryForOrderType(db, fields.order_type);
  const counts = chosenCounts(fields.items);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      cnt: cutleryCountWithin(counts.get(row.id) ?? 0, row.max),
      price: row.price,
      free_cnt: row.free_cnt,
      max: row.max,
    })),
  };
}
