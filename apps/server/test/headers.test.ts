import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_ADD_BODY_LIMIT } from '@chain/contract';
import type { LightMyRequestResponse } from 'fastify';
import { parseConfig, SANDBOX_ENV } from '../src/config';
import { contentSecurityPolicy } from '../src/http/security';
import { DEMO_KIOSK_CODE, DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { connectedKiosk } from './support/kiosk';
import { insertTestOrder } from './support/orders';
import { lastCode, solveCaptcha } from './support/sign-in';
import { signedInUser } from './support/users';

// Issue 11, point 12 "Headers": the CSP names exact script origins; personal answers are never
// kept by a cache; an upload over the limit always gets its 413; the API reference is off in
// production unless asked for.

const PATRIKI = DEMO_RESTAURANTS[0]!.fsUid;
const MiB = 1024 * 1024;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

/**
 * POSTs `bytes` of body over a real socket the way most HTTP/1.1 clients do: the whole body is
 * sent before the answer is read. Gives the status code the client read, or the socket error
 * it got instead (ECONNRESET, EPIPE).
 */
function upload(port: number, path: string, bytes: number, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let settled = false;
    const settle = (failure: string) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      resolve(answer.startsWith('HTTP/1.1 ') ? answer.slice(9, 12) : failure);
    };
    socket.pause();
    socket.on('data', (data: Buffer) => {
      answer += data.toString('latin1');
      if (answer.includes('\r\n\r\n')) settle('incomplete');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => settle(error.code ?? error.message));
    socket.on('close', () => settle('closed without an answer'));
    const length = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${bytes}`;
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${length}\r\n\r\n`);
    const block = Buffer.alloc(64 * 1024, 0x20);
    let sent = 0;
    const pump = () => {
      while (sent < bytes && !socket.destroyed) {
        const size = Math.min(block.length, bytes - sent);
        sent += size;
        const piece = chunked
          ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), block.subarray(0, size), Buffer.from('\r\n')])
          : block.subarray(0, size);
        if (!socket.write(piece)) {
          socket.once('drain', pump);
          return;
        }
      }
      if (socket.destroyed) return;
      if (chunked) socket.write('0\r\n\r\n');
      socket.resume();
    };
    pump();
  });
}

function tally(results: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const result of results) counts[result] = (counts[result] ?? 0) + 1;
  return counts;
}

describe('configuration of the headers (issue 11.12)', () => {
  it('refuses a wildcard among the maps script origins, and keeps whole-domain wildcards out of the defaults', () => {
    expect(() => parseConfig({ ...SANDBOX_ENV, MAPS_SCRIPT_HOSTS: 'https://*.yandex.ru' })).toThrow(
      /^Invalid configuration: MAPS_SCRIPT_HOSTS /,
    );
    expect(() => parseConfig({ ...SANDBOX_ENV, MAPS_SCRIPT_HOSTS: 'https://api-maps.yandex.ru, *' })).toThrow(
      /^Invalid configuration: MAPS_SCRIPT_HOSTS /,
    );
    const { cspHosts } = parseConfig(SANDBOX_ENV);
    expect(cspHosts.mapsScripts).toEqual(['https://api-maps.yandex.ru', 'https://suggest-maps.yandex.ru']);
    expect([...cspHosts.mapsScripts, ...cspHosts.maps]).not.toContain('https://*.yandex.ru');
  });

  it("adds Yandex Maps' own CSP rules only when a Yandex key is configured (issue 13)", () => {
    const strict = contentSecurityPolicy(parseConfig(SANDBOX_ENV));
    expect(strict['script-src']).not.toContain("'unsafe-eval'");
    const yandex = contentSecurityPolicy(parseConfig({ ...SANDBOX_ENV, YANDEX_MAPS_KEY: 'test-key-0000' }));
    expect(yandex['script-src']).toEqual(
      expect.arrayContaining([
        'https://api-maps.yandex.ru',
        'https://*.api-maps.yandex.ru',
        'https://yastatic.net',
        "'unsafe-eval'",
      ]),
    );
    expect(yandex['style-src']).toEqual(
      expect.arrayContaining(['https://*.api-maps.yandex.ru', 'https://yastatic.net']),
    );
    expect(yandex['connect-src']).toContain('https://search-maps.yandex.ru');
  });

  it('turns the API reference off in production unless API_DOCS asks for it', () => {
    expect(parseConfig(SANDBOX_ENV).apiDocs).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production', SANDBOX: '1' }).apiDocs).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', SANDBOX: '1', API_DOCS: '1' }).apiDocs).toBe(true);
    expect(parseConfig({ ...SANDBOX_ENV, API_DOCS: '0' }).apiDocs).toBe(false);
  });
});

describe.each(databaseKinds())('headers on %s (issue 11.12)', (kind) => {
  let t: TestApp;
  let guest: { id: number; token: string };
  beforeAll(async () => {
    t = await buildTestApp(kind);
    guest = await signedInUser(t.database, { name: 'Анна', email: 'anna.headers@example.ru' });
  });
  afterAll(() => t.close());

  it('names the exact maps script origins in script-src, no wildcard, and the tile hosts only where images and data come from', async () => {
    const csp = directives(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp.get('script-src')).toEqual(["'self'", 'https://api-maps.yandex.ru', 'https://suggest-maps.yandex.ru']);
    for (const [name, values] of csp) {
      expect(values.join(' '), name).not.toContain('*.yandex.ru');
      if (name === 'script-src' || name === 'style-src' || name === 'frame-src')
        expect(values.join(' '), name).not.toContain('*');
    }
    expect(csp.get('img-src')).toContain('https://*.maps.yandex.net');
    expect(csp.get('connect-src')).toContain('https://*.maps.yandex.net');
  });

  it("sends Cache-Control: no-store with every personal answer: orders, profile, addresses, ratings, cards, payments, sign-in, a kiosk's token, the generic call’s user actions", async () => {
    const session = { user_id: guest.id, token: guest.token };
    const order = await insertTestOrder(t.database, { userId: guest.id });
    const kiosk = await connectedKiosk(t.database, 1);
    const kioskOrder = await insertTestOrder(t.database, {
      userId: null,
      source: 'kiosk',
      type: 'inrest',
      kioskDeviceId: kiosk.id,
    });
    const personal: Array<[string, () => Promise<LightMyRequestResponse>]> = [
      [
        'order list',
        () => post(t.app, `/api/v1/order/listUser/${guest.id}`, { user_id: guest.id, user_token: guest.token }),
      ],
      [
        'order detail',
        () =>
          post(t.app, `/api/v1/order/listUser/${guest.id}`, {
            user_id: guest.id,
            user_token: guest.token,
            id: order.id,
          }),
      ],
      ['profile save', () => post(t.app, '/api/v1/user/update', { id: guest.id, password: guest.token, name: 'Анна' })],
      [
        'address save',
        () =>
          post(t.app, '/api/v2/user/address/save', {
            user_id: guest.id,
            user_token: guest.token,
            address: { street: { name: 'Ленина' }, house: '1' },
          }),
      ],
      ['address list', () => post(t.app, '/api/v2/user/address/list', { user_id: guest.id, user_token: guest.token })],
      ['rating list', () => post(t.app, '/api/v1/rate/list', session)],
      ['saved cards', () => post(t.app, '/api/v1/order/payment/bindings', session)],
      ['card payment', () => post(t.app, '/api/v1/order/payment/start', { ...session, order_id: order.id })],
      [
        'SBP payment of a kiosk order',
        () => post(t.app, '/api/v1/order/payment/sbp', { order_id: kioskOrder.id, kiosk_token: kiosk.token }),
      ],
      [
        'a kiosk connected with the staff code (its token)',
        () => post(t.app, '/api/v1/kiosk/enter', { restoran: 1, code: DEMO_KIOSK_CODE }),
      ],
      [
        'payment check',
        () =>
          t.app.inject({
            method: 'GET',
            url: `/api/v1/order/payment/check/${order.id}`,
            headers: { authorization: `Bearer ${guest.token}` },
          }),
      ],
      [
        'coupon check',
        () =>
          post(t.app, '/api/v1/order/discount', { coupon: 'NONE', order_type: 'self', fs_uid: PATRIKI, ...session }),
      ],
      [
        'a user action of the generic call',
        () => post(t.app, '/rest/', { ...session, action: 'bookingList', fields: {} }),
      ],
      [
        'a refused personal call',
        () => post(t.app, '/api/v2/user/address/list', { user_id: guest.id, user_token: 'wrong-token-wrong-token' }),
      ],
    ];
    for (const [name, call] of personal) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
      expect(res.headers['cache-control'], name).toBe('no-store');
    }

    // Sign-in: the answer carries the session token.
    const email = `headers-${kind}@example.ru`;
    const captcha = await solveCaptcha(t.app, email);
    const sent = await post(t.app, '/api/v2/user/sendEmailCode', { email, captcha });
    expect(sent.headers['cache-control'], 'sendEmailCode').toBe('no-store');
    const signedIn = await post(t.app, '/api/v2/user/checkEmailCode', { email, code: await lastCode(t.app, email) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['cache-control'], 'checkEmailCode').toBe('no-store');

    // Logout last: it ends the session the calls above used.
    expect((await post(t.app, '/api/v1/user/logout', session)).headers['cache-control'], 'logout').toBe('no-store');
  });

  it('keeps the public answers cacheable: menu, restaurant list and settings revalidate by ETag, a public action of the generic call is not marked', async () => {
    const menu = await post(t.app, '/api/v2/restoran/menu', {
      fs_uid: PATRIKI,
      order_type: 'self',
      is_shop: 0,
      ver: 4,
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/v2/restoran/list' });
    const settings = await t.app.inject({ method: 'GET', url: '/settings.php' });
    for (const [name, res] of [
      ['menu', menu],
      ['restaurant list', list],
      ['settings', settings],
    ] as const) {
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['cache-control'], name).toBe('no-cache');
      expect(res.headers.etag, name).toBeDefined();
    }
    const load = await post(t.app, '/rest/', { action: 'zagruzkaLoadPeriods', fields: {} });
    expect(load.headers['cache-control']).not.toBe('no-store');
  });

  it('answers every upload over the limit with its 413, also to clients that read only after sending (220 in parallel)', async () => {
    const port = (t.app.server.address() as net.AddressInfo).port;
    const results = await Promise.all([
      ...Array.from({ length: 180 }, () => upload(port, '/api/v2/order/create', 5 * MiB, false)),
      ...Array.from({ length: 40 }, () => upload(port, '/api/v2/order/create', 5 * MiB, true)),
    ]);
    expect(tally(results)).toEqual({ 413: 220 });
  }, 120_000);

  it('answers a photo upload over rate/add’s own larger limit with its 413 too', async () => {
    const port = (t.app.server.address() as net.AddressInfo).port;
    const results = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        upload(port, '/api/v1/rate/add', RATE_ADD_BODY_LIMIT + 4 * MiB, i % 2 === 1),
      ),
    );
    expect(tally(results)).toEqual({ 413: 16 });
  }, 120_000);

  it('serves the API reference only when configured: off in production unless API_DOCS=1', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).statusCode).toBe(200);
    const production = await buildTestApp(kind, { env: 'production', apiDocs: false });
    try {
      for (const url of ['/api/docs', '/api/docs/openapi.json']) {
        const res = await production.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toMatchObject({ success: false, error: 'not_found' });
      }
    } finally {
      await production.close();
    }
    const asked = await buildTestApp(kind, { env: 'production', apiDocs: true });
    try {
      expect((await asked.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
    } finally {
      await asked.close();
    }
  });

  it('asks browsers for HTTPS only (HSTS) in production, where the product is served over HTTPS, and never in development', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security'],
    ).toBeUndefined();
    const production = await buildTestApp(kind, { env: 'production' });
    try {
      const res = await production.app.inject({ method: 'GET', url: '/api/health' });
      expect(String(res.headers['strict-transport-security'])).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    } finally {
      await production.close();
    }
  });
});
