import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type AppRouteName, matchAppRoute, ROUTE_OPENING_ANSWERS } from '@chain/contract';
import { MEDIA_PATH, PHOTOS_PATH, withTimeout } from '@chain/domain';
import { photosRoutes } from '../modules/photos';
import { MESSAGES } from './errors';
import { MEDIA_DIR } from '../paths';

export { MEDIA_DIR };

/** Paths that belong to the server, never to the web app's fallback. */
const SERVER_PREFIXES = ['/api/', '/sandbox/', MEDIA_PATH, PHOTOS_PATH, '/captcha/', '/assets/'];
/** Paths of files that are never a page (see the onSend hook below). */
const FILE_ONLY_PREFIXES = ['/assets/', PHOTOS_PATH];

/** The staff app's pages: /staff and everything under it. */
export function isStaffPath(path: string): boolean {
  return path === '/staff' || path.startsWith('/staff/');
}

/** What a route's screen loads beyond the entry (the build's route-assets.json, apps/web/route-preload-plugin.ts). */
interface RouteAssets {
  js: string[];
  css: string[];
}

interface RouteAssetsFile {
  routes: Partial<Record<AppRouteName, RouteAssets>>;
}

interface Page {
  html: string;
  etag: string;
  /** The page compressed ahead, as the browser may accept it. */
  br: Buffer;
  gzip: Buffer;
}

/** helmet's headers that govern a page (a document or a worker), not a file it loads. */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const ASSET_PATH = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * The route's screen as links for the page's head: its chunks preloaded as modules, its styles
 * fetched early, and the public answers it asks as it opens (the contract's ROUTE_OPENING_ANSWERS).
 * Only /assets/ paths and those answers are written. A style's preload is `crossorigin`, as the
 * stylesheet link Vite's loader adds when the screen's chunk is imported: without it the two
 * differ in credentials mode, the browser cannot use the preload and fetches the file again —
 * a round trip between the screen's code and its first draw.
 */
function preloadLinks(route: AppRouteName, file: RouteAssetsFile): string {
  const own = file.routes[route];
  return [
    ...(own?.js ?? [])
      .filter((path) => ASSET_PATH.test(path))
      .map((path) => `<link rel="modulepreload" crossorigin href="${path}">`),
    ...(own?.css ?? [])
      .filter((path) => ASSET_PATH.test(path))
      .map((path) => `<link rel="preload" as="style" crossorigin href="${path}">`),
    ...(ROUTE_OPENING_ANSWERS[route] ?? []).map(fetchPreload),
  ].join('');
}

/** A public answer the app's fetch takes from the page (same origin, credentials as its fetch: same-origin). */
function fetchPreload(path: string): string {
  return `<link rel="preload" as="fetch" crossorigin="anonymous" href="${path}">`;
}

/** A page with its ETag, compressed ahead as the browser may accept it. */
function compressedPage(html: string): Page {
  return {
    html,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(html, { level: 9 }),
  };
}

/**
 * The app's page for each route (issue 18): index.html with the route's screen preloaded, so its
 * code comes with the entry's instead of after it has run — a round trip less before the first
 * screen on a mobile network. Read again when the build changes on disk; each page has an ETag.
 */
function appPages(webDist: string) {
  const indexFile = join(webDist, 'index.html');
  const assetsFile = join(webDist, 'route-assets.json');
  let builtAt = -1;
  let pages = new Map<AppRouteName | 'none', Page>();
  const page = compressedPage;

  return (route: AppRouteName | undefined): Page | undefined => {
    let stamp: number;
    try {
      stamp = statSync(indexFile).mtimeMs + (existsSync(assetsFile) ? statSync(assetsFile).mtimeMs : 0);
    } catch {
      return undefined;
    }
    if (stamp !== builtAt) {
      const index = readFileSync(indexFile, 'utf8');
      let assets: RouteAssetsFile = { routes: {} };
      try {
        if (existsSync(assetsFile)) assets = JSON.parse(readFileSync(assetsFile, 'utf8')) as RouteAssetsFile;
      } catch {
        assets = { routes: {} }; // a build without its route list: pages without preloads, the app still works
      }
      pages = new Map([['none', page(index)]]);
      for (const name of Object.keys(assets.routes ?? {}) as AppRouteName[]) {
        const links = preloadLinks(name, assets);
        pages.set(
          name,
          links && index.includes('</head>') ? page(index.replace('</head>', `${links}</head>`)) : page(index),
        );
      }
      builtAt = stamp;
    }
    return pages.get(route ?? 'none') ?? pages.get('none');
  };
}

/** A link a page writes for its path's own answers: a public answer, or a picture as a <picture> offers it. */
export type PageLink =
  | { readonly kind: 'fetch'; readonly href: string }
  | {
      readonly kind: 'image';
      readonly type: string;
      readonly srcSet: string;
      readonly sizes: string;
      readonly media: string;
    };

/** What a page of a route preloads beyond its build's files and the contract's fixed answers: answers that depend on the path (issue 18). */
export type PagePreloads = (route: AppRouteName, path: string) => Promise<readonly PageLink[]>;

/** Only these are ever written into a page as a path's own preloads: the public menu, the menu photos' renditions. */
const PATH_PRELOAD = /^\/api\/v2\/restoran\/menu\/[\w%.-]+\/[a-z]+\/[0-2]$/;
const IMAGE_SRCSET = /^\/photos\/[^\s,"'<>&]+ \d+w(, \/photos\/[^\s,"'<>&]+ \d+w)*$/;
const IMAGE_TYPE = /^image\/(avif|webp)$/;
const IMAGE_SIZES = /^[\w ().,:+*-]+$/;
const MAX_PAGE_VARIANTS = 500;
/** A page's preloads not ready within PAGE_PRELOADS_WAIT_MS. */
class PagePreloadsLate extends Error {
  constructor() {
    super('page preloads late');
  }
}

/** How long a page waits for its path's preloads (a catalogue version read) before it goes without them. */
export const PAGE_PRELOADS_WAIT_MS = 150;

/** A path link as HTML, or nothing for a link that is not one of PATH_PRELOAD or a photo rendition's (nothing else is ever written). */
export function pageLinkHtml(link: PageLink): string {
  if (link.kind === 'fetch') {
    return PATH_PRELOAD.test(link.href) ? fetchPreload(link.href) : '';
  }
  if (
    !IMAGE_SRCSET.test(link.srcSet) ||
    !IMAGE_TYPE.test(link.type) ||
    !IMAGE_SIZES.test(link.sizes) ||
    !IMAGE_SIZES.test(link.media)
  )
    return '';
  return `<link rel="preload" as="image" type="${link.type}" imagesrcset="${link.srcSet}" imagesizes="${link.sizes}" media="${link.media}" fetchpriority="high">`;
}

/**
 * A route's page with a path's own answers preloaded (the menu and its first photo for
 * /menu/{id}/{type}): made once per build and set of links, kept (a few hundred at most: the
 * chain's restaurants × order types), compressed once.
 */
function pageVariants() {
  const made = new Map<string, Page>();
  return (base: Page, pathLinks: readonly PageLink[]): Page => {
    const links = pathLinks.map(pageLinkHtml).join('');
    if (links === '' || !base.html.includes('</head>')) return base;
    const key = `${base.etag}|${links}`;
    const known = made.get(key);
    if (known) return known;
    // The oldest goes first (a Map keeps its order): those of an older build or photo.
    if (made.size >= MAX_PAGE_VARIANTS) made.delete(made.keys().next().value ?? '');
    const page = compressedPage(base.html.replace('</head>', `${links}</head>`));
    made.set(key, page);
    return page;
  };
}

/** Whether an Accept-Encoding header takes this coding (named, and not with q=0). */
export function acceptsCoding(header: string, coding: string): boolean {
  return header.split(',').some((part) => {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    return name.toLowerCase() === coding && !parameters.some((parameter) => /^q=0(\.0{0,3})?$/.test(parameter));
  });
}

function sendPage(request: FastifyRequest, reply: FastifyReply, status: number, served: Page) {
  reply
    .status(status)
    .header('cache-control', 'no-cache')
    .header('etag', served.etag)
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (status === 200 && request.headers['if-none-match'] === served.etag) return reply.status(304).send();
  // The page is compressed once per build: the compress plugin does not see answers of the
  // not-found handler, and a page asked on every visit need not be compressed on every visit.
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (acceptsCoding(accepted, 'br')) return reply.header('content-encoding', 'br').send(served.br);
  if (acceptsCoding(accepted, 'gzip')) return reply.header('content-encoding', 'gzip').send(served.gzip);
  return reply.send(served.html);
}

/**
 * Serves the chain's pictures and their renditions (decision 034), the built web app (hashed
 * assets cached for a year, everything else revalidated) and the SPA fallback: a SPEC 2 route
 * gets index.html with 200, another page path gets it with 404 so the app can say so, and an API
 * path gets JSON.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  restPath: string,
  photoCacheDir: string,
  options: { pagePreloads?: PagePreloads } = {},
): Promise<void> {
  // A hashed script, style, font or a menu photo's rendition is never a page: the page's policies
  // (helmet's headers, ~1.1 kB) mean nothing on it, and over HTTP/1.1 each of the first screen's
  // dozen files would carry them again. What guards a file itself stays (nosniff, CORP). /media/
  // keeps them: an SVG opened there is a document.
  app.addHook('onSend', async (request, reply) => {
    if (FILE_ONLY_PREFIXES.some((prefix) => request.url.startsWith(prefix)) && reply.statusCode < 400) {
      for (const header of PAGE_ONLY_HEADERS) reply.removeHeader(header);
    }
  });

  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: MEDIA_PATH,
    decorateReply: false,
    maxAge: '7d',
    etag: true,
  });
  await app.register(photosRoutes({ mediaDir: MEDIA_DIR, cacheDir: photoCacheDir }));

  const indexFile = join(webDist, 'index.html');
  const hasWebApp = existsSync(indexFile);
  // Browsers ask /favicon.ico for anything that is not one of the app's pages (a picture, a JSON
  // answer opened in a tab): the app's icon, instead of a 404 in their console and our logs.
  if (existsSync(join(webDist, 'favicon.svg')))
    app.get('/favicon.ico', (_request, reply) => reply.redirect('/favicon.svg', 301));
  const hasStaffApp = existsSync(join(webDist, 'staff.html'));
  const pageFor = appPages(webDist);
  const withPathPreloads = pageVariants();
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      // The build writes .br and .gz beside its scripts and styles (apps/web/precompress-plugin.ts):
      // sent as they are, best compressed and never compressed again per request.
      preCompressed: true,
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

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !SERVER_PREFIXES.some((prefix) => path.startsWith(prefix)) &&
      !path.startsWith(restPath) &&
      (request.headers.accept ?? '').includes('text/html');
    // The staff app (issue 17): its own page and bundle under /staff, outside SPEC 2's routes.
    if (isPage && hasStaffApp && isStaffPath(path)) {
      return reply
        .status(200)
        .header('cache-control', 'no-cache')
        .header('x-robots-tag', 'noindex')
        .sendFile('staff.html', webDist);
    }
    if (isPage && hasWebApp) {
      const route = matchAppRoute(path);
      const served = pageFor(route);
      if (served && route && options.pagePreloads) {
        // The path's own answers (the menu of /menu/{id}/{type} and its first photo); a failure only leaves them out.
        // Never held up by the database: a lookup slower than PAGE_PRELOADS_WAIT_MS (a rush, an
        // outage) leaves the links out, and the page goes as built.
        const lookup = Promise.resolve().then(() => options.pagePreloads?.(route, path) ?? []);
        const links = await withTimeout(lookup, PAGE_PRELOADS_WAIT_MS, () => new PagePreloadsLate()).catch(
          (error: unknown) => {
            // Late is routine (the first page after a catalogue change reads the whole catalogue);
            // a failure is worth a warning.
            if (error instanceof PagePreloadsLate) request.log.info({ path }, 'page preloads late: left out');
            else request.log.warn({ err: error, path }, 'page preloads left out');
            return [];
          },
        );
        return sendPage(request, reply, 200, withPathPreloads(served, links));
      }
      if (served) return sendPage(request, reply, route ? 200 : 404, served);
    }
    return reply
      .status(404)
      .send({ success: false, error: 'not_found', message: MESSAGES.notFound, requestId: request.id });
  });
}
