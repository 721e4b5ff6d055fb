import { createHash } from 'node:crypto';
import type { Insertable, Kysely, Transaction } from 'kysely';
import {
  CATALOGUE_FORMAT,
  CATALOGUE_KINDS,
  catalogueFileText,
  type CatalogueDifference,
  type CatalogueFile,
  type CatalogueKind,
  type CatalogueProblem,
  type CallBody,
  type staffCatalogueImportCall,
} from '@chain/contract';
import type { Database, DishOptionsTable, DishesTable } from '../../db/types';
import { type StaffPrincipal, writeAudit } from '../staff';
import { parseCatalogueText, parsePricesCsv, pricesCsv, type PriceLine } from './file';
import {
  archiveRows,
  lockCatalogueImport,
  moveSequences,
  readCatalogueRows,
  replaceNotCarried,
  archiveExtras,
  setDishPrices,
  upsertCategories,
  upsertCutlery,
  upsertDishes,
  upsertOptions,
  upsertRecommended,
  type CatalogueRows,
} from './repository';

// The catalogue file against the database (issue 31, decision 051): export, the difference a file
// makes, and applying it in one transaction.

type Db = Kysely<Database> | Transaction<Database>;
type FileDish = CatalogueFile['dishes'][number];
type FileOption = FileDish['options'][number];

/** The catalogue as its file: every row not archived, options of dishes not archived. */
export function fileOf(rows: CatalogueRows): CatalogueFile {
  const live = <T extends { archived_at?: Date | null }>(row: T) => !row.archived_at;
  const dishes = rows.dishes.filter(live);
  const dishIds = new Set(dishes.map((dish) => dish.id));
  const notCarriedBy = new Map<number, number[]>();
  for (const row of rows.notCarried)
    notCarriedBy.set(row.dish_id, [...(notCarriedBy.get(row.dish_id) ?? []), row.restaurant_id]);
  const optionsOf = new Map<number, FileOption[]>();
  for (const option of rows.options.filter(live)) {
    if (!dishIds.has(option.dish_id)) continue;
    const list = optionsOf.get(option.dish_id) ?? [];
    list.push(optionOf(option));
    optionsOf.set(option.dish_id, list);
  }
  return {
    format: CATALOGUE_FORMAT,
    categories: rows.categories.filter(live).map((row) => ({
      id: row.id,
      menu_kind: row.menu_kind,
      name: row.name,
      img: row.img,
      sort: row.sort,
      hidden: row.hidden,
    })),
    dishes: dishes.map((dish) => ({
      ...dishOf(dish),
      not_carried_by: notCarriedBy.get(dish.id) ?? [],
      options: optionsOf.get(dish.id) ?? [],
    })),
    cutlery: rows.cutlery.filter(live).map((row) => ({
      id: row.id,
      name: row.name,
      price: row.price,
      free_cnt: row.free_cnt,
      max: row.max,
      order_types: row.order_types,
      sort: row.sort,
    })),
    recommended: rows.recommended.filter(live).map((row) => ({
      id: row.id,
      dish_id: row.dish_id,
      free_cnt: row.free_cnt,
      separated: row.separated,
      order_types: row.order_types,
      sort: row.sort,
    })),
  };
}

function dishOf(row: CatalogueRows['dishes'][number]): Omit<FileDish, 'options' | 'not_carried_by'> {
  return {
    id: row.id,
    category_id: row.category_id,
    name: row.name,
    price: row.price,
    weight: row.weight,
    sostav: row.sostav,
    more_ingredients: row.more_ingredients,
    cook_time: row.cook_time,
    labels: row.labels,
    active: row.active,
    lock_code: row.is_locked ? row.lock_code : null,
    thumb: row.thumb,
    img: row.img,
    sort: row.sort,
  };
}

function optionOf(row: CatalogueRows['options'][number]): FileOption {
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    disabled: row.disabled,
    multicheck: row.multicheck,
    max_cnt: row.max_cnt,
    sort: row.sort,
  };
}

const fingerprintOf = (text: string) => createHash('sha256').update(text).digest('hex');

export interface CatalogueExport {
  json: string;
  csv: string;
  fingerprint: string;
}

export function exportOf(rows: CatalogueRows): CatalogueExport {
  const file = fileOf(rows);
  const json = catalogueFileText(file);
  return { json, csv: pricesCsv(file), fingerprint: fingerprintOf(json) };
}

export async function exportCatalogue(db: Db): Promise<CatalogueExport> {
  return exportOf(await readCatalogueRows(db));
}

/** What applying a file does, row by row. */
interface Plan {
  difference: CatalogueDifference;
  apply: (trx: Transaction<Database>) => Promise<void>;
}

const EXAMPLES = 50;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const canonicalLabels = (file: CatalogueFile) => JSON.parse(catalogueFileText(file)) as CatalogueFile;

/** Restaurants a file names that the database does not have, each with its place. */
function restaurantProblems(rows: CatalogueRows, file: CatalogueFile): CatalogueProblem[] {
  const known = new Set(rows.restaurantIds);
  return file.dishes.flatMap((dish, index) =>
    dish.not_carried_by.flatMap((id, at) =>
      known.has(id)
        ? []
        : [{ place: `dishes[${index}].not_carried_by[${at}]`, message: `нет ресторана с номером ${id}` }],
    ),
  );
}

/** The difference a whole file makes, and how to apply it. */
export function planFile(rows: CatalogueRows, given: CatalogueFile): Plan {
  // Compare in the canonical form (labels and order types in their lists' order).
  const file = canonicalLabels(given);
  const now = canonicalLabels(fileOf(rows));
  const difference = emptyDifference();
  const note = (kind: CatalogueKind, change: 'added' | 'changed' | 'archived', id: number, name: string) => {
    difference[kind][change] += 1;
    if (difference.examples.length < EXAMPLES) difference.examples.push({ kind, change, id, name });
  };

  const dbCategories = new Map(rows.categories.map((row) => [row.id, row]));
  const nowCategories = new Map(now.categories.map((row) => [row.id, row]));
  const categories = file.categories.filter((row) => {
    if (!dbCategories.has(row.id)) return (note('categories', 'added', row.id, row.name), true);
    if (!same(nowCategories.get(row.id), row)) return (note('categories', 'changed', row.id, row.name), true);
    return false;
  });
  const kindOf = new Map(file.categories.map((row) => [row.id, row.menu_kind]));

  const dbDishes = new Map(rows.dishes.map((row) => [row.id, row]));
  const nowDishes = new Map(now.dishes.map((row) => [row.id, row]));
  const dishes = file.dishes.filter((row) => {
    const current = dbDishes.get(row.id);
    const { options: _options, ...fields } = row;
    const { options: _nowOptions, ...nowFields } = nowDishes.get(row.id) ?? { options: [] };
    if (!current) return (note('dishes', 'added', row.id, row.name), true);
    if (!same(nowFields, fields) || current.is_shop !== (kindOf.get(row.category_id) === 'shop'))
      return (note('dishes', 'changed', row.id, row.name), true);
    return false;
  });

  const dbOptions = new Map(rows.options.map((row) => [row.id, row]));
  const nowOptions = new Map(
    now.dishes.flatMap((dish) => dish.options.map((option) => [option.id, { dish: dish.id, option }] as const)),
  );
  const options = file.dishes.flatMap((dish) =>
    dish.options
      .filter((row) => {
        const current = nowOptions.get(row.id);
        if (!dbOptions.has(row.id)) return (note('options', 'added', row.id, `${dish.name}: ${row.name}`), true);
        if (!current || current.dish !== dish.id || !same(current.option, row))
          return (note('options', 'changed', row.id, `${dish.name}: ${row.name}`), true);
        return false;
      })
      .map((row) => ({ dish: dish.id, row })),
  );

  const inFile = {
    categories: new Set(file.categories.map((row) => row.id)),
    dishes: new Set(file.dishes.map((row) => row.id)),
    options: new Set(file.dishes.flatMap((dish) => dish.options.map((row) => row.id))),
    cutlery: new Set(file.cutlery.map((row) => row.id)),
    recommended: new Set(file.recommended.map((row) => row.id)),
  };
  const archive = {
    categories: now.categories.filter((row) => !inFile.categories.has(row.id)),
    dishes: now.dishes.filter((row) => !inFile.dishes.has(row.id)),
    options: now.dishes.flatMap((dish) =>
      dish.options.filter((row) => !inFile.options.has(row.id)).map((row) => ({ ...row, dishName: dish.name })),
    ),
  };
  archive.categories.forEach((row) => note('categories', 'archived', row.id, row.name));
  archive.dishes.forEach((row) => note('dishes', 'archived', row.id, row.name));
  archive.options.forEach((row) => note('options', 'archived', row.id, `${row.dishName}: ${row.name}`));

  const dbCutlery = new Set(rows.cutlery.map((row) => row.id));
  const nowCutlery = new Map(now.cutlery.map((row) => [row.id, row]));
  const cutlery = file.cutlery.filter((row) => {
    if (!dbCutlery.has(row.id)) return (note('cutlery', 'added', row.id, row.name), true);
    if (!same(nowCutlery.get(row.id), row)) return (note('cutlery', 'changed', row.id, row.name), true);
    return false;
  });
  const dbRecommended = new Set(rows.recommended.map((row) => row.id));
  const nowRecommended = new Map(now.recommended.map((row) => [row.id, row]));
  const dishName = (id: number) => file.dishes.find((dish) => dish.id === id)?.name ?? String(id);
  const recommended = file.recommended.filter((row) => {
    if (!dbRecommended.has(row.id)) return (note('recommended', 'added', row.id, dishName(row.dish_id)), true);
    if (!same(nowRecommended.get(row.id), row))
      return (note('recommended', 'changed', row.id, dishName(row.dish_id)), true);
    return false;
  });
  const removeCutlery = now.cutlery.filter((row) => !inFile.cutlery.has(row.id));
  const removeRecommended = now.recommended.filter((row) => !inFile.recommended.has(row.id));
  removeCutlery.forEach((row) => note('cutlery', 'archived', row.id, row.name));
  removeRecommended.forEach((row) => note('recommended', 'archived', row.id, dishName(row.dish_id)));

  return {
    difference,
    async apply(trx) {
      await upsertCategories(trx, categories);
      await upsertDishes(
        trx,
        dishes.map((row) => dishRow(row, kindOf.get(row.category_id) === 'shop')),
      );
      await replaceNotCarried(
        trx,
        dishes.map((row) => row.id),
        dishes.flatMap((row) =>
          row.not_carried_by.map((restaurant) => ({ dish_id: row.id, restaurant_id: restaurant })),
        ),
      );
      await upsertOptions(
        trx,
        options.map(({ dish, row }) => optionRow(dish, row)),
      );
      await archiveRows(trx, {
        categories: archive.categories.map((row) => row.id),
        dishes: archive.dishes.map((row) => row.id),
        options: archive.options.map((row) => row.id),
      });
      // Archived first: a dish has one live recommendation (migration 026), which a file may move.
      await archiveExtras(trx, {
        cutlery: removeCutlery.map((row) => row.id),
        recommended: removeRecommended.map((row) => row.id),
      });
      await upsertCutlery(trx, cutlery);
      await upsertRecommended(trx, recommended);
      await moveSequences(trx);
    },
  };
}

function dishRow(row: FileDish, isShop: boolean): Insertable<DishesTable> {
  const { options: _options, not_carried_by: _notCarried, lock_code, ...fields } = row;
  return { ...fields, lock_code, is_locked: lock_code !== null, is_shop: isShop };
}

function optionRow(dishId: number, row: FileOption): Insertable<DishOptionsTable> {
  return { ...row, dish_id: dishId };
}

/** The difference a prices CSV makes (only prices of dishes in the catalogue), and how to apply it. */
export function planPrices(
  rows: CatalogueRows,
  prices: readonly PriceLine[],
): { problems: CatalogueProblem[]; plan: Plan } {
  const live = new Map(rows.dishes.filter((dish) => !dish.archived_at).map((dish) => [dish.id, dish]));
  const problems: CatalogueProblem[] = [];
  const difference = emptyDifference();
  const changed: Array<{ id: number; price: number }> = [];
  for (const line of prices) {
    const dish = live.get(line.id);
    if (!dish) {
      problems.push({ place: `строка ${line.line}`, message: `в каталоге нет блюда с номером ${line.id}` });
      continue;
    }
    if (dish.price === line.price) continue;
    difference.dishes.changed += 1;
    if (difference.examples.length < EXAMPLES)
      difference.examples.push({ kind: 'dishes', change: 'changed', id: dish.id, name: dish.name });
    changed.push({ id: dish.id, price: line.price });
  }
  return { problems, plan: { difference, apply: (trx) => setDishPrices(trx, changed) } };
}

function emptyDifference(): CatalogueDifference {
  const none = () => ({ added: 0, changed: 0, archived: 0 });
  return { categories: none(), dishes: none(), options: none(), cutlery: none(), recommended: none(), examples: [] };
}

export function isNoChange(difference: CatalogueDifference): boolean {
  return CATALOGUE_KINDS.every(
    (kind) => difference[kind].added + difference[kind].changed + difference[kind].archived === 0,
  );
}

export interface ImportInput {
  format: 'json' | 'csv';
  content: string;
}

export type ImportOutcome =
  | { applied: false; problems: CatalogueProblem[]; difference: CatalogueDifference | null; fingerprint: string }
  | { applied: true; problems: []; difference: CatalogueDifference; fingerprint: string; before: string };

/** The catalogue moved since the dry run the import names (`based_on`). */
export class CatalogueChangedError extends Error {
  constructor() {
    super('catalogue changed since the dry run');
  }
}

/**
 * Checks a file and, unless `dryRun`, applies it in one transaction under the import lock: a file
 * with any problem changes nothing. `onApplied` runs inside that transaction (the audit row).
 */
export interface ImportOptions {
  dryRun: boolean;
  basedOn?: string;
  /** Runs inside the applying transaction (the audit row). */
  onApplied?: (
    trx: Transaction<Database>,
    difference: CatalogueDifference,
    fingerprints: { before: string; after: string },
  ) => Promise<void>;
}

/**
 * Checks a file and, unless `dryRun`, applies it in one transaction under the import lock: a file
 * with any problem changes nothing.
 */
export async function importCatalogue(
  db: Kysely<Database>,
  input: ImportInput,
  options: ImportOptions,
): Promise<ImportOutcome> {
  return db.transaction().execute((trx) => importCatalogueIn(trx, input, options));
}

/** importCatalogue inside a transaction the caller holds (the demo chain's seed). */
export async function importCatalogueIn(
  trx: Transaction<Database>,
  input: ImportInput,
  options: ImportOptions,
): Promise<ImportOutcome> {
  const parsed = input.format === 'json' ? parseCatalogueText(input.content) : parsePricesCsv(input.content);
  if (!options.dryRun) await lockCatalogueImport(trx);
  const rows = await readCatalogueRows(trx);
  const before = exportOf(rows).fingerprint;
  if (!parsed.ok) return { applied: false, problems: parsed.problems, difference: null, fingerprint: before };
  if (!options.dryRun && options.basedOn !== undefined && options.basedOn !== before) throw new CatalogueChangedError();
  const { problems, plan } = Array.isArray(parsed.value)
    ? planPrices(rows, parsed.value)
    : { problems: restaurantProblems(rows, parsed.value), plan: planFile(rows, parsed.value) };
  if (problems.length > 0) return { applied: false, problems, difference: plan.difference, fingerprint: before };
  if (options.dryRun || isNoChange(plan.difference))
    return { applied: false, problems: [], difference: plan.difference, fingerprint: before };
  await plan.apply(trx);
  const after = exportOf(await readCatalogueRows(trx)).fingerprint;
  await options.onApplied?.(trx, plan.difference, { before, after });
  return { applied: true, problems: [], difference: plan.difference, fingerprint: after, before };
}

/**
 * A chain manager's import from the back office: checked, and unless `dry_run` applied with one
 * audit row of the difference in its transaction; CatalogueChangedError when `based_on` is stale.
 */
export async function importCatalogueAsStaff(
  db: Kysely<Database>,
  staff: Pick<StaffPrincipal, 'id'>,
  body: CallBody<typeof staffCatalogueImportCall>,
) {
  const outcome = await importCatalogue(db, body, {
    dryRun: body.dry_run,
    ...(body.based_on !== undefined ? { basedOn: body.based_on } : {}),
    onApplied: (trx, difference, fingerprints) =>
      writeAudit(trx, staff, {
        action: 'catalogue.import',
        restaurantId: null,
        target: body.format === 'csv' ? 'каталог: цены блюд (CSV)' : 'каталог',
        before: { fingerprint: fingerprints.before },
        after: { fingerprint: fingerprints.after, difference },
      }),
  });
  return {
    applied: outcome.applied,
    problems: outcome.problems,
    difference: outcome.difference,
    fingerprint: outcome.fingerprint,
  };
}
