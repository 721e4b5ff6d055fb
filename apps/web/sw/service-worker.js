/* The guest app's service worker (issue 18, decision 031). Written once per build by
 * vite.config.ts (sw-plugin.ts), which fills in the build's version and its shell.
 *
 * - The shell (index.html, the entry's scripts and styles, the fonts) is precached on install.
 * - Pages of the guest app are asked of the network first; without one, the cached shell answers,
 *   so the app opens offline. /staff, the API and the sandbox are never answered from here.
 * - /assets/ (hashed, immutable): the cache first, else the network (kept for next time): every
 *   screen once opened opens offline.
 * - /media/ and /photos/ (menu photos and their renditions, decision 034): the cache at once,
 *   refreshed from the network behind it. A device picks the same rendition each time (its screen
 *   and the place's sizes do not change), so the photos once seen show offline.
 * - The menu (POST /api/v2/restoran/menu, and GET /api/v2/restoran/menu/{fs_uid}/{type}/{menu},
 *   the public one the menu screen's page preloads), the restaurant list and the settings: the network
 *   first; the last answer is kept and given when there is no network. Nothing else is kept:
 *   orders, payments and sign-in always go to the network, and nothing is sent later by itself.
 * - A new version waits until the page asks it to take over (the app's «Обновить»).
 */
const VERSION = '__VERSION__';
const SHELL = __SHELL__;
const SHELL_CACHE = `shell-${VERSION}`;
const ASSETS_CACHE = 'assets-v1';
const MEDIA_CACHE = 'media-v1';
const DATA_CACHE = 'data-v1';
const KEPT = new Set([SHELL_CACHE, ASSETS_CACHE, MEDIA_CACHE, DATA_CACHE]);
/**
 * The most answers kept: one per distinct request (each restaurant's menus, a menu for each time
 * or lock code asked), the oldest written dropped first, so a guest ordering for many times over
 * months does not fill the phone.
 */
const MAX_DATA_ENTRIES = 30;
/** Answers kept for the last menu, list and settings (one per distinct request). */
const DATA_PATHS = ['/api/v2/restoran/menu', '/api/v2/restoran/list', '/settings.php'];
/** The public menus by their URL (GET). */
const PUBLIC_MENU_PREFIX = '/api/v2/restoran/menu/';
const NEVER = ['/api/', '/sandbox/', '/staff', '/rest', '/captcha/', '/manifest.webmanifest', '/sw.js'];
/** Menu photos: kept, and refreshed behind. */
const PHOTO_PATHS = ['/media/', '/photos/'];

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !KEPT.has(name)).map((name) => caches.delete(name))))
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

async function networkFirstData(request) {
  const key = await dataKey(request);
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(DATA_CACHE);
      // Written anew, an answer goes last: the keys are in the order written.
      await cache.delete(key);
      await cache.put(key, response.clone());
      const keys = await cache.keys();
      await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_DATA_ENTRIES)).map((old) => cache.delete(old)));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(key, { cacheName: DATA_CACHE });
    if (kept) return kept;
    throw error;
  }
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
  const fresh = fetch(event.request).then(async (response) => {
    if (response.ok) await cache.put(event.request, response.clone());
    return response;
  });
  if (kept) {
    event.waitUntil(fresh.catch(() => undefined));
    return kept;
  }
  return fresh;
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
    event.respondWith(networkFirstData(request));
    return;
  }
  if (request.method !== 'GET' || NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(cacheFirst(request));
  else if (PHOTO_PATHS.some((prefix) => url.pathname.startsWith(prefix))) event.respondWith(staleWhileRevalidate(event));
});
