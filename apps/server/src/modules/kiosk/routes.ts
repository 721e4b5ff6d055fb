import type { FastifyPluginAsync } from 'fastify';
import { kioskExit } from '@chain/contract';
import { registerCall } from '../../http/route';
import { checkKioskExit } from './service';

/** The kiosk in the hall (issue 14): the staff code that lets a kiosk leave kiosk mode. */
export const kioskRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, kioskExit, async ({ body, request }) => checkKioskExit(app.db, body, { ip: request.ip }));
};
