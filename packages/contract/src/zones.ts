import * as z from 'zod/mini';
import {
  ZONE_COLOUR_PATTERN,
  ZONE_MAX_PERIODS,
  ZONE_MAX_PER_RESTAURANT,
  ZONE_MAX_POINTS,
  ZONE_NAME_MAX_LENGTH,
} from '@chain/domain';
import { rowVersion, STALE_VERSION_ERROR, staleVersionResponse } from './backoffice';
import { defineCall } from './call';
import { kopecks, wireId } from './common';
import { MANAGER_ERRORS } from './staff';

// The back office's delivery zones (issue 31, docs/back-office.md "Delivery zones"): a manager
// draws a restaurant's zones on the map, sets each one's sums and windows, switches one off in a
// rush, and moves them in and out as GeoJSON. The shape's rules (no self-crossing, bounds) are the
// domain's (zone-shape.ts); the server checks them before every save and import.

/** Words of the zones' calls and screen. */
export const ZONE_TEXTS = {
  title: 'Зоны доставки',
  zoneNotFound: 'Зона доставки не найдена.',
  importInvalid: 'Файл не принят: исправьте ошибки и загрузите его снова. Ничего не изменено.',
  importNotCollection: 'Это не GeoJSON FeatureCollection: ожидается {"type": "FeatureCollection", "features": [...]}.',
  importDuplicateId: 'Этот номер зоны уже встречался в файле выше.',
  importTooMany: `В файле больше ${ZONE_MAX_PER_RESTAURANT} зон.`,
  tooManyZones: `У ресторана не больше ${ZONE_MAX_PER_RESTAURANT} зон.`,
  importRaced: 'Зоны изменились во время загрузки: загрузите файл ещё раз.',
  zoneInUse: 'Зону только что указал заказ: удалите её ещё раз — она уйдёт в архив.',
  switchedOff: 'Зона выключена: гости по этим адресам получают отказ в доставке.',
  switchedOn: 'Зона включена.',
} as const;

const lonLat = z.tuple([
  z.number().check(z.minimum(-180, 'долгота от −180 до 180'), z.maximum(180, 'долгота от −180 до 180')),
  z.number().check(z.minimum(-90, 'широта от −90 до 90'), z.maximum(90, 'широта от −90 до 90')),
]);

/** GeoJSON Polygon coordinates: one ring of [lon, lat] (closed or open; saved closed). Holes are not kept. */
export const zonePolygon = z
  .array(z.array(lonLat).check(z.maxLength(ZONE_MAX_POINTS + 1, `не больше ${ZONE_MAX_POINTS} точек`)))
  .check(z.minLength(1, 'нужна граница зоны'), z.maxLength(1, 'только граница, без вырезов'));

/** A delivery window: 'HH:MM' bounds, seven 0/1 day flags from Monday (SPEC 3 deliveryZone.periods). */
export const zonePeriod = z.object({
  from: z.string().check(z.maxLength(5, 'время ЧЧ:ММ')),
  to: z.string().check(z.maxLength(5, 'время ЧЧ:ММ')),
  days: z.array(z.int()).check(z.maxLength(7, 'семь дней')),
});

const money = kopecks.check(z.maximum(100_000_000, 'не больше миллиона рублей'));

/** The fields a manager sets on a zone; sums in kopecks, time_limit in minutes. */
export const zoneFields = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'введите название'),
      z.maxLength(ZONE_NAME_MAX_LENGTH, `не длиннее ${ZONE_NAME_MAX_LENGTH} символов`),
    ),
  /** '#AARRGGBB' (SPEC 9 colour rule) or '#RRGGBB'. */
  color: z.string().check(z.regex(ZONE_COLOUR_PATTERN, 'цвет #RRGGBB или #AARRGGBB')),
  polygon: zonePolygon,
  periods: z.array(zonePeriod).check(z.maxLength(ZONE_MAX_PERIODS, `не больше ${ZONE_MAX_PERIODS} окон`)),
  /** Minutes a delivery window must be ordered ahead of its start. */
  time_limit: z.int().check(z.minimum(0, 'не меньше 0'), z.maximum(1440, 'не больше суток (1440 минут)')),
  min_order_sum_rest: money,
  min_order_sum_shop: money,
  delivery_price: money,
  /** Delivery is free from this order sum; null: never free. */
  free_delivery_from: z.nullable(money),
});
export type ZoneFields = z.infer<typeof zoneFields>;

/** A zone as the back office shows it. */
export const staffZone = z.extend(zoneFields, {
  id: z.int(),
  restaurant_id: z.int(),
  active: z.boolean(),
  sort: z.int(),
  version: z.int(),
});
export type StaffZone = z.infer<typeof staffZone>;

/** Another restaurant's zone, shown on the map to see overlaps (read only). */
export const neighbourZone = z.object({
  id: z.int(),
  name: z.string(),
  restaurant_name: z.string(),
  color: z.string(),
  active: z.boolean(),
  polygon: zonePolygon,
});

export const staffZonesResponse = z.object({
  restaurant: z.object({ id: z.int(), name: z.string(), lat: z.number(), lon: z.number() }),
  zones: z.array(staffZone),
  /** The chain's other restaurants' zones (not archived). */
  others: z.array(neighbourZone),
});
export type StaffZonesResponse = z.infer<typeof staffZonesResponse>;

const restaurantParams = z.object({ id: wireId });
const zoneParams = z.object({ id: wireId, zone: wireId });

const ZONE_ERRORS = {
  ...MANAGER_ERRORS,
  zone_not_found: `no such zone in this restaurant, or it is archived (404 «${ZONE_TEXTS.zoneNotFound}»)`,
} as const;

const SHAPE_VALIDATION =
  'a field out of bounds, or the outline crosses itself, has fewer than 3 or more than 200 points or a window is not HH:MM with its end after its start (400 «Граница зоны пересекает сама себя (стороны 1 и 3): …»)';

export const staffZonesCall = defineCall({
  name: 'staffZones',
  method: 'GET',
  path: '/api/staff/restaurants/:id/zones',
  tag: 'back office',
  summary: "The restaurant's delivery zones for the back office, with the chain's other zones to show overlaps",
  description:
    "Managers of the restaurant (chain managers: any). Archived zones are left out. `others` are the other restaurants' zones, read only, so the map shows where zones overlap.",
  auth: 'staff',
  params: restaurantParams,
  response: staffZonesResponse,
  errors: MANAGER_ERRORS,
});

export const staffCreateZoneCall = defineCall({
  name: 'staffCreateZone',
  method: 'POST',
  path: '/api/staff/restaurants/:id/zones',
  tag: 'back office',
  summary: 'Adds a delivery zone to the restaurant (switched on, last in order); audited',
  auth: 'staff',
  params: restaurantParams,
  body: zoneFields,
  response: staffZone,
  errors: {
    ...MANAGER_ERRORS,
    validation: SHAPE_VALIDATION,
    too_many_zones: `the restaurant has ${ZONE_MAX_PER_RESTAURANT} zones (400 «${ZONE_TEXTS.tooManyZones}»)`,
  },
});

export const staffSaveZoneCall = defineCall({
  name: 'staffSaveZone',
  method: 'POST',
  path: '/api/staff/restaurants/:id/zones/:zone',
  tag: 'back office',
  summary: "Saves a zone's outline and fields over the version it was based on; audited",
  description:
    "Guests' maps and delivery checks follow at once (the catalogue version). 409 stale_version with `current` when someone saved the zone since `version`.",
  auth: 'staff',
  params: zoneParams,
  body: z.extend(zoneFields, { version: rowVersion }),
  response: staffZone,
  errors: { ...ZONE_ERRORS, ...STALE_VERSION_ERROR, validation: SHAPE_VALIDATION },
});

/** The 409 of a zone save: the zone as it is now. */
export const staffZoneStale = staleVersionResponse(staffZone);

export const staffZoneActiveCall = defineCall({
  name: 'staffZoneActive',
  method: 'POST',
  path: '/api/staff/restaurants/:id/zones/:zone/active',
  tag: 'back office',
  summary: 'Switches a zone off (a rush) or on again in one tap; audited; guests follow at once',
  auth: 'staff',
  params: zoneParams,
  body: z.object({ active: z.boolean(), version: rowVersion }),
  response: staffZone,
  errors: { ...ZONE_ERRORS, ...STALE_VERSION_ERROR },
});

export const staffRemoveZoneCall = defineCall({
  name: 'staffRemoveZone',
  method: 'POST',
  path: '/api/staff/restaurants/:id/zones/:zone/remove',
  tag: 'back office',
  summary:
    'Removes a zone: deleted when no order names it, else archived (kept for history, hidden from guests); audited',
  auth: 'staff',
  params: zoneParams,
  body: z.object({ version: rowVersion }),
  response: z.object({ outcome: z.enum(['deleted', 'archived']) }),
  errors: {
    ...ZONE_ERRORS,
    ...STALE_VERSION_ERROR,
    zone_in_use: `an order named the zone while it was being deleted (409 «${ZONE_TEXTS.zoneInUse}»); removing it again archives it`,
  },
});

// ---------------------------------------------------------------------------------------------
// GeoJSON

/** The zone's fields a GeoJSON feature carries in `properties` (id: the zone it updates; absent or unknown: a new zone). */
export const zoneFeatureProperties = z.object({
  id: z.optional(z.nullable(z.int())),
  name: zoneFields.shape.name,
  color: zoneFields.shape.color,
  active: z.optional(z.boolean()),
  periods: z.optional(zoneFields.shape.periods),
  time_limit: z.optional(zoneFields.shape.time_limit),
  min_order_sum_rest: z.optional(money),
  min_order_sum_shop: z.optional(money),
  delivery_price: z.optional(money),
  free_delivery_from: z.optional(z.nullable(money)),
});

/** One zone as a GeoJSON Feature: a Polygon of [lon, lat] and the zone's fields. */
export const zoneFeature = z.object({
  type: z.literal('Feature'),
  geometry: z.object({ type: z.literal('Polygon'), coordinates: zonePolygon }),
  properties: zoneFeatureProperties,
});

/** A restaurant's zones as a GeoJSON FeatureCollection (RFC 7946), in the zones' order. */
export const zoneCollection = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(zoneFeature),
});
export type ZoneCollection = z.infer<typeof zoneCollection>;

export const staffExportZonesCall = defineCall({
  name: 'staffExportZones',
  method: 'GET',
  path: '/api/staff/restaurants/:id/zones/geojson',
  tag: 'back office',
  summary: "The restaurant's zones as a GeoJSON FeatureCollection; the same zones give the same bytes",
  description:
    "Features in the zones' order (sort, then id), keys in a fixed order, no timestamps: exporting twice gives the same file, and importing it back changes nothing.",
  auth: 'staff',
  params: restaurantParams,
  response: zoneCollection,
  errors: MANAGER_ERRORS,
});

/** One refused feature of an import: its number in the file (from 1) and why. */
export const zoneImportProblem = z.object({ feature: z.int(), message: z.string() });

export const zoneImportResult = z.object({
  dry_run: z.boolean(),
  added: z.array(z.string()),
  changed: z.array(z.string()),
  /** Zones missing from the file: deleted, or archived when orders name them. */
  removed: z.array(z.string()),
  unchanged: z.int(),
});
export type ZoneImportResult = z.infer<typeof zoneImportResult>;

export const staffImportZonesCall = defineCall({
  name: 'staffImportZones',
  method: 'POST',
  path: '/api/staff/restaurants/:id/zones/import',
  tag: 'back office',
  summary:
    "Replaces the restaurant's zones with a GeoJSON file's, in one transaction, or (dry_run) says what would change",
  description:
    "The file is the restaurant's whole set: a feature whose `properties.id` is one of its zones updates it, one without (or with another id) adds a zone, and zones missing from the file are removed (archived when orders name them). Every feature is checked first; one bad feature refuses the whole file (400 zone_import_invalid with `problems`, each naming its feature) and nothing changes.",
  auth: 'staff',
  params: restaurantParams,
  body: z.object({ collection: z.unknown(), dry_run: z.optional(z.boolean()) }),
  response: zoneImportResult,
  errors: {
    ...MANAGER_ERRORS,
    zones_changed: `a zone was saved while the file was applied (409 «${ZONE_TEXTS.importRaced}»); nothing changed`,
    zone_import_invalid: `a feature is wrong (400 «${ZONE_TEXTS.importInvalid}»); the body's \`problems\` lists each: { feature (from 1), message }`,
  },
});

/** Every zone call, for the staff-session check. */
export const ZONE_CALLS = [
  staffZonesCall,
  staffCreateZoneCall,
  staffSaveZoneCall,
  staffZoneActiveCall,
  staffRemoveZoneCall,
  staffExportZonesCall,
  staffImportZonesCall,
] as const;
