import { SANDBOX_TILES_MAX_ZOOM } from '../config';
import type { FastifyPluginAsync } from 'fastify';
import { pngFile } from '../png';
import { DIRECTORY_HOUSES, DIRECTORY_STREETS } from './directory';

/**
 * The sandbox's map tiles (issue 13): `/sandbox/tiles/{z}/{x}/{y}.png`, 256 px Web Mercator tiles
 * (the slippy-map scheme every tile map reads), and `{y}@2x.png`, the same tile drawn 512 px for
 * screens of 1.5 and more device pixels per CSS pixel (Leaflet's `{r}`, issue 18: a 256 px tile
 * stretched on a phone is blurred, and Lighthouse counts it), drawn here from the directory: a light ground,
 * a faint grid, the directory's streets as white roads with a grey edge and, close in, its houses.
 * The delivery zones, the marker and the restaurants are the web map's own layers on top. Plain on
 * purpose: a palette PNG of a few colours is a few hundred bytes (src/png.ts, Node's zlib alone).
 */
/** A tile's side in pixels at scale 1; `@2x` tiles are twice as wide and tall, same ground. */
const TILE = 256;
const CACHED_TILES = 2000;

// Palette indexes: ground, grid, road edge, road, house.
const PALETTE = [
  [0xf4, 0xf1, 0xea],
  [0xe6, 0xe1, 0xd6],
  [0xc9, 0xc2, 0xb4],
  [0xff, 0xff, 0xff],
  [0xcf, 0xbd, 0xa0],
] as const;
const [GROUND, GRID, EDGE, ROAD, HOUSE] = [0, 1, 2, 3, 4];

/** A point's pixel on the whole world's image at zoom z, tiles `size` px wide (Web Mercator). */
function worldPixel(lat: number, lon: number, z: number, size: number): [number, number] {
  const scale = size * 2 ** z;
  const sinLat = Math.sin((lat * Math.PI) / 180);
  return [((lon + 180) / 360) * scale, (0.5 - Math.log((1 + sinLat) / (1 - sinLat)) / (4 * Math.PI)) * scale];
}

/** Road width in pixels by zoom: a hairline across the city, a street's width close in. */
function roadWidth(z: number): number {
  if (z <= 11) return 1;
  if (z <= 13) return 2;
  return Math.min(14, 2 ** (z - 13));
}

class Canvas {
  readonly pixels: Uint8Array;
  drawn = false;

  constructor(readonly size: number) {
    this.pixels = new Uint8Array(size * size).fill(GROUND);
  }

  /** A segment `width` px thick: every pixel within width/2 of it. */
  segment(ax: number, ay: number, bx: number, by: number, width: number, colour: number): void {
    const half = width / 2;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - half));
    const SIZE = this.size;
    const x1 = Math.min(SIZE - 1, Math.ceil(Math.max(ax, bx) + half));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - half));
    const y1 = Math.min(SIZE - 1, Math.ceil(Math.max(ay, by) + half));
    const dx = bx - ax;
    const dy = by - ay;
    const lengthSquared = dx * dx + dy * dy || 1;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const t = Math.min(1, Math.max(0, ((x + 0.5 - ax) * dx + (y + 0.5 - ay) * dy) / lengthSquared));
        if (Math.hypot(x + 0.5 - (ax + t * dx), y + 0.5 - (ay + t * dy)) <= Math.max(half, 0.5)) {
          this.pixels[y * SIZE + x] = colour;
          this.drawn = true;
        }
      }
    }
  }
}

/** Draws tile z/x/y, at `scale` 1 (256 px) or 2 (512 px, every width doubled). */
export function drawTile(z: number, x: number, y: number, scale: 1 | 2 = 1): Canvas {
  const SIZE = TILE * scale;
  const canvas = new Canvas(SIZE);
  if (z >= 13) {
    for (let i = 0; i < SIZE; i += 64 * scale) {
      for (let j = 0; j < SIZE; j++) canvas.pixels[i * SIZE + j] = canvas.pixels[j * SIZE + i] = GRID;
    }
  }
  const [left, top] = [x * SIZE, y * SIZE];
  const local = (lat: number, lon: number) => {
    const [px, py] = worldPixel(lat, lon, z, SIZE);
    return [px - left, py - top] as const;
  };
  const width = roadWidth(z) * scale;
  const lines = DIRECTORY_STREETS.map((street) => street.anchors.map(([, lat, lon]) => local(lat, lon)));
  const passes: [number, number][] =
    z >= 14
      ? [
          [width + 2, EDGE],
          [width, ROAD],
        ]
      : [[width, EDGE]];
  for (const [passWidth, colour] of passes) {
    for (const line of lines) {
      for (const [i, b] of line.slice(1).entries()) {
        const a = line[i] ?? b;
        if (Math.max(a[0], b[0]) < -passWidth || Math.min(a[0], b[0]) > SIZE + passWidth) continue;
        if (Math.max(a[1], b[1]) < -passWidth || Math.min(a[1], b[1]) > SIZE + passWidth) continue;
        canvas.segment(a[0], a[1], b[0], b[1], passWidth, colour);
      }
    }
  }
  if (z >= 16) {
    const side = 2 ** (z - 15) * scale;
    for (const house of DIRECTORY_HOUSES) {
      const [hx, hy] = local(house.lat, house.lon);
      if (hx < -side || hy < -side || hx > SIZE + side || hy > SIZE + side) continue;
      canvas.segment(hx - side / 2, hy, hx + side / 2, hy, side, HOUSE);
    }
  }
  return canvas;
}

/** The tile as a palette PNG (each byte of `pixels` an index into PALETTE), `SIZE` px square. */
export function encodePng(pixels: Uint8Array, SIZE: number = TILE): Buffer {
  const rows = Buffer.alloc(SIZE * (SIZE + 1));
  for (let row = 0; row < SIZE; row++) rows.set(pixels.subarray(row * SIZE, (row + 1) * SIZE), row * (SIZE + 1) + 1);
  return pngFile(SIZE, SIZE, rows, { palette: Buffer.from(PALETTE.flat()), level: 9 });
}

export const tileSandboxRoutes: FastifyPluginAsync = async (app) => {
  // Made once per tile (a least-recently-used bound); tiles with nothing of the directory are one per zoom band.
  const cache = new Map<string, Buffer>();
  const plain = new Map<string, Buffer>();

  app.get<{ Params: { z: string; x: string; file: string } }>('/sandbox/tiles/:z/:x/:file', async (request, reply) => {
    const { z: zText, x: xText, file } = request.params;
    const match = /^(\d{1,7})(@2x)?\.png$/.exec(file);
    const yText = match?.[1];
    const scale = match?.[2] ? 2 : 1;
    const [z, x, y] = [Number(zText), Number(xText), Number(yText)];
    const valid =
      /^\d{1,2}$/.test(zText) &&
      /^\d{1,7}$/.test(xText) &&
      yText !== undefined &&
      z <= SANDBOX_TILES_MAX_ZOOM &&
      x < 2 ** z &&
      y < 2 ** z;
    if (!valid) return reply.status(404).type('text/plain; charset=utf-8').send('Нет такой плитки.');
    const key = `${z}/${x}/${y}@${scale}`;
    let png = cache.get(key);
    if (png) cache.delete(key);
    else {
      const canvas = drawTile(z, x, y, scale);
      const plainKey = `${z >= 13}@${scale}`;
      png = canvas.drawn ? encodePng(canvas.pixels, canvas.size) : plain.get(plainKey);
      if (!png) plain.set(plainKey, (png = encodePng(canvas.pixels, canvas.size)));
      const oldest = cache.keys().next();
      if (cache.size >= CACHED_TILES && !oldest.done) cache.delete(oldest.value);
    }
    cache.set(key, png);
    return reply.type('image/png').header('cache-control', 'public, max-age=86400').send(png);
  });
};
