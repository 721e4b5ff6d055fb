import { inflateSync } from 'node:zlib';
import { cleanPose, drawGlyph, Raster } from '../../src/modules/auth/captcha-image';

/**
 * A template-matching captcha solver, as a script would attack the sign-in captcha (issue 11
 * point 6): decode the PNG, binarise (Otsu), drop specks, segment into glyphs (connected
 * components, else the column projection's valleys), and match each glyph against templates of
 * the clean digits drawn by the product's own glyph renderer at several sizes, rotations and
 * stroke widths (normalised cross-correlation of blurred masks). It reads clean renderings
 * (see the test), so a failure on the served captcha is the captcha's doing.
 */

export interface Gray {
  width: number;
  height: number;
  /** Luminance in [0, 1], row by row. */
  pixels: Float32Array;
}

/** Decodes an 8-bit greyscale, RGB or RGBA PNG (any row filter, no interlace) to luminance. */
export function decodePng(file: Buffer): Gray {
  if (file.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, , , interlace] = body.subarray(8);
      channels = { 0: 1, 2: 3, 6: 4 }[colourType ?? -1] ?? 0;
      if (depth !== 8 || channels === 0 || interlace !== 0) throw new Error('unsupported PNG');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let i = 0; i < stride; i++) {
      const x = raw[y * (stride + 1) + 1 + i] ?? 0;
      const a = i >= channels ? (rows[y * stride + i - channels] ?? 0) : 0;
      const b = y > 0 ? (rows[(y - 1) * stride + i] ?? 0) : 0;
      const c = y > 0 && i >= channels ? (rows[(y - 1) * stride + i - channels] ?? 0) : 0;
      const p = a + b - c;
      const paeth =
        Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
          ? a
          : Math.abs(p - b) <= Math.abs(p - c)
            ? b
            : c;
      const predicted = [0, a, b, (a + b) >> 1, paeth][filter ?? 0] ?? 0;
      rows[y * stride + i] = (x + predicted) & 0xff;
    }
  }
  const pixels = new Float32Array(width * height);
  for (let p = 0; p < width * height; p++) {
    const at = p * channels;
    pixels[p] =
      channels === 1
        ? (rows[at] ?? 0) / 255
        : (0.299 * (rows[at] ?? 0) + 0.587 * (rows[at + 1] ?? 0) + 0.114 * (rows[at + 2] ?? 0)) / 255;
  }
  return { width, height, pixels };
}

/** Ink mask: Otsu's threshold over the luminance histogram. */
export function binarise(image: Gray): Uint8Array {
  const histogram = new Uint32Array(256);
  for (const value of image.pixels) {
    const level = Math.round(value * 255);
    histogram[level] = (histogram[level] ?? 0) + 1;
  }
  const total = image.pixels.length;
  let sum = 0;
  histogram.forEach((count, level) => (sum += count * level));
  let best = 0;
  let threshold = 128;
  let weightBelow = 0;
  let sumBelow = 0;
  for (let level = 0; level < 256; level++) {
    weightBelow += histogram[level] ?? 0;
    if (weightBelow === 0 || weightBelow === total) continue;
    sumBelow += level * (histogram[level] ?? 0);
    const meanBelow = sumBelow / weightBelow;
    const meanAbove = (sum - sumBelow) / (total - weightBelow);
    const between = weightBelow * (total - weightBelow) * (meanBelow - meanAbove) ** 2;
    if (between > best) {
      best = between;
      threshold = level;
    }
  }
  return Uint8Array.from(image.pixels, (value) => (Math.round(value * 255) <= threshold ? 1 : 0));
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  size: number;
}

/** 8-connected components of the ink; each pixel labelled with its component's index + 1. */
export function components(mask: Uint8Array, width: number, height: number): { labels: Int32Array; boxes: Box[] } {
  const labels = new Int32Array(mask.length);
  const boxes: Box[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    const box: Box = { x0: width, y0: height, x1: -1, y1: -1, size: 0 };
    boxes.push(box);
    labels[start] = boxes.length;
    stack.push(start);
    while (stack.length > 0) {
      const at = stack.pop() as number;
      const x = at % width;
      const y = (at - x) / width;
      box.size += 1;
      box.x0 = Math.min(box.x0, x);
      box.x1 = Math.max(box.x1, x);
      box.y0 = Math.min(box.y0, y);
      box.y1 = Math.max(box.y1, y);
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const next = ny * width + nx;
          if (mask[next] && !labels[next]) {
            labels[next] = boxes.length;
            stack.push(next);
          }
        }
      }
    }
  }
  return { labels, boxes };
}

/** The ink with specks (components smaller than `minSize` pixels) removed. */
export function despeckle(mask: Uint8Array, width: number, height: number, minSize: number): Uint8Array {
  const { labels, boxes } = components(mask, width, height);
  return Uint8Array.from(labels, (label) => (label > 0 && (boxes[label - 1]?.size ?? 0) >= minSize ? 1 : 0));
}

/** A glyph's ink cut out of the mask: its bounding box within the column range. */
function crop(
  mask: Uint8Array,
  width: number,
  height: number,
  from: number,
  to: number,
  keep?: (at: number) => boolean,
) {
  let y0 = height;
  let y1 = -1;
  let x0 = to;
  let x1 = from - 1;
  for (let y = 0; y < height; y++) {
    for (let x = from; x < to; x++) {
      const at = y * width + x;
      if (mask[at] && (!keep || keep(at))) {
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
      }
    }
  }
  if (y1 < 0) return null;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const pixels = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const at = (y0 + y) * width + x0 + x;
      pixels[y * w + x] = mask[at] && (!keep || keep(at)) ? 1 : 0;
    }
  }
  return { width: w, height: h, pixels };
}

type Crop = NonNullable<ReturnType<typeof crop>>;

/** Splits the ink into `count` glyphs: separate components when there are that many, else the projection's valleys. */
export function segment(mask: Uint8Array, width: number, height: number, count: number): Crop[] {
  const { labels, boxes } = components(mask, width, height);
  const big = boxes
    .map((box, index) => ({ box, label: index + 1 }))
    .filter(({ box }) => box.size >= 60 && box.y1 - box.y0 >= height * 0.25)
    .sort((a, b) => a.box.x0 - b.box.x0);
  if (big.length === count) {
    return big.map(
      ({ box, label }) => crop(mask, width, height, box.x0, box.x1 + 1, (at) => labels[at] === label) as Crop,
    );
  }
  const columns = Array.from({ length: width }, (_, x) => {
    let ink = 0;
    for (let y = 0; y < height; y++) ink += mask[y * width + x] ?? 0;
    return ink;
  });
  const first = columns.findIndex((ink) => ink > 1);
  const last = width - 1 - [...columns].reverse().findIndex((ink) => ink > 1);
  const pitch = (last - first + 1) / count;
  const cuts = [first];
  for (let k = 1; k < count; k++) {
    const ideal = Math.round(first + pitch * k);
    let best = ideal;
    for (let x = Math.round(ideal - pitch * 0.3); x <= Math.round(ideal + pitch * 0.3); x++) {
      if ((columns[x] ?? Infinity) < (columns[best] ?? Infinity)) best = x;
    }
    cuts.push(best);
  }
  cuts.push(last + 1);
  return cuts
    .slice(0, count)
    .map(
      (from, k) =>
        crop(mask, width, height, from, cuts[k + 1] ?? width) ?? { width: 1, height: 1, pixels: new Uint8Array(1) },
    );
}

const GRID_W = 20;
const GRID_H = 32;

/** A glyph scaled to the grid by its height (keeping its proportions), centred, and blurred. */
function normalise(glyph: Crop): Float32Array {
  const grid = new Float32Array(GRID_W * GRID_H);
  const scale = GRID_H / glyph.height;
  const drawnWidth = Math.min(GRID_W, glyph.width * scale);
  const left = (GRID_W - drawnWidth) / 2;
  for (let gy = 0; gy < GRID_H; gy++) {
    for (let gx = 0; gx < GRID_W; gx++) {
      const sx = Math.floor(((gx - left) / drawnWidth) * glyph.width);
      const sy = Math.floor((gy / GRID_H) * glyph.height);
      if (sx >= 0 && sx < glyph.width) grid[gy * GRID_W + gx] = glyph.pixels[sy * glyph.width + sx] ?? 0;
    }
  }
  const blurred = new Float32Array(grid.length);
  for (let y = 0; y < GRID_H; y++) {
    for (let x = 0; x < GRID_W; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++)
          sum +=
            grid[Math.min(GRID_H - 1, Math.max(0, y + dy)) * GRID_W + Math.min(GRID_W - 1, Math.max(0, x + dx))] ?? 0;
      blurred[y * GRID_W + x] = sum / 9;
    }
  }
  return blurred;
}

function correlation(a: Float32Array, b: Float32Array): number {
  let meanA = 0;
  let meanB = 0;
  for (let i = 0; i < a.length; i++) {
    meanA += a[i] ?? 0;
    meanB += b[i] ?? 0;
  }
  meanA /= a.length;
  meanB /= b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    const da = (a[i] ?? 0) - meanA;
    const db = (b[i] ?? 0) - meanB;
    ab += da * db;
    aa += da * da;
    bb += db * db;
  }
  return ab / Math.sqrt(aa * bb || 1);
}

/** Templates of the clean digits, drawn by the product's glyph renderer, binarised and normalised like a glyph. */
function makeTemplates(): Array<{ digit: string; grid: Float32Array }> {
  const templates: Array<{ digit: string; grid: Float32Array }> = [];
  for (const digit of '0123456789') {
    for (const height of [60, 75, 90]) {
      for (const rotation of [-20, -10, 0, 10, 20]) {
        for (const stroke of [0.07, 0.1]) {
          const raster = new Raster(120, 120);
          drawGlyph(raster, digit, cleanPose(60, 60, height, { rotation, strokeWidth: height * stroke }), [0, 0, 0]);
          const gray = decodePng(raster.toPng());
          const glyph = crop(binarise(gray), 120, 120, 0, 120);
          if (glyph) templates.push({ digit, grid: normalise(glyph) });
        }
      }
    }
  }
  return templates;
}

let templates: ReturnType<typeof makeTemplates> | undefined;

/** Morphological opening (erode, then dilate, by a square of radius r): strips lines thinner than 2r + 1. */
export function open(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const pass = (source: Uint8Array, keep: (hits: number, all: number) => boolean) =>
    Uint8Array.from(source, (_, at) => {
      const x = at % width;
      const y = (at - x) / width;
      let hits = 0;
      let all = 0;
      for (let dy = -r; dy <= r; dy++) {
        for (let dx = -r; dx <= r; dx++) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          all += 1;
          hits += source[ny * width + nx] ?? 0;
        }
      }
      return keep(hits, all) ? 1 : 0;
    });
  return pass(
    pass(mask, (hits, all) => hits === all),
    (hits) => hits > 0,
  );
}

export interface SolverOptions {
  /** Opening radius against thin crossing lines (0: none). */
  opening?: number;
  /** Known glyph slots [from, to) in pixels, instead of finding them. */
  slots?: Array<[number, number]>;
}

/** The solver's reading of a captcha PNG of `length` digits. */
export function solveCaptchaPng(file: Buffer, length: number, options: SolverOptions = {}): string {
  templates ??= makeTemplates();
  const image = decodePng(file);
  let mask = despeckle(binarise(image), image.width, image.height, 25);
  if (options.opening) mask = open(mask, image.width, image.height, options.opening);
  const glyphs = options.slots
    ? options.slots.map(
        ([from, to]) =>
          crop(mask, image.width, image.height, from, to) ?? { width: 1, height: 1, pixels: new Uint8Array(1) },
      )
    : segment(mask, image.width, image.height, length);
  return glyphs
    .map((glyph) => {
      const grid = normalise(glyph);
      let best = { digit: '?', score: -Infinity };
      for (const template of templates ?? []) {
        const score = correlation(grid, template.grid);
        if (score > best.score) best = { digit: template.digit, score };
      }
      return best.digit;
    })
    .join('');
}
