import type { CatalogueLoader } from '../../src/seed/load';

/**
 * The demo chain's menu, cutlery and recommendations written row by row, as the seed wrote them
 * before the catalogue import (issue 31): for a database migrated only part of the way, whose
 * tables lack the columns the import reads (versions, labels, archiving).
 */
export const insertOlderCatalogue: CatalogueLoader = async (trx, rows) => {
  await trx.insertInto('categories').values(rows.categories).execute();
  await trx
    .insertInto('dishes')
    .values(rows.dishes.map(({ labels: _labels, ...dish }) => dish))
    .execute();
  await trx.insertInto('dish_options').values(rows.dish_options).execute();
  await trx.insertInto('cutlery_items').values(rows.cutlery_items).execute();
  await trx.insertInto('recommended_items').values(rows.recommended_items).execute();
};
