import type { FastifyPluginAsync } from 'fastify';
import {
  staffCreateCutleryCall,
  staffCreateRecommendedCall,
  staffExtrasCall,
  staffSaveCutleryCall,
  staffSaveRecommendedCall,
} from '@chain/contract';
import { registerCall } from '../../http/route';
import { requireChainManager, requireManager, type StaffPrincipal } from '../staff';
import {
  createCutlery,
  createRecommended,
  cutleryValues,
  recommendedValues,
  saveCutlery,
  saveRecommended,
  staffExtras,
} from './service';

/** A kitchen account reads «Это может только менеджер.»; a restaurant's manager «… менеджер сети.». */
function requireChainEditor(staff: StaffPrincipal): void {
  requireManager(staff);
  requireChainManager(staff);
}

/**
 * The back office's cutlery and recommended items (issue 31, docs/back-office.md): any manager
 * reads them, a manager of the whole chain edits them (decision 045). The tables' triggers bump
 * the catalogue version in each save's transaction, so guests' carts follow at once.
 */
export const staffExtrasRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffExtrasCall, async ({ staff }) => {
    requireManager(staff);
    return staffExtras(app.db, staff);
  });

  registerCall(app, staffCreateCutleryCall, async ({ staff, body }) => {
    requireChainEditor(staff);
    return createCutlery(app.db, staff, cutleryValues(body));
  });

  registerCall(app, staffSaveCutleryCall, async ({ staff, params, body }) => {
    requireChainEditor(staff);
    const { version, ...fields } = body;
    return saveCutlery(app.db, staff, params.id, version, cutleryValues(fields));
  });

  registerCall(app, staffCreateRecommendedCall, async ({ staff, body }) => {
    requireChainEditor(staff);
    return createRecommended(app.db, staff, recommendedValues(body));
  });

  registerCall(app, staffSaveRecommendedCall, async ({ staff, params, body }) => {
    requireChainEditor(staff);
    const { version, ...fields } = body;
    return saveRecommended(app.db, staff, params.id, version, recommendedValues(fields));
  });
};
