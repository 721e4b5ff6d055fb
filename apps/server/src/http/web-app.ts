import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { matchAppRoute } from '@chain/contract';
import { MESSAGES } from './errors';

export const MEDIA_DIR = fileURLToPath(new URL('../../media', import.meta.url));

/** Paths that belong to the server, never to the web app's fallback. */
const SERVER_PREFIXES = ['/api/', '/sandbox/', '/media/', '/captcha/', '/assets/'];

/** The staff app's pages: /staff and everything under it. */
export function isStaffPath(path: string): boolean {
  return path === '/staff' || path.startsWith('/staff/');
}

/**
 * Serves the demo chain's pictures, the built web app (hashed assets cached for a year,
 * everything else revalidated) and the SPA fallback: a SPEC 2 route gets index.html with
 * 200, another page path gets it with 404 so the app can say so, and an API path gets JSON.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string, restPath: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
    etag: true,
  });

  const indexFile = join(webDist, 'index.html');
  const hasWebApp = existsSync(indexFile);
  const hasStaffApp = existsSync(join(webDist, 'staff.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      // The server writes the install manifest from the settings (settings/manifest.ts); a
      // file of that name left in an older build is not served over it.
      globIgnore: ['manifest.webmanifest'],
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes(`${join(webDist, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app not built: run `npm run build`; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !SERVER_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      !path.startsWith(restPath) &&
      (request.headers.accept ?? '').includes('text/html');
    // The staff app (issue 17): its own page and bundle under /staff, outside SPEC 2's routes.
    if (isPage && hasStaffApp && isStaffPath(path)) {
      return reply.status(200).header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').sendFile('staff.html', webDist);
    }
    if (isPage && hasWebApp) {
      return reply
        .status(matchAppRoute(path) ? 200 : 404)
        .header('cache-control', 'no-cache')
        .sendFile('index.html', webDist);
    }
    return reply.status(404).send({ success: false, error: 'not_found', message: MESSAGES.notFound, requestId: request.id });
  });
}
