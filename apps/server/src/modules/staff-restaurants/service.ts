import type { Kysely } from 'kysely';
import {
  RESTAURANT_MANAGE_TEXTS,
  type CallBody,
  type ManageRestaurant,
  type manageArchiveRestaurantCall,
  type manageCloseRestaurantCall,
  type manageCreateRestaurantCall,
  type manageKioskCodeCall,
  type manageSaveRestaurantCall,
  type manageRestaurantsCall,
  type CallResponse,
} from '@chain/contract';
import type { Database } from '../../db/types';
import { AppError, notFound } from '../../http/errors';
import { connectedKioskCount, endRestaurantKioskDevices, hashKioskCode, setKioskCodeHash } from '../kiosk';
import { requireChainManager, requireManager, requireRestaurant, type StaffPrincipal, writeAudit } from '../staff';
import { insertRestaurant, managedRestaurantRows } from './repository';
import {
  checkedClosedUntil,
  checkedRestaurant,
  managedAfter,
  newRestaurantUid,
  readManagedRestaurant,
  RESTAURANT_MISSING,
  saveOverVersion,
  withCheckedPhoto,
  writeHoursAndHolidays,
} from './managed';

// The back office's restaurants (issue 31, docs/back-office.md «Рестораны»): each call's work.
// Every change is one transaction: the versioned update (decision 043) with the week's hours and
// holidays, and its audit row; the catalogue version moves with it (migration 003's triggers,
// 027's for holidays), so guests' lists and menus follow at once.

type Db = Kysely<Database>;

const target = (restaurant: Pick<ManageRestaurant, 'name'>) => `ресторан «${restaurant.name}»`;

/** What the audit keeps of a restaurant: all of it but the kiosk devices' count, which is not an edit. */
const audited = ({ kiosks_connected: _count, has_orders: _orders, ...rest }: ManageRestaurant) => rest;

/** The restaurant a manager may act on, as it is now; 403/404 otherwise. */
export async function managedRestaurant(db: Db, staff: StaffPrincipal, id: number): Promise<ManageRestaurant> {
  requireManager(staff);
  requireRestaurant(staff, id);
  const restaurant = await readManagedRestaurant(db, id);
  if (!restaurant) throw notFound(RESTAURANT_MISSING.message, RESTAURANT_MISSING.code);
  return restaurant;
}

/** The restaurants a manager manages (a chain manager: all, and may add one). */
export async function managedRestaurants(
  db: Db,
  staff: StaffPrincipal,
): Promise<CallResponse<typeof manageRestaurantsCall>> {
  requireManager(staff);
  const rows = await managedRestaurantRows(db, staff.chain ? null : staff.restaurantIds);
  return {
    may_create: staff.chain,
    restaurants: rows.map((row) => ({
      ...row,
      archived_at: row.archived_at?.toISOString() ?? null,
      closed_until: row.closed_until?.toISOString() ?? null,
    })),
  };
}

/** A new restaurant (a chain manager's), with its week, holidays and audit row. */
export async function createRestaurant(
  db: Db,
  staff: StaffPrincipal,
  body: CallBody<typeof manageCreateRestaurantCall>,
): Promise<ManageRestaurant> {
  requireManager(staff);
  requireChainManager(staff);
  const checked = checkedRestaurant(body);
  return db.transaction().execute(async (trx) => {
    const id = await insertRestaurant(trx, {
      ...(await withCheckedPhoto(trx, checked.values)),
      fs_uid: newRestaurantUid(),
    });
    await writeHoursAndHolidays(trx, id, checked);
    const created = await managedAfter(trx, id);
    await writeAudit(trx, staff, {
      action: 'restaurant.create',
      restaurantId: id,
      target: target(created),
      before: null,
      after: audited(created),
    });
    return created;
  });
}

/** The restaurant's form saved over its version (409 with the current one otherwise), with its audit row; an archived one is not edited. */
export async function saveRestaurant(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  body: CallBody<typeof manageSaveRestaurantCall>,
): Promise<ManageRestaurant> {
  const before = await managedRestaurant(db, staff, restaurantId);
  if (before.archived_at !== null)
    throw new AppError(409, 'restaurant_archived', RESTAURANT_MANAGE_TEXTS.archivedNotEditable);
  const { version, ...fields } = body;
  const checked = checkedRestaurant(fields);
  return db.transaction().execute(async (trx) => {
    const saved = await saveOverVersion(trx, restaurantId, version, await withCheckedPhoto(trx, checked.values), () =>
      writeHoursAndHolidays(trx, restaurantId, checked),
    );
    await writeAudit(trx, staff, {
      action: 'restaurant.save',
      restaurantId,
      target: target(saved),
      before: audited(before),
      after: audited(saved),
    });
    return saved;
  });
}

/** «Закрыть на время»: closed until a time ahead with the manager's words, or open again; with its audit row. */
export async function closeRestaurant(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  body: CallBody<typeof manageCloseRestaurantCall>,
): Promise<ManageRestaurant> {
  const before = await managedRestaurant(db, staff, restaurantId);
  const until = checkedClosedUntil(body.closed_until, new Date());
  const text = until === null ? '' : body.closed_text;
  return db.transaction().execute(async (trx) => {
    const saved = await saveOverVersion(trx, restaurantId, body.version, { closed_until: until, closed_text: text });
    await writeAudit(trx, staff, {
      action: 'restaurant.close',
      restaurantId,
      target: target(saved),
      before: { closed_until: before.closed_until, closed_text: before.closed_text },
      after: { closed_until: saved.closed_until, closed_text: saved.closed_text },
    });
    return saved;
  });
}

/** The restaurant archived (off for guests) or brought back (still off), a chain manager's; with its audit row. */
export async function archiveRestaurant(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  body: CallBody<typeof manageArchiveRestaurantCall>,
): Promise<ManageRestaurant> {
  requireManager(staff);
  requireChainManager(staff);
  const before = await managedRestaurant(db, staff, restaurantId);
  return db.transaction().execute(async (trx) => {
    // Archived is off for guests; brought back it stays off until a manager switches it on.
    const values = body.archived
      ? { archived_at: before.archived_at ? new Date(before.archived_at) : new Date(), active: false }
      : { archived_at: null };
    const saved = await saveOverVersion(trx, restaurantId, body.version, values);
    await writeAudit(trx, staff, {
      action: body.archived ? 'restaurant.archive' : 'restaurant.unarchive',
      restaurantId,
      target: target(saved),
      before: { archived_at: before.archived_at, active: before.active },
      after: { archived_at: saved.archived_at, active: saved.active },
    });
    return saved;
  });
}

/** The kiosk code set or removed and/or the restaurant's kiosks ended, each with its audit row. */
export async function saveKioskCode(
  db: Db,
  staff: StaffPrincipal,
  restaurantId: number,
  body: CallBody<typeof manageKioskCodeCall>,
) {
  const restaurant = await managedRestaurant(db, staff, restaurantId);
  const hash = typeof body.code === 'string' ? await hashKioskCode(body.code) : null;
  return db.transaction().execute(async (trx) => {
    if (body.code !== undefined) {
      await setKioskCodeHash(trx, restaurantId, hash);
      // The code itself is never kept in the audit: only whether one is set.
      await writeAudit(trx, staff, {
        action: 'restaurant.kiosk_code',
        restaurantId,
        target: target(restaurant),
        before: { kiosk_code_set: restaurant.kiosk_code_set },
        after: { kiosk_code_set: hash !== null },
      });
    }
    let ended = 0;
    if (body.end_kiosks === true) {
      ended = await endRestaurantKioskDevices(trx, restaurantId, 'operator');
      await writeAudit(trx, staff, {
        action: 'restaurant.end_kiosks',
        restaurantId,
        target: target(restaurant),
        before: { kiosks_connected: restaurant.kiosks_connected },
        after: { ended },
      });
    }
    return {
      kiosk_code_set: body.code === undefined ? restaurant.kiosk_code_set : hash !== null,
      kiosks_connected: await connectedKioskCount(trx, restaurantId),
      ended,
    };
  });
}
