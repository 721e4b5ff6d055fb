// eslint-disable-next-line import-x/no-nodejs-modules -- the test runs the service worker's own script
import { readFileSync } from 'node:fs';
// eslint-disable-next-line import-x/no-nodejs-modules -- in a context of its own, as in a browser
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

// The service worker (apps/web/sw/service-worker.js, decision 031) run in a stand-in of its
// scope: CacheStorage in memory, fetch answered by the test, and the fetch events it handles.
const SOURCE = readFileSync(new URL('../../sw/service-worker.js', import.meta.url), 'utf8')
  .replace("'__VERSION__'", JSON.stringify('test'))
  .replace('__SHELL__', JSON.stringify(['/index.html', '/assets/index-abc.js']))
  .replace(
    '__BUILD_ASSETS__',
    JSON.stringify(['/assets/index-abc.js', '/assets/menu-page-new.js', '/assets/cart-page-same.js']),
  );
const ORIGIN = 'https://order.example.ru';

class MemoryCache {
  readonly entries = new Map<string, Response>();
  private key(request: Request | string): string {
    return typeof request === 'string' ? new URL(request, ORIGIN).href : request.url;
  }
  match(request: Request | string): Promise<Response | undefined> {
    return Promise.resolve(this.entries.get(this.key(request))?.clone());
  }
  /** Refuses every write when full (a phone out of space). */
  full = false;
  put(request: Request | string, response: Response): Promise<void> {
    if (this.full) return Promise.reject(new DOMException('full', 'QuotaExceededError'));
    // A key written again keeps its place, as in WebKit: the worker must not rely on the order.
    this.entries.set(this.key(request), response);
    return Promise.resolve();
  }
  delete(request: Request | string): Promise<boolean> {
    return Promise.resolve(this.entries.delete(this.key(request)));
  }
  keys(): Promise<Request[]> {
    return Promise.resolve([...this.entries.keys()].map((url) => new Request(url)));
  }
  addAll(urls: string[]): Promise<void> {
    for (const url of urls) this.entries.set(this.key(url), new Response(`shell ${url}`));
    return Promise.resolve();
  }
}

function serviceWorker() {
  const stores = new Map<string, MemoryCache>();
  const open = (name: string) => {
    const known = stores.get(name) ?? new MemoryCache();
    stores.set(name, known);
    return known;
  };
  const caches = {
    open: (name: string) => Promise.resolve(open(name)),
    keys: () => Promise.resolve([...stores.keys()]),
    delete: (name: string) => Promise.resolve(stores.delete(name)),
    match: (request: Request | string, options?: { cacheName?: string }) =>
      options?.cacheName ? open(options.cacheName).match(request) : Promise.resolve(undefined),
  };
  const listeners = new Map<string, (event: unknown) => void>();
  const scope = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => Promise.resolve(),
    clients: { claim: () => Promise.resolve() },
  };
  let network: (request: Request) => Promise<Response> = () => Promise.reject(new TypeError('offline'));
  const sent: string[] = [];
  const fetchStub = (request: Request) => {
    sent.push(`${request.method} ${new URL(request.url).pathname}`);
    return network(request);
  };
  runInNewContext(SOURCE, { self: scope, caches, fetch: fetchStub, crypto, URL, Request, Response, Headers, Date });

  /** A fetch event: the answer the worker gives, or null when it leaves the request to the browser. */
  async function handle(request: Request, mode = 'cors'): Promise<Response | null> {
    const given: { answer?: Promise<Response> } = {};
    const behind: Promise<unknown>[] = [];
    const event = {
      request: Object.defineProperty(request, 'mode', { value: mode }),
      respondWith: (response: Promise<Response>) => {
        given.answer = response;
      },
      waitUntil: (work: Promise<unknown>) => behind.push(work),
    };
    listeners.get('fetch')?.(event);
    if (!given.answer) return null;
    const answer = await given.answer;
    // What the worker does behind the answer (keeping it) is done before the next request.
    await Promise.all(behind);
    return answer;
  }
  return {
    handle,
    sent,
    stores,
    online: (answer: (request: Request) => Promise<Response>) => {
      network = answer;
    },
    offline: () => {
      network = () => Promise.reject(new TypeError('offline'));
    },
    install: async () => {
      let done: Promise<unknown> = Promise.resolve();
      listeners.get('install')?.({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
      await done;
    },
    activate: async () => {
      let done: Promise<unknown> = Promise.resolve();
      listeners.get('activate')?.({ waitUntil: (promise: Promise<unknown>) => (done = promise) });
      await done;
    },
  };
}

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
const get = (path: string) => new Request(`${ORIGIN}${path}`);
const post = (path: string, body: unknown) =>
  new Request(`${ORIGIN}${path}`, {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });
const PUBLIC_MENU = '/api/v2/restoran/menu/6e302e79/self/0';

describe('the service worker (issue 18, decision 031)', () => {
  it('asks the public menu of the network first, keeps it, and answers it offline', async () => {
    const sw = serviceWorker();
    sw.online(() => Promise.resolve(json({ dishes: ['Маргарита'] })));
    expect(await (await sw.handle(get(PUBLIC_MENU)))?.json()).toEqual({ dishes: ['Маргарита'] });
    sw.online(() => Promise.resolve(json({ dishes: ['Карбонара'] })));
    expect(await (await sw.handle(get(PUBLIC_MENU)))?.json()).toEqual({ dishes: ['Карбонара'] });
    sw.offline();
    expect(await (await sw.handle(get(PUBLIC_MENU)))?.json()).toEqual({ dishes: ['Карбонара'] });
    // A menu never seen is not made up offline.
    await expect(sw.handle(get('/api/v2/restoran/menu/other/self/0'))).rejects.toThrow('offline');
  });

  it('keeps the POST menu by its body: a menu for another time is another answer', async () => {
    const sw = serviceWorker();
    sw.online((request) =>
      request
        .clone()
        .json()
        .then((body: { t: string }) => json({ for: body.t })),
    );
    await sw.handle(post('/api/v2/restoran/menu', { t: '19:00' }));
    await sw.handle(post('/api/v2/restoran/menu', { t: '20:00' }));
    sw.offline();
    expect(await (await sw.handle(post('/api/v2/restoran/menu', { t: '19:00' })))?.json()).toEqual({ for: '19:00' });
    expect(await (await sw.handle(post('/api/v2/restoran/menu', { t: '20:00' })))?.json()).toEqual({ for: '20:00' });
  });

  it("drops the files of earlier builds from the assets cache when a new version takes over, and keeps this build's", async () => {
    const sw = serviceWorker();
    sw.online((request) => Promise.resolve(new Response(`code of ${new URL(request.url).pathname}`)));
    // Screens opened under the earlier version: one file changed since (menu), one did not (cart).
    await sw.handle(get('/assets/menu-page-old.js'));
    await sw.handle(get('/assets/cart-page-same.js'));
    sw.stores.get('assets-v1')?.entries.set(`${ORIGIN}/assets/menu-page-new.js`, new Response('new'));
    await sw.activate();
    expect([...(sw.stores.get('assets-v1')?.entries.keys() ?? [])].sort()).toEqual([
      `${ORIGIN}/assets/cart-page-same.js`,
      `${ORIGIN}/assets/menu-page-new.js`,
    ]);
    sw.offline();
    expect(await (await sw.handle(get('/assets/cart-page-same.js')))?.text()).toBe('code of /assets/cart-page-same.js');
  });

  it('keeps at most 600 photos: past it the oldest kept go, down to 500, the newest stay', async () => {
    const sw = serviceWorker();
    sw.online((request) =>
      Promise.resolve(
        new Response(`photo ${new URL(request.url).pathname}`, { headers: { 'content-type': 'image/webp' } }),
      ),
    );
    let now = 1_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1));
    for (let dish = 0; dish <= 600; dish += 1) await sw.handle(get(`/photos/dish-${dish}.webp`));
    clock.mockRestore();
    const kept = [...(sw.stores.get('media-v1')?.entries.keys() ?? [])];
    expect(kept).toHaveLength(500);
    expect(kept).toContain(`${ORIGIN}/photos/dish-600.webp`);
    expect(kept).toContain(`${ORIGIN}/photos/dish-101.webp`);
    expect(kept).not.toContain(`${ORIGIN}/photos/dish-100.webp`);
    // A photo kept is given as it came, at once.
    sw.offline();
    const photo = await sw.handle(get('/photos/dish-600.webp'));
    expect(await photo?.text()).toBe('photo /photos/dish-600.webp');
    expect(photo?.headers.get('content-type')).toBe('image/webp');
    // A photo that cannot be kept (the disk full) is still given.
    sw.online((request) => Promise.resolve(new Response(`photo ${new URL(request.url).pathname}`)));
    const photos = sw.stores.get('media-v1');
    if (photos) photos.full = true;
    expect(await (await sw.handle(get('/photos/dish-601.webp')))?.text()).toBe('photo /photos/dish-601.webp');
  });

  it('keeps at most 30 menus, dropping the oldest kept; the restaurant list and the settings always stay', async () => {
    const sw = serviceWorker();
    sw.online((request) => Promise.resolve(json({ url: request.url })));
    await sw.handle(get('/api/v2/restoran/list'));
    await sw.handle(get('/settings.php'));
    await sw.handle(get(PUBLIC_MENU));
    let now = 1_000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => (now += 1));
    for (let hour = 0; hour < 40; hour += 1) {
      await sw.handle(post('/api/v2/restoran/menu', { hour }));
      // Asked again before the bound is reached, the public menu is kept anew, though its key
      // keeps its first place: it stays, and the menus for hours 0 to 10 go.
      if (hour === 19) await sw.handle(get(PUBLIC_MENU));
    }
    clock.mockRestore();
    const kept = [...(sw.stores.get('data-v1')?.entries.keys() ?? [])];
    expect(kept.filter((url) => url.includes('/restoran/menu'))).toHaveLength(30);
    expect(kept).toContain(`${ORIGIN}/api/v2/restoran/list`);
    expect(kept).toContain(`${ORIGIN}/settings.php`);
    sw.offline();
    expect(await (await sw.handle(get(PUBLIC_MENU)))?.json()).toEqual({ url: `${ORIGIN}${PUBLIC_MENU}` });
    await expect(sw.handle(post('/api/v2/restoran/menu', { hour: 10 }))).rejects.toThrow('offline');
    expect(await (await sw.handle(post('/api/v2/restoran/menu', { hour: 11 })))?.json()).toMatchObject({
      url: `${ORIGIN}/api/v2/restoran/menu`,
    });
    expect(await (await sw.handle(get('/api/v2/restoran/list')))?.json()).toEqual({
      url: `${ORIGIN}/api/v2/restoran/list`,
    });
  });

  it("gives the network's answer even when it cannot be kept, and never keeps a no-store one (a menu with the guest's booking)", async () => {
    const sw = serviceWorker();
    sw.online(() => Promise.resolve(json({ first: true })));
    await sw.handle(get(PUBLIC_MENU));
    sw.stores.get('data-v1')!.full = true;
    sw.online(() => Promise.resolve(json({ first: false })));
    expect(await (await sw.handle(get(PUBLIC_MENU)))?.json()).toEqual({ first: false });
    sw.stores.get('data-v1')!.full = false;
    sw.online(() =>
      Promise.resolve(new Response('{"min_sum":500000}', { headers: { 'cache-control': 'private, no-store' } })),
    );
    expect((await sw.handle(post('/api/v2/restoran/menu', { booking_num: 'B-1' })))?.status).toBe(200);
    sw.offline();
    await expect(sw.handle(post('/api/v2/restoran/menu', { booking_num: 'B-1' }))).rejects.toThrow('offline');
  });

  it('keeps no failed answer, and never answers orders, payments or sign-in itself', async () => {
    const sw = serviceWorker();
    sw.online(() => Promise.resolve(new Response('{}', { status: 503 })));
    expect((await sw.handle(get(PUBLIC_MENU)))?.status).toBe(503);
    expect(sw.stores.get('data-v1')?.entries.size ?? 0).toBe(0);
    for (const request of [
      post('/api/v1/order/create', {}),
      get('/api/v1/order/15'),
      post('/api/v1/auth/code', {}),
      get('/sandbox/outbox'),
    ]) {
      expect(await sw.handle(request), request.url).toBeNull();
    }
    expect(sw.sent).toEqual([`GET ${PUBLIC_MENU}`]);
  });

  it('opens a page offline from the installed shell', async () => {
    const sw = serviceWorker();
    await sw.install();
    sw.offline();
    expect(await (await sw.handle(get('/menu/1/self'), 'navigate'))?.text()).toBe('shell /index.html');
  });
});
