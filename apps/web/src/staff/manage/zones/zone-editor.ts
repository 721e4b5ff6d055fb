import type { NeighbourZone, StaffZone, ZoneFields } from './zone-types';
import {
  closedPolygon,
  type LonLat,
  openRing,
  ZONE_MAX_POINTS,
  zonePeriodProblem,
  zoneShapeMessage,
  zoneShapeProblem,
  zonesOverlap,
} from '@chain/domain';

// The outline editor's rules (issue 31): the corners as the manager places, drags and removes
// them on the map; the midpoint handle on each side adds a corner there. What a valid outline is
// is the domain's (zone-shape.ts), the same check the server makes before saving.

/** The draft's corners (open ring) and which one is picked (for «Удалить точку»), or null. */
export interface OutlineDraft {
  readonly points: readonly LonLat[];
  readonly selected: number | null;
}

export type OutlineAction =
  | { readonly type: 'tap'; readonly point: LonLat }
  | { readonly type: 'move'; readonly index: number; readonly point: LonLat }
  | { readonly type: 'insert'; readonly after: number; readonly point: LonLat }
  | { readonly type: 'select'; readonly index: number | null }
  | { readonly type: 'remove'; readonly index: number }
  | { readonly type: 'clear' };

/** The outline after one action. A tap on the map adds a corner after the picked one (or at the end) and picks it. */
export function editOutline(draft: OutlineDraft, action: OutlineAction): OutlineDraft {
  const points = [...draft.points];
  switch (action.type) {
    case 'tap': {
      if (points.length >= ZONE_MAX_POINTS) return draft;
      const at = draft.selected === null ? points.length : draft.selected + 1;
      points.splice(at, 0, action.point);
      return { points, selected: at };
    }
    case 'insert': {
      if (points.length >= ZONE_MAX_POINTS) return draft;
      points.splice(action.after + 1, 0, action.point);
      return { points, selected: action.after + 1 };
    }
    case 'move':
      if (action.index < 0 || action.index >= points.length) return draft;
      points[action.index] = action.point;
      return { points, selected: action.index };
    case 'select':
      return { points, selected: action.index };
    case 'remove': {
      if (action.index < 0 || action.index >= points.length) return draft;
      points.splice(action.index, 1);
      return { points, selected: points.length === 0 ? null : Math.min(action.index, points.length - 1) };
    }
    case 'clear':
      return { points: [], selected: null };
  }
}

/** The midpoint of each side: side i joins corner i and the next (the last closes on the first). */
export function sideMidpoints(points: readonly LonLat[]): { after: number; point: LonLat }[] {
  if (points.length < 2) return [];
  const sides = points.length === 2 ? 1 : points.length;
  return Array.from({ length: sides }, (_, i) => {
    const a = points[i] as LonLat;
    const b = points[(i + 1) % points.length] as LonLat;
    return { after: i, point: [round((a[0] + b[0]) / 2), round((a[1] + b[1]) / 2)] as LonLat };
  });
}

/** Seven decimals of a degree (about a centimetre): what the map gives is kept this fine. */
export function round(degrees: number): number {
  return Math.round(degrees * 1e7) / 1e7;
}

export function roundedPoint(point: { lat: number; lon: number }): LonLat {
  return [round(point.lon), round(point.lat)];
}

/** The draft's outline as saved: one closed ring. */
export function outlinePolygon(points: readonly LonLat[]): [number, number][][] {
  return [(closedPolygon(points)[0] ?? []).map(([lon, lat]): [number, number] => [lon, lat])];
}

/** The corners of a saved zone's outline. */
export function outlinePoints(zone: Pick<ZoneFields, 'polygon'>): LonLat[] {
  return openRing(zone.polygon[0] ?? []);
}

/** What stops the outline being saved, in the server's words; null when it may be saved. */
export function outlineProblem(points: readonly LonLat[]): string | null {
  const problem = zoneShapeProblem(points);
  return problem ? zoneShapeMessage(problem) : null;
}

/** What is wrong with the zone's fields before it is sent (the windows), or null. */
export function fieldsProblem(fields: Pick<ZoneFields, 'periods'>): string | null {
  for (const period of fields.periods) {
    const problem = zonePeriodProblem(period);
    if (problem) return problem;
  }
  return null;
}

/** The other zones the outline overlaps: the restaurant's own (but this one) and the chain's others. */
export function overlapping(
  points: readonly LonLat[],
  own: readonly StaffZone[],
  others: readonly NeighbourZone[],
  editingId: number | null,
): { id: string; text: string }[] {
  if (points.length < 3) return [];
  const polygon = closedPolygon(points);
  return [
    ...own
      .filter((zone) => zone.id !== editingId && zonesOverlap(polygon, zone.polygon))
      .map((zone) => ({ id: `own-${zone.id}`, text: `«${zone.name}»` })),
    ...others
      .filter((zone) => zonesOverlap(polygon, zone.polygon))
      .map((zone) => ({ id: `other-${zone.id}`, text: `«${zone.name}» (${zone.restaurant_name})` })),
  ];
}

/** Every pair of the restaurant's zones that overlap, in words. */
export function overlapPairs(zones: readonly StaffZone[]): string[] {
  const pairs: string[] = [];
  zones.forEach((zone, i) => {
    for (const other of zones.slice(i + 1))
      if (zonesOverlap(zone.polygon, other.polygon)) pairs.push(`«${zone.name}» и «${other.name}»`);
  });
  return pairs;
}

/** A new zone's fields: no corners yet, the chain's usual sums left at zero. */
export function blankZone(): ZoneFields {
  return {
    name: '',
    color: '#4D3366CC',
    polygon: [[]],
    periods: [],
    time_limit: 0,
    min_order_sum_rest: 0,
    min_order_sum_shop: 0,
    delivery_price: 0,
    free_delivery_from: null,
  };
}

/** '#AARRGGBB' → the '#RRGGBB' a colour input shows; '#RRGGBB' as it is. */
export function colourInputValue(colour: string): string {
  return colour.length === 9 ? `#${colour.slice(3)}`.toLowerCase() : colour.toLowerCase();
}

/** The colour input's '#rrggbb' with the zone's alpha kept (a quarter-transparent fill when it had none). */
export function withAlpha(previous: string, rgb: string): string {
  const alpha = previous.length === 9 ? previous.slice(1, 3) : '4D';
  return `#${alpha}${rgb.slice(1)}`.toUpperCase();
}
