import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator, Page } from 'playwright-core';

/**
 * Reads the QR code a screen shows the way a guest's phone camera would: from pixels, not from
 * the page's markup. The screenshot is decoded (pngjs) and searched for a code (jsQR); the text
 * it encodes is returned, or the step fails naming what it looked at.
 */
export async function readQrCode(target: Page | Locator, what: string): Promise<string> {
  const png = PNG.sync.read(await target.screenshot({ animations: 'disabled' }));
  const found = jsQR(
    new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length),
    png.width,
    png.height,
  );
  if (!found) throw new Error(`no QR code could be read on ${what} (${png.width}×${png.height} px screenshot)`);
  return found.data;
}
