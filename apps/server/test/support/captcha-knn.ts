import { binarise, components, decodePng, despeckle, type Gray } from './captcha-solver';

/**
 * Trained captcha readers, as issue 30 point 5's attacker wrote them: labelled pictures (the
 * sandbox outbox gives each one's answer) → per-digit feature vectors → k nearest neighbours.
 * Four readers, so that no figure is tuned against one weak attacker:
 *
 * - `slots`: the reader. Otsu's threshold, an opening (3 × 3 erosion and dilation twice
 *   over: ink thinner than 5 pixels goes, so thin crossing lines do), the ink's span cut into
 *   equal slots, each slot's ink cropped and scaled to 16 × 24, k-NN (k = 5) on the pixels. On
 *   the picture before issue 30 it read 16 % after 5 000 pictures (the reads 24.7 %).
 * - `whole`: the whole picture, grey, scaled to 90 × 30, k-NN over whole pictures; each position
 *   takes the majority of its neighbours' digits at that position.
 * - `hog`: a stronger cheap one. As `slots`, then ink in pieces shorter than a quarter of the
 *   picture dropped, the span found where there is clearly more ink than at the picture's edges
 *   (lines running out to the edges are no digits), cut where the column ink is thinnest near
 *   each equal cut (the projection's valleys); each glyph's grey pixels scaled to 24 × 32,
 *   histograms of oriented gradients (4 × 4 cells of 6 × 8 pixels, 9 orientations, each cell's
 *   histogram normalised), k-NN (k = 5) with distance-weighted votes. 19 % on the old picture.
 * - `dark`: as `hog`, but instead of the opening a threshold halfway between the darkest ink and
 *   Otsu's: lines in a lighter tone than the digits drop out.
 *
 * Each reads a picture's luminance only; the answer's length is known.
 */

export type ReaderName = 'slots' | 'whole' | 'hog' | 'dark';
export const READERS: readonly ReaderName[] = ['slots', 'whole', 'hog', 'dark'];

interface Labelled {
  file: Buffer;
  answer: string;
}

/** One picture's feature vectors: one per digit position, or one for the whole picture. */
type Features = Float32Array[];

/**
 * The darkest ink only: of the pixels darker than Otsu's threshold, those darker than halfway
 * between the darkest ink (its 5th percentile) and the threshold — lines in a lighter tone drop out.
 */
function darkest(image: Gray): Uint8Array {
  const first = binarise(image);
  const ink = image.pixels.filter((_, i) => first[i] === 1).sort();
  if (ink.length < 100) return first;
  const darkInk = ink[Math.floor(ink.length * 0.05)] ?? 0;
  const threshold = ink.at(-1) ?? 1;
  const limit = (darkInk + threshold) / 2;
  return Uint8Array.from(image.pixels, (value) => (value <= limit ? 1 : 0));
}

/** One pass of a (2r + 1)-pixel minimum (erode) or maximum (dilate) along rows or columns. */
function pass(
  mask: Uint8Array,
  width: number,
  height: number,
  r: number,
  horizontal: boolean,
  erode: boolean,
): Uint8Array {
  const out = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value = erode ? 1 : 0;
      for (let d = -r; d <= r; d++) {
        const nx = horizontal ? x + d : x;
        const ny = horizontal ? y : y + d;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const m = mask[ny * width + nx] ?? 0;
        if (erode ? m === 0 : m === 1) {
          value = m;
          break;
        }
      }
      out[y * width + x] = value;
    }
  }
  return out;
}

/** Morphological opening by a (2r + 1)-pixel square: strips ink thinner than 2r + 1 pixels (lines crossing the digits). */
export function opening(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const eroded = pass(pass(mask, width, height, r, true, true), width, height, r, false, true);
  return pass(pass(eroded, width, height, r, true, false), width, height, r, false, false);
}

/** The columns [first, last] holding ink (more than one pixel of the mask). */
function inkSpan(
  mask: Uint8Array,
  width: number,
  height: number,
  trimLines = false,
): { columns: number[]; first: number; last: number } {
  const columns = Array.from({ length: width }, (_, x) => {
    let ink = 0;
    for (let y = 0; y < height; y++) ink += mask[y * width + x] ?? 0;
    return ink;
  });
  // A line running out to the picture's edges is no digit: the span starts where there is clearly more ink than at the edges.
  const edge = trimLines ? Math.max(...columns.slice(0, 10), ...columns.slice(-10)) : 0;
  const threshold = Math.max(1, edge * 1.5);
  const first = Math.max(
    0,
    columns.findIndex((ink) => ink > threshold),
  );
  const fromEnd = [...columns].reverse().findIndex((ink) => ink > threshold);
  const last = fromEnd < 0 ? width - 1 : width - 1 - fromEnd;
  return { columns, first, last };
}

/** Cuts of the span into `count` parts: equal, or moved to the thinnest column within 30 % of a part. */
function cuts(span: ReturnType<typeof inkSpan>, count: number, valleys: boolean): number[] {
  const pitch = (span.last - span.first + 1) / count;
  const out = [span.first];
  for (let k = 1; k < count; k++) {
    const ideal = Math.round(span.first + pitch * k);
    let best = ideal;
    if (valleys) {
      for (let x = Math.round(ideal - pitch * 0.3); x <= Math.round(ideal + pitch * 0.3); x++) {
        if ((span.columns[x] ?? Infinity) < (span.columns[best] ?? Infinity)) best = x;
      }
    }
    out.push(best);
  }
  out.push(span.last + 1);
  return out;
}

/** The box [x0, x1) × [y0, y1) of the ink within columns [from, to); the whole column band when empty. */
function inkBox(mask: Uint8Array, width: number, height: number, from: number, to: number) {
  let x0 = to;
  let x1 = from;
  let y0 = height;
  let y1 = 0;
  for (let y = 0; y < height; y++) {
    for (let x = from; x < to; x++) {
      if (mask[y * width + x]) {
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x + 1);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y + 1);
      }
    }
  }
  return x1 <= x0 ? { x0: from, x1: Math.max(from + 1, to), y0: 0, y1: height } : { x0, x1, y0, y1 };
}

/** Area-average resampling of the box of `values` (row by row, `width` wide) to a w × h grid. */
function resample(
  values: ArrayLike<number>,
  width: number,
  box: { x0: number; x1: number; y0: number; y1: number },
  w: number,
  h: number,
): Float32Array {
  const out = new Float32Array(w * h);
  const sx = (box.x1 - box.x0) / w;
  const sy = (box.y1 - box.y0) / h;
  for (let gy = 0; gy < h; gy++) {
    const ya = box.y0 + gy * sy;
    const yb = ya + sy;
    for (let gx = 0; gx < w; gx++) {
      const xa = box.x0 + gx * sx;
      const xb = xa + sx;
      let sum = 0;
      let area = 0;
      for (let y = Math.floor(ya); y < Math.ceil(yb); y++) {
        const cy = Math.min(yb, y + 1) - Math.max(ya, y);
        for (let x = Math.floor(xa); x < Math.ceil(xb); x++) {
          const c = cy * (Math.min(xb, x + 1) - Math.max(xa, x));
          sum += c * (values[y * width + x] ?? 0);
          area += c;
        }
      }
      out[gy * w + gx] = area > 0 ? sum / area : 0;
    }
  }
  return out;
}

/** Histograms of oriented gradients of a w × h grey grid: cells of cw × ch, 9 unsigned orientations, each cell L2-normalised. */
function hog(grid: Float32Array, w: number, h: number, cw: number, ch: number): Float32Array {
  const cellsX = Math.floor(w / cw);
  const cellsY = Math.floor(h / ch);
  const out = new Float32Array(cellsX * cellsY * 9);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const gx = (grid[y * w + x + 1] ?? 0) - (grid[y * w + x - 1] ?? 0);
      const gy = (grid[(y + 1) * w + x] ?? 0) - (grid[(y - 1) * w + x] ?? 0);
      const magnitude = Math.hypot(gx, gy);
      if (magnitude === 0) continue;
      const angle = ((Math.atan2(gy, gx) + Math.PI) % Math.PI) / Math.PI; // [0, 1)
      const bin = angle * 9;
      const b0 = Math.floor(bin) % 9;
      const b1 = (b0 + 1) % 9;
      const share = bin - Math.floor(bin);
      const cx = Math.min(cellsX - 1, Math.floor(x / cw));
      const cy = Math.min(cellsY - 1, Math.floor(y / ch));
      const at = (cy * cellsX + cx) * 9;
      out[at + b0] = (out[at + b0] ?? 0) + magnitude * (1 - share);
      out[at + b1] = (out[at + b1] ?? 0) + magnitude * share;
    }
  }
  for (let cell = 0; cell < cellsX * cellsY; cell++) {
    let norm = 0;
    for (let b = 0; b < 9; b++) norm += (out[cell * 9 + b] ?? 0) ** 2;
    norm = Math.sqrt(norm) + 1e-3;
    for (let b = 0; b < 9; b++) out[cell * 9 + b] = (out[cell * 9 + b] ?? 0) / norm;
  }
  return out;
}

/** The reader's feature vectors of a picture of `length` digits. */
export function features(reader: ReaderName, image: Gray, length: number): Features {
  const { width, height, pixels } = image;
  if (reader === 'whole') return [resample(pixels, width, { x0: 0, x1: width, y0: 0, y1: height }, 90, 30)];
  // Lines thinner than 5 pixels go with an opening; the `dark` reader drops lighter lines by its threshold instead.
  let mask =
    reader === 'dark'
      ? despeckle(darkest(image), width, height, 40)
      : despeckle(opening(binarise(image), width, height, 2), width, height, 40);
  if (reader !== 'slots') {
    // Ink in pieces shorter than a quarter of the picture is no digit (a digit, or digits run together, is taller).
    const { labels, boxes } = components(mask, width, height);
    mask = Uint8Array.from(labels, (label) => {
      const box = boxes[label - 1];
      return box && box.y1 - box.y0 + 1 >= height / 4 ? 1 : 0;
    });
  }
  const span = inkSpan(mask, width, height, reader !== 'slots');
  const bounds = cuts(span, length, reader !== 'slots');
  return Array.from({ length }, (_, k) => {
    const box = inkBox(mask, width, height, bounds[k] ?? 0, bounds[k + 1] ?? width);
    if (reader === 'slots') return resample(mask, width, box, 16, 24);
    return hog(resample(pixels, width, box, 24, 32), 24, 32, 6, 8);
  });
}

/** A trained k-NN reader: the training vectors in one matrix, each with its label(s). */
export interface Reader {
  name: ReaderName;
  read(file: Buffer): string;
}

/** Trains `reader` on labelled pictures of `length`-digit answers. */
export function trainReader(reader: ReaderName, training: readonly Labelled[], length: number, k = 5): Reader {
  const vectors: Float32Array[] = [];
  const labels: string[] = [];
  for (const { file, answer } of training) {
    const found = features(reader, decodePng(file), length);
    if (reader === 'whole') {
      vectors.push(found[0] as Float32Array);
      labels.push(answer);
    } else {
      found.forEach((vector, position) => {
        vectors.push(vector);
        labels.push(answer[position] ?? '?');
      });
    }
  }
  const dimension = vectors[0]?.length ?? 0;
  const matrix = new Float32Array(vectors.length * dimension);
  vectors.forEach((vector, i) => matrix.set(vector, i * dimension));

  /** The k nearest training rows to `query`, nearest first, with their squared distances. */
  const nearest = (query: Float32Array): Array<{ row: number; distance: number }> => {
    const best: Array<{ row: number; distance: number }> = [];
    for (let row = 0; row < labels.length; row++) {
      const limit = best.length === k ? (best[k - 1] as { distance: number }).distance : Infinity;
      let distance = 0;
      const base = row * dimension;
      for (let d = 0; d < dimension && distance < limit; d++) {
        const diff = (matrix[base + d] ?? 0) - (query[d] ?? 0);
        distance += diff * diff;
      }
      if (distance >= limit) continue;
      let at = best.length;
      while (at > 0 && (best[at - 1] as { distance: number }).distance > distance) at--;
      best.splice(at, 0, { row, distance });
      if (best.length > k) best.pop();
    }
    return best;
  };

  /** The label with the most (distance-weighted for `hog`) votes among the neighbours, at one position of their labels. */
  const vote = (neighbours: Array<{ row: number; distance: number }>, position: number): string => {
    const tally = new Map<string, number>();
    for (const { row, distance } of neighbours) {
      const label = (labels[row] ?? '')[position] ?? '?';
      tally.set(
        label,
        (tally.get(label) ?? 0) + (reader === 'hog' || reader === 'dark' ? 1 / (Math.sqrt(distance) + 1e-6) : 1),
      );
    }
    return [...tally].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '?';
  };

  return {
    name: reader,
    read(file) {
      const found = features(reader, decodePng(file), length);
      if (reader === 'whole') {
        const neighbours = nearest(found[0] as Float32Array);
        return Array.from({ length }, (_, position) => vote(neighbours, position)).join('');
      }
      return found.map((vector) => vote(nearest(vector), 0)).join('');
    },
  };
}

/** Wilson's 95 % interval of a share `hits` of `n`. */
export function wilson(hits: number, n: number): [number, number] {
  const z = 1.96;
  const p = hits / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** A reader's score on held-back pictures: whole answers read and digits read. */
export function score(
  reader: Reader,
  test: readonly Labelled[],
): { solved: number; digits: number; total: number; n: number } {
  let solved = 0;
  let digits = 0;
  let total = 0;
  for (const { file, answer } of test) {
    const read = reader.read(file);
    if (read === answer) solved += 1;
    digits += [...answer].filter((digit, i) => read[i] === digit).length;
    total += answer.length;
  }
  return { solved, digits, total, n: test.length };
}
