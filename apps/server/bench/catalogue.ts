/**
 * `npm run bench:catalogue -w @chain/server`: what importing a 2 000-dish catalogue costs (issue 31,
 * decision 051). A generated chain — 20 categories of 100 dishes, two options each, labels,
 * cutlery and recommendations — imported into a freshly migrated database: the dry run, applying
 * it whole (every row added), and applying the same file with a tenth of its prices changed.
 * Against a bare baseline measured in the same run: the same rows written by plain multi-row
 * inserts in one transaction, with no parsing, checks, difference or audit. Median of BENCH_RUNS
 * runs (default 5), each on a database of its own; PGlite, and PostgreSQL too with DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { CATALOGUE_FORMAT, catalogueFileText, type CatalogueFile } from '@chain/contract';
import { DISH_LABELS, MENU_KINDS } from '@chain/domain';
import pg from 'pg';
import { createPglite, openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { importCatalogue } from '../src/modules/catalogue/service';

const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const DISHES = 2_000;
const URL_ = process.env['DATABASE_URL'];

function chain(priceShift = 0): CatalogueFile {
  const categories = Array.from({ length: 20 }, (_, index) => ({
    id: index + 1,
    menu_kind: MENU_KINDS[index % MENU_KINDS.length] ?? 'restaurant',
    name: `Категория ${index + 1}`,
    img: `/media/categories/c${index + 1}.svg`,
    sort: index + 1,
    hidden: false,
  }));
  const dishes = Array.from({ length: DISHES }, (_, index) => ({
    id: index + 1,
    category_id: (index % 20) + 1,
    name: `Блюдо номер ${index + 1}`,
    price: 30_000 + (index % 50) * 1_000 + (index % 10 === 0 ? priceShift : 0),
    weight: `${200 + (index % 300)} г`,
    sostav: 'Мука, вода, томаты, сыр моцарелла, базилик, оливковое масло, соль.',
    more_ingredients: '',
    cook_time: 5 + (index % 20),
    labels: [DISH_LABELS[index % DISH_LABELS.length] ?? 'vegan'],
    active: true,
    lock_code: null,
    thumb: `/media/dishes/d${index + 1}.svg`,
    img: `/media/dishes/d${index + 1}.svg`,
    sort: index + 1,
    not_carried_by: [],
    options: [0, 1].map((option) => ({
      id: index * 2 + option + 1,
      name: option === 0 ? 'Большая' : 'Двойной сыр',
      price: 9_000,
      disabled: false,
      multicheck: option === 1,
      max_cnt: option === 1 ? 2 : 1,
      sort: option + 1,
    })),
  }));
  return {
    format: CATALOGUE_FORMAT,
    categories,
    dishes,
    cutlery: [
      { id: 1, name: 'Палочки', price: 0, free_cnt: 2, max: 10, order_types: ['inrest', 'self', 'delivery'], sort: 1 },
    ],
    recommended: Array.from({ length: 10 }, (_, index) => ({
      id: index + 1,
      dish_id: index + 1,
      free_cnt: 0,
      separated: false,
      order_types: ['inrest', 'self', 'delivery'],
      sort: index + 1,
    })),
  };
}

async function freshDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ kind: 'pglite', instance: await createPglite() });
    await migrate(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const name = `chain_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(URL_ ?? '');
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  await migrate(handle.db);
  return {
    handle,
    drop: async () => {
      await handle.close();
      await admin.query(`drop database "${name}"`);
      await admin.end();
    },
  };
}

/** The baseline: the same rows by plain inserts in one transaction. */
async function bareInsert(handle: DatabaseHandle, file: CatalogueFile): Promise<void> {
  await handle.db.transaction().execute(async (trx) => {
    await trx.insertInto('categories').values(file.categories).execute();
    for (let start = 0; start < file.dishes.length; start += 500) {
      const part = file.dishes.slice(start, start + 500);
      await trx
        .insertInto('dishes')
        .values(
          part.map(({ options: _options, not_carried_by: _notCarried, ...dish }) => ({
            ...dish,
            is_shop: false,
            is_locked: false,
          })),
        )
        .execute();
      await trx
        .insertInto('dish_options')
        .values(part.flatMap((dish) => dish.options.map((option) => ({ ...option, dish_id: dish.id }))))
        .execute();
    }
    await trx.insertInto('cutlery_items').values(file.cutlery).execute();
    await trx.insertInto('recommended_items').values(file.recommended).execute();
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const time = async (work: () => Promise<unknown>) => {
  const started = performance.now();
  await work();
  return performance.now() - started;
};

const first = catalogueFileText(chain());
const shifted = catalogueFileText(chain(1_000));
console.log(
  `catalogue: ${DISHES} dishes, ${DISHES * 2} options, file ${(first.length / 1024).toFixed(0)} KB; ${RUNS} runs each, median ms`,
);
for (const kind of URL_ ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  const figures = { baseline: [] as number[], dryRun: [] as number[], apply: [] as number[], reapply: [] as number[] };
  for (let run = 0; run < RUNS; run += 1) {
    const bare = await freshDatabase(kind);
    figures.baseline.push(await time(() => bareInsert(bare.handle, chain())));
    await bare.drop();
    const database = await freshDatabase(kind);
    figures.dryRun.push(
      await time(() => importCatalogue(database.handle.db, { format: 'json', content: first }, { dryRun: true })),
    );
    figures.apply.push(
      await time(async () => {
        const outcome = await importCatalogue(
          database.handle.db,
          { format: 'json', content: first },
          { dryRun: false },
        );
        if (!outcome.applied) throw new Error(`not applied: ${JSON.stringify(outcome.problems.slice(0, 3))}`);
      }),
    );
    figures.reapply.push(
      await time(() => importCatalogue(database.handle.db, { format: 'json', content: shifted }, { dryRun: false })),
    );
    await database.drop();
  }
  const base = median(figures.baseline);
  const line = (label: string, values: number[]) =>
    console.log(
      `${kind.padEnd(8)} ${label.padEnd(44)} ${median(values).toFixed(0).padStart(7)} ms  ×${(median(values) / base).toFixed(2)} of the baseline`,
    );
  line('baseline: bare inserts, one transaction', figures.baseline);
  line('dry run into an empty catalogue', figures.dryRun);
  line('apply into an empty catalogue (all added)', figures.apply);
  line('apply again, a tenth of the prices changed', figures.reapply);
}
