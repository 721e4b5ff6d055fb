import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPhoto, categorySections, type MenuResponse } from '@chain/contract';
import { MENU_CARD_PHOTO, photoSources } from '@chain/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { acceptsCoding, MEDIA_DIR, PAGE_PRELOADS_WAIT_MS, pageLinkHtml, registerWebApp } from '../src/http/web-app';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, type TestApp } from './support/build';

const INDEX =
  '<!doctype html><html lang="ru"><head><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';

const STAFF =
  '<!doctype html><html lang="ru"><head><script type="module" src="/assets/staff-abc123.js"></script></head><body><div id="root"></div></body></html>';

describe('serving the built web app (SPEC 2 routes)', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'chain-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
    // What the build writes for the routes' screens (apps/web/route-preload-plugin.ts) and its
    // precompressed copy of a script (apps/web/precompress-plugin.ts).
    writeFileSync(join(dist, 'assets', 'auth-page-def456.js'), 'export default 1;');
    writeFileSync(join(dist, 'assets', 'auth-page-def456.js.gz'), gzipSync('export default 1;'));
    writeFileSync(
      join(dist, 'route-assets.json'),
      JSON.stringify({
        routes: {
          auth: {
            js: ['/assets/auth-page-def456.js', '/assets/input-aaa111.js'],
            css: ['/assets/auth-page-def456.css'],
          },
          orderType: { js: ['/assets/order-type-page-777.js', '"><script>alert(1)</script>'], css: [] },
          selfFrom: { js: ['/assets/self-from-page-888.js'], css: [] },
          restMap: { js: ['/assets/restaurant-map-page-999.js'], css: [] },
        },
      }),
    );
    writeFileSync(join(dist, 'staff.html'), STAFF);
    writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // An older build's static manifest: the server's own (from the settings) is served instead.
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"stale"}');
    t = await buildTestApp('pglite', { webDist: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });

  it('serves the staff app’s own page at /staff and under it, never the guest app (issue 17)', async () => {
    for (const url of ['/staff', '/staff/r/1', '/staff/r/1/menu', '/staff/guests']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('/assets/staff-abc123.js');
      expect(res.body).not.toContain('/assets/index-abc123.js');
    }
    // Not a staff path: the guest app's unknown page.
    expect((await page('/staffroom')).body).toContain('/assets/index-abc123.js');
  });

  it('serves the manifest from the settings, never a file an older build left (issue 18)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ name: string }>().name).not.toBe('stale');
  });

  it('serves index.html at / without long caching', async () => {
    const res = await page('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('serves hashed assets for a year, immutable and compressed', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it.each([
    '/auth',
    '/menu/3/self',
    '/zagruzka/detail/abc',
    '/zagruzka/detail/abc/1200',
    '/kiosk/2',
    '/booking/step_2',
    '/order_detail/15',
  ])('falls back to the app for the SPEC 2 route %s', async (url) => {
    const res = await page(url);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it('preloads the route’s screen in its page, so its code comes with the entry (issue 18)', async () => {
    const auth = await page('/auth');
    expect(auth.body).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-page-def456.js">');
    expect(auth.body).toContain('<link rel="modulepreload" crossorigin href="/assets/input-aaa111.js">');
    expect(auth.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/auth-page-def456.css">');
    expect(auth.body.indexOf('auth-page-def456.js')).toBeLessThan(auth.body.indexOf('</head>'));
    // Sign-in asks which captcha to show (decision 061) as it opens.
    expect(auth.body).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/v1/auth/captcha">');
    // Another route preloads its own screen only; anything but an asset path is never written.
    const home = await page('/');
    expect(home.body).toContain('/assets/order-type-page-777.js');
    expect(home.body).not.toContain('auth-page-def456');
    expect(home.body).not.toContain('<script>alert');
    // The public answers a screen asks as it opens (the contract's ROUTE_OPENING_ANSWERS): Home none.
    expect(home.body).not.toContain('as="fetch" crossorigin="anonymous" href="/api/');
    expect((await page('/self_from')).body).toContain(
      '<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/v2/restoran/list">',
    );
    // A route that opens on a map asks the map's configuration too.
    const map = (await page('/rest_map')).body;
    expect(map).toContain('/assets/restaurant-map-page-999.js');
    expect(map).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/api/v1/map/config">');
    // A route without an entry in the list, and an unknown page: the page as built.
    expect((await page('/cart')).body).toBe(INDEX);
    expect((await page('/no/such/page')).body).toBe(INDEX);
  });

  it('preloads the public menu in the page of a menu screen, by restaurant id or fs_uid; nothing for a menu that will not open (issue 18)', async () => {
    const [patriki, , , taganka] = DEMO_RESTAURANTS;
    const link = (href: string) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${href}">`;
    const selfMenu = link(`/api/v2/restoran/menu/${patriki!.fsUid}/self/0`);
    const menuPage = await page('/menu/1/self');
    for (const url of ['/menu/1/self', `/menu/${patriki!.fsUid}/self`, '/menu/1/self?table=7']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain(selfMenu);
      expect(res.body.indexOf(selfMenu)).toBeLessThan(res.body.indexOf('</head>'));
    }
    // The first card's photo as the card offers it: the best format's renditions at the card's
    // sizes, for a phone's width only (a kiosk draws larger cards on the same route).
    const menu = (
      await t.app.inject({ method: 'GET', url: `/api/v2/restoran/menu/${patriki!.fsUid}/self/0` })
    ).json<MenuResponse>();
    const best = photoSources(cardPhoto(categorySections(menu)[0]!.dishes[0]!), MENU_CARD_PHOTO, {
      kiosk: false,
      accessible: false,
    })![0]!;
    expect(best.srcSet).toMatch(/^\/photos\/160\/dishes\/[\w.-]+\.avif 160w, /);
    expect(menuPage.body).toContain(
      `<link rel="preload" as="image" type="image/avif" imagesrcset="${best.srcSet}" imagesizes="${best.sizes}" media="(max-width: 1079px)" fetchpriority="high">`,
    );
    // Its own ETag: a 304 never hides which menu a page preloads.
    expect(menuPage.headers.etag).not.toBe((await page('/menu/1/inrest')).headers.etag);
    expect((await page('/menu/1/inrest')).body).toContain(link(`/api/v2/restoran/menu/${patriki!.fsUid}/inrest/0`));
    // Таганка takes no self-pickup; no restaurant 999; an order type that does not exist; a closed
    // restaurant: the page as built, still 200 (the app says why). A delivery menu is asked with
    // its time by the menu call: nothing to preload.
    const inactive = DEMO_RESTAURANTS.find((r) => !r.active)!;
    for (const url of [
      `/menu/${taganka!.id}/self`,
      '/menu/999/self',
      '/menu/1/pickup',
      `/menu/${inactive.id}/self`,
      '/menu/1/delivery',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('writes a path link only for the public menu or photo renditions, whatever it is handed (issue 18)', () => {
    const image = {
      kind: 'image',
      type: 'image/avif',
      srcSet: '/photos/160/a.jpg.avif 160w',
      sizes: '168px',
      media: '(max-width: 1079px)',
    } as const;
    expect(pageLinkHtml(image)).toContain('imagesrcset="/photos/160/a.jpg.avif 160w"');
    for (const bad of [
      { ...image, srcSet: '/photos/160/a.jpg.avif" onload="x 160w' },
      { ...image, srcSet: 'https://evil.example/a.avif 160w' },
      { ...image, type: 'text/html' },
      { ...image, sizes: '"><script>' },
      { ...image, media: 'all" onerror="x' },
    ]) {
      expect(pageLinkHtml(bad)).toBe('');
    }
    expect(pageLinkHtml({ kind: 'fetch', href: '/api/v1/account' })).toBe('');
    expect(pageLinkHtml({ kind: 'fetch', href: '/api/v2/restoran/menu/x"><b/self/0' })).toBe('');
  });

  it('answers a page again with 304 for its ETag, compressed as the browser accepts', async () => {
    const first = await page('/auth');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/auth',
      headers: { accept: 'text/html', 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const br = await t.app.inject({
      method: 'GET',
      url: '/auth',
      headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const refused = await t.app.inject({
      method: 'GET',
      url: '/auth',
      headers: { accept: 'text/html', 'accept-encoding': 'br;q=0, identity' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('reads Accept-Encoding by its codings and their weights', () => {
    expect(acceptsCoding('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(acceptsCoding('gzip;q=1.0, br;q=0', 'br')).toBe(false);
    expect(acceptsCoding('GZIP;q=0.5', 'gzip')).toBe(true);
    expect(acceptsCoding('x-gzip', 'gzip')).toBe(false);
    expect(acceptsCoding('', 'gzip')).toBe(false);
  });

  it('sends a script as the build compressed it, without the page’s policies (issue 18)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/auth-page-def456.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.rawPayload.equals(gzipSync('export default 1;'))).toBe(true);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The page itself keeps them.
    expect((await page('/auth')).headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('sends a browser asking /favicon.ico to the app’s icon', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(301);
    expect(res.headers['location']).toBe('/favicon.svg');
  });

  it('gives an unknown page the app with status 404, so the app can say so', async () => {
    const res = await page('/no/such/page');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('never answers a missing asset or API path with the app', async () => {
    expect((await page('/assets/missing.js')).headers['content-type']).toContain('application/json');
    expect((await page('/api/nothing')).headers['content-type']).toContain('application/json');
  });

  it('serves the demo pictures from the server itself', async () => {
    const dishes = readdirSync(join(MEDIA_DIR, 'dishes'));
    expect(dishes.length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: `/media/dishes/${dishes[0]}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age=604800');
  });
});

describe("a page's own preloads never hold it up (issue 18)", () => {
  let dist: string;
  let app: FastifyInstance;
  const seen: string[] = [];
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'chain-web-dist-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    const photos = mkdtempSync(join(tmpdir(), 'chain-photos-'));
    app = Fastify();
    await registerWebApp(app, dist, '/rest/', photos, {
      pagePreloads: (_route, path) => {
        seen.push(path);
        if (path === '/menu/1/self')
          return Promise.resolve([{ kind: 'fetch', href: '/api/v2/restoran/menu/abc/self/0' }]);
        // A database that does not answer, and one that refuses.
        if (path === '/menu/2/self') return new Promise(() => undefined);
        if (path === '/menu/4/self') throw new Error('a lookup that throws before it promises anything');
        return Promise.reject(new Error('database unavailable'));
      },
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const page = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  it('goes as built when the lookup hangs (after PAGE_PRELOADS_WAIT_MS) or fails, and answers its own ETag with 304', async () => {
    for (const url of ['/menu/2/self', '/menu/3/self', '/menu/4/self']) {
      const started = performance.now();
      const res = await page(url);
      // Bounded by the wait, not by the lookup (a generous margin for a loaded machine).
      expect(performance.now() - started, url).toBeLessThan(PAGE_PRELOADS_WAIT_MS + 2_000);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX);
    }
    expect(seen).toEqual(['/menu/2/self', '/menu/3/self', '/menu/4/self']);
    const withLinks = await page('/menu/1/self');
    expect(withLinks.body).toContain('href="/api/v2/restoran/menu/abc/self/0"');
    const again = await page('/menu/1/self', { 'if-none-match': String(withLinks.headers.etag) });
    expect(again.statusCode).toBe(304);
    // The page as built has another ETag: a 304 for it never stands for the one with links.
    expect((await page('/menu/3/self', { 'if-none-match': String(withLinks.headers.etag) })).statusCode).toBe(200);
  });
});
