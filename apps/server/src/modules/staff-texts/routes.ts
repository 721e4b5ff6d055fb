import type { FastifyPluginAsync } from 'fastify';
import { staffPagesCall, staffSavePageCall, staffSaveSettingsCall, staffSettingsCall } from '@chain/contract';
import { registerCall } from '../../http/route';
import { requireChainManager } from '../staff';
import { pagesForEdit, savePage, saveSettings, settingsForEdit } from './service';

/** The chain's texts and settings in the back office (issue 31): managers of the whole chain only. */
export const staffTextsRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffPagesCall, async ({ staff }) => {
    requireChainManager(staff);
    return pagesForEdit(app.db);
  });

  registerCall(app, staffSavePageCall, async ({ params, body, staff }) => {
    requireChainManager(staff);
    return savePage(app.db, staff, params.slug, body);
  });

  registerCall(app, staffSettingsCall, async ({ staff }) => {
    requireChainManager(staff);
    return settingsForEdit(app.db);
  });

  registerCall(app, staffSaveSettingsCall, async ({ body, staff }) => {
    requireChainManager(staff);
    return saveSettings(app.db, staff, body);
  });
};
