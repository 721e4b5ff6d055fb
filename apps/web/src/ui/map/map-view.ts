import { cssColour, type GeoPoint, MAP_POINT_ZOOM, type PolygonCoordinates } from '@chain/domain';

/*
 * The map adapter (issue 13): one interface for every screen that shows a map (the delivery
 * address map now, the restaurant map and the restaurant page later), with two implementations
 * loaded on demand by open-map.ts: Leaflet over the configured tile server (the default) and the
 * Yandex Maps JS API 2.1 when the chain configured a key (SPEC 7). Points are { lat, lon } here;
 * each implementation converts to its library's order (Leaflet [lat, lng], Yandex [lat, long],
 * the zones' GeoJSON [lon, lat]).
 */

/** How a zone (or any shape) is painted: CSS hex colours without alpha, opacities 0…1. */
export interface MapShapeStyle {
  readonly fill: string;
  readonly fillOpacity: number;
  readonly stroke: string;
  readonly strokeOpacity: number;
}

/** Something drawn on the map. */
export interface MapLayer {
  remove(): void;
}

/** A polygon on the map, redrawn in place while a corner is dragged (issue 31, the zone editor). */
export interface MapShape extends MapLayer {
  setPolygon(polygon: PolygonCoordinates): void;
  setStyle(style: MapShapeStyle): void;
}

export interface MapMarker extends MapLayer {
  getPosition(): GeoPoint;
  setPosition(point: GeoPoint): void;
  /**
   * Called with the point under the pointer at every move while the marker is dragged (a mouse, a
   * pen or a finger alike), before onDragEnd; returns the unsubscribe.
   */
  onDrag(listener: (point: GeoPoint) => void): () => void;
  /** Called with the marker's point when the guest lets go of it; returns the unsubscribe. */
  onDragEnd(listener: (point: GeoPoint) => void): () => void;
  /** Called when the guest taps the marker or presses Enter on it; returns the unsubscribe. */
  onSelect(listener: () => void): () => void;
}

export interface MarkerOptions {
  readonly draggable: boolean;
  /** The marker's accessible name (Russian). */
  readonly label: string;
  /** A short text shown beside the pin on the map (the restaurant map's short names); none by default. */
  readonly caption?: string;
  /**
   * Drawn as a round handle instead of a pin (issue 31, the zone editor): a corner of a shape (the picked one filled), or
   * the smaller one in the middle of a side. A 44 px target either way. A handle is dragged through
   * pointer events, so a mouse, a pen and a finger move it alike, also on a touch screen with a mouse.
   */
  readonly handle?: 'corner' | 'picked' | 'middle';
}

export interface MapView {
  setView(centre: GeoPoint, zoom: number): void;
  getCentre(): GeoPoint;
  getZoom(): number;
  /** Shows every point (a zone's outline, the restaurants); nothing happens for an empty list. */
  fitBounds(points: readonly GeoPoint[]): void;
  /** A GeoJSON polygon ([lon, lat] rings, the first is the outline). Taps pass through it to the map. */
  addPolygon(polygon: PolygonCoordinates, style: MapShapeStyle): MapShape;
  addMarker(point: GeoPoint, options: MarkerOptions): MapMarker;
  /** Called with the point the guest tapped (not the end of a drag); returns the unsubscribe. */
  onTap(listener: (point: GeoPoint) => void): () => void;
  /** Whether a double tap (or double click) zooms in: on by default; off while a shape is drawn by taps (issue 31). */
  setDoubleTapZoom?(on: boolean): void;
  /**
   * Settles once the map has drawn its first view (its tiles in) or has been moved before that:
   * the first view's picture under it (tile-preview.ts) may go then.
   */
  readonly drawn: Promise<void>;
  destroy(): void;
}

export interface MapOptions {
  readonly centre: GeoPoint;
  readonly zoom: number;
  /** The map region's accessible name (Russian), e.g. «Карта зон доставки». */
  readonly label: string;
}

/** An implementation: draws a map into the element. */
export type MapFactory = (element: HTMLElement, options: MapOptions) => Promise<MapView>;

/** The zone colour when the wire's is not a hex colour: the brand's default ink, a quarter opaque. */
const FALLBACK_ZONE: MapShapeStyle = { fill: '#2e2e34', fillOpacity: 0.25, stroke: '#2e2e34', strokeOpacity: 1 };

/** docs/design.md Maps: zones are filled lightly, so streets and house numbers stay readable under them. */
const MAX_ZONE_FILL_OPACITY = 0.4;

/**
 * A zone's wire colour ('#AARRGGBB', SPEC 9 colour rule through the domain's cssColour, or
 * '#RRGGBB') as a style both libraries take: the fill keeps the colour's alpha (at most 0.4),
 * the outline is the same colour opaque so the border stays clear on plain tiles.
 */
export function zoneStyle(wireColour: string): MapShapeStyle {
  const css = cssColour(wireColour.trim());
  const match = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(css);
  const [, rgbDigits, alphaDigits] = match ?? [];
  if (rgbDigits === undefined) return FALLBACK_ZONE;
  const rgb = `#${rgbDigits.toLowerCase()}`;
  const alpha = alphaDigits === undefined ? 0.25 : Number.parseInt(alphaDigits, 16) / 255;
  const fillOpacity = Math.round(Math.min(alpha, MAX_ZONE_FILL_OPACITY) * 1000) / 1000;
  return { fill: rgb, fillOpacity, stroke: rgb, strokeOpacity: 1 };
}

/** Centres a chosen point (a found address or restaurant, the guest's location) at SPEC 9's zoom 18, or closer if the map already is. */
export function showPoint(view: MapView, point: GeoPoint): void {
  view.setView(point, Math.max(MAP_POINT_ZOOM, view.getZoom()));
}

/** The points of a polygon's outline, for fitBounds. */
export function outlinePoints(polygon: PolygonCoordinates): GeoPoint[] {
  return (polygon[0] ?? []).map(([lon, lat]) => ({ lat, lon }));
}
