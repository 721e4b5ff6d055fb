import type { FastifyPluginAsync } from 'fastify';
import { createHash } from 'node:crypto';
import { tipsPageBase } from '../../adapters';
import { publicOrigin } from '../../http/origins';
import { webManifest } from './manifest';
import { loadSettings } from './repository';

/**
 * GET /settings.php (SPEC 7): the settings of SPEC 3, revalidated by ETag. tips_url is the tips
 * service's page base this server is configured with (decision 025): the sandbox's own page, the
 * configured TIPS_PAGE_URL, or '' without a tips service, so the link always leads where the
 * orders' tips ids were registered.
 */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/settings.php', async (request, reply) => {
    const settings = await loadSettings(app.db);
    const body = JSON.stringify({ ...settings, tips_url: tipsPageBase(app.config, () => publicOrigin(app)) });
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // GET /manifest.webmanifest (issue 18): the install manifest from the chain's settings.
  app.get('/manifest.webmanifest', async (request, reply) => {
    const body = JSON.stringify(webManifest(await loadSettings(app.db)));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    reply.header('etag', etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/manifest+json; charset=utf-8').send(body);
  });
};
