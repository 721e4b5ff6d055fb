import { PNG } from 'pngjs';

/**
 * A small photo of a dish as a camera would give it: a round dish of this colour on a light
 * plate, 320×240 PNG (the server keeps its own JPEG of it).
 */
export function dishPhoto(colour: readonly [number, number, number] = [236, 170, 60]): Buffer {
  const png = new PNG({ width: 320, height: 240 });
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const at = (png.width * y + x) * 4;
      const inside = (x - 160) ** 2 + (y - 120) ** 2 < 90 ** 2;
      png.data[at] = inside ? colour[0] : 246;
      png.data[at + 1] = inside ? colour[1] : 240;
      png.data[at + 2] = inside ? colour[2] : 230;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}
