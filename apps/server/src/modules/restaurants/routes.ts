import type { FastifyPluginAsync } from 'fastify';
import { restaurantList, restaurantTable, restaurantTableNum } from '@chain/contract';
import { notModified } from '../../http/etag';
import { registerCall } from '../../http/route';
import { resolveTable, restaurantListCache, tableByNumber } from './service';

/** The restaurants calls of SPEC 7: the restaurant list and table codes; the kiosk keypad's table numbers (issue 14). */
export const restaurantsRoutes: FastifyPluginAsync = async (app) => {
  const list = restaurantListCache(app.database);

  registerCall(app, restaurantList, async ({ request, reply }) => {
    const answer = await list.current();
    if (notModified(request, reply, answer.etag)) return reply;
    return answer.body;
  });

  registerCall(app, restaurantTable, async ({ params }) => resolveTable(app.db, params.code));

  registerCall(app, restaurantTableNum, async ({ params }) => tableByNumber(app.database, params.id, params.num));
};
