import type { FastifyPluginAsync } from 'fastify';
import { staffLoadCall, staffLockCall, staffMenuCall, staffSetLoadCall, staffStopCall } from '@chain/contract';
import { registerCall } from '../../http/route';
import { requireChainManager, requireRestaurant } from '../staff';
import { saveDishLock, saveLoad, saveStop, staffLoadOf, staffMenu } from './service';

/**
 * The staff's stop list, lock codes and load (issue 17, docs/staff.md). A change bumps the
 * catalogue version in its own transaction (the stop list tables' triggers), so every instance's
 * menu reloads on its next request and guests' open menus hear of it (menuEvents).
 */
export const staffMenuRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffMenuCall, async ({ params, staff }) => staffMenu(app.db, staff, params.id));

  registerCall(app, staffStopCall, async ({ params, body, staff }) => saveStop(app.db, staff, params.id, body));

  registerCall(app, staffLockCall, async ({ params, body, staff }) => {
    // A lock code is the dish's in every restaurant: a chain manager's to set.
    requireChainManager(staff);
    return saveDishLock(app.db, staff, params.id, params.dish, body);
  });

  registerCall(app, staffLoadCall, async ({ params, staff }) => {
    requireRestaurant(staff, params.id);
    return staffLoadOf(app.db, params.id);
  });

  registerCall(app, staffSetLoadCall, async ({ params, body, staff }) => saveLoad(app.db, staff, params.id, body));
};
