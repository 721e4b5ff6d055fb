// @vitest-environment happy-dom
import { MAP_CENTRE, MAP_ZOOM } from '@chain/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { createLeafletMap } from './leaflet-map';
import { openMap } from './open-map';
import { drawTilePreview, mercatorPixel, previewTiles, TILE_SIZE } from './tile-preview';

const TILES = { url: '/sandbox/tiles/{z}/{x}/{y}{r}.png', attribution: 'Демо', maxZoom: 18 };

function sized(width: number, height: number): HTMLElement {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: width });
  Object.defineProperty(element, 'clientHeight', { value: height });
  document.body.append(element);
  return element;
}

/** Leaflet's own tiles of a first view: address and where it places each (CSS px; left/top where the browser has no 3D transforms, as here). */
function leafletTiles(element: HTMLElement): Array<{ src: string; left: number; top: number }> {
  return [...element.querySelectorAll<HTMLImageElement>('img.leaflet-tile')].map((tile) => {
    const moved = /translate3d\((-?[\d.]+)px,\s*(-?[\d.]+)px/.exec(tile.style.transform);
    const [left, top] = moved ? [moved[1], moved[2]] : [tile.style.left, tile.style.top];
    return {
      src: tile.getAttribute('src') ?? '',
      left: Number.parseFloat(left ?? ''),
      top: Number.parseFloat(top ?? ''),
    };
  });
}

const byAddress = <T extends { src: string }>(list: T[]) => [...list].sort((a, b) => a.src.localeCompare(b.src));

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the first view as pictures (issue 18: a map screen shows its tiles before the map code has run)', () => {
  it('projects like Web Mercator: the centre of the world, and SPEC 9 centre inside its zoom-10 tile', () => {
    expect(mercatorPixel({ lat: 0, lon: 0 }, 0)).toEqual({ x: 128, y: 128 });
    const centre = mercatorPixel(MAP_CENTRE, MAP_ZOOM);
    expect([Math.floor(centre.x / TILE_SIZE), Math.floor(centre.y / TILE_SIZE)]).toEqual([619, 320]);
  });

  // The preview is worth something only where it is exactly what Leaflet draws next: the same
  // addresses (one fetch each) at the same places (no jump when the map takes over).
  it.each([
    { width: 360, height: 400, centre: MAP_CENTRE, zoom: MAP_ZOOM },
    { width: 328, height: 443, centre: MAP_CENTRE, zoom: MAP_ZOOM },
    { width: 1080, height: 1500, centre: { lat: 55.7627, lon: 37.5926 }, zoom: 12 },
    { width: 361, height: 377, centre: { lat: 59.9386, lon: 30.3141 }, zoom: 16 },
  ])(
    'names the tiles Leaflet draws and puts each where Leaflet does ($width×$height at zoom $zoom)',
    async ({ width, height, centre, zoom }) => {
      const element = sized(width, height);
      const view = await createLeafletMap(TILES)(element, { centre, zoom, label: 'Карта' });
      const drawnByLeaflet = leafletTiles(element);
      expect(drawnByLeaflet.length).toBeGreaterThan(1);
      expect(byAddress(previewTiles(TILES, { centre, zoom, width, height, retina: false }))).toEqual(
        byAddress(drawnByLeaflet),
      );
      view.destroy();
    },
  );

  it("fills {r} with '@2x' on a screen of more than one device pixel and {s} with Leaflet's subdomains", () => {
    const view = { centre: MAP_CENTRE, zoom: MAP_ZOOM, width: 256, height: 256, retina: true };
    const [first] = previewTiles({ ...TILES, url: 'https://{s}.tiles.example.com/{z}/{x}/{y}{r}.png' }, view);
    expect(first?.src).toMatch(/^https:\/\/[abc]\.tiles\.example\.com\/10\/61\d\/3\d\d@2x\.png$/);
  });

  it('draws nothing where Leaflet would not draw these tiles: a fractional zoom, beyond the maximum, an unknown key, no size', () => {
    const view = { centre: MAP_CENTRE, zoom: MAP_ZOOM, width: 360, height: 400, retina: false };
    expect(previewTiles(TILES, { ...view, zoom: 10.5 })).toEqual([]);
    expect(previewTiles({ ...TILES, maxZoom: 9 }, view)).toEqual([]);
    expect(previewTiles({ ...TILES, url: '/tiles/{z}/{x}/{y}.png?key={apikey}' }, view)).toEqual([]);
    expect(previewTiles(TILES, { ...view, width: 0 })).toEqual([]);
  });

  it('keeps to the world: no tile row above the top of the map', () => {
    const tiles = previewTiles(TILES, { centre: { lat: 85, lon: 0 }, zoom: 1, width: 512, height: 512, retina: false });
    expect(tiles.every((tile) => !/\/-\d/.test(tile.src))).toBe(true);
    expect(tiles.map((tile) => tile.src).sort()).toEqual(['/sandbox/tiles/1/0/0.png', '/sandbox/tiles/1/1/0.png']);
  });

  it('is hidden from assistive technology, takes no taps, and goes when asked', () => {
    const element = sized(360, 400);
    const remove = drawTilePreview(element, TILES, MAP_CENTRE, MAP_ZOOM);
    const layer = element.querySelector<HTMLElement>('.map-preview');
    expect(layer?.getAttribute('aria-hidden')).toBe('true');
    expect(layer?.style.pointerEvents).toBe('none');
    expect(layer?.querySelectorAll('img[alt=""]').length).toBeGreaterThan(1);
    expect(element.style.position).toBe('relative');
    remove();
    expect(element.querySelector('.map-preview')).toBeNull();
  });

  it('openMap shows the preview under the map until the map has drawn (here: moved first) and never after destroy', async () => {
    const element = sized(360, 400);
    const config = { provider: 'tiles' as const, yandexKey: '', tiles: TILES };
    const opening = openMap(config, element, { centre: MAP_CENTRE, zoom: MAP_ZOOM, label: 'Карта' });
    expect(element.querySelector('.map-preview')).not.toBeNull();
    const view = await opening;
    // The pictures lie under Leaflet's panes while its tiles load (happy-dom loads no picture).
    expect(element.querySelector('.map-preview')).not.toBeNull();
    view.setView({ lat: 55.7627, lon: 37.5926 }, 12);
    await view.drawn;
    expect(element.querySelector('.map-preview')).toBeNull();

    const again = sized(360, 400);
    const second = await openMap(config, again, { centre: MAP_CENTRE, zoom: MAP_ZOOM, label: 'Карта' });
    expect(again.querySelector('.map-preview')).not.toBeNull();
    second.destroy();
    expect(again.querySelector('.map-preview')).toBeNull();
  });

  it('draws no preview before a Yandex map (its tiles are the API’s own)', () => {
    const element = sized(360, 400);
    const config = { provider: 'yandex' as const, yandexKey: 'key', tiles: TILES };
    // The API's script never loads here; only what is put in the frame at once matters.
    void openMap(config, element, { centre: MAP_CENTRE, zoom: MAP_ZOOM, label: 'Карта' }).catch(() => undefined);
    expect(element.querySelector('.map-preview')).toBeNull();
  });
});
