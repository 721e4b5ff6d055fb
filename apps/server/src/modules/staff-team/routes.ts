import type { FastifyPluginAsync } from 'fastify';
import {
  staffTeamActiveCall,
  staffTeamAddCall,
  staffTeamCall,
  staffTeamEndSessionsCall,
  staffTeamPasswordCall,
  staffTeamSaveCall,
  staffTeamSessionsCall,
} from '@chain/contract';
import { registerCall } from '../../http/route';
import { requireChainManager } from '../staff/access';
import { addTeamAccount, endTeamSessions, resetTeamPassword, saveTeamAccountFields, setTeamAccountActiveState, teamList, teamSessions } from './service';

/** The back office's team (issue 31, docs/back-office.md "Team"): managers of the whole chain only. */
export const staffTeamRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffTeamCall, async ({ staff }) => {
    requireChainManager(staff);
    return teamList(app.db);
  });
  registerCall(app, staffTeamAddCall, async ({ staff, body }) => {
    requireChainManager(staff);
    return addTeamAccount(app, staff, body);
  });
  registerCall(app, staffTeamSaveCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return saveTeamAccountFields(app.db, staff, params.id, body);
  });
  registerCall(app, staffTeamActiveCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return setTeamAccountActiveState(app.db, staff, params.id, body);
  });
  registerCall(app, staffTeamPasswordCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return resetTeamPassword(app, staff, params.id, body.delivery);
  });
  registerCall(app, staffTeamSessionsCall, async ({ staff, params }) => {
    requireChainManager(staff);
    return teamSessions(app.db, staff, params.id);
  });
  registerCall(app, staffTeamEndSessionsCall, async ({ staff, params, body }) => {
    requireChainManager(staff);
    return endTeamSessions(app.db, staff, params.id, body.session_id ?? null);
  });
};
