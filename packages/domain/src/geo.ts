/** A point on the Earth in degrees (SPEC 3 location, lat/lon). */
export interface GeoPoint {
  readonly lat: number;
  readonly lon: number;
}

/** Mean Earth radius used for distances (SPEC 9). */
export const EARTH_RADIUS_KM = 6371;

function radians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle distance in kilometres by the haversine formula, Earth radius 6371 km (SPEC 9). */
export function haversineKm(from: GeoPoint, to: GeoPoint): number {
  const halfLat = Math.sin(radians(to.lat - from.lat) / 2);
  const halfLon = Math.sin(radians(to.lon - from.lon) / 2);
  const h = halfLat * halfLat + Math.cos(radians(from.lat)) * Math.cos(radians(to.lat)) * halfLon * halfLon;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Kilometres → '12,3 км', rounded to 0.1 km with a comma (SPEC 9). */
export function formatDistanceKm(km: number): string {
  const tenths = Math.round(km * 10);
  return `${Math.floor(tenths / 10)},${tenths % 10} км`;
}
