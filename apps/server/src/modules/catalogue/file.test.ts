import { describe, expect, it } from 'vitest';
import { CATALOGUE_FORMAT, CATALOGUE_PRICES_HEADER, type CatalogueFile } from '@chain/contract';
import { parseCatalogueText, parsePricesCsv, placeOf, pricesCsv } from './file';

// Issue 31: the catalogue file's parser gives every problem with its place; the prices CSV is what
// a Russian spreadsheet writes and reads (semicolons, a decimal comma, quoted names).

const file: CatalogueFile = {
  format: CATALOGUE_FORMAT,
  categories: [{ id: 1, menu_kind: 'restaurant', name: 'Пицца', img: '', sort: 1, hidden: false }],
  dishes: [
    {
      id: 7,
      category_id: 1,
      name: 'Пицца "4 сыра"; большая',
      price: 59_050,
      weight: '',
      sostav: '',
      more_ingredients: '',
      cook_time: 10,
      labels: [],
      active: true,
      lock_code: null,
      thumb: '',
      img: '',
      sort: 1,
      not_carried_by: [],
      options: [],
    },
  ],
  cutlery: [],
  recommended: [],
};

describe('the catalogue file', () => {
  it('names places as JSON paths', () => {
    expect(placeOf(['dishes', 3, 'options', 0, 'price'])).toBe('dishes[3].options[0].price');
    expect(placeOf([])).toBe('файл');
  });

  it('reads a good file and lists every schema problem of a bad one', () => {
    expect(parseCatalogueText(JSON.stringify(file))).toEqual({ ok: true, value: file });
    const bad = { ...file, format: 'other', dishes: [{ ...file.dishes[0], price: 1.5, name: '' }] };
    const parsed = parseCatalogueText(JSON.stringify(bad));
    expect(parsed.ok).toBe(false);
    if (!parsed.ok)
      expect(parsed.problems.map((problem) => problem.place).sort()).toEqual([
        'dishes[0].name',
        'dishes[0].price',
        'format',
      ]);
  });

  it('writes prices a spreadsheet reads back, quoting names with semicolons and quotes', () => {
    const csv = pricesCsv(file);
    expect(csv).toBe(`${CATALOGUE_PRICES_HEADER}\n7;Пицца;"Пицца ""4 сыра""; большая";590,50\n`);
    expect(parsePricesCsv(csv)).toEqual({ ok: true, value: [{ id: 7, price: 59_050, line: 2 }] });
    expect(parsePricesCsv(`\uFEFF${CATALOGUE_PRICES_HEADER}\r\n7;;;590\r\n`)).toEqual({
      ok: true,
      value: [{ id: 7, price: 59_000, line: 2 }],
    });
  });

  it('refuses a CSV without its header, with a wrong line or a dish twice, line by line', () => {
    expect(parsePricesCsv('id,price\n7,5')).toMatchObject({ ok: false, problems: [{ place: 'строка 1' }] });
    const parsed = parsePricesCsv(`${CATALOGUE_PRICES_HEADER}\n7;;;5\nx;;;5\n7;;;6\n8;;"open;5\n`);
    expect(parsed).toEqual({
      ok: false,
      problems: [
        { place: 'строка 3', message: '«x» не номер блюда' },
        { place: 'строка 4', message: 'блюдо 7 уже есть в строке 2' },
        { place: 'строка 5', message: 'ожидается 4 поля через «;»' },
      ],
    });
  });
});
