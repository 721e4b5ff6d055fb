import type { MapConfig } from '@chain/contract';
import type { GeoPoint } from '@chain/domain';

/*
 * The map's first view as plain pictures, before the map's code has arrived (issue 18). A tile
 * map is drawn by Leaflet, a lazy chunk of ~44 kB: on a phone's network the screen would show an
 * empty frame until it has loaded and run. The tiles of the first view are known as soon as the
 * map config is: they are put in the frame at once, where Leaflet will put the same tiles (the
 * same addresses, so the browser fetches each once), and taken away when Leaflet has drawn its
 * own (MapView.drawn). They are a picture only: nothing on them answers a tap.
 */

/** The slippy-map tile, as Leaflet's tile layer draws it (CSS pixels). */
export const TILE_SIZE = 256;
/** Leaflet's EPSG:3857 clamps latitudes here (the square world of Web Mercator). */
const MAX_LATITUDE = 85.0511287798;
/** Leaflet's default subdomains for a template's {s}. */
const SUBDOMAINS = 'abc';

/** A point in Web Mercator pixels at a zoom, as Leaflet's EPSG:3857 projects it (256 px tiles). */
export function mercatorPixel(point: GeoPoint, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, point.lat));
  const sin = Math.sin((lat * Math.PI) / 180);
  return { x: (point.lon / 360 + 0.5) * scale, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale };
}

export interface PreviewTile {
  readonly src: string;
  /** The tile's top-left corner in the frame, CSS pixels from the frame's top-left. */
  readonly left: number;
  readonly top: number;
}

export interface PreviewView {
  readonly centre: GeoPoint;
  readonly zoom: number;
  /** The frame's size, CSS pixels. */
  readonly width: number;
  readonly height: number;
  /** More than one device pixel per CSS pixel: the template's {r} is '@2x', as Leaflet fills it. */
  readonly retina: boolean;
}

/**
 * The tiles Leaflet draws for a first view and where: the tile range around the centre's pixel
 * (GridLayer's tiled pixel bounds) placed from the view's pixel origin (the centre less half the
 * frame, rounded). None where Leaflet would draw none or the template names a value Leaflet's
 * tile layer is not given here (a fractional zoom, beyond the tiles' maximum, an unknown {key}).
 */
export function previewTiles(tiles: MapConfig['tiles'], view: PreviewView): PreviewTile[] {
  const { zoom, width, height } = view;
  if (!Number.isInteger(zoom) || zoom < 0 || zoom > tiles.maxZoom || width <= 0 || height <= 0) return [];
  if (/\{(?!\s*[sxyzr]\s*\})[^}]*\}/.test(tiles.url)) return [];
  const centre = mercatorPixel(view.centre, zoom);
  const origin = { x: Math.round(centre.x - width / 2), y: Math.round(centre.y - height / 2) };
  const pixelCentre = { x: Math.floor(centre.x), y: Math.floor(centre.y) };
  const first = {
    x: Math.floor((pixelCentre.x - width / 2) / TILE_SIZE),
    y: Math.floor((pixelCentre.y - height / 2) / TILE_SIZE),
  };
  const last = {
    x: Math.ceil((pixelCentre.x + width / 2) / TILE_SIZE) - 1,
    y: Math.ceil((pixelCentre.y + height / 2) / TILE_SIZE) - 1,
  };
  const count = 2 ** zoom;
  const found: PreviewTile[] = [];
  for (let y = Math.max(0, first.y); y <= Math.min(count - 1, last.y); y += 1) {
    for (let x = Math.max(0, first.x); x <= Math.min(count - 1, last.x); x += 1) {
      const values: Record<string, string> = {
        s: SUBDOMAINS[Math.abs(x + y) % SUBDOMAINS.length] ?? 'a',
        x: String(x),
        y: String(y),
        z: String(zoom),
        r: view.retina ? '@2x' : '',
      };
      const src = tiles.url.replace(/\{\s*([sxyzr])\s*\}/g, (_, key: string) => values[key] ?? '');
      found.push({ src, left: x * TILE_SIZE - origin.x, top: y * TILE_SIZE - origin.y });
    }
  }
  return found;
}

/**
 * Puts the first view's tiles into the map's element, under whatever the map draws later; returns
 * what takes them away. Nothing is put where the element has no size yet.
 */
export function drawTilePreview(
  element: HTMLElement,
  tiles: MapConfig['tiles'],
  centre: GeoPoint,
  zoom: number,
): () => void {
  const list = previewTiles(tiles, {
    centre,
    zoom,
    width: element.clientWidth,
    height: element.clientHeight,
    retina: (globalThis.devicePixelRatio ?? 1) > 1,
  });
  if (list.length === 0) return () => undefined;
  const layer = element.ownerDocument.createElement('div');
  layer.className = 'map-preview';
  layer.setAttribute('aria-hidden', 'true');
  // Set through the style object, which the page's CSP allows (no stylesheet of its own: no file more to fetch).
  Object.assign(layer.style, {
    position: 'absolute',
    inset: '0',
    overflow: 'hidden',
    pointerEvents: 'none',
    zIndex: '0',
  });
  for (const tile of list) {
    const image = element.ownerDocument.createElement('img');
    image.alt = '';
    image.draggable = false;
    image.src = tile.src;
    Object.assign(image.style, {
      position: 'absolute',
      left: `${tile.left}px`,
      top: `${tile.top}px`,
      width: `${TILE_SIZE}px`,
      height: `${TILE_SIZE}px`,
      maxWidth: 'none',
    });
    layer.append(image);
  }
  // The element places the pictures: made relative unless positioned, as Leaflet does with it.
  if (!['absolute', 'relative', 'fixed', 'sticky'].includes(getComputedStyle(element).position))
    element.style.position = 'relative';
  element.append(layer);
  return () => layer.remove();
}
