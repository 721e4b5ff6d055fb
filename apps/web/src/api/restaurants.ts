import { restaurantList, type RestaurantListResponse } from '@chain/contract';
import { type ApiClient, call } from './client';
import { createQuery, type Query } from './query-cache';

/**
 * GET /api/v2/restoran/list (SPEC 7: cached, not refetched while non-empty), shared by the
 * screens that list restaurants. An empty list or a failure is asked again on the next use.
 */
export function createRestaurantListQuery(send: ApiClient['call']): Query<void, RestaurantListResponse> {
  return createQuery<void, RestaurantListResponse>({
    load: () => send(restaurantList),
    staleTime: (restaurants) => (restaurants.length > 0 ? Infinity : 0),
  });
}

export const restaurantListQuery = createRestaurantListQuery(call);
