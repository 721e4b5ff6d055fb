import type { FastifyPluginAsync } from 'fastify';
import { kioskCheck, kioskEnter, kioskExit } from '@chain/contract';
import { registerCall } from '../../http/route';
import { checkKioskDevice, enterKiosk, exitKiosk } from './service';

/**
 * The kiosk in the hall (issue 14): the staff code that lets a device enter kiosk mode for a
 * restaurant and a kiosk leave it; the same check and the same counters for both (decision 023).
 * Entering connects the device and gives it its token, leaving ends it, and a kiosk asks whether
 * it is still connected (decision 038).
 */
export const kioskRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, kioskEnter, async ({ body, request }) =>
    enterKiosk(app.db, body, { ip: request.ip, log: request.log }),
  );
  registerCall(app, kioskExit, async ({ body, request }) =>
    exitKiosk(app.db, body, { ip: request.ip, log: request.log }),
  );
  registerCall(app, kioskCheck, async ({ body }) => checkKioskDevice(app.db, body));
};
