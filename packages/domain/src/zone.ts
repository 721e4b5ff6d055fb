import { type Flag, isOn } from './flag';
import type { GeoPoint } from './geo';
import type { Id, Kopecks, Minutes } from './units';

/** A GeoJSON position: longitude first, then latitude. */
export type LonLat = readonly [lon: number, lat: number];

/** GeoJSON Polygon coordinates: the first ring is the outline, further rings (holes) are ignored (SPEC 5). */
export type PolygonCoordinates = readonly (readonly LonLat[])[];

/** A delivery time window of a zone: 'HH:MM' bounds and seven 0/1 day flags, Monday first (SPEC 3). */
export interface DeliveryPeriod {
  readonly from: string;
  readonly to: string;
  readonly days: readonly Flag[];
}

/** A delivery zone (SPEC 3); sums in kopecks, time_limit in minutes. */
export interface DeliveryZone {
  readonly id: Id;
  readonly active: Flag;
  readonly polygon: PolygonCoordinates;
  readonly periods: readonly DeliveryPeriod[];
  readonly time_limit: Minutes;
  readonly minordersum_rest: Kopecks;
  readonly minordersum_shop: Kopecks;
}

/** The restaurant fields the courier lookup reads (SPEC 3, 4). */
export interface CourierRestaurant<Z extends Pick<DeliveryZone, 'active' | 'polygon'> = DeliveryZone> {
  readonly deliveryCourier: Flag;
  readonly deliveryZone: readonly Z[];
}

/** Shown when no active courier zone holds the point (SPEC 4, 8). */
export const OUTSIDE_DELIVERY_ZONE_MESSAGE = 'По данному адресу доставка невозможна';

// About 0.1 mm at Moscow's latitude: a point this close to an edge lies on it.
const EDGE_TOLERANCE_DEGREES = 1e-9;

function liesOnSegment(x: number, y: number, start: LonLat, end: LonLat): boolean {
  const [startX, startY] = start;
  const dx = end[0] - startX;
  const dy = end[1] - startY;
  const lengthSquared = dx * dx + dy * dy;
  const along = lengthSquared === 0 ? 0 : ((x - startX) * dx + (y - startY) * dy) / lengthSquared;
  const t = Math.min(1, Math.max(0, along));
  return Math.hypot(x - (startX + t * dx), y - (startY + t * dy)) <= EDGE_TOLERANCE_DEGREES;
}

// On an edge = within 1e-9° (about 0.1 mm), so a guest standing on the border line gets delivery.
// Rings may be closed (GeoJSON) or open.
/** Ray casting on one ring in lon/lat degrees; a point on an edge counts as inside (SPEC 5). */
export function ringContainsPoint(ring: readonly LonLat[], point: GeoPoint): boolean {
  const x = point.lon;
  const y = point.lat;
  let previous = ring.at(-1);
  if (previous === undefined) return false;
  let inside = false;
  for (const current of ring) {
    if (liesOnSegment(x, y, previous, current)) return true;
    const [currentX, currentY] = current;
    const [previousX, previousY] = previous;
    if (currentY > y !== previousY > y) {
      const crossingX = ((previousX - currentX) * (y - currentY)) / (previousY - currentY) + currentX;
      if (x < crossingX) inside = !inside;
    }
    previous = current;
  }
  return inside;
}

/** Whether a zone polygon holds the point: ray casting on its first ring only (SPEC 5). */
export function zoneContainsPoint(polygon: PolygonCoordinates, point: GeoPoint): boolean {
  const outline = polygon[0];
  return outline !== undefined && ringContainsPoint(outline, point);
}

/**
 * The first active zone holding the point, or undefined (SPEC 4, 5): where zones overlap, the
 * first in list order. `zoneOf` reads a zone out of what the caller holds (the server keeps its
 * rows beside the domain's zones).
 */
export function activeZoneHolding<Z>(
  zones: readonly Z[],
  point: GeoPoint,
  zoneOf: (zone: Z) => Pick<DeliveryZone, 'active' | 'polygon'>,
): Z | undefined {
  return zones.find((candidate) => {
    const zone = zoneOf(candidate);
    return isOn(zone.active) && zoneContainsPoint(zone.polygon, point);
  });
}

// Restaurants and zones are tried in list order, so the first match wins where zones overlap.
/** The first courier restaurant ('1') with an active zone holding the point, and that zone; or null (SPEC 4). */
export function deliveryZoneFor<R extends CourierRestaurant<Pick<DeliveryZone, 'active' | 'polygon'>>>(
  restaurants: readonly R[],
  point: GeoPoint,
): { restaurant: R; zone: R['deliveryZone'][number] } | null {
  for (const restaurant of restaurants) {
    if (!isOn(restaurant.deliveryCourier)) continue;
    const zone = activeZoneHolding(restaurant.deliveryZone, point, (candidate) => candidate);
    if (zone !== undefined) return { restaurant, zone };
  }
  return null;
}
