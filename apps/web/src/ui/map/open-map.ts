import type { MapConfig } from '@chain/contract';
import type { MapOptions, MapView } from './map-view';
import { drawTilePreview } from './tile-preview';

type DrawMap = (element: HTMLElement, options: MapOptions) => Promise<MapView>;

/** Whether this chain's maps are drawn by the Yandex Maps JS API 2.1 (a key configured) rather than Leaflet. */
function drawsWithYandex(config: MapConfig): boolean {
  return config.provider === 'yandex' && config.yandexKey !== '';
}

/**
 * The code that draws the maps the server names (mapConfig): the Yandex Maps JS API 2.1 when the
 * chain configured a key (its API script is asked at once too), else Leaflet over the tile server.
 * Each implementation (and Leaflet's code and styles) is its own lazy chunk, loaded only by a screen that shows a map. Asked as soon
 * as the config is known (the map config query does), so the chunk is on its way while the screen
 * still renders; asking again returns the same module (a failed load is asked afresh).
 */
export async function loadMapCode(config: MapConfig): Promise<DrawMap> {
  if (drawsWithYandex(config)) {
    const { createYandexMap, loadYandexMaps } = await import('./yandex-map');
    // The API's own script (the larger part) starts loading too; the map waits for the same load.
    loadYandexMaps(config.yandexKey).catch(() => undefined);
    return createYandexMap(config.yandexKey);
  }
  const { createLeafletMap } = await import('./leaflet-map');
  return createLeafletMap(config.tiles);
}

/** Starts loading the map code for `config` without waiting; a failure shows when a screen opens the map. */
export function prepareMapCode(config: MapConfig): void {
  loadMapCode(config).catch(() => undefined);
}

/**
 * Draws a map with the provider the server names into `element`. A tile map's first view is shown
 * as pictures at once (tile-preview.ts) while its code loads, and taken away once the map has
 * drawn it, if the map fails, or when the view is destroyed.
 */
export async function openMap(config: MapConfig, element: HTMLElement, options: MapOptions): Promise<MapView> {
  const removePreview = drawsWithYandex(config)
    ? () => undefined
    : drawTilePreview(element, config.tiles, options.centre, options.zoom);
  try {
    const draw = await loadMapCode(config);
    const view = await draw(element, options);
    void view.drawn.then(removePreview);
    return {
      ...view,
      destroy: () => {
        removePreview();
        view.destroy();
      },
    };
  } catch (error) {
    removePreview();
    throw error;
  }
}
