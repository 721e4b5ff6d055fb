import * as z from 'zod/mini';
import {
  type StaffZone,
  ZONE_TEXTS,
  zoneFeature,
  type ZoneCollection,
  type ZoneFields,
  type ZoneImportResult,
} from '@chain/contract';
import {
  closedPolygon,
  openRing,
  type PolygonCoordinates,
  ZONE_MAX_PER_RESTAURANT,
  zonePeriodProblem,
  zoneShapeMessage,
  zoneShapeProblem,
} from '@chain/domain';
import { AppError, badRequest } from '../../http/errors';
import type { ZoneRow, ZoneValues } from './repository';

// The rules of the back office's zones (issue 31): a zone's fields checked beyond their types
// (the outline by the domain's zone-shape.ts, the windows), rows as the screen reads them, the
// GeoJSON file out and in.

/** A stored outline as the wire carries it: one closed ring of [lon, lat]. */
export function outlineOf(polygon: PolygonCoordinates): [number, number][][] {
  return [(closedPolygon(openRing(polygon[0] ?? []))[0] ?? []).map(([lon, lat]): [number, number] => [lon, lat])];
}

/** The zone as the back office shows it: the outline as one closed ring. */
export function staffZoneOf(row: ZoneRow): StaffZone {
  return {
    id: row.id,
    restaurant_id: row.restaurant_id,
    name: row.name,
    color: row.color,
    active: row.active,
    polygon: outlineOf(row.polygon),
    periods: row.periods.map((period) => ({ from: period.from, to: period.to, days: [...period.days] })),
    time_limit: row.time_limit,
    min_order_sum_rest: row.min_order_sum_rest,
    min_order_sum_shop: row.min_order_sum_shop,
    delivery_price: row.delivery_price,
    free_delivery_from: row.free_delivery_from,
    sort: row.sort,
    version: row.version,
  };
}

/** What is wrong with the fields beyond their types (the outline, the windows), in words; or null. */
export function zoneFieldsProblem(fields: Pick<ZoneFields, 'polygon' | 'periods'>): string | null {
  const shape = zoneShapeProblem(fields.polygon[0] ?? []);
  if (shape) return zoneShapeMessage(shape);
  for (const period of fields.periods) {
    const problem = zonePeriodProblem(period);
    if (problem) return problem;
  }
  return null;
}

/** The fields as saved, or 400 validation with the problem in words. */
export function zoneValues(fields: ZoneFields): ZoneValues {
  const problem = zoneFieldsProblem(fields);
  if (problem) throw badRequest(problem, 'validation');
  return {
    name: fields.name.trim(),
    color: fields.color.toUpperCase(),
    polygon: JSON.stringify(closedPolygon(openRing(fields.polygon[0] ?? []))),
    periods: JSON.stringify(fields.periods.map((period) => ({ from: period.from, to: period.to, days: period.days }))),
    time_limit: fields.time_limit,
    min_order_sum_rest: fields.min_order_sum_rest,
    min_order_sum_shop: fields.min_order_sum_shop,
    delivery_price: fields.delivery_price,
    free_delivery_from: fields.free_delivery_from,
  };
}

/** What the audit log keeps of a zone: its fields without the version. */
export function auditedZone(zone: StaffZone) {
  const { version: _version, ...rest } = zone;
  return rest;
}

// ---------------------------------------------------------------------------------------------
// GeoJSON

/** The restaurant's zones as a FeatureCollection: keys in one order, zones in theirs, nothing that changes by itself. */
export function zonesToGeoJson(zones: readonly StaffZone[]): ZoneCollection {
  return {
    type: 'FeatureCollection',
    features: zones.map((zone) => ({
      type: 'Feature' as const,
      geometry: { type: 'Polygon' as const, coordinates: zone.polygon },
      properties: {
        id: zone.id,
        name: zone.name,
        color: zone.color,
        active: zone.active,
        periods: zone.periods,
        time_limit: zone.time_limit,
        min_order_sum_rest: zone.min_order_sum_rest,
        min_order_sum_shop: zone.min_order_sum_shop,
        delivery_price: zone.delivery_price,
        free_delivery_from: zone.free_delivery_from,
      },
    })),
  };
}

/** One zone as a file names it: the zone it updates (null: a new one), its fields and whether it is on. */
export interface ImportedZone {
  id: number | null;
  fields: ZoneFields;
  active: boolean;
}

/** A refused file: 400 zone_import_invalid, every wrong feature named. */
export class ZoneImportError extends AppError {
  constructor(problems: { feature: number; message: string }[]) {
    super(400, 'zone_import_invalid', ZONE_TEXTS.importInvalid, { problems });
    this.name = 'ZoneImportError';
  }
}

function issueText(issue: z.core.$ZodIssue): string {
  const path = issue.path.join('.');
  return path === '' ? issue.message : `поле «${path}»: ${issue.message}`;
}

/**
 * The file's zones, every feature checked (its types, then the outline and windows); refuses
 * the file with every problem, each naming its feature (from 1) and the zone's name where known.
 */
export function readZoneFile(collection: unknown, ownIds: ReadonlySet<number>): ImportedZone[] {
  const outer = z
    .object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) })
    .safeParse(collection);
  if (!outer.success) throw new ZoneImportError([{ feature: 0, message: ZONE_TEXTS.importNotCollection }]);
  if (outer.data.features.length > ZONE_MAX_PER_RESTAURANT)
    throw new ZoneImportError([{ feature: 0, message: ZONE_TEXTS.importTooMany }]);
  const problems: { feature: number; message: string }[] = [];
  const zones: ImportedZone[] = [];
  const seen = new Set<number>();
  outer.data.features.forEach((raw, index) => {
    const feature = index + 1;
    const parsed = zoneFeature.safeParse(raw);
    if (!parsed.success) {
      const name = (raw as { properties?: { name?: unknown } } | null)?.properties?.name;
      const named = typeof name === 'string' && name.trim() !== '' ? ` («${name.trim().slice(0, 100)}»)` : '';
      problems.push({ feature, message: `Зона ${feature}${named}: ${parsed.error.issues.map(issueText).join('; ')}.` });
      return;
    }
    const { properties, geometry } = parsed.data;
    const fields: ZoneFields = {
      name: properties.name,
      color: properties.color,
      polygon: geometry.coordinates,
      periods: properties.periods ?? [],
      time_limit: properties.time_limit ?? 0,
      min_order_sum_rest: properties.min_order_sum_rest ?? 0,
      min_order_sum_shop: properties.min_order_sum_shop ?? 0,
      delivery_price: properties.delivery_price ?? 0,
      free_delivery_from: properties.free_delivery_from ?? null,
    };
    const problem = zoneFieldsProblem(fields);
    if (problem) {
      problems.push({ feature, message: `Зона ${feature} («${fields.name}»): ${problem}` });
      return;
    }
    const id = properties.id ?? null;
    if (id !== null && seen.has(id)) {
      problems.push({ feature, message: `Зона ${feature} («${fields.name}»): ${ZONE_TEXTS.importDuplicateId}` });
      return;
    }
    if (id !== null) seen.add(id);
    zones.push({ id: id !== null && ownIds.has(id) ? id : null, fields, active: properties.active ?? true });
  });
  if (problems.length > 0) throw new ZoneImportError(problems);
  return zones;
}

/** Whether the file's zone differs from the saved one. */
export function zoneDiffers(saved: StaffZone, imported: ImportedZone): boolean {
  const values = zoneValues(imported.fields);
  const savedValues = zoneValues(saved);
  return imported.active !== saved.active || JSON.stringify(values) !== JSON.stringify(savedValues);
}

/** What an import does: which zones it adds, changes and removes. */
export interface ZoneImportPlan {
  added: ImportedZone[];
  changed: { zone: StaffZone; imported: ImportedZone }[];
  removed: StaffZone[];
  unchanged: number;
}

export function planImport(saved: readonly StaffZone[], imported: readonly ImportedZone[]): ZoneImportPlan {
  const byId = new Map(saved.map((zone) => [zone.id, zone]));
  const kept = new Set<number>();
  const plan: ZoneImportPlan = { added: [], changed: [], removed: [], unchanged: 0 };
  for (const zone of imported) {
    const current = zone.id === null ? undefined : byId.get(zone.id);
    if (!current) {
      plan.added.push(zone);
      continue;
    }
    kept.add(current.id);
    if (zoneDiffers(current, zone)) plan.changed.push({ zone: current, imported: zone });
    else plan.unchanged += 1;
  }
  plan.removed = saved.filter((zone) => !kept.has(zone.id));
  return plan;
}

export function importResult(plan: ZoneImportPlan, dryRun: boolean): ZoneImportResult {
  return {
    dry_run: dryRun,
    added: plan.added.map((zone) => zone.fields.name),
    changed: plan.changed.map(({ imported }) => imported.fields.name),
    removed: plan.removed.map((zone) => zone.name),
    unchanged: plan.unchanged,
  };
}
