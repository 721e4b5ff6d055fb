import type { FastifyPluginAsync } from 'fastify';
import {
  manageArchiveRestaurantCall,
  manageCloseRestaurantCall,
  manageCreateRestaurantCall,
  manageKioskCodeCall,
  manageRestaurantCall,
  manageRestaurantsCall,
  manageSaveRestaurantCall,
  manageUploadRestaurantPhotoCall,
  RESTAURANT_MANAGE_TEXTS,
  STAFF_PHOTO_BODY_LIMIT,
  type ManageRestaurant,
} from '@chain/contract';
import { AppError, notFound } from '../../http/errors';
import { registerCall } from '../../http/route';
import { hashKioskCode } from '../kiosk/codes';
import { connectedKioskCount } from '../kiosk/devices';
import { endRestaurantKioskDevices, setKioskCodeHash } from '../kiosk/repository';
import { keepStaffPhoto } from '../photos/staff-photos';
import { requireChainManager, requireManager, requireRestaurant, type StaffPrincipal } from '../staff/access';
import { writeAudit } from '../staff/audit';
import { insertRestaurant, managedRestaurantRows } from './repository';
import { checkedClosedUntil, checkedRestaurant, managedAfter, newRestaurantUid, readManagedRestaurant, RESTAURANT_MISSING, saveOverVersion, withCheckedPhoto, writeHoursAndHolidays } from './service';

const target = (restaurant: Pick<ManageRestaurant, 'name'>) => `ресторан «${restaurant.name}»`;

/** What the audit keeps of a restaurant: all of it but the kiosk devices' count, which is not an edit. */
const audited = ({ kiosks_connected: _count, has_orders: _orders, ...rest }: ManageRestaurant) => rest;

/**
 * The back office's restaurants (issue 31, docs/back-office.md «Рестораны»). Every change is one
 * transaction: the versioned update (decision 043) with the week's hours and holidays, and its
 * audit row; the catalogue version moves with it (migration 003's triggers, 027's for holidays),
 * so guests' lists and menus follow at once.
 */
export const staffRestaurantsRoutes: FastifyPluginAsync = async (app) => {
  /** The restaurant a manager may act on, as it is now; 403/404 otherwise. */
  async function managed(staff: StaffPrincipal, id: number): Promise<ManageRestaurant> {
    requireManager(staff);
    requireRestaurant(staff, id);
    const restaurant = await readManagedRestaurant(app.db, id);
    if (!restaurant) throw notFound(RESTAURANT_MISSING.message, RESTAURANT_MISSING.code);
    return restaurant;
  }

  registerCall(app, manageRestaurantsCall, async ({ staff }) => {
    requireManager(staff);
    const rows = await managedRestaurantRows(app.db, staff.chain ? null : staff.restaurantIds);
    return {
      may_create: staff.chain,
      restaurants: rows.map((row) => ({
        ...row,
        archived_at: row.archived_at?.toISOString() ?? null,
        closed_until: row.closed_until?.toISOString() ?? null,
      })),
    };
  });

  registerCall(app, manageRestaurantCall, async ({ params, staff }) => managed(staff, params.id));

  registerCall(app, manageCreateRestaurantCall, async ({ body, staff }) => {
    requireManager(staff);
    requireChainManager(staff);
    const checked = checkedRestaurant(body);
    return app.db.transaction().execute(async (trx) => {
      const id = await insertRestaurant(trx, { ...(await withCheckedPhoto(trx, checked.values)), fs_uid: newRestaurantUid() });
      await writeHoursAndHolidays(trx, id, checked);
      const created = await managedAfter(trx, id);
      await writeAudit(trx, staff, { action: 'restaurant.create', restaurantId: id, target: target(created), before: null, after: audited(created) });
      return created;
    });
  });

  registerCall(app, manageSaveRestaurantCall, async ({ params, body, staff }) => {
    const before = await managed(staff, params.id);
    if (before.archived_at !== null) throw new AppError(409, 'restaurant_archived', RESTAURANT_MANAGE_TEXTS.archivedNotEditable);
    const { version, ...fields } = body;
    const checked = checkedRestaurant(fields);
    return app.db.transaction().execute(async (trx) => {
      const saved = await saveOverVersion(trx, params.id, version, await withCheckedPhoto(trx, checked.values), () => writeHoursAndHolidays(trx, params.id, checked));
      await writeAudit(trx, staff, { action: 'restaurant.save', restaurantId: params.id, target: target(saved), before: audited(before), after: audited(saved) });
      return saved;
    });
  });

  registerCall(app, manageCloseRestaurantCall, async ({ params, body, staff }) => {
    const before = await managed(staff, params.id);
    const until = checkedClosedUntil(body.closed_until, new Date());
    const text = until === null ? '' : body.closed_text;
    return app.db.transaction().execute(async (trx) => {
      const saved = await saveOverVersion(trx, params.id, body.version, { closed_until: until, closed_text: text });
      await writeAudit(trx, staff, {
        action: 'restaurant.close',
        restaurantId: params.id,
        target: target(saved),
        before: { closed_until: before.closed_until, closed_text: before.closed_text },
        after: { closed_until: saved.closed_until, closed_text: saved.closed_text },
      });
      return saved;
    });
  });

  registerCall(app, manageArchiveRestaurantCall, async ({ params, body, staff }) => {
    requireManager(staff);
    requireChainManager(staff);
    const before = await managed(staff, params.id);
    return app.db.transaction().execute(async (trx) => {
      // Archived is off for guests; brought back it stays off until a manager switches it on.
      const values = body.archived ? { archived_at: before.archived_at ? new Date(before.archived_at) : new Date(), active: false } : { archived_at: null };
      const saved = await saveOverVersion(trx, params.id, body.version, values);
      await writeAudit(trx, staff, {
        action: body.archived ? 'restaurant.archive' : 'restaurant.unarchive',
        restaurantId: params.id,
        target: target(saved),
        before: { archived_at: before.archived_at, active: before.active },
        after: { archived_at: saved.archived_at, active: saved.active },
      });
      return saved;
    });
  });

  // The photo's upload only keeps the picture (by its content, as a dish's); the restaurant shows
  // it once its form's versioned, audited save names it.
  registerCall(
    app,
    manageUploadRestaurantPhotoCall,
    async ({ body, staff }) => {
      requireManager(staff);
      return keepStaffPhoto(app.db, staff.id, body.data_url);
    },
    { bodyLimit: STAFF_PHOTO_BODY_LIMIT },
  );

  registerCall(app, manageKioskCodeCall, async ({ params, body, staff }) => {
    const restaurant = await managed(staff, params.id);
    const hash = typeof body.code === 'string' ? await hashKioskCode(body.code) : null;
    return app.db.transaction().execute(async (trx) => {
      if (body.code !== undefined) {
        await setKioskCodeHash(trx, params.id, hash);
        // The code itself is never kept in the audit: only whether one is set.
        await writeAudit(trx, staff, {
          action: 'restaurant.kiosk_code',
          restaurantId: params.id,
          target: target(restaurant),
          before: { kiosk_code_set: restaurant.kiosk_code_set },
          after: { kiosk_code_set: hash !== null },
        });
      }
      let ended = 0;
      if (body.end_kiosks === true) {
        ended = await endRestaurantKioskDevices(trx, params.id, 'operator');
        await writeAudit(trx, staff, { action: 'restaurant.end_kiosks', restaurantId: params.id, target: target(restaurant), before: { kiosks_connected: restaurant.kiosks_connected }, after: { ended } });
      }
      return { kiosk_code_set: body.code === undefined ? restaurant.kiosk_code_set : hash !== null, kiosks_connected: await connectedKioskCount(trx, params.id), ended };
    });
  });
};
