import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  closedPolygon,
  type LonLat,
  openRing,
  selfCrossing,
  ZONE_MAX_POINTS,
  zonePeriodProblem,
  zoneShapeMessage,
  zoneShapeProblem,
  zonesOverlap,
} from '../src';

// Issue 31: the delivery zone a manager draws — refused when its border crosses itself, with
// the edges named; overlaps with the restaurant's other zones found (SPEC 3 deliveryZone, SPEC 5).

const square: LonLat[] = [
  [37.6, 55.75],
  [37.62, 55.75],
  [37.62, 55.76],
  [37.6, 55.76],
];

describe('a zone’s outline', () => {
  it('takes a plain square, open or closed', () => {
    expect(zoneShapeProblem(square)).toBeNull();
    expect(zoneShapeProblem(closedPolygon(square)[0] ?? [])).toBeNull();
    expect(openRing(closedPolygon(square)[0] ?? [])).toEqual(square);
  });

  it('refuses a bow tie, naming the two edges that cross, in Russian', () => {
    const bowTie: LonLat[] = [square[0]!, square[2]!, square[1]!, square[3]!];
    const problem = zoneShapeProblem(bowTie);
    expect(problem).toEqual({ kind: 'self_crossing', edges: [1, 3] });
    expect(zoneShapeMessage(problem!)).toBe(
      'Граница зоны пересекает сама себя (стороны 1 и 3): передвиньте точки так, чтобы линии не перекрещивались.',
    );
  });

  it('refuses a spike folded back onto its own edge, a corner on another edge, repeated points, too few or too many points, and points off the map', () => {
    expect(
      zoneShapeProblem([
        [0, 0],
        [2, 0],
        [1, 0],
        [1, 1],
      ])?.kind,
    ).toBe('self_crossing');
    // Point 4 lies on edge 1 (a pinch): the border touches itself.
    expect(
      zoneShapeProblem([
        [0, 0],
        [2, 0],
        [2, 2],
        [1, 0],
        [0, 2],
      ])?.kind,
    ).toBe('self_crossing');
    expect(
      zoneShapeProblem([
        [0, 0],
        [0, 0],
        [1, 1],
        [0, 1],
      ]),
    ).toEqual({ kind: 'repeated_point', point: 1 });
    expect(
      zoneShapeProblem([
        [0, 0],
        [1, 1],
      ]),
    ).toEqual({ kind: 'too_few_points' });
    const many = Array.from({ length: ZONE_MAX_POINTS + 1 }, (_, i): LonLat => [
      Math.cos((2 * Math.PI * i) / (ZONE_MAX_POINTS + 1)),
      Math.sin((2 * Math.PI * i) / (ZONE_MAX_POINTS + 1)),
    ]);
    expect(zoneShapeProblem(many)).toEqual({ kind: 'too_many_points' });
    expect(zoneShapeProblem(many.slice(0, ZONE_MAX_POINTS))).toBeNull();
    expect(
      zoneShapeProblem([
        [0, 0],
        [200, 0],
        [0, 1],
      ]),
    ).toEqual({ kind: 'out_of_range', point: 2 });
  });

  // A star-shaped outline (corners at increasing angles around a centre) never crosses itself.
  const starShaped = fc
    .uniqueArray(fc.integer({ min: 0, max: 3599 }), { minLength: 3, maxLength: 40 })
    .chain((angles) =>
      fc.tuple(
        fc.constant(angles.sort((a, b) => a - b)),
        fc.array(fc.integer({ min: 10, max: 1000 }), { minLength: angles.length, maxLength: angles.length }),
      ),
    )
    .map(([angles, radii]) =>
      angles.map((tenths, i): LonLat => {
        const angle = (tenths / 3600) * 2 * Math.PI;
        return [37.6 + (radii[i]! / 1e5) * Math.cos(angle), 55.75 + (radii[i]! / 1e5) * Math.sin(angle)];
      }),
    )
    // The centre must be inside (no gap between neighbouring corners of half a turn or more), or the outline is not star-shaped around it.
    .filter((points) => {
      const angles = points.map(([lon, lat]) => Math.atan2(lat - 55.75, lon - 37.6));
      return angles.every((angle, i) => {
        const next = angles[(i + 1) % angles.length]!;
        const gap = (next - angle + 2 * Math.PI) % (2 * Math.PI);
        return gap < Math.PI - 1e-6;
      });
    });

  it('takes every star-shaped outline around its centre (property)', () => {
    fc.assert(
      fc.property(starShaped, (points) => selfCrossing(points) === null),
      { numRuns: 300 },
    );
  });

  // Corners on one circle at distinct angles, in order: a convex outline.
  const convex = fc.uniqueArray(fc.integer({ min: 0, max: 3599 }), { minLength: 4, maxLength: 40 }).map((angles) =>
    angles
      .sort((a, b) => a - b)
      .map((tenths): LonLat => {
        const angle = (tenths / 3600) * 2 * Math.PI;
        return [37.6 + 0.01 * Math.cos(angle), 55.75 + 0.01 * Math.sin(angle)];
      }),
  );

  it('refuses a convex outline once two neighbouring corners swap places (property): the edges around them cross', () => {
    fc.assert(
      fc.property(convex, fc.nat(), (points, pick) => {
        if (selfCrossing(points) !== null) return false;
        const i = pick % points.length;
        const j = (i + 1) % points.length;
        const swapped = [...points];
        [swapped[i], swapped[j]] = [swapped[j]!, swapped[i]!];
        return zoneShapeProblem(swapped)?.kind === 'self_crossing';
      }),
      { numRuns: 300 },
    );
  });

  it('says the same whichever corner the outline starts from and whichever way it runs (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 })), {
          minLength: 3,
          maxLength: 9,
        }),
        fc.nat(),
        (raw, shift) => {
          const points = raw.map(([x, y]): LonLat => [x, y]);
          const k = shift % points.length;
          const rotated = [...points.slice(k), ...points.slice(0, k)];
          const reversed = [...points].reverse();
          const crosses = selfCrossing(points) !== null;
          return (selfCrossing(rotated) !== null) === crosses && (selfCrossing(reversed) !== null) === crosses;
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('overlapping zones', () => {
  const shifted = (points: LonLat[], dLon: number, dLat: number) =>
    closedPolygon(points.map(([lon, lat]): LonLat => [lon + dLon, lat + dLat]));
  it('finds zones whose borders cross, one inside the other, and the same outline; not zones side by side or touching along a border', () => {
    const zone = closedPolygon(square);
    expect(zonesOverlap(zone, shifted(square, 0.01, 0.005))).toBe(true);
    expect(
      zonesOverlap(
        zone,
        closedPolygon([
          [37.605, 55.752],
          [37.61, 55.752],
          [37.61, 55.755],
        ]),
      ),
    ).toBe(true);
    expect(
      zonesOverlap(
        closedPolygon([
          [37.605, 55.752],
          [37.61, 55.752],
          [37.61, 55.755],
        ]),
        zone,
      ),
    ).toBe(true);
    expect(zonesOverlap(zone, closedPolygon([...square].reverse()))).toBe(true);
    expect(zonesOverlap(zone, shifted(square, 0.02, 0))).toBe(false);
    expect(zonesOverlap(zone, shifted(square, 0.1, 0.1))).toBe(false);
  });
});

describe('a zone’s delivery window', () => {
  const week = [1, 1, 1, 1, 1, 0, 0];
  it('takes HH:MM bounds with the end after the start and a day on; refuses the rest in words', () => {
    expect(zonePeriodProblem({ from: '11:00', to: '13:00', days: week })).toBeNull();
    expect(zonePeriodProblem({ from: '9:00', to: '13:00', days: week })).toMatch(/ЧЧ:ММ/);
    expect(zonePeriodProblem({ from: '11:00', to: '25:00', days: week })).toMatch(/^Конец окна/);
    expect(zonePeriodProblem({ from: '13:00', to: '11:00', days: week })).toBe(
      'Окно 13:00–11:00: конец должен быть позже начала.',
    );
    expect(zonePeriodProblem({ from: '11:00', to: '13:00', days: [0, 0, 0, 0, 0, 0, 0] })).toMatch(/хотя бы один день/);
    expect(zonePeriodProblem({ from: '11:00', to: '13:00', days: [1, 1] })).toMatch(/семь отметок/);
  });
});
