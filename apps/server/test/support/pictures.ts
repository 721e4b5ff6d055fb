import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { PNG_SIGNATURE, pngChunk } from '../../src/png';

/*
 * Pictures for the upload tests (issue 30.6, decision 041): the bombs of the issue, built here
 * byte by byte so that nothing but their headers is large, and honest photos to compare with.
 */

/**
 * A whole, valid PNG of side × side black pixels (1-bit grey): its rows deflate about a thousand
 * to one, so 16 000² — 256 million pixels, a gigabyte as RGBA — is a file of about 31 KB.
 */
export function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A GIF whose logical screen is side × side (at most 65 535) around one black 1 × 1 frame: 42 bytes. */
export function gifBomb(side: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(side, 0);
  screen.writeUInt16LE(side, 2);
  screen[4] = 0x80; // a global colour table of 2 colours
  const frame = Buffer.alloc(10);
  frame[0] = 0x2c;
  frame.writeUInt16LE(1, 5);
  frame.writeUInt16LE(1, 7);
  // LZW, minimum code size 2: clear, index 0, end — 3 bits each.
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    screen,
    Buffer.from([0, 0, 0, 255, 255, 255]),
    frame,
    Buffer.from([2, 2, 0x44, 0x01, 0, 0x3b]),
  ]);
}

/** A real 8 × 8 JPEG whose frame header (SOF) is rewritten to say side × side: a few hundred bytes. */
export async function jpegBomb(side: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } })
    .jpeg()
    .toBuffer();
  for (let at = 2; at + 4 < jpeg.length && jpeg[at] === 0xff; at += 2 + jpeg.readUInt16BE(at + 2)) {
    const marker = jpeg[at + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc2) {
      jpeg.writeUInt16BE(side, at + 5);
      jpeg.writeUInt16BE(side, at + 7);
      return jpeg;
    }
  }
  throw new Error('no frame header in the JPEG');
}

/** The first 40 bytes of a real 64 × 64 PNG: its signature, its header and the start of its data. */
export async function truncatedPng(): Promise<Buffer> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c03030' } })
    .png()
    .toBuffer();
  return png.subarray(0, 40);
}

/** A web page behind a GIF's six-byte signature: a GIF by its first bytes, a script to anything that sniffs further. */
export const GIF_POLYGLOT = Buffer.from(
  'GIF89a<html><body><script>alert(document.domain)</script></body></html>',
  'latin1',
);

/** Degrees, minutes and seconds of a GPS position as EXIF rationals (numerator, denominator). */
type Dms = readonly [readonly [number, number], readonly [number, number], readonly [number, number]];
/** Where the test photo says it was taken: Red Square, 55°45'21.14" N 37°37'12.34" E. */
export const PHOTO_GPS = {
  latitude: [
    [55, 1],
    [45, 1],
    [2114, 100],
  ] as Dms,
  longitude: [
    [37, 1],
    [37, 1],
    [1234, 100],
  ] as Dms,
};

/** The latitude's 24 bytes as an EXIF block (big-endian) holds them: what must not survive re-encoding. */
export function rationalBytes(dms: Dms): Buffer {
  const bytes = Buffer.alloc(24);
  dms.forEach(([numerator, denominator], index) => {
    bytes.writeUInt32BE(numerator, index * 8);
    bytes.writeUInt32BE(denominator, index * 8 + 4);
  });
  return bytes;
}

/**
 * An EXIF block (APP1, big-endian TIFF) with an orientation and a GPS position, as a phone
 * writes them: IFD0 holds Orientation and the pointer to the GPS IFD, which holds N/E and the
 * degrees, minutes and seconds.
 */
function exifSegment(orientation: number): Buffer {
  const tiff = Buffer.alloc(140);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  const entry = (at: number, tag: number, type: number, count: number, value: (field: number) => void) => {
    tiff.writeUInt16BE(tag, at);
    tiff.writeUInt16BE(type, at + 2);
    tiff.writeUInt32BE(count, at + 4);
    value(at + 8);
  };
  // IFD0 at 8: two entries, then no next IFD.
  tiff.writeUInt16BE(2, 8);
  entry(10, 0x0112, 3, 1, (field) => tiff.writeUInt16BE(orientation, field));
  entry(22, 0x8825, 4, 1, (field) => tiff.writeUInt32BE(38, field));
  // GPS IFD at 38: four entries; the rationals follow at 92 and 116.
  tiff.writeUInt16BE(4, 38);
  entry(40, 0x0001, 2, 2, (field) => tiff.write('N\0', field, 'latin1'));
  entry(52, 0x0002, 5, 3, (field) => tiff.writeUInt32BE(92, field));
  entry(64, 0x0003, 2, 2, (field) => tiff.write('E\0', field, 'latin1'));
  entry(76, 0x0004, 5, 3, (field) => tiff.writeUInt32BE(116, field));
  rationalBytes(PHOTO_GPS.latitude).copy(tiff, 92);
  rationalBytes(PHOTO_GPS.longitude).copy(tiff, 116);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const head = Buffer.from([0xff, 0xe1, 0, 0]);
  head.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([head, body]);
}

/**
 * A phone's photo: 120 × 80 pixels as stored, its left half red and its right half blue, with
 * EXIF orientation 6 (turn 90° clockwise to show it: 80 × 120, red on top) and a GPS position.
 */
export async function phoneJpegWithGps(): Promise<Buffer> {
  const width = 120;
  const height = 80;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) pixels.set(x < width / 2 ? [220, 20, 20] : [20, 20, 220], (y * width + x) * 3);
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return Buffer.concat([jpeg.subarray(0, 2), exifSegment(6), jpeg.subarray(2)]);
}

/** An ordinary photo as the web app sends it: 1600 × 1200, JPEG 0.85, a few hundred KB (a deterministic texture); larger as a camera's. */
export async function phonePhoto(width = 1600, height = 1200, quality = 85): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let at = 0; at < pixels.length; at += 3) {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    const x = (at / 3) % width;
    const y = Math.floor(at / 3 / width);
    pixels[at] = (x / 7 + (seed & 31)) & 255;
    pixels[at + 1] = (y / 5 + ((seed >> 5) & 31)) & 255;
    pixels[at + 2] = ((x + y) / 9 + ((seed >> 10) & 31)) & 255;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** The colour of one pixel of a picture, after decoding it. */
export async function pixelAt(picture: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(picture).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [data[at] ?? 0, data[at + 1] ?? 0, data[at + 2] ?? 0];
}

export const dataUrl = (mime: string, bytes: Buffer | string): string =>
  `data:${mime};base64,${typeof bytes === 'string' ? bytes : bytes.toString('base64')}`;
