import type { FastifyPluginAsync } from 'fastify';
import { kioskEnter, kioskExit } from '@chain/contract';
import { registerCall } from '../../http/route';
import { checkKioskCode } from './service';

/**
 * The kiosk in the hall (issue 14): the staff code that lets a device enter kiosk mode for a
 * restaurant and a kiosk leave it; the same check and the same counters for both (decision 023).
 */
export const kioskRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, kioskEnter, async ({ body, request }) => checkKioskCode(app.db, body, { ip: request.ip, log: request.log }));
  registerCall(app, kioskExit, async ({ body, request }) => checkKioskCode(app.db, body, { ip: request.ip, log: request.log }));
};
