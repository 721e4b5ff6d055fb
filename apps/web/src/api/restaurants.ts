import { useEffect, useSyncExternalStore } from 'react';
import { restaurantList, type RestaurantListResponse } from '@chain/contract';
import { type ApiClient, ApiError, REQUEST_FAILED_MESSAGE, apiGet } from './client';

export type RestaurantListSnapshot =
  | { readonly status: 'loading'; readonly restaurants: null; readonly error: null }
  | { readonly status: 'ready'; readonly restaurants: RestaurantListResponse; readonly error: null }
  | { readonly status: 'error'; readonly restaurants: null; readonly error: ApiError };

const LOADING: RestaurantListSnapshot = { status: 'loading', restaurants: null, error: null };

/**
 * GET /api/v2/restoran/list (SPEC 7: cached, not refetched while non-empty), shared by the
 * screens that list restaurants. An empty list or a failure is asked again on the next use.
 */
export function createRestaurantListSource(get: ApiClient['get']) {
  let snapshot: RestaurantListSnapshot = LOADING;
  let pending: Promise<RestaurantListResponse> | null = null;
  const listeners = new Set<() => void>();

  const publish = (next: RestaurantListSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  function load(): Promise<RestaurantListResponse> {
    if (snapshot.status === 'ready' && snapshot.restaurants.length > 0) return Promise.resolve(snapshot.restaurants);
    if (pending) return pending;
    if (snapshot.status === 'error') publish(LOADING);
    pending = get(restaurantList.path, restaurantList.response).then(
      (restaurants) => {
        pending = null;
        publish({ status: 'ready', restaurants, error: null });
        return restaurants;
      },
      (cause: unknown) => {
        pending = null;
        const error =
          cause instanceof ApiError ? cause : new ApiError(REQUEST_FAILED_MESSAGE, 'network', null, null, null, { cause });
        publish({ status: 'error', restaurants: null, error });
        throw error;
      },
    );
    return pending;
  }

  return {
    load,
    /** Loads unless a non-empty list is here or on its way; errors are in the snapshot, not thrown. */
    ensureLoaded: (): void => {
      const stale = snapshot.status === 'loading' || (snapshot.status === 'ready' && snapshot.restaurants.length === 0);
      if (stale && !pending) load().catch(() => undefined);
    },
    /** Asks again after an error (the retry button). */
    retry: (): void => {
      load().catch(() => undefined);
    },
    getSnapshot: (): RestaurantListSnapshot => snapshot,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type RestaurantListSource = ReturnType<typeof createRestaurantListSource>;

export const restaurantListSource = createRestaurantListSource((path, schema, options) => apiGet(path, schema, options));

/**
 * The chain's restaurants: loading, ready, or error (retry with `restaurantListSource.retry`).
 * A screen that shows them asks once when it opens, so an empty list is asked again on the
 * next visit, never in a loop.
 */
export function useRestaurantList(source: RestaurantListSource = restaurantListSource): RestaurantListSnapshot {
  useEffect(() => source.ensureLoaded(), [source]);
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}
