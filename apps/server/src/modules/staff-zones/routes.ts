import type { FastifyPluginAsync } from 'fastify';
import {
  staffCreateZoneCall,
  staffExportZonesCall,
  staffImportZonesCall,
  staffRemoveZoneCall,
  staffSaveZoneCall,
  staffZoneActiveCall,
  staffZonesCall,
} from '@chain/contract';
import { registerCall } from '../../http/route';
import { createZone, exportZones, importZones, removeZone, saveZone, setZoneActive, zonesOf } from './service';

/** The back office's delivery zones (issue 31, docs/back-office.md "Delivery zones"): each call is the service's. */
export const staffZonesRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, staffZonesCall, async ({ params, staff }) => zonesOf(app.db, staff, params.id));
  registerCall(app, staffCreateZoneCall, async ({ params, body, staff }) => createZone(app.db, staff, params.id, body));
  registerCall(app, staffSaveZoneCall, async ({ params, body, staff }) =>
    saveZone(app.db, staff, params.id, params.zone, body),
  );
  registerCall(app, staffZoneActiveCall, async ({ params, body, staff }) =>
    setZoneActive(app.db, staff, params.id, params.zone, body),
  );
  registerCall(app, staffRemoveZoneCall, async ({ params, body, staff }) =>
    removeZone(app.db, staff, params.id, params.zone, body),
  );
  registerCall(app, staffExportZonesCall, async ({ params, staff }) => exportZones(app.db, staff, params.id));
  registerCall(app, staffImportZonesCall, async ({ params, body, staff }) =>
    importZones(app.db, staff, params.id, body),
  );
};
