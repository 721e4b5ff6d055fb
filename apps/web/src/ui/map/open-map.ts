import type { MapConfig } from '@chain/contract';
import type { MapOptions, MapView } from './map-view';

/**
 * Draws a map with the provider the server names (mapConfig): the Yandex Maps JS API 2.1 when
 * the chain configured a key, else Leaflet over the tile server. Each implementation (and
 * Leaflet's code and styles) is its own lazy chunk, loaded only by a screen that shows a map.
 */
export async function openMap(config: MapConfig, element: HTMLElement, options: MapOptions): Promise<MapView> {
  if (config.provider === 'yandex' && config.yandexKey !== '') {
    const { createYandexMap } = await import('./yandex-map');
    return createYandexMap(config.yandexKey)(element, options);
  }
  const { createLeafletMap } = await import('./leaflet-map');
  return createLeafletMap(config.tiles)(element, options);
}
