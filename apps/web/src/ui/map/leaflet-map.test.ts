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
    const view = await createLeafletMap(TILES)(element, { centre: { lat: 55.755864, lon: 37.617698 }, zoom: 10, label: 'Карта зон доставки' });
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
    const view = await createLeafletMap(TILES)(element, { centre: { lat: 55.75, lon: 37.61 }, zoom: 10, label: 'Карта' });
    const zone = view.addPolygon([[[37.6, 55.75], [37.62, 55.75], [37.62, 55.77], [37.6, 55.77]]], {
      fill: '#1e88e5',
      fillOpacity: 0.3,
      stroke: '#1e88e5',
      strokeOpacity: 1,
    });
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
});
