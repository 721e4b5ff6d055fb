import type { FastifyPluginAsync } from 'fastify';
import {
  staffTeamActiveCall,
  staffTeamAddCall,
  staffTeamCall,
  staffTeamEndSessionsCall,
  staffTeamEventsCall,
  staffTeamPasswordCall,
  staffTeamSaveCall,
  staffTeamSessionsCall,
  STAFF_EVENTS_KEEP_ALIVE_MS,
} from '@chain/contract';
import { registerCall } from '../../http/route';
import { openStaffEventStream, requireChainManager, STAFF_TEAM_CHANNEL, StaffEventsHub } from '../staff';
import {
  addTeamAccount,
  endTeamSessions,
  resetTeamPassword,
  saveTeamAccountFields,
  setTeamAccountActiveState,
  teamList,
  teamSessions,
} from './service';

/** The back office's team (issue 31, docs/back-office.md "Team"): managers of the whole chain only. */
export const staffTeamRoutes: FastifyPluginAsync = async (app) => {
  // The team as it changes (decision 055): every account's change is announced with its id; a
  // team screen reads the team again. Only chain managers follow it, so each event is for all.
  const hub = new StaffEventsHub(
    app.database,
    {
      channel: STAFF_TEAM_CHANNEL,
      read: async (payload) => {
        const id = Number(payload.split(':')[0]);
        return Number.isSafeInteger(id) && id > 0
          ? { event: 'account', data: JSON.stringify({ id }), for: () => true }
          : undefined;
      },
    },
    STAFF_EVENTS_KEEP_ALIVE_MS,
    app.log,
  );
  const streams = openStaffEventStream(app, hub);

  registerCall(app, staffTeamEventsCall, async ({ staff, request, reply }) => {
    requireChainManager(staff);
    return streams(staff, request, reply);
  });

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
