import { type FoundAddress, geoReverse, geoSuggest, type MapConfig, mapConfig } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';
import { prepareMapCode } from '../ui/map/open-map';
import { type ApiClient, call } from './client';
import { createQuery, type Query } from './query-cache';

/**
 * GET /api/v1/map/config: how this chain's maps are drawn; asked once a visit (the map screens
 * share it). Only a screen that draws a map asks it, so the moment it is known, `known` starts
 * loading the map's code: the chunk is on its way while the screen renders, not after.
 */
export function createMapConfigQuery(
  send: ApiClient['call'],
  known: (config: MapConfig) => void,
): Query<void, MapConfig> {
  return createQuery<void, MapConfig>({
    load: async () => {
      const config = await send(mapConfig);
      known(config);
      return config;
    },
  });
}

export const mapConfigQuery = createMapConfigQuery(call, prepareMapCode);

/** POST /api/v1/geo/suggest: addresses for what the guest typed, nearest `near` first. */
export async function suggestAddresses(
  q: string,
  near: GeoPoint | null,
  signal?: AbortSignal,
): Promise<FoundAddress[]> {
  const answer = await call(geoSuggest, { q, near }, signal ? { signal } : {});
  return answer.items;
}

/** POST /api/v1/geo/reverse: the address at a point, or null where the geocoder knows none. */
export async function addressAt(point: GeoPoint, signal?: AbortSignal): Promise<FoundAddress | null> {
  const answer = await call(geoReverse, { lat: point.lat, lon: point.lon }, signal ? { signal } : {});
  return answer.item;
}
