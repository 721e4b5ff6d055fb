/* The guest app's service worker (issue 18, decision 031). Written once per build by
 * vite.config.ts (sw-plugin.ts), which fills in the build's version and its shell.
 *
 * - The shell (index.html, the entry's scripts and styles, the fonts) is precached on install.
 * - Pages of the guest app are asked of the network first; without one, the cached shell answers,
 *   so the app opens offline. /staff, the API and the sandbox are never answered from here.
 * - /assets/ (hashed, immutable): the cache first, else the network (kept for next time): every
 *   screen once opened opens offline. When a new version takes over, the files no longer part of
 *   the build (BUILD_ASSETS) go, so a kiosk updated every week does not keep every old build.
 * - /media/ and /photos/ (menu photos and their renditions, decision 034): the cache at once,
 *   refreshed from the network behind it. A device picks the same rendition each time (its screen
 *   and the place's sizes do not change), so the photos once seen show offline. At most
 *   MAX_MEDIA_ENTRIES are kept; past it the oldest kept go.
 * - The menu (POST /api/v2/restoran/menu, and GET /api/v2/restoran/menu/{fs_uid}/{type}/{menu},
 *   the public one the menu screen's page preloads), the restaurant list and the settings: the network
 *   first; the last answer is kept and given when there is no network. Nothing else is kept:
 *   orders, payments and sign-in always go to the network, and nothing is sent later by itself.
 * - A new version waits until the page asks it to take over (the app's «Обновить»).
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
/** Every file of this build under /assets/ (what the assets cache may keep once this version runs). */
const BUILD_ASSETS = new Set(__BUILD_ASSETS__);
const SHELL_CACHE = `shell-${VERSION}`;
const ASSETS_CACHE = 'assets-v1';
const MEDIA_CACHE = 'media-v1';
const DATA_CACHE = 'data-v1';
const KEPT = new Set([SHELL_CACHE, ASSETS_CACHE, MEDIA_CACHE, DATA_CACHE]);
/**
 * The most menu answers kept: one per distinct request (each restaurant's menus, a menu for each
 * time or lock code asked), the oldest kept dropped first, so a guest ordering for many times
 * over months does not fill the phone. An answer the server marks no-store (a menu with the
 * guest's booking) is never kept.
 */
const MAX_DATA_ENTRIES = 30;
/** Answers kept for the last menu, list and settings (one per distinct request). */
const DATA_PATHS = ['/api/v2/restoran/menu', '/api/v2/restoran/list', '/settings.php'];
/** The public menus by their URL (GET). */
const PUBLIC_MENU_PREFIX = '/api/v2/restoran/menu/';
const NEVER = ['/api/', '/sandbox/', '/staff', '/rest', '/captcha/', '/manifest.webmanifest', '/sw.js'];
/** Menu photos: kept, and refreshed behind. */
const PHOTO_PATHS = ['/media/', '/photos/'];
/**
 * The most photos kept: a large menu's dishes and categories in the one rendition a device asks
 * (decision 034), several times over; past it the oldest kept go, down to MEDIA_KEPT_AFTER_TRIM
 * so a trim is not repeated at every photo.
 */
const MAX_MEDIA_ENTRIES = 600;
const MEDIA_KEPT_AFTER_TRIM = 500;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !KEPT.has(name)).map((name) => caches.delete(name))))
      .then(dropOldAssets)
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
});

/** A key for a POST answer: its path and a hash of its body (the menu asked for). */
async function dataKey(request) {
  const url = new URL(request.url);
  if (request.method !== 'POST') return url.href;
  const body = await request.clone().arrayBuffer();
  const digest = await crypto.subtle.digest('SHA-256', body);
  const hex = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${url.origin}${url.pathname}?body=${hex}`;
}

async function networkFirstData(event) {
  const request = event.request;
  const key = await dataKey(request);
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    const kept = await caches.match(key, { cacheName: DATA_CACHE });
    if (kept) return kept;
    throw error;
  }
  // The answer goes to the page at once; keeping it is the worker's own business, and a cache
  // that fails (a full disk) never turns a good answer into an error.
  if (response.ok && !/no-store/i.test(response.headers.get('cache-control') ?? '')) {
    event.waitUntil(keep(key, response.clone()).catch(() => undefined));
  }
  return response;
}

/** Menu answers beyond MAX_DATA_ENTRIES go, the oldest kept first; the list and the settings always stay. */
const BOUNDED_DATA_PREFIX = '/api/v2/restoran/menu';
/** When an answer was kept: its own clock, as browsers do not all keep a cache's keys in the order written. */
const KEPT_AT = 'x-kept-at';

async function keep(key, response) {
  const cache = await caches.open(DATA_CACHE);
  await cache.put(key, await stamped(response));
  const menus = (await cache.keys()).filter((kept) => new URL(kept.url).pathname.startsWith(BOUNDED_DATA_PREFIX));
  await dropOldest(cache, menus, MAX_DATA_ENTRIES);
}

/** The files of earlier builds go from the assets cache (hashed names: a file still in the build keeps its name). */
async function dropOldAssets() {
  const cache = await caches.open(ASSETS_CACHE);
  const kept = await cache.keys();
  await Promise.all(
    kept.filter((request) => !BUILD_ASSETS.has(new URL(request.url).pathname)).map((request) => cache.delete(request)),
  );
}

/** A response as it is, with the time it was kept (KEPT_AT). */
async function stamped(response) {
  const headers = new Headers(response.headers);
  headers.set(KEPT_AT, String(Date.now()));
  const body = await response.arrayBuffer();
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** Of `entries` (requests kept in `cache`), all but the `keep` kept last go. */
async function dropOldest(cache, entries, keep) {
  if (entries.length <= keep) return;
  const times = await Promise.all(
    entries.map(async (kept) => Number((await cache.match(kept))?.headers.get(KEPT_AT) ?? 0)),
  );
  const oldest = entries.map((kept, index) => ({ kept, at: times[index] ?? 0 })).sort((a, b) => a.at - b.at);
  await Promise.all(oldest.slice(0, entries.length - keep).map(({ kept }) => cache.delete(kept)));
}

async function cacheFirst(request) {
  const kept = await caches.match(request, { cacheName: ASSETS_CACHE });
  if (kept) return kept;
  const shell = await caches.match(request, { cacheName: SHELL_CACHE });
  if (shell) return shell;
  const response = await fetch(request);
  if (response.ok) await (await caches.open(ASSETS_CACHE)).put(request, response.clone());
  return response;
}

async function staleWhileRevalidate(event) {
  const cache = await caches.open(MEDIA_CACHE);
  const kept = await cache.match(event.request);
  // Kept behind the answer (as the menus are): a full disk or the trim never holds up or fails a photo.
  const fresh = fetch(event.request).then((response) => {
    if (response.ok) event.waitUntil(keepPhoto(cache, event.request, response.clone()).catch(() => undefined));
    return response;
  });
  if (kept) {
    event.waitUntil(fresh.catch(() => undefined));
    return kept;
  }
  return fresh;
}

/** A photo kept with its time; past MAX_MEDIA_ENTRIES the oldest kept go, down to MEDIA_KEPT_AFTER_TRIM. */
async function keepPhoto(cache, request, response) {
  await cache.put(request, await stamped(response));
  const photos = await cache.keys();
  if (photos.length > MAX_MEDIA_ENTRIES) await dropOldest(cache, photos, MEDIA_KEPT_AFTER_TRIM);
}

async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (shell) return shell;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const isData =
    (DATA_PATHS.includes(url.pathname) && (request.method === 'GET' || url.pathname === '/api/v2/restoran/menu')) ||
    (request.method === 'GET' && url.pathname.startsWith(PUBLIC_MENU_PREFIX));
  if (isData) {
    event.respondWith(networkFirstData(event));
    return;
  }
  if (request.method !== 'GET' || NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (PHOTO_PATHS.some((prefix) => url.pathname.startsWith(prefix)))
    event.respondWith(staleWhileRevalidate(event));
});
