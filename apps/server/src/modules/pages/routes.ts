import type { FastifyPluginAsync } from 'fastify';
import { chainPageCall } from '@chain/contract';
import { notModified } from '../../http/etag';
import { registerCall } from '../../http/route';
import { chainPage } from './service';

/**
 * The chain's texts (decision 024): the offer, the delivery terms, «О сети». Read from the
 * database on each call (one primary-key row) so an edit shows at once; the ETag lets a client
 * revalidate without the body.
 */
export const pagesRoutes: FastifyPluginAsync = async (app) => {
  registerCall(app, chainPageCall, async ({ params, request, reply }) => {
    const page = await chainPage(app.db, params.slug);
    if (notModified(request, reply, page.etag)) return reply;
    return page.body;
  });
};
