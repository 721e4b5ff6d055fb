import type { FastifyPluginAsync } from 'fastify';
import { createHash } from 'node:crypto';
import { loadSettings } from './repository';

/** GET /settings.php (SPEC 7): the settings of SPEC 3, revalidated by ETag. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/settings.php', async (request, reply) => {
    const body = JSON.stringify(await loadSettings(app.db));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
};
