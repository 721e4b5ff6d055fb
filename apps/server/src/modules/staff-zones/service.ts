import type { Kysely, Transaction } from 'kysely';
import {
  ZONE_TEXTS,
  type CallBody,
  type staffCreateZoneCall,
  type staffImportZonesCall,
  type staffRemoveZoneCall,
  type staffSaveZoneCall,
  type staffZoneActiveCall,
} from '@chain/contract';
import { ZONE_MAX_PER_RESTAURANT } from '@chain/domain';
import type { Database } from '../../db/types';
import { badRequest, conflict } from '../../http/errors';
import { savedOrStale } from '../../http/versioned';
import { requireManager, type StaffPrincipal, staffRestaurant, writeAudit } from '../staff';
import {
  archiveZone,
  deleteZone,
  findZone,
  insertZone,
  lockRestaurantZones,
  otherZones,
  restaurantPlace,
  restaurantZones,
  updateZone,
  zoneIsNamed,
} from './repository';
import {
  auditedZone,
  importResult,
  outlineOf,
  planImport,
  readZoneFile,
  staffZoneOf,
  zonesToGeoJson,
  zoneValues,
} from './zones';

// The back office's delivery zones (issue 31, docs/back-office.md "Delivery zones"): each call's
// work for a manager of the restaurant. Every change is one transaction with its audit row; the
// delivery_zones trigger (migration 003) bumps the catalogue version in it, so guests' maps and
// delivery checks follow at once.

type Db = Kysely<Database>;

const ZONE_MISSING = { message: ZONE_TEXTS.zoneNotFound, code: 'zone_not_found' };

/** A manager of this restaurant (chain managers: any): 403 for a kitchen account or another restaurant's manager. */
async function managedRestaurant(db: Kysely<Database>, staff: StaffPrincipal, restaurantId: number) {
  requireManager(staff);
  return staffRestaurant(db, staff, restaurantId);
}

/** The zone as it is now, for a 409's `current`. */
async function currentZone(db: Kysely<Database> | Transaction<Database>, restaurantId: number, zoneId: number) {
  const row = await findZone(db, restaurantId, zoneId);
  return row ? staffZoneOf(row) : undefined;
}

/** Whether a database error is a foreign key's refusal (an order named the zone while it was being deleted). */
function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23503';
}

/** The restaurant's zones, the other restaurants' for the map, and the restaurant's place. */
export async function zonesOf(db: Db, staff: StaffPrincipal, restaurantId: number) {
  await managedRestaurant(db, staff, restaurantId);
  const place = await restaurantPlace(db, restaurantId);
  if (!place) throw new Error('the restaurant went while it was read');
  const zones = (await restaurantZones(db, restaurantId)).map(staffZoneOf);
  const others = (await otherZones(db, restaurantId)).map((row) => ({
    id: row.id,
    name: row.name,
    restaurant_name: row.restaurant_name,
    color: row.color,
    active: row.active,
    polygon: outlineOf(row.polygon),
  }));
  return { restaurant: { id: place.id, name: place.name, lat: place.lat, lon: place.lon }, zones, others };
}

/** A new zone (at most ZONE_MAX_PER_RESTAURANT), with its audit row. */
export async function createZone(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  body: CallBody<typeof staffCreateZoneCall>,
) {
  const restaurant = await managedRestaurant(db, staff, restaurantId);
  const values = zoneValues(body);
  return db.transaction().execute(async (trx) => {
    await lockRestaurantZones(trx, restaurantId);
    if ((await restaurantZones(trx, restaurantId)).length >= ZONE_MAX_PER_RESTAURANT)
      throw badRequest(ZONE_TEXTS.tooManyZones, 'too_many_zones');
    const zone = staffZoneOf(await insertZone(trx, restaurantId, values));
    await writeAudit(trx, staff, {
      action: 'zone.create',
      restaurantId,
      target: `зона «${zone.name}» (${restaurant.name})`,
      before: null,
      after: auditedZone(zone),
    });
    return zone;
  });
}

/** A zone's fields saved over its version (409 with the current zone otherwise), with its audit row. */
export async function saveZone(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  zoneId: number,
  body: CallBody<typeof staffSaveZoneCall>,
) {
  await managedRestaurant(db, staff, restaurantId);
  const values = zoneValues(body);
  return db.transaction().execute(async (trx) => {
    const before = await currentZone(trx, restaurantId, zoneId);
    const saved = staffZoneOf(
      await savedOrStale(
        await updateZone(trx, restaurantId, zoneId, body.version, values),
        () => currentZone(trx, restaurantId, zoneId),
        ZONE_MISSING,
      ),
    );
    await writeAudit(trx, staff, {
      action: 'zone.save',
      restaurantId,
      target: `зона «${saved.name}»`,
      before: before ? auditedZone(before) : null,
      after: auditedZone(saved),
    });
    return saved;
  });
}

/** A zone switched on or off over its version, with its audit row. */
export async function setZoneActive(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  zoneId: number,
  body: CallBody<typeof staffZoneActiveCall>,
) {
  await managedRestaurant(db, staff, restaurantId);
  return db.transaction().execute(async (trx) => {
    const before = await currentZone(trx, restaurantId, zoneId);
    const saved = staffZoneOf(
      await savedOrStale(
        await updateZone(trx, restaurantId, zoneId, body.version, { active: body.active }),
        () => currentZone(trx, restaurantId, zoneId),
        ZONE_MISSING,
      ),
    );
    await writeAudit(trx, staff, {
      action: 'zone.active',
      restaurantId,
      target: `зона «${saved.name}»`,
      before: { active: before?.active ?? !body.active },
      after: { active: saved.active },
    });
    return saved;
  });
}

/** A zone removed over its version: archived when an order names it, else deleted; with its audit row. */
export async function removeZone(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  zoneId: number,
  body: CallBody<typeof staffRemoveZoneCall>,
) {
  await managedRestaurant(db, staff, restaurantId);
  try {
    return await db.transaction().execute(async (trx) => {
      const before = await currentZone(trx, restaurantId, zoneId);
      const named = before !== undefined && (await zoneIsNamed(trx, zoneId));
      const done = named
        ? await archiveZone(trx, restaurantId, zoneId, body.version)
        : await deleteZone(trx, restaurantId, zoneId, body.version);
      await savedOrStale(done ? true : undefined, () => currentZone(trx, restaurantId, zoneId), ZONE_MISSING);
      const outcome = named ? ('archived' as const) : ('deleted' as const);
      await writeAudit(trx, staff, {
        action: `zone.${outcome === 'archived' ? 'archive' : 'delete'}`,
        restaurantId,
        target: `зона «${before?.name ?? zoneId}»`,
        before: before ? auditedZone(before) : null,
        after: null,
      });
      return { outcome };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(ZONE_TEXTS.zoneInUse, 'zone_in_use');
    throw error;
  }
}

/** The restaurant's zones as a GeoJSON file. */
export async function exportZones(db: Db, staff: StaffPrincipal, restaurantId: number) {
  await managedRestaurant(db, staff, restaurantId);
  return zonesToGeoJson((await restaurantZones(db, restaurantId)).map(staffZoneOf));
}

/** A GeoJSON file read against the saved zones: the plan (`dry_run`), or the plan done in one transaction, an audit row a zone. */
export async function importZones(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  body: CallBody<typeof staffImportZonesCall>,
) {
  const restaurant = await managedRestaurant(db, staff, restaurantId);
  const dryRun = body.dry_run ?? false;
  return db.transaction().execute(async (trx) => {
    await lockRestaurantZones(trx, restaurantId);
    const saved = (await restaurantZones(trx, restaurantId)).map(staffZoneOf);
    const imported = readZoneFile(body.collection, new Set(saved.map((zone) => zone.id)));
    const plan = planImport(saved, imported);
    if (dryRun) return importResult(plan, true);
    for (const zone of plan.removed) {
      const named = await zoneIsNamed(trx, zone.id);
      if (named) await archiveZone(trx, restaurantId, zone.id, zone.version);
      else await deleteZone(trx, restaurantId, zone.id, zone.version);
      await writeAudit(trx, staff, {
        action: named ? 'zone.archive' : 'zone.delete',
        restaurantId,
        target: `зона «${zone.name}» (импорт)`,
        before: auditedZone(zone),
        after: null,
      });
    }
    for (const { zone, imported: next } of plan.changed) {
      const row = await updateZone(trx, restaurantId, zone.id, zone.version, {
        ...zoneValues(next.fields),
        active: next.active,
      });
      if (!row) throw conflict(ZONE_TEXTS.importRaced, 'zones_changed');
      await writeAudit(trx, staff, {
        action: 'zone.save',
        restaurantId,
        target: `зона «${row.name}» (импорт)`,
        before: auditedZone(zone),
        after: auditedZone(staffZoneOf(row)),
      });
    }
    for (const zone of plan.added) {
      const row = staffZoneOf(await insertZone(trx, restaurantId, { ...zoneValues(zone.fields), active: zone.active }));
      await writeAudit(trx, staff, {
        action: 'zone.create',
        restaurantId,
        target: `зона «${row.name}» (${restaurant.name}, импорт)`,
        before: null,
        after: auditedZone(row),
      });
    }
    return importResult(plan, false);
  });
}
