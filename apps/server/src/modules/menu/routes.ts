import type { FastifyPluginAsync } from 'fastify';
import { restaurantMenu } from '@chain/contract';
import { notModified } from '../../http/etag';
import { registerCall } from '../../http/route';
import { MenuService } from './service';

/** The menu call of SPEC 7 (`POST {token}`), at POST /api/v2/restoran/menu. */
export const menuRoutes: FastifyPluginAsync = async (app) => {
  const menus = new MenuService(app.database);

  registerCall(app, restaurantMenu, async ({ body, request, reply }) => {
    const answer = await menus.menu(body, request.ip);
    if (notModified(request, reply, answer.etag)) return reply;
    return answer.body;
  });
};
