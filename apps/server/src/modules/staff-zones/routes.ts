import type { FastifyPluginAsync } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  staffCreateZoneCall,
  staffExportZonesCall,
  staffImportZonesCall,
  staffRemoveZoneCall,
  staffSaveZoneCall,
  staffZoneActiveCall,
  staffZonesCall,
  ZONE_TEXTS,
} from '@chain/contract';
import { ZONE_MAX_PER_RESTAURANT } from '@chain/domain';
import type { Database } from '../../db/types';
import { badRequest, conflict } from '../../http/errors';
import { registerCall } from '../../http/route';
import { savedOrStale } from '../../http/versioned';
import { requireManager, staffRestaurant, type StaffPrincipal } from '../staff/access';
import { writeAudit } from '../staff/audit';
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
import { auditedZone, importResult, outlineOf, planImport, readZoneFile, staffZoneOf, zonesToGeoJson, zoneValues } from './service';

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

/**
 * The back office's delivery zones (issue 31, docs/back-office.md "Delivery zones"). Every change
 * is one transaction with its audit row; the delivery_zones trigger (migration 003) bumps the
 * catalogue version in it, so guests' maps and delivery checks follow at once.
 */
export const staffZonesRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffZonesCall, async ({ params, staff }) => {
    await managedRestaurant(app.db, staff, params.id);
    const place = await restaurantPlace(app.db, params.id);
    if (!place) throw new Error('the restaurant went while it was read');
    const zones = (await restaurantZones(app.db, params.id)).map(staffZoneOf);
    const others = (await otherZones(app.db, params.id)).map((row) => ({
      id: row.id,
      name: row.name,
      restaurant_name: row.restaurant_name,
      color: row.color,
      active: row.active,
      polygon: outlineOf(row.polygon),
    }));
    return { restaurant: { id: place.id, name: place.name, lat: place.lat, lon: place.lon }, zones, others };
  });

  registerCall(app, staffCreateZoneCall, async ({ params, body, staff }) => {
    const restaurant = await managedRestaurant(app.db, staff, params.id);
    const values = zoneValues(body);
    return app.db.transaction().execute(async (trx) => {
      await lockRestaurantZones(trx, params.id);
      if ((await restaurantZones(trx, params.id)).length >= ZONE_MAX_PER_RESTAURANT) throw badRequest(ZONE_TEXTS.tooManyZones, 'too_many_zones');
      const zone = staffZoneOf(await insertZone(trx, params.id, values));
      await writeAudit(trx, staff, { action: 'zone.create', restaurantId: params.id, target: `зона «${zone.name}» (${restaurant.name})`, before: null, after: auditedZone(zone) });
      return zone;
    });
  });

  registerCall(app, staffSaveZoneCall, async ({ params, body, staff }) => {
    await managedRestaurant(app.db, staff, params.id);
    const values = zoneValues(body);
    return app.db.transaction().execute(async (trx) => {
      const before = await currentZone(trx, params.id, params.zone);
      const saved = staffZoneOf(await savedOrStale(await updateZone(trx, params.id, params.zone, body.version, values), () => currentZone(trx, params.id, params.zone), ZONE_MISSING));
      await writeAudit(trx, staff, { action: 'zone.save', restaurantId: params.id, target: `зона «${saved.name}»`, before: before ? auditedZone(before) : null, after: auditedZone(saved) });
      return saved;
    });
  });

  registerCall(app, staffZoneActiveCall, async ({ params, body, staff }) => {
    await managedRestaurant(app.db, staff, params.id);
    return app.db.transaction().execute(async (trx) => {
      const before = await currentZone(trx, params.id, params.zone);
      const saved = staffZoneOf(await savedOrStale(await updateZone(trx, params.id, params.zone, body.version, { active: body.active }), () => currentZone(trx, params.id, params.zone), ZONE_MISSING));
      await writeAudit(trx, staff, { action: 'zone.active', restaurantId: params.id, target: `зона «${saved.name}»`, before: { active: before?.active ?? !body.active }, after: { active: saved.active } });
      return saved;
    });
  });

  registerCall(app, staffRemoveZoneCall, async ({ params, body, staff }) => {
    await managedRestaurant(app.db, staff, params.id);
    try {
      return await app.db.transaction().execute(async (trx) => {
        const before = await currentZone(trx, params.id, params.zone);
        const named = before !== undefined && (await zoneIsNamed(trx, params.zone));
        const done = named ? await archiveZone(trx, params.id, params.zone, body.version) : await deleteZone(trx, params.id, params.zone, body.version);
        await savedOrStale(done ? true : undefined, () => currentZone(trx, params.id, params.zone), ZONE_MISSING);
        const outcome = named ? ('archived' as const) : ('deleted' as const);
        await writeAudit(trx, staff, { action: `zone.${outcome === 'archived' ? 'archive' : 'delete'}`, restaurantId: params.id, target: `зона «${before?.name ?? params.zone}»`, before: before ? auditedZone(before) : null, after: null });
        return { outcome };
      });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw conflict(ZONE_TEXTS.zoneInUse, 'zone_in_use');
      throw error;
    }
  });

  registerCall(app, staffExportZonesCall, async ({ params, staff }) => {
    await managedRestaurant(app.db, staff, params.id);
    return zonesToGeoJson((await restaurantZones(app.db, params.id)).map(staffZoneOf));
  });

  registerCall(app, staffImportZonesCall, async ({ params, body, staff }) => {
    const restaurant = await managedRestaurant(app.db, staff, params.id);
    const dryRun = body.dry_run ?? false;
    return app.db.transaction().execute(async (trx) => {
      await lockRestaurantZones(trx, params.id);
      const saved = (await restaurantZones(trx, params.id)).map(staffZoneOf);
      const imported = readZoneFile(body.collection, new Set(saved.map((zone) => zone.id)));
      const plan = planImport(saved, imported);
      if (dryRun) return importResult(plan, true);
      for (const zone of plan.removed) {
        const named = await zoneIsNamed(trx, zone.id);
        if (named) await archiveZone(trx, params.id, zone.id, zone.version);
        else await deleteZone(trx, params.id, zone.id, zone.version);
        await writeAudit(trx, staff, { action: named ? 'zone.archive' : 'zone.delete', restaurantId: params.id, target: `зона «${zone.name}» (импорт)`, before: auditedZone(zone), after: null });
      }
      for (const { zone, imported: next } of plan.changed) {
        const row = await updateZone(trx, params.id, zone.id, zone.version, { ...zoneValues(next.fields), active: next.active });
        if (!row) throw conflict(ZONE_TEXTS.importRaced, 'zones_changed');
        await writeAudit(trx, staff, { action: 'zone.save', restaurantId: params.id, target: `зона «${row.name}» (импорт)`, before: auditedZone(zone), after: auditedZone(staffZoneOf(row)) });
      }
      for (const zone of plan.added) {
        const row = staffZoneOf(await insertZone(trx, params.id, { ...zoneValues(zone.fields), active: zone.active }));
        await writeAudit(trx, staff, { action: 'zone.create', restaurantId: params.id, target: `зона «${row.name}» (${restaurant.name}, импорт)`, before: null, after: auditedZone(row) });
      }
      return importResult(plan, false);
    });
  });
};
