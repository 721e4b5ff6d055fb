import type { MapConfig } from '@chain/contract';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import type { MapOptions, MapView } from './map-view';
import { openMap } from './open-map';

export type MapViewState =
  | { readonly status: 'loading'; readonly view: null }
  | { readonly status: 'ready'; readonly view: MapView }
  | { readonly status: 'error'; readonly view: null };

/**
 * Draws a map into the element the returned ref is put on, once the map config is known; the
 * map is destroyed when the screen goes. The first options are used (moving the map is the
 * view's job afterwards). Opened as the element is committed (a layout effect, not a passive
 * one, which runs only after the browser has painted): a tile map's first view is put in as
 * pictures in the same task (tile-preview.ts), so its tiles are asked before the first paint.
 */
export function useMapView(
  config: MapConfig | null,
  options: MapOptions,
): [RefObject<HTMLDivElement | null>, MapViewState] {
  const element = useRef<HTMLDivElement | null>(null);
  const first = useRef(options);
  const [state, setState] = useState<MapViewState>({ status: 'loading', view: null });

  useLayoutEffect(() => {
    const target = element.current;
    if (config === null || target === null) return;
    let view: MapView | null = null;
    let gone = false;
    openMap(config, target, first.current).then(
      (opened) => {
        if (gone) {
          opened.destroy();
          return;
        }
        view = opened;
        setState({ status: 'ready', view: opened });
      },
      () => {
        if (!gone) setState({ status: 'error', view: null });
      },
    );
    return () => {
      gone = true;
      view?.destroy();
      setState({ status: 'loading', view: null });
    };
  }, [config]);

  return [element, state];
}
