import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encode } from 'uqr';

/**
 * A camera for Chromium's fake capture device: a Y4M video (YUV4MPEG2, 4:2:0) of a white frame
 * with a QR of `text` in the middle, which `--use-file-for-fake-video-capture` plays in a loop
 * (support/browser.ts launchBrowser({ fakeCameraFile })). Written into a temporary folder at test
 * time; `remove()` deletes it.
 */
export interface FakeCamera {
  readonly file: string;
  remove(): void;
}

export interface FakeCameraOptions {
  /** Frame size in pixels (even numbers: 4:2:0 halves both for the chroma planes). */
  width?: number;
  height?: number;
  /** Pixels per QR module. */
  scale?: number;
  /** Frames in the file (the device loops them). */
  frames?: number;
}

/** Luma of black and white in the video's (limited, BT.601) range; chroma 128 is grey. */
const BLACK = 16;
const WHITE = 235;
const NEUTRAL_CHROMA = 128;
/** The quiet zone a QR reader needs around the code, in modules. */
const QUIET_ZONE = 4;

/**
 * The QR is drawn centred and small enough to lie within the middle two thirds of the shorter
 * side, the region qr-scanner reads by default, so the code is found on the first frames.
 */
export function writeFakeCamera(text: string, options: FakeCameraOptions = {}): FakeCamera {
  const { width = 640, height = 480, scale = 8, frames = 4 } = options;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('a 4:2:0 frame needs even width and height');
  const qr = encode(text, { ecc: 'M', border: QUIET_ZONE });
  const side = qr.size * scale;
  if (side > Math.min(width, height)) throw new Error(`a ${side}px QR does not fit a ${width}×${height} frame`);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);

  const luma = Buffer.alloc(width * height, WHITE);
  for (let row = 0; row < qr.size; row += 1) {
    for (let column = 0; column < qr.size; column += 1) {
      if (!qr.data[row]?.[column]) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = (top + row * scale + y) * width + left + column * scale;
        luma.fill(BLACK, start, start + scale);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, NEUTRAL_CHROMA);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');

  const folder = mkdtempSync(join(tmpdir(), 'chain-fake-camera-'));
  const file = join(folder, 'camera.y4m');
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
  return { file, remove: () => rmSync(folder, { recursive: true, force: true }) };
}
