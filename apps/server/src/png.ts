import { crc32, deflateSync } from 'node:zlib';

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** One PNG chunk: its length, type, data and CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A PNG file of 8-bit samples from its rows as PNG lays them out (each row its filter byte, then
 * its samples): truecolour (`palette` absent, 3 bytes a pixel) or a palette image (1 byte a pixel,
 * an index into `palette`'s RGB triples). One IDAT, deflated by Node's zlib: the captcha and the
 * sandbox's map tiles need nothing more.
 */
export function pngFile(
  width: number,
  height: number,
  rows: Buffer,
  options: { palette?: Buffer; level?: number } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  // 8 bits, palette (3) or truecolour (2), deflate, adaptive filters, no interlace.
  header.set([8, options.palette ? 3 : 2, 0, 0, 0], 8);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...(options.palette ? [pngChunk('PLTE', options.palette)] : []),
    pngChunk('IDAT', deflateSync(rows, { level: options.level ?? 6 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
