import * as z from 'zod/mini';
import { DISH_LABELS, MENU_KINDS, ORDER_TYPES } from '@chain/domain';
import { defineCall } from './call';
import { MAX_WIRE_ID } from './common';
import { LOCK_CODE_MAX_LENGTH, STAFF_ERRORS, STAFF_TEXTS } from './staff';

// The chain's catalogue as one file (issue 31, decision 051, docs/back-office.md): categories,
// dishes with their options and labels, cutlery and recommended items. `npm run catalogue -w
// @chain/server -- export FILE` / `-- import FILE [--dry-run]`, the back office's «Каталог», and
// the demo chain's seed all read and write it through one parser. Dish prices also as CSV.

/** The file's `format`: bumped when the shape changes incompatibly. */
export const CATALOGUE_FORMAT = 'chain-catalogue/1';

/** Bounds of a file: what a chain's catalogue needs, and no more. */
export const CATALOGUE_LIMITS = {
  categories: 500,
  dishes: 10_000,
  optionsPerDish: 50,
  cutlery: 50,
  recommended: 200,
  /** The file's text, in characters (about 2 000 dishes take 1 MB). */
  textLength: 8_000_000,
  name: 150,
  longText: 2_000,
  picture: 500,
  weight: 50,
  price: 100_000_000,
  cookMinutes: 600,
  count: 99,
  sort: 1_000_000,
  restaurants: 1_000,
} as const;

const id = z.int().check(z.minimum(1, 'номер больше нуля'), z.maximum(MAX_WIRE_ID, 'такого номера нет'));
const name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'заполните название'),
    z.maxLength(CATALOGUE_LIMITS.name, `не длиннее ${CATALOGUE_LIMITS.name} символов`),
  );
const longText = z
  .string()
  .check(z.maxLength(CATALOGUE_LIMITS.longText, `не длиннее ${CATALOGUE_LIMITS.longText} символов`));
const picture = z
  .string()
  .check(z.maxLength(CATALOGUE_LIMITS.picture, `не длиннее ${CATALOGUE_LIMITS.picture} символов`));
const money = z
  .int('сумма в копейках, целым числом')
  .check(z.minimum(0, 'не меньше нуля'), z.maximum(CATALOGUE_LIMITS.price, 'слишком большая сумма'));
const count = (min: number) =>
  z
    .int('целое число')
    .check(
      z.minimum(min, `не меньше ${min}`),
      z.maximum(CATALOGUE_LIMITS.count, `не больше ${CATALOGUE_LIMITS.count}`),
    );
const sort = z
  .int('целое число')
  .check(z.minimum(0, 'не меньше нуля'), z.maximum(CATALOGUE_LIMITS.sort, 'слишком большое число'));
const orderTypes = z
  .array(z.enum(ORDER_TYPES, 'неизвестный тип заказа'))
  .check(z.maxLength(ORDER_TYPES.length, 'повторяются типы заказа'));

export const catalogueCategory = z.object({
  id,
  menu_kind: z.enum(MENU_KINDS, 'restaurant, shop или bar'),
  name,
  img: picture,
  sort,
  /** Hidden from guests with its dishes (the back office's «Скрыть»). */
  hidden: z.boolean(),
});

export const catalogueOption = z.object({
  id,
  name,
  price: money,
  disabled: z.boolean(),
  multicheck: z.boolean(),
  max_cnt: count(1),
  sort,
});

export const catalogueDish = z.object({
  id,
  category_id: id,
  name,
  price: money,
  weight: z.string().check(z.maxLength(CATALOGUE_LIMITS.weight, `не длиннее ${CATALOGUE_LIMITS.weight} символов`)),
  sostav: longText,
  more_ingredients: longText,
  cook_time: z
    .int('минуты целым числом')
    .check(
      z.minimum(0, 'не меньше нуля'),
      z.maximum(CATALOGUE_LIMITS.cookMinutes, `не больше ${CATALOGUE_LIMITS.cookMinutes}`),
    ),
  labels: z.array(z.enum(DISH_LABELS, 'неизвестная метка')).check(z.maxLength(DISH_LABELS.length, 'повторяются метки')),
  active: z.boolean(),
  lock_code: z.nullable(
    z
      .string()
      .check(
        z.minLength(1, STAFF_TEXTS.lockCodeRequired),
        z.maxLength(LOCK_CODE_MAX_LENGTH, `не длиннее ${LOCK_CODE_MAX_LENGTH} символов`),
        z.regex(/^[0-9A-Za-z-]*$/, 'цифры, латинские буквы и «-»'),
      ),
  ),
  thumb: picture,
  img: picture,
  sort,
  /** The restaurants that do not carry the dish though they offer its menu (none: every one does). */
  not_carried_by: z
    .array(id)
    .check(z.maxLength(CATALOGUE_LIMITS.restaurants, `не больше ${CATALOGUE_LIMITS.restaurants} ресторанов`)),
  options: z
    .array(catalogueOption)
    .check(z.maxLength(CATALOGUE_LIMITS.optionsPerDish, `не больше ${CATALOGUE_LIMITS.optionsPerDish} опций у блюда`)),
});

export const catalogueCutlery = z.object({
  id,
  name,
  price: money,
  free_cnt: count(0),
  max: count(1),
  order_types: orderTypes,
  sort,
});

export const catalogueRecommended = z.object({
  id,
  dish_id: id,
  free_cnt: count(0),
  separated: z.boolean(),
  order_types: orderTypes,
  sort,
});

/**
 * The catalogue file. Every row has its `id`: the key other rows name it by (a dish's
 * `category_id`, a recommendation's `dish_id`) and the row of the database it is; an id the
 * database does not have adds the row with that id. A row of the database the file leaves out is
 * archived: offered to no guest, kept for orders' history, back when a later file names it. A
 * dish's `not_carried_by` names restaurants of the database. `is_shop` follows the category's menu
 * kind; `is_locked` follows `lock_code`.
 */
export const catalogueFile = z.strictObject({
  format: z.literal(CATALOGUE_FORMAT, `ожидается "${CATALOGUE_FORMAT}"`),
  categories: z
    .array(catalogueCategory)
    .check(z.maxLength(CATALOGUE_LIMITS.categories, `не больше ${CATALOGUE_LIMITS.categories} категорий`)),
  dishes: z
    .array(catalogueDish)
    .check(z.maxLength(CATALOGUE_LIMITS.dishes, `не больше ${CATALOGUE_LIMITS.dishes} блюд`)),
  cutlery: z
    .array(catalogueCutlery)
    .check(z.maxLength(CATALOGUE_LIMITS.cutlery, `не больше ${CATALOGUE_LIMITS.cutlery} приборов`)),
  recommended: z
    .array(catalogueRecommended)
    .check(z.maxLength(CATALOGUE_LIMITS.recommended, `не больше ${CATALOGUE_LIMITS.recommended} рекомендаций`)),
});
export type CatalogueFile = z.infer<typeof catalogueFile>;
export type CatalogueDish = z.infer<typeof catalogueDish>;

/** The kinds of rows a file holds, as the difference names them. */
export const CATALOGUE_KINDS = ['categories', 'dishes', 'options', 'cutlery', 'recommended'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];
export const CATALOGUE_KIND_NAMES: Readonly<Record<CatalogueKind, string>> = {
  categories: 'Категории',
  dishes: 'Блюда',
  options: 'Опции',
  cutlery: 'Приборы',
  recommended: 'Рекомендации',
};

/** The header of the dish prices' CSV (semicolons and a decimal comma, as a Russian spreadsheet writes them). */
export const CATALOGUE_PRICES_HEADER = 'id;категория;блюдо;цена';

/** Words of the catalogue's screen and refusals. */
export const CATALOGUE_TEXTS = {
  notJson: 'Файл не читается как JSON: проверьте, что это выгрузка каталога.',
  tooLarge: `Файл больше ${CATALOGUE_LIMITS.textLength / 1_000_000} МБ.`,
  changedSinceCheck: 'Каталог изменился после проверки файла. Проверьте файл ещё раз.',
  refused: 'Файл не принят: исправьте ошибки и загрузите его снова. Каталог не изменён.',
  applied: 'Каталог обновлён.',
  noChange: 'Файл совпадает с каталогом: изменений нет.',
} as const;

/** Canonical text of a file: keys in the schema's order, rows by id, two-space indent, a final newline. */
export function catalogueFileText(file: CatalogueFile): string {
  const byId = <T extends { id: number }>(rows: readonly T[]) => [...rows].sort((a, b) => a.id - b.id);
  const canonical: CatalogueFile = {
    format: file.format,
    categories: byId(file.categories).map((row) => ({
      id: row.id,
      menu_kind: row.menu_kind,
      name: row.name,
      img: row.img,
      sort: row.sort,
      hidden: row.hidden,
    })),
    dishes: byId(file.dishes).map((row) => ({
      id: row.id,
      category_id: row.category_id,
      name: row.name,
      price: row.price,
      weight: row.weight,
      sostav: row.sostav,
      more_ingredients: row.more_ingredients,
      cook_time: row.cook_time,
      labels: DISH_LABELS.filter((label) => row.labels.includes(label)),
      active: row.active,
      lock_code: row.lock_code,
      thumb: row.thumb,
      img: row.img,
      sort: row.sort,
      not_carried_by: [...new Set(row.not_carried_by)].sort((a, b) => a - b),
      options: byId(row.options).map((option) => ({
        id: option.id,
        name: option.name,
        price: option.price,
        disabled: option.disabled,
        multicheck: option.multicheck,
        max_cnt: option.max_cnt,
        sort: option.sort,
      })),
    })),
    cutlery: byId(file.cutlery).map((row) => ({
      id: row.id,
      name: row.name,
      price: row.price,
      free_cnt: row.free_cnt,
      max: row.max,
      order_types: ORDER_TYPES.filter((type) => row.order_types.includes(type)),
      sort: row.sort,
    })),
    recommended: byId(file.recommended).map((row) => ({
      id: row.id,
      dish_id: row.dish_id,
      free_cnt: row.free_cnt,
      separated: row.separated,
      order_types: ORDER_TYPES.filter((type) => row.order_types.includes(type)),
      sort: row.sort,
    })),
  };
  return `${JSON.stringify(canonical, null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------
// Calls

/** One thing wrong with a file, where it is: a JSON path (`dishes[3].price`) or a CSV line (`строка 7`). */
export const catalogueProblem = z.object({ place: z.string(), message: z.string() });
export type CatalogueProblem = z.infer<typeof catalogueProblem>;

const kindChange = z.object({ added: z.int(), changed: z.int(), archived: z.int() });
export const catalogueDifference = z.object({
  categories: kindChange,
  dishes: kindChange,
  options: kindChange,
  cutlery: kindChange,
  recommended: kindChange,
  /** A few rows of each change in words, for the person checking the file (at most 50). */
  examples: z.array(
    z.object({
      kind: z.enum(CATALOGUE_KINDS),
      change: z.enum(['added', 'changed', 'archived']),
      id: z.int(),
      name: z.string(),
    }),
  ),
});
export type CatalogueDifference = z.infer<typeof catalogueDifference>;

export const catalogueExport = z.object({
  /** The catalogue file, canonical (catalogueFileText): the same catalogue gives the same bytes. */
  json: z.string(),
  /** The dish prices as CSV (CATALOGUE_PRICES_HEADER). */
  csv: z.string(),
  /** SHA-256 of `json`: an import checked against this catalogue names it in `based_on`. */
  fingerprint: z.string(),
});

export const staffCatalogueExportCall = defineCall({
  name: 'staffCatalogueExport',
  method: 'GET',
  path: '/api/staff/catalogue',
  tag: 'staff',
  summary:
    'The chain’s catalogue as its file (JSON, schema at /api/docs/catalogue.schema.json) and its dish prices as CSV: managers of the whole chain',
  auth: 'staff',
  response: catalogueExport,
  errors: {
    ...STAFF_ERRORS,
    chain_manager_only: `not a manager of the whole chain (403 «${STAFF_TEXTS.chainManagerOnly}»)`,
  },
});

export const staffCatalogueImportCall = defineCall({
  name: 'staffCatalogueImport',
  method: 'POST',
  path: '/api/staff/catalogue/import',
  tag: 'staff',
  summary:
    'Checks a catalogue file (dry run: the difference per kind and every error with its place) or applies it in one transaction: managers of the whole chain',
  description:
    'The body carries the file as text: `format` json (the catalogue file, schema at /api/docs/catalogue.schema.json) or csv (dish prices only). A file with any error changes nothing and is answered 200 with `applied: false` and its problems. Applying with `based_on` (the fingerprint of the catalogue the dry run was checked against) answers 409 catalogue_changed if the catalogue moved since.',
  auth: 'staff',
  body: z.object({
    format: z.enum(['json', 'csv']),
    content: z.string().check(z.maxLength(CATALOGUE_LIMITS.textLength, CATALOGUE_TEXTS.tooLarge)),
    dry_run: z.boolean(),
    based_on: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/, '64 шестнадцатеричные цифры'))),
  }),
  response: z.object({
    applied: z.boolean(),
    problems: z.array(catalogueProblem),
    difference: z.nullable(catalogueDifference),
    /** The catalogue's fingerprint now (after applying, the new one). */
    fingerprint: z.string(),
  }),
  errors: {
    ...STAFF_ERRORS,
    chain_manager_only: `not a manager of the whole chain (403 «${STAFF_TEXTS.chainManagerOnly}»)`,
    catalogue_changed: `the catalogue changed since the dry run named in based_on (409 «${CATALOGUE_TEXTS.changedSinceCheck}»)`,
  },
});

/** The catalogue's staff calls (every staff call refuses a guest token: staff-auth.test.ts). */
export const CATALOGUE_CALLS = [staffCatalogueExportCall, staffCatalogueImportCall] as const;
