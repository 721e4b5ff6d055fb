import {
  CATALOGUE_PRICES_HEADER,
  CATALOGUE_TEXTS,
  catalogueFile,
  type CatalogueFile,
  type CatalogueProblem,
} from '@chain/contract';
import { formatAmount, parseAmount } from '@chain/domain';

// Reading and writing the catalogue file (issue 31, decision 051): pure functions, no database.
// The parser gives every problem with its place, so a person can fix a file in one pass.

/** Most problems a check reports: a file wrong everywhere is not worth listing in full. */
export const MAX_PROBLEMS = 200;

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: CatalogueProblem[] };

/** A zod issue's path as a place in the file: `dishes[3].options[0].price`. */
export function placeOf(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>(
      (place, key) =>
        typeof key === 'number' ? `${place}[${key}]` : place === '' ? String(key) : `${place}.${String(key)}`,
      '',
    ) || 'файл'
  );
}

/** The catalogue file out of its text: the schema's checks, then the references between rows. */
export function parseCatalogueText(text: string): Parsed<CatalogueFile> {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problems: [{ place: 'файл', message: CATALOGUE_TEXTS.notJson }] };
  }
  const checked = catalogueFile.safeParse(data);
  if (!checked.success) {
    return {
      ok: false,
      problems: checked.error.issues
        .slice(0, MAX_PROBLEMS)
        .map((issue) => ({ place: placeOf(issue.path), message: issue.message })),
    };
  }
  const problems = referenceProblems(checked.data);
  return problems.length > 0
    ? { ok: false, problems: problems.slice(0, MAX_PROBLEMS) }
    : { ok: true, value: checked.data };
}

/** Ids used twice, rows naming rows the file does not hold, labels or order types repeated. */
export function referenceProblems(file: CatalogueFile): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  const unique = (kind: string, rows: readonly { id: number }[], place: (index: number) => string) => {
    const seen = new Map<number, number>();
    rows.forEach((row, index) => {
      const first = seen.get(row.id);
      if (first !== undefined)
        problems.push({ place: `${place(index)}.id`, message: `номер ${row.id} уже есть: ${place(first)}` });
      else seen.set(row.id, index);
    });
    return seen;
  };
  const categories = unique('categories', file.categories, (index) => `categories[${index}]`);
  const dishes = unique('dishes', file.dishes, (index) => `dishes[${index}]`);
  const options = file.dishes.flatMap((dish, dishIndex) =>
    dish.options.map((option, index) => ({ id: option.id, place: `dishes[${dishIndex}].options[${index}]` })),
  );
  const optionPlaces = new Map<number, string>();
  for (const option of options) {
    const first = optionPlaces.get(option.id);
    if (first !== undefined)
      problems.push({ place: `${option.place}.id`, message: `номер опции ${option.id} уже есть: ${first}` });
    else optionPlaces.set(option.id, option.place);
  }
  unique('cutlery', file.cutlery, (index) => `cutlery[${index}]`);
  unique('recommended', file.recommended, (index) => `recommended[${index}]`);
  file.dishes.forEach((dish, index) => {
    if (!categories.has(dish.category_id))
      problems.push({ place: `dishes[${index}].category_id`, message: `нет категории с номером ${dish.category_id}` });
    if (new Set(dish.labels).size !== dish.labels.length)
      problems.push({ place: `dishes[${index}].labels`, message: 'метки повторяются' });
  });
  const recommendedDishes = new Map<number, number>();
  file.recommended.forEach((row, index) => {
    if (!dishes.has(row.dish_id))
      problems.push({ place: `recommended[${index}].dish_id`, message: `нет блюда с номером ${row.dish_id}` });
    const first = recommendedDishes.get(row.dish_id);
    if (first !== undefined)
      problems.push({
        place: `recommended[${index}].dish_id`,
        message: `блюдо ${row.dish_id} уже рекомендовано: recommended[${first}]`,
      });
    else recommendedDishes.set(row.dish_id, index);
  });
  for (const [kind, rows] of [
    ['cutlery', file.cutlery],
    ['recommended', file.recommended],
  ] as const) {
    rows.forEach((row, index) => {
      if (new Set(row.order_types).size !== row.order_types.length)
        problems.push({ place: `${kind}[${index}].order_types`, message: 'типы заказа повторяются' });
    });
  }
  return problems;
}

/** One price change of a prices CSV. */
export interface PriceLine {
  id: number;
  price: number;
  line: number;
}

const quote = (text: string) => (/[;"\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/** The dish prices as CSV: a header, one dish a line by id, the price in roubles with a decimal comma. */
export function pricesCsv(file: CatalogueFile): string {
  const categories = new Map(file.categories.map((category) => [category.id, category.name]));
  const lines = [...file.dishes]
    .sort((a, b) => a.id - b.id)
    .map((dish) =>
      [String(dish.id), quote(categories.get(dish.category_id) ?? ''), quote(dish.name), formatAmount(dish.price)].join(
        ';',
      ),
    );
  return `${[CATALOGUE_PRICES_HEADER, ...lines].join('\n')}\n`;
}

/** Splits one CSV line on semicolons, honouring double quotes. */
function csvFields(line: string): string[] | null {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index];
    if (quoted) {
      if (char === '"' && line[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"' && field === '') quoted = true;
    else if (char === ';') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  if (quoted) return null;
  fields.push(field);
  return fields;
}

/** The prices of a CSV (the header, then `id;категория;блюдо;цена` lines; only id and price are read). */
export function parsePricesCsv(text: string): Parsed<PriceLine[]> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: CatalogueProblem[] = [];
  if ((lines[0] ?? '').trim() !== CATALOGUE_PRICES_HEADER) {
    return {
      ok: false,
      problems: [{ place: 'строка 1', message: `ожидается заголовок «${CATALOGUE_PRICES_HEADER}»` }],
    };
  }
  const prices: PriceLine[] = [];
  const seen = new Map<number, number>();
  lines.slice(1).forEach((raw, index) => {
    const line = index + 2;
    if (raw.trim() === '' || problems.length >= MAX_PROBLEMS) return;
    const fields = csvFields(raw);
    const place = `строка ${line}`;
    if (!fields || fields.length !== 4) return void problems.push({ place, message: 'ожидается 4 поля через «;»' });
    const id = Number(fields[0]);
    if (!Number.isSafeInteger(id) || id < 1)
      return void problems.push({ place, message: `«${fields[0] ?? ''}» не номер блюда` });
    const price = parseAmount(fields[3] ?? '');
    if (price === null)
      return void problems.push({ place, message: `«${fields[3] ?? ''}» не цена в рублях (например 450 или 450,50)` });
    const first = seen.get(id);
    if (first !== undefined) return void problems.push({ place, message: `блюдо ${id} уже есть в строке ${first}` });
    seen.set(id, line);
    prices.push({ id, price, line });
  });
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: prices };
}
