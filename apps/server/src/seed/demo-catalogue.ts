/**
 * The demo chain's catalogue as a catalogue file (issue 31): the seed loads it through the same
 * import a real chain's file takes (modules/catalogue). The file is committed beside this one
 * (demo-catalogue.json) and written from the demo chain's definitions (demo-chain.ts):
 *
 *   node --import tsx apps/server/src/seed/demo-catalogue.ts
 *
 * The seed test fails when the file on disk differs from what this would write.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_FORMAT, catalogueFileText, type CatalogueFile } from '@chain/contract';
import type { OrderType } from '@chain/domain';
import { DEMO_CATALOGUE_PATH, demoChainRows } from './load';

const types = (value: OrderType[] | undefined): OrderType[] => value ?? ['inrest', 'self', 'delivery'];
/** The demo chain sets every id itself (load.ts). */
const idOf = (row: { id?: number }): number => {
  if (row.id === undefined) throw new Error('demo chain: a catalogue row without its id');
  return row.id;
};

/** The demo chain's categories, dishes, options, cutlery and recommendations as the catalogue file holds them. */
export function demoCatalogueFile(): CatalogueFile {
  const rows = demoChainRows();
  return {
    format: CATALOGUE_FORMAT,
    categories: rows.categories.map((row) => ({
      id: idOf(row),
      menu_kind: row.menu_kind,
      name: row.name,
      img: row.img,
      sort: row.sort ?? 0,
      hidden: row.hidden ?? false,
    })),
    dishes: rows.dishes.map((row) => ({
      id: idOf(row),
      category_id: row.category_id,
      name: row.name,
      price: row.price,
      weight: row.weight ?? '',
      sostav: row.sostav ?? '',
      more_ingredients: row.more_ingredients ?? '',
      cook_time: row.cook_time ?? 15,
      labels: row.labels ?? [],
      active: row.active ?? true,
      lock_code: row.lock_code ?? null,
      thumb: row.thumb,
      img: row.img,
      sort: row.sort ?? 0,
      not_carried_by: [],
      options: rows.dish_options
        .filter((option) => option.dish_id === row.id)
        .map((option) => ({
          id: idOf(option),
          name: option.name,
          price: option.price ?? 0,
          disabled: option.disabled ?? false,
          multicheck: option.multicheck ?? false,
          max_cnt: option.max_cnt ?? 1,
          sort: option.sort ?? 0,
        })),
    })),
    cutlery: rows.cutlery_items.map((row) => ({
      id: idOf(row),
      name: row.name,
      price: row.price,
      free_cnt: row.free_cnt ?? 0,
      max: row.max,
      order_types: types(row.order_types),
      sort: row.sort ?? 0,
    })),
    recommended: rows.recommended_items.map((row) => ({
      id: idOf(row),
      dish_id: row.dish_id,
      free_cnt: row.free_cnt ?? 0,
      separated: row.separated ?? false,
      order_types: types(row.order_types),
      sort: row.sort ?? 0,
    })),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(DEMO_CATALOGUE_PATH, catalogueFileText(demoCatalogueFile()));
  console.log(`Written ${DEMO_CATALOGUE_PATH}`);
}
