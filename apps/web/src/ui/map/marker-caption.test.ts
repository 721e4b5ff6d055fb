// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLeafletMap } from './leaflet-map';
import { type YandexMapsApi, yandexMapView } from './yandex-map';

// The restaurant map (SPEC 2): a pin with its short name shown beside it, named by its label, and
// a tap (or Enter) on it reported to the screen.
const TILES = { url: '/sandbox/tiles/{z}/{x}/{y}.png', attribution: 'Демо', maxZoom: 17 };

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a captioned marker that reports taps', () => {
  it('Leaflet: the caption is plain text beside the pin, the label its name; a click, Enter or Space is the select', async () => {
    const element = document.createElement('div');
    Object.defineProperty(element, 'clientWidth', { value: 360 });
    Object.defineProperty(element, 'clientHeight', { value: 400 });
    document.body.append(element);
    const view = await createLeafletMap(TILES)(element, {
      centre: { lat: 55.75, lon: 37.61 },
      zoom: 10,
      label: 'Карта ресторанов',
    });
    const marker = view.addMarker(
      { lat: 55.76, lon: 37.61 },
      { draggable: false, label: 'Жар-печь, Тверская, 18', caption: '<b>Тверская</b>' },
    );
    const pin = element.querySelector('.map-pin');
    expect(pin?.getAttribute('aria-label')).toBe('Жар-печь, Тверская, 18');
    expect(pin?.querySelector('.map-pin__caption')?.textContent).toBe('<b>Тверская</b>');
    expect(pin?.querySelector('b')).toBeNull();
    const selected = vi.fn();
    const stop = marker.onSelect(selected);
    pin?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(selected).toHaveBeenCalledTimes(1);
    // From the keyboard: Enter and Space on the focused pin select it; other keys do not.
    for (const key of ['Enter', ' ', 'a']) pin?.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
    expect(selected).toHaveBeenCalledTimes(3);
    stop();
    pin?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    pin?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(selected).toHaveBeenCalledTimes(3);
    // Without a caption: the plain pin, as before.
    view.addMarker({ lat: 55.77, lon: 37.62 }, { draggable: true, label: 'Точка' });
    expect(element.querySelectorAll('.map-pin__caption')).toHaveLength(1);
    view.destroy();
  });

  it('Yandex: the caption is the placemark’s iconCaption in the product’s captioned pin, escaped by the API’s template; click is the select', () => {
    const handlers = new Map<string, Array<() => void>>();
    const placemarks: Array<{ properties: object; options: object }> = [];
    const Placemark = vi.fn(function (this: object, _coordinates: unknown, properties: object, options: object) {
      Object.assign(this, {
        properties,
        options,
        events: {
          add: (type: string, handler: () => void) => handlers.set(type, [...(handlers.get(type) ?? []), handler]),
          remove: (type: string, handler: () => void) =>
            handlers.set(
              type,
              (handlers.get(type) ?? []).filter((h) => h !== handler),
            ),
        },
        geometry: { getCoordinates: () => [0, 0], setCoordinates: () => undefined },
      });
      placemarks.push(this as { properties: object; options: object });
    });
    const map = {
      events: { add: vi.fn(), remove: vi.fn() },
      geoObjects: { add: vi.fn(), remove: vi.fn() },
      destroy: vi.fn(),
    };
    const templateLayoutFactory = { createClass: (template: string) => ({ template }) };
    const api = {
      ready: () => Promise.resolve(),
      Map: vi.fn(function () {
        return map;
      }),
      Polygon: vi.fn(),
      Placemark,
      templateLayoutFactory,
    } as unknown as YandexMapsApi;
    const target = document.createElement('div');
    const view = yandexMapView(api, target, { centre: { lat: 55, lon: 37 }, zoom: 10, label: 'Карта ресторанов' });
    const marker = view.addMarker(
      { lat: 55.76, lon: 37.61 },
      { draggable: false, label: 'Жар-печь, Тверская, 18', caption: 'Тверская' },
    );
    expect(placemarks[0]).toMatchObject({
      properties: { hintContent: 'Жар-печь, Тверская, 18', iconCaption: 'Тверская' },
      options: {
        iconLayout: {
          template:
            '<div class="map-pin map-pin--captioned" style="position:absolute;left:-22px;top:-44px;width:44px;height:44px">' +
            '<span class="map-pin__head"></span><span class="map-pin__caption">{{ properties.iconCaption }}</span></div>',
        },
      },
    });
    const selected = vi.fn();
    marker.onSelect(selected);
    for (const handler of handlers.get('click') ?? []) handler();
    expect(selected).toHaveBeenCalledTimes(1);
  });
});
