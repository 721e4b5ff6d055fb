// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createLeafletMap } from './leaflet-map';

const TILES = { url: '/sandbox/tiles/{z}/{x}/{y}.png', attribution: '<b>Демо</b> © участники', maxZoom: 17 };

function container(): HTMLElement {
  const element = document.createElement('div');
  Object.defineProperty(element, 'clientWidth', { value: 360 });
  Object.defineProperty(element, 'clientHeight', { value: 400 });
  document.body.append(element);
  return element;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('Leaflet adapter (the open map)', () => {
  it('opens a named region with Russian 44 px zoom buttons, plain-text attribution and the configured tiles', async () => {
    const element = container();
    const view = await createLeafletMap(TILES)(element, {
      centre: { lat: 55.755864, lon: 37.617698 },
      zoom: 10,
      label: 'Карта зон доставки',
    });
    expect(element.getAttribute('role')).toBe('region');
    expect(element.getAttribute('aria-label')).toBe('Карта зон доставки');
    expect(element.querySelector('[title="Приблизить"]')).not.toBeNull();
    expect(element.querySelector('[title="Отдалить"]')).not.toBeNull();
    const attribution = element.querySelector('.leaflet-control-attribution');
    expect(attribution?.textContent).toBe('<b>Демо</b> © участники');
    expect(attribution?.querySelector('b, a')).toBeNull();
    expect(view.getCentre()).toEqual({ lat: 55.755864, lon: 37.617698 });
    expect(view.getZoom()).toBe(10);
    const tile = element.querySelector<HTMLImageElement>('img.leaflet-tile');
    expect(tile?.getAttribute('src')).toMatch(/^\/sandbox\/tiles\/10\/\d+\/\d+\.png$/);
    view.destroy();
  });

  it('draws a zone from [lon, lat] rings, a draggable marker with its name, and keeps zoom within the tiles', async () => {
    const element = container();
    const view = await createLeafletMap(TILES)(element, {
      centre: { lat: 55.75, lon: 37.61 },
      zoom: 10,
      label: 'Карта',
    });
    const zone = view.addPolygon(
      [
        [
          [37.6, 55.75],
          [37.62, 55.75],
          [37.62, 55.77],
          [37.6, 55.77],
        ],
      ],
      {
        fill: '#1e88e5',
        fillOpacity: 0.3,
        stroke: '#1e88e5',
        strokeOpacity: 1,
      },
    );
    const path = element.querySelector('path');
    expect(path?.getAttribute('fill')).toBe('#1e88e5');
    expect(path?.getAttribute('fill-opacity')).toBe('0.3');
    zone.remove();
    expect(element.querySelector('path')).toBeNull();

    const marker = view.addMarker({ lat: 55.76, lon: 37.61 }, { draggable: true, label: 'Точка доставки' });
    const pin = element.querySelector('.map-pin');
    expect(pin?.getAttribute('title')).toBe('Точка доставки');
    expect(pin?.getAttribute('role')).toBe('button');
    marker.setPosition({ lat: 55.77, lon: 37.62 });
    expect(marker.getPosition()).toEqual({ lat: 55.77, lon: 37.62 });
    const stop = marker.onDragEnd(() => undefined);
    stop();

    view.setView({ lat: 55.77, lon: 37.62 }, 18);
    expect(view.getZoom()).toBe(17);
    view.destroy();
  });

  it('redraws a shape in place, and drags a handle by pointer events: each move reported, the release the end, a press without a move a tap', async () => {
    const element = container();
    const view = await createLeafletMap(TILES)(element, {
      centre: { lat: 55.75, lon: 37.61 },
      zoom: 10,
      label: 'Карта',
    });
    const style = { fill: '#1e88e5', fillOpacity: 0.3, stroke: '#1e88e5', strokeOpacity: 1 };
    const shape = view.addPolygon(
      [
        [
          [37.6, 55.75],
          [37.62, 55.75],
          [37.62, 55.77],
        ],
      ],
      style,
    );
    const drawn = element.querySelector('path');
    const before = drawn?.getAttribute('d');
    shape.setPolygon([
      [
        [37.6, 55.75],
        [37.64, 55.75],
        [37.62, 55.78],
      ],
    ]);
    shape.setStyle({ ...style, stroke: '#c62828' });
    expect(element.querySelector('path')).toBe(drawn);
    expect(drawn?.getAttribute('d')).not.toBe(before);
    expect(drawn?.getAttribute('stroke')).toBe('#c62828');

    const corner = view.addMarker({ lat: 55.76, lon: 37.61 }, { draggable: true, label: 'Точка 1', handle: 'corner' });
    const moves: { lat: number; lon: number }[] = [];
    const ends: { lat: number; lon: number }[] = [];
    let taps = 0;
    corner.onDrag((point) => moves.push(point));
    corner.onDragEnd((point) => ends.push(point));
    corner.onSelect(() => (taps += 1));
    const icon = element.querySelector<HTMLElement>('.map-handle');
    expect(icon?.getAttribute('aria-label')).toBe('Точка 1');
    const pointer = (type: string, x: number, y: number) =>
      icon?.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          cancelable: true,
          clientX: x,
          clientY: y,
          pointerId: 7,
          isPrimary: true,
          button: 0,
          pointerType: 'touch',
        }),
      );
    pointer('pointerdown', 180, 200);
    pointer('pointermove', 220, 200);
    pointer('pointerup', 220, 200);
    expect(moves).toHaveLength(1);
    expect(moves[0]?.lon).toBeGreaterThan(37.61);
    expect(ends).toEqual([corner.getPosition()]);
    expect(corner.getPosition()).toEqual(moves[0]);
    expect(taps).toBe(0);
    pointer('pointerdown', 220, 200);
    pointer('pointerup', 220, 200);
    expect(taps).toBe(1);
    view.destroy();
  });
});
