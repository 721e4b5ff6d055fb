import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  gifBomb,
  jpegBomb,
  phoneJpegWithGps,
  PHOTO_GPS,
  pixelAt,
  pngBomb,
  rationalBytes,
  truncatedPng,
} from '../../../test/support/pictures';
import { Gate, GateBusyError } from './renditions';
import { reencodeUpload as reencodeWith, RefusedUploadError, UploadTimeoutError, type UploadFormat } from './uploads';

// Issue 30.6, decision 041: an upload is kept only as the server encodes it again, and refused
// when it does not decode or declares more pixels than allowed.

const LIMIT = 25_000_000;
const MAX_SIDE = 1600;
const reencodeUpload = (bytes: Buffer, format: UploadFormat, maxPixels: number) =>
  reencodeWith(bytes, format, { maxPixels, maxSide: MAX_SIDE, quality: 85 });

const solid = (width: number, height: number, colour: string) =>
  sharp({ create: { width, height, channels: 3, background: colour } });

/** The refusal reencodeUpload throws for these bytes. */
async function refusalOf(bytes: Buffer, format: 'jpeg' | 'png' | 'gif'): Promise<RefusedUploadError> {
  const error: unknown = await reencodeUpload(bytes, format, LIMIT).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof RefusedUploadError)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

const isRed = ([r, g, b]: [number, number, number]) => r > 180 && g < 70 && b < 70;
const isBlue = ([r, g, b]: [number, number, number]) => b > 180 && r < 70 && g < 70;

describe('reencodeUpload: what the server keeps of a picture a stranger sends', () => {
  it.each([
    ['a PNG whose header claims 16 000 × 16 000', () => Promise.resolve(pngBomb(16_000)), 'png', [16_000, 16_000]],
    [
      'a GIF whose logical screen is 65 535 × 65 535 around a 1 × 1 frame',
      () => Promise.resolve(gifBomb(65_535)),
      'gif',
      [65_535, 65_535],
    ],
    ['a JPEG whose frame header says 65 500 × 65 500', () => jpegBomb(65_500), 'jpeg', [65_500, 65_500]],
  ] as const)('refuses %s by its declared size, decoding nothing', async (_name, make, format, [width, height]) => {
    const bomb = await make();
    const started = performance.now();
    const refusal = await refusalOf(bomb, format);
    const took = performance.now() - started;
    expect({ reason: refusal.reason, width: refusal.width, height: refusal.height }).toEqual({
      reason: 'over_pixels',
      width,
      height,
    });
    // Decoding 256 million pixels or more would take seconds and gigabytes; the header takes no time.
    expect(took).toBeLessThan(250);
  });

  it('refuses a truncated PNG, a script behind a GIF signature and a JPEG labelled as a PNG as damaged', async () => {
    expect((await refusalOf(await truncatedPng(), 'png')).reason).toBe('damaged');
    expect((await refusalOf(Buffer.from('GIF89a<script>alert(1)</script>', 'latin1'), 'gif')).reason).toBe('damaged');
    expect((await refusalOf(await solid(10, 10, '#888').jpeg().toBuffer(), 'png')).reason).toBe('damaged');
  });

  it('refuses a camera JPEG cut off half-way (a truncated file decodes to a half-grey picture otherwise)', async () => {
    const whole = await solid(800, 600, '#3080c0').jpeg({ quality: 90 }).toBuffer();
    expect((await refusalOf(whole.subarray(0, whole.length >> 1), 'jpeg')).reason).toBe('damaged');
  });

  it('keeps a phone JPEG turned by its EXIF orientation, with no EXIF (no GPS position) and no other metadata', async () => {
    const photo = await phoneJpegWithGps();
    const uploaded = await sharp(photo).metadata();
    expect({
      orientation: uploaded.orientation,
      width: uploaded.width,
      height: uploaded.height,
      exif: uploaded.exif !== undefined,
    }).toEqual({
      orientation: 6,
      width: 120,
      height: 80,
      exif: true,
    });
    expect(photo.includes(rationalBytes(PHOTO_GPS.latitude))).toBe(true);

    const kept = await reencodeUpload(photo, 'jpeg', LIMIT);
    const metadata = await sharp(kept.data).metadata();
    expect({ mime: kept.mime, format: metadata.format, width: metadata.width, height: metadata.height }).toEqual({
      mime: 'image/jpeg',
      format: 'jpeg',
      width: 80,
      height: 120,
    });
    expect([metadata.exif, metadata.icc, metadata.xmp, metadata.iptc, metadata.orientation]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(kept.data.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(kept.data.includes(rationalBytes(PHOTO_GPS.latitude))).toBe(false);
    // Turned, not only resized: the left (red) half of the stored pixels is the top now.
    expect(isRed(await pixelAt(kept.data, 40, 10))).toBe(true);
    expect(isBlue(await pixelAt(kept.data, 40, 110))).toBe(true);
  });

  it('keeps an animated GIF as the JPEG of its first frame', async () => {
    const red = await solid(40, 30, '#dc1414').png().toBuffer();
    const blue = await solid(40, 30, '#1414dc').png().toBuffer();
    const animated = await sharp([red, blue], { join: { animated: true } })
      .gif({ delay: [100, 100] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const kept = await reencodeUpload(animated, 'gif', LIMIT);
    expect(await sharp(kept.data).metadata()).toMatchObject({ format: 'jpeg', width: 40, height: 30 });
    expect(isRed(await pixelAt(kept.data, 20, 15))).toBe(true);
  });

  it('keeps a CMYK JPEG in sRGB, and a 16-bit PNG with transparency as 8-bit on white', async () => {
    const cmyk = await solid(40, 30, '#dc1414').toColourspace('cmyk').jpeg().toBuffer();
    expect((await sharp(cmyk).metadata()).space).toBe('cmyk');
    const fromCmyk = await reencodeUpload(cmyk, 'jpeg', LIMIT);
    expect(await sharp(fromCmyk.data).metadata()).toMatchObject({ space: 'srgb', channels: 3 });
    expect(isRed(await pixelAt(fromCmyk.data, 20, 15))).toBe(true);

    const clear16 = await sharp({
      create: { width: 40, height: 30, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    expect(await sharp(clear16).metadata()).toMatchObject({ depth: 'ushort', hasAlpha: true });
    const fromPng = await reencodeUpload(clear16, 'png', LIMIT);
    expect(await sharp(fromPng.data).metadata()).toMatchObject({ format: 'jpeg', depth: 'uchar', channels: 3 });
    expect(await pixelAt(fromPng.data, 20, 15)).toEqual([255, 255, 255]);
  });

  it(`makes a picture at most ${MAX_SIDE} px on its longer side, and never enlarges a small one`, async () => {
    const large = await reencodeUpload(await solid(2400, 1800, '#208040').png().toBuffer(), 'png', LIMIT);
    expect([large.width, large.height]).toEqual([1600, 1200]);
    expect(await sharp(large.data).metadata()).toMatchObject({ width: 1600, height: 1200 });
    const small = await reencodeUpload(await solid(30, 20, '#208040').png().toBuffer(), 'png', LIMIT);
    expect([small.width, small.height]).toEqual([30, 20]);
  });

  it('takes a picture exactly at the pixel limit and refuses one pixel row more', async () => {
    const atLimit = await reencodeUpload(pngBomb(100), 'png', 100 * 100);
    expect([atLimit.width, atLimit.height]).toEqual([100, 100]);
    expect(
      (await reencodeUpload(pngBomb(101), 'png', 100 * 100).catch((error: unknown) => error)) instanceof
        RefusedUploadError,
    ).toBe(true);
  });

  it('answers a burst past its queue at once as not made in time (a 503 the client retries), and makes the rest', async () => {
    const photo = await solid(4000, 3000, '#208040').jpeg({ quality: 90 }).toBuffer();
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () =>
        reencodeUpload(photo, 'jpeg', LIMIT).then(
          () => 'made',
          (error: unknown) => (error instanceof UploadTimeoutError ? 'busy' : `other: ${String(error)}`),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.startsWith('other'))).toEqual([]);
    expect(outcomes.filter((outcome) => outcome === 'busy').length).toBeGreaterThan(0);
    expect(outcomes.filter((outcome) => outcome === 'made').length).toBeGreaterThan(0);
  });
});

describe('Gate: a bounded number of tasks at once (issue 30, second read)', () => {
  const held = () => {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    return { release, task: () => done };
  };

  it('with a bound, refuses a task that finds the queue full, at once', async () => {
    const gate = new Gate(1);
    const first = held();
    const running = gate.run(first.task, { maxQueued: 2, maxWaitMs: 10_000 });
    const queued = [
      gate.run(() => Promise.resolve('a'), { maxQueued: 2, maxWaitMs: 10_000 }),
      gate.run(() => Promise.resolve('b'), { maxQueued: 2, maxWaitMs: 10_000 }),
    ];
    await expect(gate.run(() => Promise.resolve('c'), { maxQueued: 2, maxWaitMs: 10_000 })).rejects.toBeInstanceOf(
      GateBusyError,
    );
    first.release();
    await running;
    expect(await Promise.all(queued)).toEqual(['a', 'b']);
  });

  it('with a bound, gives up a task that waited longer than allowed and leaves the queue as it was', async () => {
    const gate = new Gate(1);
    const first = held();
    const running = gate.run(first.task);
    await expect(gate.run(() => Promise.resolve('late'), { maxQueued: 5, maxWaitMs: 50 })).rejects.toBeInstanceOf(
      GateBusyError,
    );
    const next = gate.run(() => Promise.resolve('next'));
    first.release();
    await running;
    expect(await next).toBe('next');
    // The place handed over came back: a new task runs at once.
    expect(await gate.run(() => Promise.resolve('free'), { maxQueued: 0, maxWaitMs: 0 })).toBe('free');
  });
});
