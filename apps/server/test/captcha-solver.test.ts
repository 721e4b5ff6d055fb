import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTCHA_HEIGHT,
  CAPTCHA_LENGTH,
  CAPTCHA_WIDTH,
  captchaAnswer,
  captchaPng,
  cleanPose,
  drawCaptcha,
  drawGlyph,
  Raster,
} from '../src/modules/auth/captcha-image';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { type Reader, score, trainReader, wilson } from './support/captcha-knn';
import { decodePng, solveCaptchaPng } from './support/captcha-solver';
import { readOutbox } from './support/sign-in';

/**
 * Issue 11 point 6: the sign-in captcha (SPEC 2 Sign-in) is a picture a script cannot read.
 * The SVG it replaces drew each digit as a path of its fixed shape ± 0.6: template matching on
 * the markup solved 30 of 30. The attack here is a real template solver on the pixels
 * (support/captcha-solver.ts) that reads clean renderings of the same glyphs.
 */

let phoneSeq = 0;
const newPhone = () => `7918${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq++).padStart(4, '0')}`;

/** At most this share of served captchas may fall to the solver (issue 11.6, issue 30.5: 1 in 20). */
const MAX_SOLVED_SHARE = 1 / 20;

/**
 * Issue 30 point 5: k-NN readers trained on labelled pictures (support/captcha-knn.ts). The
 * issue's slot reader must stay at 1 in 20: after these 1 200 pictures it read 31 and 43 of 300
 * of the picture before issue 30 (two runs). The stronger HOG and dark-ink readers still read
 * 7 and 10 % after 5 000 pictures (`npm run bench:captcha`, decision 040): here they are held at
 * 1 in 10, so the picture does not slide further back. 1 200 training pictures keep the suite
 * fast. Pictures come from the function GET /captcha/{contact} serves, labelled with their
 * answers as the sandbox outbox labels them.
 */
const TRAINING = 1200;
/** What the stronger readers are held to until decision 040's gap is closed. */
const STRONG_READER_SHARE = 1 / 10;
const allowedShare = (reader: Reader) => (reader.name === 'slots' ? MAX_SOLVED_SHARE : STRONG_READER_SHARE);
const HELD_BACK = 300;
const labelled = (count: number) =>
  Array.from({ length: count }, () => {
    const answer = captchaAnswer();
    return { answer, file: captchaPng(answer) };
  });
let readers: Reader[] = [];
beforeAll(() => {
  const training = labelled(TRAINING);
  readers = (['slots', 'hog', 'dark'] as const).map((name) => trainReader(name, training, CAPTCHA_LENGTH));
}, 600_000);

/** The chunk types of a PNG file, in order. */
function chunkTypes(file: Buffer): string[] {
  const types: string[] = [];
  for (let offset = 8; offset < file.length; offset += 12 + file.readUInt32BE(offset))
    types.push(file.toString('latin1', offset + 4, offset + 8));
  return types;
}

describe('the template solver (support/captcha-solver.ts) is no straw man', () => {
  it('reads 20 of 20 clean renderings of the captcha glyphs, undistorted and apart', () => {
    const answers = Array.from({ length: 20 }, () => captchaAnswer());
    const read = answers.map((answer) => {
      const raster = new Raster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, [0.95, 0.94, 0.9]);
      [...answer].forEach((digit, index) =>
        drawGlyph(raster, digit, cleanPose(50 + index * 65, CAPTCHA_HEIGHT / 2, 80), [0.16, 0.15, 0.22]),
      );
      return solveCaptchaPng(raster.toPng(), CAPTCHA_LENGTH);
    });
    expect(read).toEqual(answers);
  });
});

describe('issue 30.5: a k-NN reader trained on labelled captchas', () => {
  it("reads 1 200 labelled pictures, then at most 1 in 20 of 300 held back with the issue's slot reader, and at most 1 in 10 with the HOG and dark-ink readers", () => {
    const test = labelled(HELD_BACK);
    const results = readers.map((reader) => {
      const { solved, digits, total, n } = score(reader, test);
      const [low, high] = wilson(solved, n);
      return {
        reader: reader.name,
        solved,
        within: solved <= n * allowedShare(reader),
        read: `${solved} of ${n} (95 % ${(low * 100).toFixed(1)}–${(high * 100).toFixed(1)} %), ${digits} of ${total} digits`,
      };
    });
    expect(
      results.filter((result) => !result.within),
      results.map((result) => `${result.reader}: ${result.read}`).join('; '),
    ).toEqual([]);
  }, 300_000);
});

describe.each(databaseKinds())('the captcha picture on %s (issue 11.6, SPEC 2 Sign-in)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  /** A captcha as GET /captcha/{phone} serves it, and its answer from the sandbox outbox. */
  async function served(remoteAddress: string) {
    const phone = newPhone();
    const res = await t.app.inject({ method: 'GET', url: `/captcha/${phone}?${Date.now()}`, remoteAddress });
    expect(res.statusCode).toBe(200);
    const { captcha } = await readOutbox(t.app, phone);
    if (!captcha) throw new Error('no captcha answer in the outbox');
    return { res, file: res.rawPayload, answer: captcha };
  }

  it('is a PNG of the advertised size, never cached, with nothing but image chunks', async () => {
    const { res, file } = await served('10.6.0.1');
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(chunkTypes(file)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const image = decodePng(file);
    expect([image.width, image.height]).toEqual([CAPTCHA_WIDTH, CAPTCHA_HEIGHT]);
  });

  it('falls to the template solver at most 1 time in 20, over 60 served captchas', async () => {
    let solved = 0;
    let digits = 0;
    for (let i = 0; i < 60; i++) {
      // 60 pictures: one address would reach the captcha limit (60 per 10 minutes).
      const { file, answer } = await served(`10.6.${1 + Math.floor(i / 20)}.${1 + (i % 20)}`);
      const read = solveCaptchaPng(file, CAPTCHA_LENGTH);
      if (read === answer) solved += 1;
      digits += [...answer].filter((digit, k) => read[k] === digit).length;
    }
    expect(solved, `solved ${solved} of 60, ${digits} of 300 digits right`).toBeLessThanOrEqual(60 * MAX_SOLVED_SHARE);
  });

  it('falls to the trained readers over 60 served captchas, answers from the sandbox outbox, no more often than allowed (95 % confidence; issue 30.5)', async () => {
    const solved = readers.map(() => 0);
    for (let i = 0; i < 60; i++) {
      const { file, answer } = await served(`10.7.${1 + Math.floor(i / 20)}.${1 + (i % 20)}`);
      readers.forEach((reader, k) => {
        if (reader.read(file) === answer) solved[k] = (solved[k] ?? 0) + 1;
      });
    }
    // 60 pictures are a small sample of a rate near its bound (the dark-ink reader's is 8–10 %):
    // fail only when the served pictures are read more often than allowed with 95 % confidence
    // (the lower end of the Wilson interval above the bound), not on a sample's luck.
    const over = readers.filter((reader, k) => wilson(solved[k] ?? 0, 60)[0] > allowedShare(reader));
    expect(
      over.map((reader) => reader.name),
      readers.map((reader, k) => `${reader.name}: ${solved[k]} of 60`).join('; '),
    ).toEqual([]);
  }, 120_000);

  it('gives the answer away in no byte: not in the file, not in its pixels, and one answer never draws the same twice', async () => {
    const { file, answer } = await served('10.6.9.1');
    expect(file.includes(Buffer.from(answer, 'latin1'))).toBe(false);
    const idat = chunkTypes(file).indexOf('IDAT');
    expect(idat).toBeGreaterThan(-1);
    // The decompressed pixels carry no text of the answer either (the SVG's paths did, in effect).
    const pixels = inflateSync(file.subarray(8 + 25 + 8, file.length - 12 - 4));
    expect(pixels.includes(Buffer.from(answer, 'latin1'))).toBe(false);
    // Two drawings of the same answer differ in most of their ink: no fixed shapes to look up.
    const a = decodePng(drawCaptcha(answer).toPng()).pixels;
    const b = decodePng(drawCaptcha(answer).toPng()).pixels;
    let inkA = 0;
    let sharedInk = 0;
    for (let i = 0; i < a.length; i++) {
      const inA = (a[i] ?? 1) < 0.45;
      if (inA) inkA += 1;
      if (inA && (b[i] ?? 1) < 0.45) sharedInk += 1;
    }
    expect(sharedInk / inkA).toBeLessThan(0.5);
  });
});
