import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type DeliveryZone,
  deliveryZoneFor,
  type LonLat,
  OUTSIDE_DELIVERY_ZONE_MESSAGE,
  ringContainsPoint,
  zoneContainsPoint,
} from '../src/zone';

// A closed GeoJSON square around central Moscow: lon 37.5–37.7, lat 55.7–55.8.
const square: LonLat[] = [
  [37.5, 55.7],
  [37.7, 55.7],
  [37.7, 55.8],
  [37.5, 55.8],
  [37.5, 55.7],
];

// An L shape (concave): the square minus its north-east quarter.
const lShape: LonLat[] = [
  [0, 0],
  [2, 0],
  [2, 1],
  [1, 1],
  [1, 2],
  [0, 2],
  [0, 0],
];

function zone(id: number, ring: LonLat[], active: DeliveryZone['active'] = '1'): DeliveryZone {
  return { id, active, polygon: [ring], periods: [], time_limit: 0, minordersum_rest: 0, minordersum_shop: 0 };
}

describe('delivery zone test, ray casting on the first ring (SPEC 5)', () => {
  it('holds a point inside and not one outside (SPEC 5)', () => {
    expect(zoneContainsPoint([square], { lat: 55.75, lon: 37.6 })).toBe(true);
    expect(zoneContainsPoint([square], { lat: 55.75, lon: 37.8 })).toBe(false);
    expect(zoneContainsPoint([square], { lat: 55.9, lon: 37.6 })).toBe(false);
    expect(zoneContainsPoint([square], { lat: 55.75, lon: 37.4 })).toBe(false);
    expect(zoneContainsPoint([square], { lat: 55.6, lon: 37.6 })).toBe(false);
  });

  it('reads the first ring as the outline and ignores holes (SPEC 5)', () => {
    const hole: LonLat[] = [
      [37.55, 55.72],
      [37.65, 55.72],
      [37.65, 55.78],
      [37.55, 55.78],
      [37.55, 55.72],
    ];
    expect(zoneContainsPoint([square, hole], { lat: 55.75, lon: 37.6 })).toBe(true);
    expect(zoneContainsPoint([hole, square], { lat: 55.71, lon: 37.51 })).toBe(false);
  });

  it('counts a point on an edge or a vertex as inside (SPEC 5)', () => {
    expect(zoneContainsPoint([square], { lat: 55.7, lon: 37.6 })).toBe(true);
    expect(zoneContainsPoint([square], { lat: 55.75, lon: 37.7 })).toBe(true);
    expect(zoneContainsPoint([square], { lat: 55.8, lon: 37.6 })).toBe(true);
    expect(zoneContainsPoint([square], { lat: 55.75, lon: 37.5 })).toBe(true);
    expect(zoneContainsPoint([square], { lat: 55.8, lon: 37.7 })).toBe(true);
    expect(zoneContainsPoint([square], { lat: 55.7, lon: 37.5 })).toBe(true);
    // on a slanted edge, computed with rounding error
    const triangle: LonLat[] = [
      [0, 0],
      [3, 0],
      [0, 3],
    ];
    expect(ringContainsPoint(triangle, { lat: 0.1 + 0.2, lon: 3 - (0.1 + 0.2) })).toBe(true);
  });

  it('puts the edge tolerance at 1e-9 degrees, about 0.1 mm', () => {
    const unit: LonLat[] = [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ];
    expect(ringContainsPoint(unit, { lat: -1e-9, lon: 0.5 })).toBe(true);
    expect(ringContainsPoint(unit, { lat: -2e-9, lon: 0.5 })).toBe(false);
  });

  it('leaves a point just beyond an edge outside', () => {
    expect(zoneContainsPoint([square], { lat: 55.75, lon: 37.7 + 1e-8 })).toBe(false);
    expect(zoneContainsPoint([square], { lat: 55.7 - 1e-8, lon: 37.6 })).toBe(false);
    // beyond the end of an edge, in line with it
    expect(zoneContainsPoint([square], { lat: 55.7, lon: 37.8 })).toBe(false);
    expect(zoneContainsPoint([square], { lat: 55.7, lon: 37.4 })).toBe(false);
    expect(zoneContainsPoint([square], { lat: 55.9, lon: 37.5 })).toBe(false);
  });

  it('handles a concave outline', () => {
    expect(ringContainsPoint(lShape, { lat: 0.5, lon: 1.5 })).toBe(true);
    expect(ringContainsPoint(lShape, { lat: 1.5, lon: 0.5 })).toBe(true);
    expect(ringContainsPoint(lShape, { lat: 1.5, lon: 1.5 })).toBe(false);
    // a ray through the reflex vertex (1, 1) and the vertex (2, 1)
    expect(ringContainsPoint(lShape, { lat: 1, lon: 0.5 })).toBe(true);
    expect(ringContainsPoint(lShape, { lat: 1, lon: -0.5 })).toBe(false);
    // a ray through the vertices (0, 2) and (1, 2)
    expect(ringContainsPoint(lShape, { lat: 2, lon: -1 })).toBe(false);
    expect(ringContainsPoint(lShape, { lat: 0, lon: -1 })).toBe(false);
  });

  it('accepts an open ring as well as a closed one', () => {
    expect(ringContainsPoint(square.slice(0, 4), { lat: 55.75, lon: 37.6 })).toBe(true);
    expect(ringContainsPoint(square.slice(0, 4), { lat: 55.75, lon: 37.55 })).toBe(true);
    expect(ringContainsPoint(square.slice(0, 4), { lat: 55.75, lon: 37.45 })).toBe(false);
  });

  it('holds nothing without a ring or points', () => {
    expect(zoneContainsPoint([], { lat: 0, lon: 0 })).toBe(false);
    expect(ringContainsPoint([], { lat: 0, lon: 0 })).toBe(false);
    expect(ringContainsPoint([[0, 0]], { lat: 0, lon: 0 })).toBe(true);
    expect(ringContainsPoint([[0, 0]], { lat: 1, lon: 1 })).toBe(false);
  });

  // Vertices on a 0.1° grid and points on a 0.05° grid: a point is either exactly on an edge
  // or clearly off it, so floating-point noise cannot decide a case.
  const coordinate = fc.integer({ min: -500, max: 500 }).map((tenths) => tenths / 10);
  const pointCoordinate = fc.integer({ min: -1100, max: 1100 }).map((twentieths) => twentieths / 20);

  it('agrees with the bounds of any rectangle (property, SPEC 5)', () => {
    fc.assert(
      fc.property(
        coordinate,
        coordinate,
        coordinate,
        coordinate,
        pointCoordinate,
        pointCoordinate,
        (x1, x2, y1, y2, lon, lat) => {
          fc.pre(x1 !== x2 && y1 !== y2);
          const [west, east] = x1 < x2 ? [x1, x2] : [x2, x1];
          const [south, north] = y1 < y2 ? [y1, y2] : [y2, y1];
          const rectangle: LonLat[] = [
            [west, south],
            [east, south],
            [east, north],
            [west, north],
            [west, south],
          ];
          const inBounds = lon >= west && lon <= east && lat >= south && lat <= north;
          expect(zoneContainsPoint([rectangle], { lat, lon })).toBe(inBounds);
        },
      ),
    );
  });

  it('does not depend on where the ring starts or which way it runs (property, SPEC 5)', () => {
    const ring = fc.array(fc.tuple(coordinate, coordinate), { minLength: 3, maxLength: 12 });
    fc.assert(
      fc.property(ring, fc.nat(), pointCoordinate, pointCoordinate, (points, shift, lon, lat) => {
        const start = shift % points.length;
        const rotated = [...points.slice(start), ...points.slice(0, start)];
        const expected = ringContainsPoint(points, { lat, lon });
        expect(ringContainsPoint(rotated, { lat, lon })).toBe(expected);
        expect(ringContainsPoint(points.toReversed(), { lat, lon })).toBe(expected);
        expect(ringContainsPoint([...points, points[0] as LonLat], { lat, lon })).toBe(expected);
      }),
    );
  });

  it('never holds a point beyond the bounding box (property, SPEC 5)', () => {
    const ring = fc.array(fc.tuple(coordinate, coordinate), { minLength: 3, maxLength: 12 });
    fc.assert(
      fc.property(ring, fc.double({ min: 1e-3, max: 10, noNaN: true }), (points, margin) => {
        const east = Math.max(...points.map(([lon]) => lon));
        const north = Math.max(...points.map(([, lat]) => lat));
        expect(ringContainsPoint(points, { lat: north + margin, lon: east })).toBe(false);
        expect(ringContainsPoint(points, { lat: north, lon: east + margin })).toBe(false);
      }),
    );
  });
});

describe('choosing the delivery zone and restaurant (SPEC 4)', () => {
  const far: LonLat[] = [
    [30, 59],
    [31, 59],
    [31, 60],
    [30, 60],
    [30, 59],
  ];
  const inside = { lat: 55.75, lon: 37.6 };

  it('finds the restaurant and zone holding the point (SPEC 4)', () => {
    const north = { id: 'north', deliveryCourier: '1' as const, deliveryZone: [zone(1, far), zone(2, square)] };
    expect(deliveryZoneFor([north], inside)).toEqual({ restaurant: north, zone: north.deliveryZone[1] });
  });

  it('considers only restaurants with deliveryCourier "1" (SPEC 4)', () => {
    const noCourier = { id: 'a', deliveryCourier: '0' as const, deliveryZone: [zone(1, square)] };
    const courier = { id: 'b', deliveryCourier: '1' as const, deliveryZone: [zone(2, square)] };
    expect(deliveryZoneFor([noCourier, courier], inside)?.restaurant).toBe(courier);
    expect(deliveryZoneFor([noCourier], inside)).toBeNull();
  });

  it('skips inactive zones (SPEC 4)', () => {
    const restaurant = { deliveryCourier: '1' as const, deliveryZone: [zone(1, square, '0'), zone(2, square, 1)] };
    expect(deliveryZoneFor([restaurant], inside)?.zone.id).toBe(2);
    expect(
      deliveryZoneFor([{ deliveryCourier: '1' as const, deliveryZone: [zone(1, square, false)] }], inside),
    ).toBeNull();
  });

  it('takes the first match in list order when zones overlap', () => {
    const first = { id: 1, deliveryCourier: true, deliveryZone: [zone(1, square)] };
    const second = { id: 2, deliveryCourier: 1 as const, deliveryZone: [zone(2, square)] };
    expect(deliveryZoneFor([first, second], inside)?.restaurant.id).toBe(1);
  });

  it('gives null outside every zone, where the guest sees the refusal (SPEC 4, 8)', () => {
    const restaurant = { deliveryCourier: '1' as const, deliveryZone: [zone(1, square)] };
    expect(deliveryZoneFor([restaurant], { lat: 10, lon: 10 })).toBeNull();
    expect(OUTSIDE_DELIVERY_ZONE_MESSAGE).toBe('По данному адресу доставка невозможна');
  });
});
