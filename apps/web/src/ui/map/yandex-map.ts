import type { GeoPoint } from '@chain/domain';
import { followCaptions } from './caption-declutter';
import type { MapMarker, MapOptions, MapShape, MapShapeStyle, MapView } from './map-view';
import { PIN_SIZE, pinClassName, pinContent } from './pin';
import { addVendorScript } from '../vendor-script';

/*
 * The spec's maps service (SPEC 7): the Yandex Maps JS API 2.1, loaded from its own origin with
 * the chain's key, in Russian. Coordinates in [lat, long] order (the API's default). Only the
 * few parts of the API this adapter uses are typed here.
 */

type LatLong = [number, number];

interface YEvent {
  get(name: 'coords'): LatLong;
}
interface YEvents {
  add(type: string, handler: (event: YEvent) => void): void;
  remove(type: string, handler: (event: YEvent) => void): void;
}
interface YGeoObject {
  events: YEvents;
  geometry: { getCoordinates(): LatLong; setCoordinates(coordinates: LatLong): void };
}
interface YPolygon {
  geometry: { setCoordinates(coordinates: LatLong[][]): void };
  options: { set(options: object): void };
}
interface YMap {
  events: YEvents;
  geoObjects: { add(object: unknown): void; remove(object: unknown): void };
  setCenter(center: LatLong, zoom?: number): void;
  getCenter(): LatLong;
  getZoom(): number;
  setBounds(bounds: [LatLong, LatLong], options?: object): void;
  behaviors?: { enable(name: string): void; disable(name: string): void };
  destroy(): void;
}
/** The part of `window.ymaps` the adapter uses. */
export interface YandexMapsApi {
  ready(): Promise<void>;
  Map: new (
    element: HTMLElement,
    state: { center: LatLong; zoom: number; controls: string[] },
    options?: object,
  ) => YMap;
  Polygon: new (coordinates: LatLong[][], properties: object, options: object) => YPolygon;
  Placemark: new (coordinates: LatLong, properties: object, options: object) => YGeoObject;
  templateLayoutFactory: { createClass(template: string): unknown };
}

export const YANDEX_MAPS_SCRIPT = 'https://api-maps.yandex.ru/2.1/';

export function yandexScriptUrl(key: string): string {
  return `${YANDEX_MAPS_SCRIPT}?apikey=${encodeURIComponent(key)}&lang=ru_RU`;
}

let loading: Promise<YandexMapsApi> | null = null;

/** Adds the API's script once (a failed load is tried again on the next map) and waits for ymaps.ready. */
export function loadYandexMaps(key: string, doc: Document = document): Promise<YandexMapsApi> {
  loading ??= new Promise<YandexMapsApi>((resolve, reject) => {
    const script = addVendorScript(yandexScriptUrl(key), () => reject(new Error('Yandex Maps did not load')), doc);
    script.onload = () => {
      const api = (globalThis as { ymaps?: YandexMapsApi }).ymaps;
      if (api) api.ready().then(() => resolve(api), reject);
      else reject(new Error('Yandex Maps did not load'));
    };
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

const toLatLong = (point: GeoPoint): LatLong => [point.lat, point.lon];
const toPoint = ([lat, lon]: LatLong): GeoPoint => ({ lat, lon });

/**
 * The placemarks drawn with the product's pin (pin.ts, pin.css) instead of a Yandex preset, so
 * both providers look alike and the captions are elements the declutter pass can measure. A
 * layout is placed with its corner on the point: the pin is moved up and left by CSS, and its
 * square is the placemark's tap area. The caption comes from the placemark's properties; the
 * API's template escapes it.
 */
function pinLayouts(api: YandexMapsApi) {
  const half = PIN_SIZE / 2;
  const place = `position:absolute;left:-${half}px;top:-${PIN_SIZE}px;width:${PIN_SIZE}px;height:${PIN_SIZE}px`;
  return {
    plain: api.templateLayoutFactory.createClass(
      `<div class="${pinClassName(false)}" style="${place}">${pinContent(null)}</div>`,
    ),
    captioned: api.templateLayoutFactory.createClass(
      `<div class="${pinClassName(true)}" style="${place}">${pinContent('{{ properties.iconCaption }}')}</div>`,
    ),
    shape: {
      type: 'Rectangle',
      coordinates: [
        [-half, -PIN_SIZE],
        [half, 0],
      ],
    },
  };
}

const shapeOptions = (style: MapShapeStyle) => ({
  fillColor: style.fill,
  fillOpacity: style.fillOpacity,
  strokeColor: style.stroke,
  strokeOpacity: style.strokeOpacity,
  strokeWidth: 2,
});

/** A MapView over a loaded API (exported for the tests, which pass a stand-in API). */
export function yandexMapView(api: YandexMapsApi, element: HTMLElement, options: MapOptions): MapView {
  element.setAttribute('role', 'region');
  element.setAttribute('aria-label', options.label);
  const map = new api.Map(
    element,
    { center: toLatLong(options.centre), zoom: options.zoom, controls: ['zoomControl'] },
    { suppressMapOpenBlock: true },
  );
  const pins = pinLayouts(api);
  // Captions that would cover others are hidden at each view (caption-declutter.ts).
  const captions = followCaptions(element);
  map.events.add('boundschange', captions.update);
  map.events.add('sizechange', captions.update);
  return {
    setView: (centre, zoom) => map.setCenter(toLatLong(centre), zoom),
    getCentre: () => toPoint(map.getCenter()),
    getZoom: () => map.getZoom(),
    fitBounds: (points) => {
      if (points.length === 0) return;
      const lats = points.map((point) => point.lat);
      const lons = points.map((point) => point.lon);
      map.setBounds(
        [
          [Math.min(...lats), Math.min(...lons)],
          [Math.max(...lats), Math.max(...lons)],
        ],
        { checkZoomRange: true, zoomMargin: 16 },
      );
    },
    addPolygon: (polygon, style): MapShape => {
      const rings = (coordinates: typeof polygon) =>
        coordinates.map((ring) => ring.map(([lon, lat]): LatLong => [lat, lon]));
      const shape = new api.Polygon(
        rings(polygon),
        {},
        {
          ...shapeOptions(style),
          // Taps go through the zone to the map, as on the open map.
          interactivityModel: 'default#transparent',
        },
      );
      map.geoObjects.add(shape);
      return {
        remove: () => map.geoObjects.remove(shape),
        setPolygon: (next) => shape.geometry.setCoordinates(rings(next)),
        setStyle: (next) => shape.options.set(shapeOptions(next)),
      };
    },
    addMarker: (point, markerOptions): MapMarker => {
      const placemark = new api.Placemark(
        toLatLong(point),
        markerOptions.caption
          ? { hintContent: markerOptions.label, iconCaption: markerOptions.caption }
          : { hintContent: markerOptions.label },
        {
          draggable: markerOptions.draggable,
          iconLayout: markerOptions.caption ? pins.captioned : pins.plain,
          iconShape: pins.shape,
        },
      );
      map.geoObjects.add(placemark);
      return {
        remove: () => map.geoObjects.remove(placemark),
        getPosition: () => toPoint(placemark.geometry.getCoordinates()),
        setPosition: (next) => {
          placemark.geometry.setCoordinates(toLatLong(next));
          captions.update();
        },
        // The API drags a placemark by mouse and touch alike and reports each step.
        onDrag: (listener) => {
          const handler = () => listener(toPoint(placemark.geometry.getCoordinates()));
          placemark.events.add('drag', handler);
          return () => placemark.events.remove('drag', handler);
        },
        onDragEnd: (listener) => {
          const handler = () => listener(toPoint(placemark.geometry.getCoordinates()));
          placemark.events.add('dragend', handler);
          return () => placemark.events.remove('dragend', handler);
        },
        onSelect: (listener) => {
          const handler = () => listener();
          placemark.events.add('click', handler);
          return () => placemark.events.remove('click', handler);
        },
      };
    },
    onTap: (listener) => {
      const handler = (event: YEvent) => listener(toPoint(event.get('coords')));
      map.events.add('click', handler);
      return () => map.events.remove('click', handler);
    },
    setDoubleTapZoom: (on) => (on ? map.behaviors?.enable('dblClickZoom') : map.behaviors?.disable('dblClickZoom')),
    // No picture of a first view goes before a Yandex map (its tiles are the API's own).
    drawn: Promise.resolve(),
    destroy: () => {
      captions.stop();
      map.destroy();
    },
  };
}

export function createYandexMap(key: string) {
  return async (element: HTMLElement, options: MapOptions): Promise<MapView> =>
    yandexMapView(await loadYandexMaps(key), element, options);
}
