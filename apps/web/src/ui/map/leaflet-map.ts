import type { GeoPoint } from '@chain/domain';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapConfig } from '@chain/contract';
import { followCaptions } from './caption-declutter';
import type { MapMarker, MapOptions, MapShape, MapShapeStyle, MapView } from './map-view';
import { escapeHtml, PIN_SIZE, pinClassName, pinContent } from './pin';
import { followPointerDrag } from './pointer-drag';
import './map.css';

/** Leaflet fades a loaded tile in over 0.2 s (leaflet.css); its own pruning waits 250 ms too. */
const TILE_FADE_MS = 250;

const toLatLng = (point: GeoPoint): L.LatLngTuple => [point.lat, point.lon];
const toPoint = (latLng: L.LatLng): GeoPoint => ({ lat: latLng.lat, lon: latLng.lng });
const pathStyle = (style: MapShapeStyle): L.PathOptions => ({
  color: style.stroke,
  opacity: style.strokeOpacity,
  weight: 2,
  fillColor: style.fill,
  fillOpacity: style.fillOpacity,
});

/** The marker: a pin drawn in CSS (pin.css), so no picture is fetched and it scales crisply; a caption beside it is plain text, escaped. */
function pinIcon(caption: string | undefined): L.DivIcon {
  return L.divIcon({
    className: pinClassName(caption !== undefined),
    html: pinContent(caption === undefined ? null : escapeHtml(caption)),
    iconSize: [PIN_SIZE, PIN_SIZE],
    iconAnchor: [PIN_SIZE / 2, PIN_SIZE],
  });
}

/** A shape's corner (or a side's middle) as a round handle: a 44 px target around a small dot (map.css). */
function handleIcon(kind: 'corner' | 'picked' | 'middle'): L.DivIcon {
  return L.divIcon({
    className: `map-handle map-handle--${kind}`,
    html: '<span></span>',
    iconSize: [44, 44],
    iconAnchor: [22, 22],
  });
}

/**
 * The open map (the default): Leaflet over the configured tile server (mapConfig.tiles). The
 * attribution is shown as plain text (it comes from configuration; no markup is trusted), and the
 * zoom buttons speak Russian and are 44 px (map.css).
 */
export function createLeafletMap(tiles: MapConfig['tiles']) {
  return (element: HTMLElement, options: MapOptions): Promise<MapView> => {
    element.setAttribute('role', 'region');
    element.setAttribute('aria-label', options.label);
    const map = L.map(element, {
      center: toLatLng(options.centre),
      zoom: options.zoom,
      zoomControl: false,
      attributionControl: false,
    });
    L.control.zoom({ zoomInTitle: 'Приблизить', zoomOutTitle: 'Отдалить', position: 'topright' }).addTo(map);
    L.control.attribution({ prefix: false }).addAttribution(escapeHtml(tiles.attribution)).addTo(map);
    const tileLayer = L.tileLayer(tiles.url, { maxZoom: tiles.maxZoom }).addTo(map);
    // Drawn: the first view's tiles are in and their fade-in is over, or the guest moved the map first.
    const drawn = new Promise<void>((resolve) => {
      let fading: ReturnType<typeof setTimeout> | undefined;
      const done = () => {
        clearTimeout(fading);
        tileLayer.off('load', loaded);
        map.off('movestart zoomstart unload', done);
        resolve();
      };
      const loaded = () => {
        fading = setTimeout(done, TILE_FADE_MS);
      };
      tileLayer.once('load', loaded);
      map.on('movestart zoomstart unload', done);
    });
    // The screen lays the map out with flexbox: follow the element's size, not only the window's.
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resize?.observe(element);
    // Captions that would cover others are hidden at each view (caption-declutter.ts).
    const captions = followCaptions(element);
    map.on('zoomend moveend resize', captions.update);

    const view: MapView = {
      setView: (centre, zoom) => map.setView(toLatLng(centre), Math.min(zoom, tiles.maxZoom)),
      getCentre: () => toPoint(map.getCenter()),
      getZoom: () => map.getZoom(),
      fitBounds: (points) => {
        if (points.length === 0) return;
        map.fitBounds(L.latLngBounds(points.map(toLatLng)), { padding: [16, 16] });
      },
      addPolygon: (polygon, style): MapShape => {
        const rings = (coordinates: typeof polygon) =>
          coordinates.map((ring) => ring.map(([lon, lat]): L.LatLngTuple => [lat, lon]));
        const layer = L.polygon(rings(polygon), { interactive: false, ...pathStyle(style) }).addTo(map);
        return {
          remove: () => layer.remove(),
          setPolygon: (next) => layer.setLatLngs(rings(next)),
          setStyle: (next) => layer.setStyle(pathStyle(next)),
        };
      },
      addMarker: (point, markerOptions): MapMarker => {
        // A handle is dragged by pointer events (pointer-drag.ts); a pin by Leaflet's own dragging.
        const byPointer = markerOptions.draggable && markerOptions.handle !== undefined;
        const marker = L.marker(toLatLng(point), {
          icon: markerOptions.handle ? handleIcon(markerOptions.handle) : pinIcon(markerOptions.caption || undefined),
          draggable: markerOptions.draggable && !byPointer,
          title: markerOptions.label,
          alt: markerOptions.label,
          keyboard: true,
          autoPan: true,
        }).addTo(map);
        // The marker's name is its label, not the caption it shows (a div icon has no alt).
        const element = marker.getElement();
        element?.setAttribute('aria-label', markerOptions.label);
        const moved = new Set<(point: GeoPoint) => void>();
        const ended = new Set<(point: GeoPoint) => void>();
        const tapped = new Set<() => void>();
        const subscribe = <T>(set: Set<T>, listener: T) => {
          set.add(listener);
          return () => void set.delete(listener);
        };
        // Where a cancelled drag puts the handle back: where it was when pressed.
        let pressedAt = marker.getLatLng();
        const stopPointer =
          byPointer && element
            ? followPointerDrag(element, {
                press: () => {
                  pressedAt = marker.getLatLng();
                },
                move: (at) => {
                  const here = map.mouseEventToLatLng({ clientX: at.x, clientY: at.y } as MouseEvent);
                  marker.setLatLng(here);
                  for (const listener of moved) listener(toPoint(here));
                },
                end: () => {
                  for (const listener of ended) listener(toPoint(marker.getLatLng()));
                },
                tap: () => {
                  for (const listener of tapped) listener();
                },
                cancel: () => {
                  marker.setLatLng(pressedAt);
                  for (const listener of ended) listener(toPoint(pressedAt));
                },
              })
            : null;
        // Leaflet's dragging and taps of a pin reach the same listeners.
        marker.on('drag', () => {
          for (const listener of moved) listener(toPoint(marker.getLatLng()));
        });
        marker.on('dragend', () => {
          for (const listener of ended) listener(toPoint(marker.getLatLng()));
        });
        marker.on('click', () => {
          for (const listener of tapped) listener();
        });
        // The marker is a focusable element with the button role, not a <button>: the browser turns
        // no key into a click, so Enter and Space are read here.
        marker.on('keydown', ({ originalEvent }: L.LeafletKeyboardEvent) => {
          if (originalEvent.key !== 'Enter' && originalEvent.key !== ' ') return;
          originalEvent.preventDefault();
          for (const listener of tapped) listener();
        });
        return {
          remove: () => {
            stopPointer?.();
            marker.remove();
          },
          getPosition: () => toPoint(marker.getLatLng()),
          setPosition: (next) => {
            marker.setLatLng(toLatLng(next));
            captions.update();
          },
          onDrag: (listener) => subscribe(moved, listener),
          onDragEnd: (listener) => subscribe(ended, listener),
          onSelect: (listener) => subscribe(tapped, listener),
        };
      },
      onTap: (listener) => {
        const handler = (event: L.LeafletMouseEvent) => listener(toPoint(event.latlng));
        map.on('click', handler);
        return () => map.off('click', handler);
      },
      setDoubleTapZoom: (on) => (on ? map.doubleClickZoom.enable() : map.doubleClickZoom.disable()),
      drawn,
      destroy: () => {
        resize?.disconnect();
        captions.stop();
        // Leaflet ends a zoom animation on a 250 ms timer that it does not clear on remove(); ended on
        // a removed map it reads panes that are gone ('_leaflet_pos' of undefined). Its handler returns
        // at once when no zoom is animating, so the map is told none is before it goes.
        map.stop();
        (map as unknown as { _animatingZoom: boolean })._animatingZoom = false;
        map.remove();
      },
    };
    return Promise.resolve(view);
  };
}
