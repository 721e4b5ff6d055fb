import { createServer, type AddressInfo, type Socket } from 'node:net';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  GEOCODER_UNAVAILABLE_MESSAGE,
  geoReverse,
  geoSuggest,
  mapConfigResponse,
} from '@chain/contract';
import { zoneContainsPoint } from '@chain/domain';
import { testConfig } from '../src/config';
import { countCachedAnswers, pruneCachedAnswers, writeCachedAnswer } from '../src/modules/geo/repository';
import { geocoderCacheName } from '../src/modules/geo/service';
import { GEO_CALLS_PER_ADDRESS } from '../src/modules/geo/routes';
import { DEMO_ZONES } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';

const SUGGEST = geoSuggest.path;
const REVERSE = geoReverse.path;

/** Restaurant 1's door, «Малая Бронная улица, 24», in zone 1 (seed/demo-chain.ts). */
const BRONNAYA_24 = { lat: 55.7628, lon: 37.5937 };

/** A call expected to fail with 503 (support/calls' post takes any 5xx for a bug). */
const postRaw = (app: TestApp['app'], url: string, payload: object, remoteAddress = '198.51.100.250') =>
  app.inject({ method: 'POST', url, payload, remoteAddress });

let addressCount = 0;
/** A fresh client address per test, so the per-address limit of one test does not reach another. */
const freshAddress = () => `198.51.100.${++addressCount}`;

describe.each(databaseKinds())('geo calls on %s (issue 13: geocoder adapter, cache, sandbox Photon)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const suggest = (body: unknown, remoteAddress = freshAddress()) => post(t.app, SUGGEST, body, { remoteAddress });
  const reverse = (body: unknown, remoteAddress = freshAddress()) => post(t.app, REVERSE, body, { remoteAddress });

  it('suggests «Малая Бронная, 24» as the house with its coordinates and address parts', async () => {
    const res = await suggest({ q: 'Малая Бронная, 24' });
    expect(res.statusCode).toBe(200);
    const { items } = geoSuggest.response.parse(res.json());
    expect(items[0]).toEqual({
      title: 'Малая Бронная улица, 24',
      subtitle: 'Москва, Россия',
      ...BRONNAYA_24,
      region: { id: 'Москва', name: 'Москва', full: 'Москва' },
      city: { id: 'Москва', name: 'Москва', full: 'Москва' },
      street: { id: 'Малая Бронная улица', name: 'Малая Бронная', full: 'Малая Бронная улица' },
      house: '24',
    });
  });

  it('finds by a part of a word, in any case, ё as е, the street first without a number', async () => {
    const { items } = geoSuggest.response.parse(
      (await suggest({ q: 'ПЯТНИЦ', near: { lat: 55.738, lon: 37.628 } })).json(),
    );
    expect(items[0]).toMatchObject({ title: 'Пятницкая улица', house: '' });
    expect(items.length).toBe(10);
    expect(items.slice(1).every((item) => item.street.name === 'Пятницкая' && item.house !== '')).toBe(true);
    const contains = geoSuggest.response.parse((await suggest({ q: 'бронн 2' })).json()).items;
    expect(contains.map((item) => item.title)).toContain('Малая Бронная улица, 2');
    expect(geoSuggest.response.parse((await suggest({ q: 'нет такой улицы' })).json()).items).toEqual([]);
  });

  it('gives the house at a point of a zone, and null far from every house', async () => {
    const res = await reverse({ lat: 55.76281, lon: 37.59372 });
    expect(res.statusCode).toBe(200);
    const { item } = geoReverse.response.parse(res.json());
    expect(item).toMatchObject({ title: 'Малая Бронная улица, 24', house: '24' });
    expect(zoneContainsPoint(DEMO_ZONES[0]!.polygon, item!)).toBe(true);
    expect(geoReverse.response.parse((await reverse({ lat: 55.9, lon: 37.3 })).json())).toEqual({ item: null });
  });

  it.each([
    ['q of one character', SUGGEST, { q: 'М' }, 'q'],
    ['q of 201 characters', SUGGEST, { q: 'М'.repeat(201) }, 'q'],
    ['spaces only', SUGGEST, { q: '    ' }, 'q'],
    ['no q', SUGGEST, {}, 'q'],
    ['near out of range', SUGGEST, { q: 'Тверская', near: { lat: 91, lon: 37 } }, 'near'],
    ['lat 91', REVERSE, { lat: 91, lon: 37.6 }, 'lat'],
    ['lon 181', REVERSE, { lat: 55.7, lon: 181 }, 'lon'],
    ['lat not a number', REVERSE, { lat: 'север', lon: 37.6 }, 'lat'],
    ['no lon', REVERSE, { lat: 55.7 }, 'lon'],
  ])('refuses %s with a readable 400 naming the field', async (_, url, body, field) => {
    const res = await post(t.app, url, body, { remoteAddress: freshAddress() });
    expect(res.statusCode).toBe(400);
    const answer = errorResponse.parse(res.json());
    expect(answer.message).toContain(field);
    expect(answer.message).toMatch(/[а-я]/);
  });

  it('answers a repeat from the cache without asking the provider', async () => {
    const geocoder = t.app.providers.geocoder;
    const suggestSpy = vi.spyOn(geocoder, 'suggest');
    const reverseSpy = vi.spyOn(geocoder, 'reverse');
    try {
      const first = await suggest({ q: 'Новокузнецкая 1', near: { lat: 55.741, lon: 37.631 } });
      // The same text in another case and spacing, a point within the same kilometre.
      const again = await suggest({ q: '  новокузнецкая   1 ', near: { lat: 55.7412, lon: 37.6312 } });
      expect(again.json()).toEqual(first.json());
      expect(suggestSpy).toHaveBeenCalledTimes(1);
      const point = await reverse({ lat: 55.7381, lon: 37.6279 });
      const samePlace = await reverse({ lat: 55.73812, lon: 37.62791 });
      expect(samePlace.json()).toEqual(point.json());
      expect(reverseSpy).toHaveBeenCalledTimes(1);
      expect(
        await countCachedAnswers(t.app.db, `${geocoderCacheName(t.app.config.providers.geocoder)}:`),
      ).toBeGreaterThanOrEqual(2);
    } finally {
      suggestSpy.mockRestore();
      reverseSpy.mockRestore();
    }
  });

  it('answers 503 geocoder_unavailable with the text when the provider fails, and keeps nothing', async () => {
    const faults = (body: unknown) =>
      t.app.inject({ method: 'POST', url: '/sandbox/providers/photon/faults', payload: body as object });
    expect((await faults({ count: 1 })).statusCode).toBe(200);
    const failed = await postRaw(t.app, SUGGEST, { q: 'Таганская 5' });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toMatchObject({
      success: false,
      error: 'geocoder_unavailable',
      message: GEOCODER_UNAVAILABLE_MESSAGE,
    });
    expect(
      await countCachedAnswers(t.app.db, `${geocoderCacheName(t.app.config.providers.geocoder)}:suggest:-:таганская 5`),
    ).toBe(0);
    // The fault is spent: the next ask is answered and kept.
    expect((await suggest({ q: 'Таганская 5' })).statusCode).toBe(200);
    expect(
      await countCachedAnswers(t.app.db, `${geocoderCacheName(t.app.config.providers.geocoder)}:suggest:-:таганская 5`),
    ).toBe(1);
    await faults({ count: 0 });
  });

  it('keeps the cache bounded: expired answers are never read and are pruned with the oldest beyond the bound', async () => {
    const now = new Date();
    const later = (minutes: number) => new Date(now.getTime() + minutes * 60_000);
    await writeCachedAnswer(t.app.db, 'prune-test:expired', '[]', later(-1));
    for (let i = 1; i <= 5; i++) await writeCachedAnswer(t.app.db, `prune-test:${i}`, '[]', later(i));
    const before = await countCachedAnswers(t.app.db);
    const kept = before - 1 - 2; // the expired one, and two of the five to stay within the bound
    expect(await pruneCachedAnswers(t.app.db, now, kept)).toBe(3);
    expect(await countCachedAnswers(t.app.db, 'prune-test:')).toBe(3);
    expect(await countCachedAnswers(t.app.db, 'prune-test:expired')).toBe(0);
    // The soonest to expire went: 1 and 2.
    expect(await countCachedAnswers(t.app.db, 'prune-test:1')).toBe(0);
    expect(await countCachedAnswers(t.app.db, 'prune-test:5')).toBe(1);
  });

  it(`limits one address to ${GEO_CALLS_PER_ADDRESS.limit} geocoder calls in ${GEO_CALLS_PER_ADDRESS.windowSeconds / 60} minutes (429), others unaffected`, async () => {
    const address = freshAddress();
    for (let i = 0; i < GEO_CALLS_PER_ADDRESS.limit; i++) {
      const res = await reverse(BRONNAYA_24, address);
      expect(res.statusCode).toBe(200);
    }
    const refused = await suggest({ q: 'Тверская 1' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(errorResponse.parse(refused.json()).message).toMatch(/Слишком много запросов адреса/);
    expect((await reverse(BRONNAYA_24)).statusCode).toBe(200);
  });

  it('tells the web app to draw the sandbox tiles when no Yandex Maps key is configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/config' });
    expect(res.statusCode).toBe(200);
    const config = mapConfigResponse.parse(res.json());
    expect(config).toMatchObject({
      provider: 'tiles',
      tiles: { url: '/sandbox/tiles/{z}/{x}/{y}{r}.png', maxZoom: 19 },
      yandexKey: '',
    });
    expect(config.tiles.attribution).toContain('Песочница');
  });

  it('serves a tile as a valid PNG with Cache-Control, the same bytes again, and 404 for a tile that is not', async () => {
    const url = '/sandbox/tiles/16/39611/20484.png';
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const png = res.rawPayload;
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([256, 256]);
    expect(png.length).toBeLessThan(4096);
    // The image data inflates to 256 rows of a filter byte and 256 palette indexes.
    const idat = png.indexOf('IDAT');
    const data = png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4));
    const rows = inflateSync(data);
    expect(rows.length).toBe(256 * 257);
    expect(new Set(rows).size).toBeGreaterThan(2); // ground, grid and a street at least
    expect((await t.app.inject({ method: 'GET', url })).rawPayload).toEqual(png);
    // The same tile for a screen of 2 device pixels per CSS pixel: 512 px, the same ground.
    const retina = (await t.app.inject({ method: 'GET', url: url.replace('.png', '@2x.png') })).rawPayload;
    expect([retina.readUInt32BE(16), retina.readUInt32BE(20)]).toEqual([512, 512]);
    expect(retina.length).toBeLessThan(8192);
    for (const bad of [
      '/sandbox/tiles/20/0/0.png',
      '/sandbox/tiles/2/4/0.png',
      '/sandbox/tiles/2/0/x.png',
      '/sandbox/tiles/a/0/0.png',
      '/sandbox/tiles/2/0/0@3x.png',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: bad })).statusCode, bad).toBe(404);
    }
  });
});

describe.each(databaseKinds())('geo configuration on %s', (kind) => {
  it('answers 503 when the geocoder does not answer at all (a dead port), not a 500', async () => {
    const config = testConfig();
    const t = await buildTestApp(kind, {
      providers: { ...config.providers, geocoder: { ...config.providers.geocoder, baseUrl: 'http://127.0.0.1:9' } },
    });
    try {
      const res = await postRaw(t.app, SUGGEST, { q: 'Малая Бронная, 24' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'geocoder_unavailable', message: GEOCODER_UNAVAILABLE_MESSAGE });
      expect(await countCachedAnswers(t.app.db)).toBe(0);
    } finally {
      await t.close();
    }
  });

  it('answers 503 within the timeout when the geocoder takes the connection and never answers', async () => {
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const config = testConfig();
    const baseUrl = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    const t = await buildTestApp(kind, {
      providers: { ...config.providers, geocoder: { ...config.providers.geocoder, baseUrl, timeoutMs: 500 } },
    });
    try {
      const started = Date.now();
      const res = await postRaw(t.app, REVERSE, { lat: 55.7425, lon: 37.665 });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: 'geocoder_unavailable', message: GEOCODER_UNAVAILABLE_MESSAGE });
      expect(Date.now() - started).toBeLessThan(1500);
      expect(sockets.size).toBe(1);
      expect(await countCachedAnswers(t.app.db)).toBe(0);
    } finally {
      await t.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it('tells the web app to use Yandex Maps with the key when one is configured', async () => {
    const config = testConfig();
    const t = await buildTestApp(kind, { maps: { ...config.maps, yandexKey: 'demo-key-123' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/map/config' });
      expect(mapConfigResponse.parse(res.json())).toMatchObject({ provider: 'yandex', yandexKey: 'demo-key-123' });
    } finally {
      await t.close();
    }
  });
});
