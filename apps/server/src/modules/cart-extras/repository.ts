import { sql, type Kysely } from 'kysely';
import type { Database, MenuKind, OrderType } from '../../db/types';

/**
 * The recommendations for the order type whose dish is on sale at the restaurant — active, of
 * one of its menus, not on its stop list, not locked, the recommendation not archived — leaving
 * out the dishes given, in order.
 */
export async function recommendationsOnSale(
  db: Kysely<Database>,
  options: { orderType: OrderType; restaurantId: number; menuKinds: MenuKind[]; leaveOutDishIds: number[] },
) {
  let query = db
    .selectFrom('recommended_items')
    .innerJoin('dishes', 'dishes.id', 'recommended_items.dish_id')
    .innerJoin('categories', 'categories.id', 'dishes.category_id')
    .select([
      'recommended_items.id',
      'recommended_items.dish_id',
      'recommended_items.free_cnt',
      'recommended_items.separated',
      'dishes.name',
      'dishes.price',
      'dishes.img',
      'dishes.weight',
    ])
    .where(sql<boolean>`${options.orderType} = any(recommended_items.order_types)`)
    .where('recommended_items.archived_at', 'is', null)
    .where('dishes.active', '=', true)
    .where('dishes.is_locked', '=', false)
    .where('categories.menu_kind', 'in', options.menuKinds)
    // Nor a dish stopped here, a hidden category's, or one the restaurant does not carry (issue 31).
    .where('categories.hidden', '=', false)
    .where((eb) =>
      eb.not(
        eb.or([
          eb.exists(
            eb
              .selectFrom('stop_list')
              .select('stop_list.dish_id')
              .whereRef('stop_list.dish_id', '=', 'dishes.id')
              .where('stop_list.restaurant_id', '=', options.restaurantId),
          ),
          eb.exists(
            eb
              .selectFrom('dishes_not_carried')
              .select('dishes_not_carried.dish_id')
              .whereRef('dishes_not_carried.dish_id', '=', 'dishes.id')
              .where('dishes_not_carried.restaurant_id', '=', options.restaurantId),
          ),
        ]),
      ),
    );
  if (options.leaveOutDishIds.length > 0) query = query.where('dishes.id', 'not in', options.leaveOutDishIds);
  return query.orderBy('recommended_items.sort').orderBy('recommended_items.id').execute();
}

/** The cutlery offered for the order type (archived items left out), in order. */
export async function cutleryForOrderType(db: Kysely<Database>, orderType: OrderType) {
  return db
    .selectFrom('cutlery_items')
    .selectAll()
    .where(sql<boolean>`${orderType} = any(order_types)`)
    .where('archived_at', 'is', null)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}
