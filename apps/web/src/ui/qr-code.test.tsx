// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import jsQR from 'jsqr';
import { afterEach, describe, expect, it } from 'vitest';
import { QrCode } from './qr-code';
import { drawQr, QR_QUIET_ZONE, qrPath } from './qr-drawing';

/** Pixels per module when the drawing is rasterised for the reader. */
const SCALE = 4;

/** Paints a drawn path (our own `M{x} {y}h{w}v1h{-w}z` runs) back into modules, then into RGBA pixels for jsQR. */
function rasterise(size: number, path: string): { data: Uint8ClampedArray; width: number } {
  const dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let column = Number(x); column < Number(x) + Number(width); column += 1) dark[Number(y)]![column] = true;
  }
  const width = size * SCALE;
  const data = new Uint8ClampedArray(width * width * 4);
  for (let py = 0; py < width; py += 1) {
    for (let px = 0; px < width; px += 1) {
      const value = dark[Math.floor(py / SCALE)]![Math.floor(px / SCALE)] ? 0 : 255;
      data.set([value, value, value, 255], (py * width + px) * 4);
    }
  }
  return { data, width };
}

describe('QR drawing (ui/qr-code)', () => {
  afterEach(() => cleanup());

  it('draws each run of dark modules in a row as one rectangle', () => {
    expect(
      qrPath([
        [true, true, false],
        [false, true, true],
      ]),
    ).toBe('M0 0h2v1h-2zM1 1h2v1h-2z');
    expect(qrPath([[false, false]])).toBe('');
  });

  it.each([
    'https://demo.example/sandbox/sbp/AD10000000000000000000000000000017',
    'https://demo.example/follow/17.lz3k9c.q0O8m2ZgY3l1mXo4Kx3hSGwPbYd2-Lk1',
  ])('reads back as the same text (%s)', async (value) => {
    const { size, path } = await drawQr(value);
    const { data, width } = rasterise(size, path);
    expect(jsQR(data, width, width)?.data).toBe(value);
  });

  it('keeps the quiet zone: no dark module in the border', async () => {
    const { size, path } = await drawQr('https://demo.example/follow/abc');
    for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
      expect(Number(x)).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
      expect(Number(y)).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
      expect(Number(x) + Number(width)).toBeLessThanOrEqual(size - QR_QUIET_ZONE);
      expect(Number(y)).toBeLessThan(size - QR_QUIET_ZONE);
    }
  });

  it('renders dark on white as a named image, the square in place while the encoder loads', async () => {
    render(<QrCode value="https://demo.example/follow/abc" label="QR-код для отслеживания заказа З-017" />);
    const image = screen.getByRole('img', { name: 'QR-код для отслеживания заказа З-017' });
    expect(image.getAttribute('aria-busy')).toBe('true');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'QR-код для отслеживания заказа З-017' }).tagName.toLowerCase()).toBe(
        'svg',
      ),
    );
    const svg = screen.getByRole('img', { name: 'QR-код для отслеживания заказа З-017' });
    expect(svg.querySelector('rect')?.getAttribute('fill')).toBe('#fff');
    expect(svg.querySelector('path')?.getAttribute('fill')).toBe('#000');
    const { size, path } = await drawQr('https://demo.example/follow/abc');
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${size} ${size}`);
    expect(svg.querySelector('path')?.getAttribute('d')).toBe(path);
  });
});
