// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type YandexMapsApi, yandexMapView, yandexScriptUrl } from './yandex-map';

type Handler = (event: { get(name: 'coords'): [number, number] }) => void;

function events() {
  const handlers = new Map<string, Handler[]>();
  return {
    add: (type: string, handler: Handler) => handlers.set(type, [...(handlers.get(type) ?? []), handler]),
    remove: (type: string, handler: Handler) =>
      handlers.set(
        type,
        (handlers.get(type) ?? []).filter((h) => h !== handler),
      ),
    fire: (type: string, coords: [number, number]) => {
      for (const handler of handlers.get(type) ?? []) handler({ get: () => coords });
    },
  };
}

/** A stand-in for window.ymaps that records what the adapter asked of it. */
function fakeApi() {
  const mapEvents = events();
  const added: unknown[] = [];
  const map = {
    events: mapEvents,
    geoObjects: { add: vi.fn((object: unknown) => added.push(object)), remove: vi.fn() },
    setCenter: vi.fn(),
    getCenter: () => [55.7, 37.6] as [number, number],
    getZoom: () => 12,
    setBounds: vi.fn(),
    destroy: vi.fn(),
  };
  const MapCtor = vi.fn(function (_element: HTMLElement, _state: object) {
    return map;
  });
  const PolygonCtor = vi.fn(function (
    this: { coordinates: unknown; options: Record<string, unknown> },
    coordinates: unknown,
    _properties: object,
    options: Record<string, unknown>,
  ) {
    this.coordinates = coordinates;
    this.options = { ...options };
    Object.assign(this, {
      geometry: { setCoordinates: (next: unknown) => (this.coordinates = next) },
      options: Object.assign(this.options, { set: (more: object) => Object.assign(this.options, more) }),
    });
  });
  const PlacemarkCtor = vi.fn(function (
    this: object,
    coordinates: [number, number],
    _properties: object,
    options: object,
  ) {
    let position = coordinates;
    Object.assign(this, {
      options,
      events: events(),
      geometry: { getCoordinates: () => position, setCoordinates: (next: [number, number]) => (position = next) },
    });
  });
  // A layout class stands for its template here.
  const templateLayoutFactory = { createClass: (template: string) => ({ template }) };
  const api = {
    ready: () => Promise.resolve(),
    Map: MapCtor,
    Polygon: PolygonCtor,
    Placemark: PlacemarkCtor,
    templateLayoutFactory,
  } as unknown as YandexMapsApi;
  return { api, map, mapEvents, added, MapCtor, PolygonCtor };
}

function element() {
  const target = document.createElement('div');
  document.body.append(target);
  return { target, setAttribute: vi.spyOn(target, 'setAttribute') };
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** A box on the screen for an element the test drew (happy-dom lays nothing out). */
function placeAt(element: Element, left: number, top: number, width: number, height: number) {
  element.getBoundingClientRect = () => ({
    left,
    top,
    right: left + width,
    bottom: top + height,
    width,
    height,
    x: left,
    y: top,
    toJSON: () => ({}),
  });
}

describe('Yandex Maps adapter (SPEC 7: JS API 2.1, ru_RU, lat/long order)', () => {
  it('loads the API with the key and the Russian language', () => {
    expect(yandexScriptUrl('a b&c')).toBe('https://api-maps.yandex.ru/2.1/?apikey=a%20b%26c&lang=ru_RU');
  });

  it('opens at the centre in [lat, long] and names the map region', () => {
    const { api, MapCtor } = fakeApi();
    const { target, setAttribute } = element();
    yandexMapView(api, target, { centre: { lat: 55.755864, lon: 37.617698 }, zoom: 10, label: 'Карта зон доставки' });
    expect(MapCtor.mock.calls[0]?.[1]).toMatchObject({ center: [55.755864, 37.617698], zoom: 10 });
    expect(setAttribute).toHaveBeenCalledWith('aria-label', 'Карта зон доставки');
  });

  it("turns the zones' GeoJSON [lon, lat] into [lat, long], with the colours and taps passing through", () => {
    const { api, map, PolygonCtor } = fakeApi();
    const view = yandexMapView(api, element().target, { centre: { lat: 55, lon: 37 }, zoom: 10, label: 'Карта' });
    const layer = view.addPolygon(
      [
        [
          [37.6, 55.75],
          [37.62, 55.75],
          [37.62, 55.77],
        ],
      ],
      {
        fill: '#1e88e5',
        fillOpacity: 0.3,
        stroke: '#1e88e5',
        strokeOpacity: 1,
      },
    );
    expect(PolygonCtor.mock.calls[0]?.[0]).toEqual([
      [
        [55.75, 37.6],
        [55.75, 37.62],
        [55.77, 37.62],
      ],
    ]);
    expect(PolygonCtor.mock.calls[0]?.[2]).toMatchObject({
      fillColor: '#1e88e5',
      fillOpacity: 0.3,
      interactivityModel: 'default#transparent',
    });
    // Redrawn in place while a corner is dragged.
    const drawn = PolygonCtor.mock.instances[0] as unknown as { coordinates: unknown; options: object };
    layer.setPolygon([
      [
        [37.6, 55.75],
        [37.64, 55.75],
        [37.62, 55.78],
      ],
    ]);
    layer.setStyle({ fill: '#1e88e5', fillOpacity: 0.3, stroke: '#c62828', strokeOpacity: 1 });
    expect(drawn.coordinates).toEqual([
      [
        [55.75, 37.6],
        [55.75, 37.64],
        [55.78, 37.62],
      ],
    ]);
    expect(drawn.options).toMatchObject({ strokeColor: '#c62828', interactivityModel: 'default#transparent' });
    layer.remove();
    expect(map.geoObjects.remove).toHaveBeenCalledTimes(1);
  });

  it('reports taps, a marker drag’s steps and its end as { lat, lon }; moves, fits and destroys', () => {
    const { api, map, mapEvents, added } = fakeApi();
    const view = yandexMapView(api, element().target, { centre: { lat: 55, lon: 37 }, zoom: 10, label: 'Карта' });
    const taps: unknown[] = [];
    const stop = view.onTap((point) => taps.push(point));
    mapEvents.fire('click', [55.76, 37.61]);
    stop();
    mapEvents.fire('click', [1, 2]);
    expect(taps).toEqual([{ lat: 55.76, lon: 37.61 }]);

    const marker = view.addMarker({ lat: 55.76, lon: 37.61 }, { draggable: true, label: 'Точка' });
    const placemark = added.at(-1) as {
      options: object;
      events: ReturnType<typeof events>;
      geometry: { setCoordinates(c: [number, number]): void };
    };
    // The product's pin (pin.ts), its 44 px square the tap and drag area, the point at its bottom middle.
    expect(placemark.options).toMatchObject({
      draggable: true,
      iconLayout: { template: expect.stringContaining('<span class="map-pin__head"></span>') as unknown },
      iconShape: {
        type: 'Rectangle',
        coordinates: [
          [-22, -44],
          [22, 0],
        ],
      },
    });
    const steps: unknown[] = [];
    const drops: unknown[] = [];
    marker.onDrag((point) => steps.push(point));
    marker.onDragEnd((point) => drops.push(point));
    placemark.geometry.setCoordinates([55.765, 37.62]);
    placemark.events.fire('drag', [0, 0]);
    placemark.geometry.setCoordinates([55.77, 37.63]);
    placemark.events.fire('drag', [0, 0]);
    placemark.events.fire('dragend', [0, 0]);
    expect(steps).toEqual([
      { lat: 55.765, lon: 37.62 },
      { lat: 55.77, lon: 37.63 },
    ]);
    expect(drops).toEqual([{ lat: 55.77, lon: 37.63 }]);
    marker.setPosition({ lat: 55.7, lon: 37.5 });
    expect(marker.getPosition()).toEqual({ lat: 55.7, lon: 37.5 });

    view.setView({ lat: 55.76, lon: 37.61 }, 18);
    expect(map.setCenter).toHaveBeenCalledWith([55.76, 37.61], 18);
    view.fitBounds([
      { lat: 55.7, lon: 37.7 },
      { lat: 55.8, lon: 37.5 },
    ]);
    expect(map.setBounds.mock.calls[0]?.[0]).toEqual([
      [55.7, 37.5],
      [55.8, 37.7],
    ]);
    view.fitBounds([]);
    expect(map.setBounds).toHaveBeenCalledTimes(1);
    expect(view.getCentre()).toEqual({ lat: 55.7, lon: 37.6 });
    view.destroy();
    expect(map.destroy).toHaveBeenCalled();
  });

  it('hides a caption that would cover another pin once the view has changed (the declutter pass)', async () => {
    const { api, mapEvents } = fakeApi();
    const { target } = element();
    yandexMapView(api, target, { centre: { lat: 55, lon: 37 }, zoom: 10, label: 'Карта ресторанов' });
    // Two pins as the API draws them from the layout: the first's caption reaches over the second pin.
    target.innerHTML = [0, 30]
      .map(
        () =>
          '<div class="map-pin map-pin--captioned"><span class="map-pin__head"></span><span class="map-pin__caption">Тверская</span></div>',
      )
      .join('');
    const [first, second] = [...target.querySelectorAll('.map-pin')];
    placeAt(first!, 0, 0, 44, 44);
    placeAt(first!.querySelector('.map-pin__caption')!, 38, 6, 80, 20);
    placeAt(second!, 30, 4, 44, 44);
    placeAt(second!.querySelector('.map-pin__caption')!, 68, 10, 80, 20);
    mapEvents.fire('boundschange', [0, 0]);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(first!.querySelector('.map-pin__caption')?.classList.contains('map-pin__caption--hidden')).toBe(true);
    expect(second!.querySelector('.map-pin__caption')?.classList.contains('map-pin__caption--hidden')).toBe(false);
  });
});
