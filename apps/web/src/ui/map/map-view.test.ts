import { describe, expect, it, vi } from 'vitest';
import { MAP_POINT_ZOOM } from '@chain/domain';
import { type MapView, outlinePoints, showPoint, zoneStyle } from './map-view';

describe('zone colours (SPEC 9: a 9-character colour has its alpha pair moved)', () => {
  it('reads #AARRGGBB: the fill keeps the alpha, the outline is opaque', () => {
    expect(zoneStyle('#33FF0000')).toEqual({ fill: '#ff0000', fillOpacity: 0.2, stroke: '#ff0000', strokeOpacity: 1 });
  });

  it('fills a 6-character or an opaque colour lightly', () => {
    expect(zoneStyle('#00AA00').fillOpacity).toBe(0.25);
    expect(zoneStyle('#FF00AA00').fillOpacity).toBe(0.4);
  });

  it('falls back to the default ink for a colour it cannot read', () => {
    expect(zoneStyle('red').fill).toBe('#2e2e34');
    expect(zoneStyle('').fill).toBe('#2e2e34');
  });

  it('gives the outline of a GeoJSON polygon as points', () => {
    expect(
      outlinePoints([
        [
          [37.6, 55.75],
          [37.62, 55.77],
        ],
      ]),
    ).toEqual([
      { lat: 55.75, lon: 37.6 },
      { lat: 55.77, lon: 37.62 },
    ]);
    expect(outlinePoints([])).toEqual([]);
  });
});

describe('a chosen point (SPEC 9: zoom 18 on a chosen point)', () => {
  const viewAt = (zoom: number) => {
    const setView = vi.fn();
    return { view: { setView, getZoom: () => zoom } as unknown as MapView, setView };
  };

  it('is centred at zoom 18 from the city view', () => {
    const { view, setView } = viewAt(10);
    showPoint(view, { lat: 55.76, lon: 37.6 });
    expect(setView).toHaveBeenCalledWith({ lat: 55.76, lon: 37.6 }, MAP_POINT_ZOOM);
    expect(MAP_POINT_ZOOM).toBe(18);
  });

  it('keeps a closer zoom the guest already chose', () => {
    const { view, setView } = viewAt(19);
    showPoint(view, { lat: 55.76, lon: 37.6 });
    expect(setView).toHaveBeenCalledWith({ lat: 55.76, lon: 37.6 }, 19);
  });
});
