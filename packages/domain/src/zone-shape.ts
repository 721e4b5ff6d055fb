import { parseClock } from './time';
import type { LonLat, PolygonCoordinates } from './zone';

// The shape and fields of a delivery zone a manager draws or imports (issue 31): the one place
// that says what a zone may be, read by the server before every save and import, and by the
// staff screen while the manager draws.

/** At least a triangle; at most this many corners (a hand-drawn zone has tens). */
export const ZONE_MIN_POINTS = 3;
export const ZONE_MAX_POINTS = 200;
/** Delivery windows per zone: the demo's busiest has eight. */
export const ZONE_MAX_PERIODS = 24;
export const ZONE_NAME_MAX_LENGTH = 100;
/** Zones per restaurant (and per imported file). */
export const ZONE_MAX_PER_RESTAURANT = 50;

/** What is wrong with a zone's outline, or null. `edges` are 1-based edge numbers (edge n joins point n and n+1). */
export type ZoneShapeProblem =
  | { readonly kind: 'too_few_points' }
  | { readonly kind: 'too_many_points' }
  | { readonly kind: 'out_of_range'; readonly point: number }
  | { readonly kind: 'repeated_point'; readonly point: number }
  | { readonly kind: 'self_crossing'; readonly edges: readonly [number, number] };

/** A zone's problem in the words the server answers and the screen shows. */
export function zoneShapeMessage(problem: ZoneShapeProblem): string {
  switch (problem.kind) {
    case 'too_few_points':
      return `Зона — это не меньше ${ZONE_MIN_POINTS} точек: добавьте точки на карте.`;
    case 'too_many_points':
      return `В зоне не больше ${ZONE_MAX_POINTS} точек: уберите лишние.`;
    case 'out_of_range':
      return `Точка ${problem.point} вне карты: долгота от −180 до 180, широта от −90 до 90.`;
    case 'repeated_point':
      return `Точка ${problem.point} совпадает с соседней: уберите одну из них.`;
    case 'self_crossing':
      return `Граница зоны пересекает сама себя (стороны ${problem.edges[0]} и ${problem.edges[1]}): передвиньте точки так, чтобы линии не перекрещивались.`;
  }
}

/** The outline's corners without GeoJSON's closing repeat of the first. */
export function openRing(ring: readonly LonLat[]): LonLat[] {
  const first = ring[0];
  const last = ring.at(-1);
  if (ring.length > 1 && first !== undefined && last !== undefined && first[0] === last[0] && first[1] === last[1])
    return ring.slice(0, -1);
  return [...ring];
}

/** The corners as a GeoJSON Polygon: one ring, closed (its first point repeated last). */
export function closedPolygon(points: readonly LonLat[]): PolygonCoordinates {
  const first = points[0];
  return [first === undefined ? [] : [...points, first]];
}

type Point = readonly [number, number];

function cross(o: Point, a: Point, b: Point): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

function sign(value: number): -1 | 0 | 1 {
  return value > 0 ? 1 : value < 0 ? -1 : 0;
}

function withinBox(p: Point, a: Point, b: Point): boolean {
  return (
    Math.min(a[0], b[0]) <= p[0] &&
    p[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= p[1] &&
    p[1] <= Math.max(a[1], b[1])
  );
}

/** Whether segments a1–a2 and b1–b2 have a point in common (touching and overlapping included). */
export function segmentsMeet(a1: Point, a2: Point, b1: Point, b2: Point): boolean {
  const d1 = sign(cross(b1, b2, a1));
  const d2 = sign(cross(b1, b2, a2));
  const d3 = sign(cross(a1, a2, b1));
  const d4 = sign(cross(a1, a2, b2));
  if (d1 !== d2 && d3 !== d4 && d1 !== 0 && d2 !== 0 && d3 !== 0 && d4 !== 0) return true;
  return (
    (d1 === 0 && withinBox(a1, b1, b2)) ||
    (d2 === 0 && withinBox(a2, b1, b2)) ||
    (d3 === 0 && withinBox(b1, a1, a2)) ||
    (d4 === 0 && withinBox(b2, a1, a2))
  );
}

/** Whether segments cross at one point inside both (not at an end, not along a common line). */
function segmentsCrossProperly(a1: Point, a2: Point, b1: Point, b2: Point): boolean {
  const d1 = sign(cross(b1, b2, a1));
  const d2 = sign(cross(b1, b2, a2));
  const d3 = sign(cross(a1, a2, b1));
  const d4 = sign(cross(a1, a2, b2));
  return d1 * d2 < 0 && d3 * d4 < 0;
}

/** Whether two edges that share the corner `shared` run back along each other (a spike folded onto itself). */
function foldsBack(shared: Point, other1: Point, other2: Point): boolean {
  if (sign(cross(shared, other1, other2)) !== 0) return false;
  return (other1[0] - shared[0]) * (other2[0] - shared[0]) + (other1[1] - shared[1]) * (other2[1] - shared[1]) > 0;
}

/**
 * Whether the outline crosses or touches itself: any two edges that are not neighbours meet, or
 * two neighbours fold back along each other. The first such pair (1-based edge numbers), or null.
 */
export function selfCrossing(points: readonly LonLat[]): readonly [number, number] | null {
  const n = points.length;
  if (n < 3) return null;
  const edge = (i: number): [Point, Point] => [points[i] as Point, points[(i + 1) % n] as Point];
  for (let i = 0; i < n; i++) {
    const [a1, a2] = edge(i);
    for (let j = i + 1; j < n; j++) {
      const [b1, b2] = edge(j);
      const neighbours = j === i + 1 || (i === 0 && j === n - 1);
      if (neighbours) {
        // They share one corner: a2 = b1 (j = i + 1) or a1 = b2 (the last edge closing on the first).
        const folded = j === i + 1 ? foldsBack(a2, a1, b2) : foldsBack(a1, a2, b1);
        if (folded) return [i + 1, j + 1];
        continue;
      }
      if (segmentsMeet(a1, a2, b1, b2)) return [i + 1, j + 1];
    }
  }
  return null;
}

/** What is wrong with the outline's corners (open or closed ring of [lon, lat]), or null. */
export function zoneShapeProblem(ring: readonly LonLat[]): ZoneShapeProblem | null {
  const points = openRing(ring);
  if (points.length < ZONE_MIN_POINTS) return { kind: 'too_few_points' };
  if (points.length > ZONE_MAX_POINTS) return { kind: 'too_many_points' };
  for (const [index, [lon, lat]] of points.entries()) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lon) > 180 || Math.abs(lat) > 90)
      return { kind: 'out_of_range', point: index + 1 };
  }
  for (const [index, point] of points.entries()) {
    const next = points[(index + 1) % points.length] as LonLat;
    if (point[0] === next[0] && point[1] === next[1]) return { kind: 'repeated_point', point: index + 1 };
  }
  const crossing = selfCrossing(points);
  return crossing === null ? null : { kind: 'self_crossing', edges: crossing };
}

function strictlyInside(ring: readonly LonLat[], point: Point): boolean {
  let inside = false;
  let previous = ring.at(-1);
  if (previous === undefined) return false;
  for (const current of ring) {
    if (sign(cross(previous, current, point)) === 0 && withinBox(point, previous, current)) return false;
    if (current[1] > point[1] !== previous[1] > point[1]) {
      const crossingX =
        ((previous[0] - current[0]) * (point[1] - current[1])) / (previous[1] - current[1]) + current[0];
      if (point[0] < crossingX) inside = !inside;
    }
    previous = current;
  }
  return inside;
}

function samePoints(a: readonly LonLat[], b: readonly LonLat[]): boolean {
  const key = (points: readonly LonLat[]) =>
    points
      .map(([lon, lat]) => `${lon},${lat}`)
      .sort()
      .join(';');
  return a.length === b.length && key(a) === key(b);
}

/**
 * Whether two zones' outlines share some area: their borders cross, a corner of one lies inside
 * the other, or they are the same outline. Zones that only touch along a border do not overlap.
 */
export function zonesOverlap(a: PolygonCoordinates, b: PolygonCoordinates): boolean {
  const ringA = openRing(a[0] ?? []);
  const ringB = openRing(b[0] ?? []);
  if (ringA.length < 3 || ringB.length < 3) return false;
  if (samePoints(ringA, ringB)) return true;
  for (let i = 0; i < ringA.length; i++) {
    const a1 = ringA[i] as Point;
    const a2 = ringA[(i + 1) % ringA.length] as Point;
    for (let j = 0; j < ringB.length; j++) {
      if (segmentsCrossProperly(a1, a2, ringB[j] as Point, ringB[(j + 1) % ringB.length] as Point)) return true;
    }
  }
  const middle = (ring: readonly LonLat[], i: number): Point => {
    const p = ring[i] as Point;
    const q = ring[(i + 1) % ring.length] as Point;
    return [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  };
  return (
    ringA.some((point) => strictlyInside(ringB, point)) ||
    ringB.some((point) => strictlyInside(ringA, point)) ||
    ringA.some((_, i) => strictlyInside(ringB, middle(ringA, i))) ||
    ringB.some((_, i) => strictlyInside(ringA, middle(ringB, i)))
  );
}

/** What is wrong with a zone's delivery window, or null: bounds 'HH:MM' with from before to, seven 0/1 day flags with one on. */
export function zonePeriodProblem(period: {
  readonly from: string;
  readonly to: string;
  readonly days: readonly number[];
}): string | null {
  const from = parseClock(period.from);
  const to = parseClock(period.to);
  if (from === null || !/^\d{2}:\d{2}$/.test(period.from))
    return `Начало окна «${period.from}» — не время: нужно ЧЧ:ММ, например 11:00.`;
  if (to === null || !/^\d{2}:\d{2}$/.test(period.to))
    return `Конец окна «${period.to}» — не время: нужно ЧЧ:ММ, например 13:00.`;
  if (to <= from) return `Окно ${period.from}–${period.to}: конец должен быть позже начала.`;
  if (period.days.length !== 7 || period.days.some((day) => day !== 0 && day !== 1))
    return 'Дни окна — семь отметок 0 или 1, с понедельника.';
  if (!period.days.includes(1)) return `Окно ${period.from}–${period.to}: отметьте хотя бы один день.`;
  return null;
}

/** Zone colours as stored (SPEC 9): '#AARRGGBB', or '#RRGGBB'. */
export const ZONE_COLOUR_PATTERN = /^#(?:[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$/;
