import type { FastifyPluginAsync } from 'fastify';
import { restaurantMenu, restaurantPublicMenu } from '@chain/contract';
import { notModified } from '../../http/etag';
import { markPersonal, registerCall } from '../../http/route';
import type { MenuService } from './service';

/**
 * The menu call of SPEC 7 (`POST {token}`), at POST /api/v2/restoran/menu, and the public menu by
 * its URL. `menus`: the service whose catalogue copy the web app's pages share (app.ts).
 */
export const menuRoutes: FastifyPluginAsync<{ menus: MenuService }> = async (app, { menus }) => {
  registerCall(app, restaurantMenu, async ({ body, request, reply, user }) => {
    // With booking_num the answer carries the guest's own booking minimum: personal, its
    // refusals too, so no browser or proxy keeps it (issue 11, second read; SPEC 4, 5).
    const personal = Boolean(body.booking_num);
    if (personal) markPersonal(reply);
    const answer = await menus.menu(body, request.ip, user);
    if (notModified(request, reply, answer.etag, { personal })) return reply;
    return answer.body;
  });

  // The same menu without a lock code or a booking, by its URL (issue 18): public, so the page of
  // a menu screen preloads it.
  registerCall(app, restaurantPublicMenu, async ({ params, request, reply }) => {
    const answer = await menus.menu(
      { fs_uid: params.fs_uid, order_type: params.order_type, is_shop: params.is_shop, ver: 4 },
      request.ip,
      null,
    );
    if (notModified(request, reply, answer.etag, { personal: false })) return reply;
    return answer.body;
  });
};
