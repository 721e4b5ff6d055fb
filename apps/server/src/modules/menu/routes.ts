import type { FastifyPluginAsync } from 'fastify';
import { restaurantMenu } from '@chain/contract';
import { notModified } from '../../http/etag';
import { markPersonal, registerCall } from '../../http/route';
import { MenuService } from './service';

/** The menu call of SPEC 7 (`POST {token}`), at POST /api/v2/restoran/menu. */
export const menuRoutes: FastifyPluginAsync = async (app) => {
  const menus = new MenuService(app.database);

  registerCall(app, restaurantMenu, async ({ body, request, reply, user }) => {
    // With booking_num the answer carries the guest's own booking minimum: personal, its
    // refusals too, so no browser or proxy keeps it (issue 11, second read; SPEC 4, 5).
    const personal = Boolean(body.booking_num);
    if (personal) markPersonal(reply);
    const answer = await menus.menu(body, request.ip, user);
    if (notModified(request, reply, answer.etag, { personal })) return reply;
    return answer.body;
  });
};
