import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_WIDTHS } from '@chain/domain';
import { registerErrorHandler } from '../src/http/error-handler';
import { Gate, PHOTO_SOURCE_MAX_BYTES } from '../src/modules/photos/renditions';
import { PHOTO_NOT_FOUND_MESSAGE, PHOTO_NOT_OFFERED_MESSAGE, photosRoutes } from '../src/modules/photos/routes';
import { pngFile } from '../src/png';
import { buildTestApp, type TestApp } from './support/build';

// Issue 18, decision 034: menu photos as AVIF and WebP renditions at the widths of
// packages/domain/src/photos.ts, made once from any picture under /media/ and kept on disk.

/** The container a rendition's bytes say they are. */
function container(bytes: Buffer): string {
  if (bytes.subarray(4, 12).toString('latin1') === 'ftypavif') return 'avif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'webp';
  return 'unknown';
}

async function size(bytes: Buffer): Promise<{ width: number; height: number }> {
  const { width, height } = await sharp(bytes).metadata();
  return { width, height };
}

/** The files kept in a cache folder, by name. */
const kept = (folder: string): string[] => {
  try {
    return readdirSync(folder).sort();
  } catch {
    return [];
  }
};

/** A GET over a real socket with the path exactly as written (no client normalises its `..`). */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('menu photo renditions of the demo pictures, through the whole server', () => {
  let t: TestApp;
  let cache: string;
  beforeAll(async () => {
    cache = mkdtempSync(join(tmpdir(), 'chain-photos-test-'));
    t = await buildTestApp('pglite', { photoCacheDir: cache });
  });
  afterAll(async () => {
    await t.close();
    rmSync(cache, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('draws an SVG at the asked width as AVIF and as WebP, keeping its 3:2 shape', async () => {
    for (const width of [160, 360, 1280] as const) {
      for (const format of ['avif', 'webp'] as const) {
        const res = await get(`/photos/${width}/dishes/margherita.svg.${format}`);
        expect(res.statusCode, `${width} ${format}`).toBe(200);
        expect(res.headers['content-type']).toBe(`image/${format}`);
        expect(container(res.rawPayload)).toBe(format);
        expect(await size(res.rawPayload)).toEqual({ width, height: Math.round((width * 2) / 3) });
      }
    }
  });

  it('is cached for a week and revalidated by its ETag, sent as it is, without a page’s policies', async () => {
    const res = await get('/photos/240/dishes/pepperoni.svg.avif', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    expect(res.headers['etag']).toMatch(/^"[\w-]{32}"$/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');

    const again = await get('/photos/240/dishes/pepperoni.svg.avif', { 'if-none-match': String(res.headers['etag']) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // Another size or format of the same picture is another file with another ETag.
    expect((await get('/photos/240/dishes/pepperoni.svg.webp')).headers['etag']).not.toBe(res.headers['etag']);
    expect((await get('/photos/360/dishes/pepperoni.svg.avif')).headers['etag']).not.toBe(res.headers['etag']);
  });

  it('makes a rendition once and answers it again from the kept file', async () => {
    const before = kept(cache);
    const first = await get('/photos/480/dishes/diavola.svg.webp');
    const made = kept(cache).filter((name) => !before.includes(name));
    expect(made).toHaveLength(1);
    const file = statSync(join(cache, made[0] ?? ''));

    const second = await get('/photos/480/dishes/diavola.svg.webp');
    expect(second.statusCode).toBe(200);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(kept(cache)).toEqual([...before, ...made].sort());
    const after = statSync(join(cache, made[0] ?? ''));
    expect({ ino: after.ino, mtimeMs: after.mtimeMs }).toEqual({ ino: file.ino, mtimeMs: file.mtimeMs });
  });

  it('makes one file for many first requests of one rendition at the same moment, whole', async () => {
    const before = kept(cache);
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/photos/640/dishes/four-cheese.svg.avif')));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((res) => res.rawPayload.toString('base64'))).size).toBe(1);
    const made = kept(cache).filter((name) => !before.includes(name));
    expect(made).toEqual([`${String(answers[0]?.headers['etag']).slice(1, -1)}.avif`]);
    expect(statSync(join(cache, made[0] ?? '')).size).toBe(answers[0]?.rawPayload.length);
  });

  it('refuses a width or a format it does not offer with 400 in words', async () => {
    for (const url of [
      '/photos/100/dishes/margherita.svg.avif',
      '/photos/361/dishes/margherita.svg.avif',
      '/photos/2560/dishes/margherita.svg.avif',
      '/photos/big/dishes/margherita.svg.avif',
      '/photos/360/dishes/margherita.svg.png',
      '/photos/360/dishes/margherita.svg.jpg',
      '/photos/360/dishes/margherita.svg',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({
        success: false,
        error: 'bad_request',
        message: PHOTO_NOT_OFFERED_MESSAGE,
      });
    }
    expect(PHOTO_NOT_OFFERED_MESSAGE).toContain(PHOTO_WIDTHS.join(', '));
  });

  it('answers 404 in words for a picture that is not there, never the web app’s page', async () => {
    for (const url of [
      '/photos/360/dishes/no-such-dish.svg.avif',
      '/photos/360/dishes/margherita.txt.avif',
      '/photos/360/dishes.svg.webp',
      '/photos/360/dishes/.svg.avif',
    ]) {
      const res = await get(url, { accept: 'text/html,image/avif,*/*' });
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ success: false, error: 'not_found', message: PHOTO_NOT_FOUND_MESSAGE });
    }
  });

  it('never reads a picture outside the media folder, however the path is written', async () => {
    const port = (t.app.server.address() as AddressInfo).port;
    // The web app's own icon, two folders up from the media folder.
    for (const path of [
      '/photos/360/../../web/public/favicon.svg.avif',
      '/photos/360/dishes/../../../web/public/favicon.svg.avif',
      '/photos/360/..%2F..%2Fweb%2Fpublic%2Ffavicon.svg.avif',
      '/photos/360/%2E%2E/%2E%2E/web/public/favicon.svg.avif',
      '/photos/360/%2Fetc%2Fpasswd.svg.avif',
      '/photos/360/dishes%5C..%5C..%5C..%5Cweb%5Cpublic%5Cfavicon.svg.avif',
    ]) {
      const res = await rawGet(port, path);
      expect(res.status, path).toBe(404);
      expect(JSON.parse(res.body), path).toMatchObject({ message: PHOTO_NOT_FOUND_MESSAGE });
    }
  });
});

describe('menu photo renditions of a chain’s own photos', () => {
  let app: FastifyInstance;
  let media: string;
  let cache: string;
  let outside: string;
  const logs: Array<{ level: number; msg: string; err?: { message: string }; source?: string }> = [];

  beforeAll(async () => {
    media = mkdtempSync(join(tmpdir(), 'chain-media-test-'));
    cache = mkdtempSync(join(tmpdir(), 'chain-photos-test-'));
    outside = mkdtempSync(join(tmpdir(), 'chain-outside-test-'));
    mkdirSync(join(media, 'menu'));
    const colour = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: '#b4432c' } });
    writeFileSync(join(media, 'menu', 'photo.jpg'), await colour(400, 300).jpeg().toBuffer());
    // A camera's photo stored sideways, with the EXIF orientation that turns it upright.
    writeFileSync(
      join(media, 'menu', 'upright.jpg'),
      await colour(400, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer(),
    );
    writeFileSync(join(media, 'menu', 'small.png'), await colour(200, 100).png().toBuffer());
    writeFileSync(join(media, 'menu', 'dish.webp'), await colour(600, 600).webp().toBuffer());
    writeFileSync(join(media, 'menu', 'dish.gif'), await colour(300, 200).gif().toBuffer());
    writeFileSync(join(media, 'menu', 'Борщ.png'), await colour(300, 200).png().toBuffer());
    writeFileSync(join(outside, 'secret.png'), await colour(300, 200).png().toBuffer());
    symlinkSync(join(media, 'menu', 'photo.jpg'), join(media, 'menu', 'same-photo.jpg'));
    symlinkSync(join(outside, 'secret.png'), join(media, 'menu', 'escape.png'));
    symlinkSync(outside, join(media, 'elsewhere'));
    // Over the byte limit (sparse: no disk used), over the pixel limit in a few bytes, not a picture.
    writeFileSync(join(media, 'menu', 'huge-file.png'), '');
    truncateSync(join(media, 'menu', 'huge-file.png'), PHOTO_SOURCE_MAX_BYTES + 1);
    writeFileSync(join(media, 'menu', 'huge-picture.png'), pngFile(10_000, 6_000, Buffer.alloc(6_001)));
    writeFileSync(join(media, 'menu', 'notes.png'), 'not a picture');
    writeFileSync(join(media, 'menu', 'page.svg'), await colour(10, 10).tiff().toBuffer());

    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(JSON.parse(chunk.toString()) as (typeof logs)[number]);
        done();
      },
    });
    app = Fastify({ logger: { level: 'info', stream } });
    registerErrorHandler(app);
    await app.register(photosRoutes({ mediaDir: media, cacheDir: join(cache, 'made') }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    for (const folder of [media, cache, outside]) rmSync(folder, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('makes renditions of JPEG, PNG, WebP and GIF photos, keeping their shape and never enlarging them', async () => {
    const cases = [
      ['/photos/240/menu/photo.jpg.avif', { width: 240, height: 180 }],
      ['/photos/160/menu/dish.webp.webp', { width: 160, height: 160 }],
      ['/photos/160/menu/dish.gif.avif', { width: 160, height: 107 }],
      // 200 px wide: asked for 480, it stays 200.
      ['/photos/480/menu/small.png.webp', { width: 200, height: 100 }],
      ['/photos/1280/menu/photo.jpg.webp', { width: 400, height: 300 }],
    ] as const;
    for (const [url, expected] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(container(res.rawPayload), url).toBe(url.slice(url.lastIndexOf('.') + 1));
      expect(await size(res.rawPayload), url).toEqual(expected);
    }
  });

  it('turns a photo the way the camera held it', async () => {
    const res = await get('/photos/240/menu/upright.jpg.webp');
    expect(await size(res.rawPayload)).toEqual({ width: 240, height: 320 });
  });

  it('reads a file name in any script, percent-encoded as a browser sends it', async () => {
    const res = await get(`/photos/240/menu/${encodeURIComponent('Борщ.png')}.avif`);
    expect(res.statusCode).toBe(200);
    expect(await size(res.rawPayload)).toEqual({ width: 240, height: 160 });
  });

  it('follows a link within the media folder, never one that leads out of it', async () => {
    expect((await get('/photos/240/menu/same-photo.jpg.avif')).statusCode).toBe(200);
    for (const url of ['/photos/240/menu/escape.png.avif', '/photos/240/elsewhere/secret.png.avif']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ message: PHOTO_NOT_FOUND_MESSAGE });
    }
  });

  it('answers 404 for a source over the byte or pixel limit or not a picture it reads, and tells the operator why', async () => {
    const cases = [
      ['menu/huge-file.png', `${PHOTO_SOURCE_MAX_BYTES + 1} bytes`],
      ['menu/huge-picture.png', 'pixel limit'],
      ['menu/notes.png', 'unsupported image format'],
      ['menu/page.svg', 'a tiff file'],
    ] as const;
    for (const [source, reason] of cases) {
      const res = await get(`/photos/240/${source}.avif`);
      expect(res.statusCode, source).toBe(404);
      expect(res.json(), source).toMatchObject({ success: false, message: PHOTO_NOT_FOUND_MESSAGE });
      const warning = logs.find((line) => line.level === 40 && line.err?.message.includes(source));
      expect(warning?.err?.message, source).toContain(reason);
    }
  });

  it('makes a rendition once however many ask for it at the same moment, into a folder it creates', async () => {
    const made = () =>
      logs.filter((line) => line.msg === 'menu photo rendition made' && line.source === 'menu/dish.webp').length;
    const before = made();
    const answers = await Promise.all(Array.from({ length: 6 }, () => get('/photos/640/menu/dish.webp.avif')));
    expect(answers.map((res) => res.statusCode)).toEqual(Array(6).fill(200));
    expect(made() - before).toBe(1);
    expect(kept(join(cache, 'made')).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
  it('makes its renditions again after their folder was emptied or removed', async () => {
    expect((await get('/photos/360/menu/photo.jpg.avif')).statusCode).toBe(200);
    rmSync(join(cache, 'made'), { recursive: true, force: true });
    const res = await get('/photos/360/menu/photo.jpg.avif');
    expect(res.statusCode).toBe(200);
    expect(container(res.rawPayload)).toBe('avif');
    expect(kept(join(cache, 'made'))).toHaveLength(1);
  });
});

describe('the gate in front of the making', () => {
  it('runs at most its limit of tasks at once and the rest in the order they came', async () => {
    const gate = new Gate(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      return index;
    };
    // A task that fails gives its place up like one that succeeds.
    const failing = gate
      .run(async () => Promise.reject(new Error('broken source')))
      .catch((error: Error) => error.message);
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((index) => gate.run(task(index))));
    expect(await failing).toBe('broken source');
    expect(results).toEqual([0, 1, 2, 3, 4, 5]);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
  });
});
