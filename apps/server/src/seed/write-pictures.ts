/**
 * Writes the demo chain's pictures into apps/server/media (dishes, categories, brand logo)
 * and removes pictures no dish or category uses any more. The output is committed; run
 * this after changing a dish, a category or the drawing code:
 *
 *   node --import tsx apps/server/src/seed/write-pictures.ts
 *
 * The seed test fails when the files on disk differ from what this would write.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BRAND, DEMO_CATEGORIES, DEMO_DISHES } from './demo-chain';
import { picturePaths, renderCategoryPicture, renderDishPicture, renderLogo } from './pictures';
import { MEDIA_DIR } from '../paths';

export { MEDIA_DIR };

/** Every demo picture: its path under the media folder and its SVG text. */
export function demoPictures(): Map<string, string> {
  const pictures = new Map<string, string>();
  pictures.set(picturePaths.logo, renderLogo(BRAND.color));
  const motifOf = new Map(DEMO_CATEGORIES.map((category) => [category.id, category.motif]));
  for (const category of DEMO_CATEGORIES) {
    pictures.set(
      picturePaths.category(category.slug),
      renderCategoryPicture({ motif: category.motif, seed: category.slug }),
    );
  }
  for (const dish of DEMO_DISHES) {
    const motif = dish.motif ?? motifOf.get(dish.categoryId);
    if (!motif) throw new Error(`demo chain: dish "${dish.slug}" has no category ${dish.categoryId}`);
    pictures.set(
      picturePaths.dish(dish.slug),
      renderDishPicture({ motif, tone: dish.tone, garnish: dish.garnish, seed: dish.slug }),
    );
  }
  return pictures;
}

function writePictures(): void {
  const pictures = demoPictures();
  for (const folder of ['brand', 'categories', 'dishes']) {
    const dir = join(MEDIA_DIR, folder);
    mkdirSync(dir, { recursive: true });
    for (const file of readdirSync(dir)) {
      if (file.endsWith('.svg') && !pictures.has(`${folder}/${file}`)) rmSync(join(dir, file));
    }
  }
  let bytes = 0;
  for (const [path, text] of pictures) {
    writeFileSync(join(MEDIA_DIR, path), text);
    bytes += Buffer.byteLength(text);
  }
  console.log(`wrote ${pictures.size} pictures, ${(bytes / 1024).toFixed(1)} KB, into ${MEDIA_DIR}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) writePictures();
