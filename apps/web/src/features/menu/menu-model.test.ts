import { describe, expect, it } from 'vitest';
import { dishInCart, favouriteDishes, firstSections, menuKindOptions, menuPath, menuTitle } from './menu-model';
import { chosenMulti, defaultSingle, splitOptions } from './product-model';

const option = (specid: number, multicheck: 0 | 1, disabled: 0 | 1 = 0) => ({
  specid,
  specname: `o${specid}`,
  price: 100,
  disabled,
  multicheck,
  max: 2,
});

describe('menu screen model (SPEC 2 Menu)', () => {
  it('offers only the menus the restaurant has, in Restaurant/Shop/Bar order', () => {
    expect(menuKindOptions(['bar', 'restaurant']).map((entry) => [entry.isShop, entry.label])).toEqual([
      [0, 'Ресторан'],
      [2, 'Бар'],
    ]);
    expect(menuKindOptions(['restaurant', 'shop', 'bar'])).toHaveLength(3);
  });

  it('titles the menu with name, short name and the kiosk table', () => {
    expect(menuTitle({ name: 'Пиццерия на Арбате', nameShort: 'Арбат' }, false, '5')).toBe('Пиццерия на Арбате, Арбат');
    expect(menuTitle({ name: 'Пиццерия', nameShort: 'Арбат' }, true, '5')).toBe('Пиццерия, Арбат, стол №5');
    expect(menuTitle({ name: 'Пиццерия', nameShort: '' }, true, '')).toBe('Пиццерия');
    expect(menuTitle(null, false, '')).toBe('Меню');
  });

  it('counts a dish over all its cart lines and changes the latest line', () => {
    const line = (token: string, item: string, cnt: number) => ({
      token,
      item,
      cnt,
      comment: '',
      spec: null,
      specs: [],
    });
    expect(dishInCart([line('a', '101', 1), line('b', '102', 4), line('c', '101', 2)], 101)).toEqual({
      count: 3,
      token: 'c',
    });
    expect(dishInCart([], 101)).toEqual({ count: 0, token: null });
  });

  it('builds the menu path, /menu_list when the restaurant or the order type is unknown', () => {
    expect(menuPath('1', 'self')).toBe('/menu/1/self');
    expect(menuPath(null, 'self')).toBe('/menu_list');
  });
});

describe('product screen model (SPEC 2 Product detail)', () => {
  const dish = { spec: [option(1, 0, 1), option(2, 0), option(3, 1), option(4, 1, 1)] };

  it('splits single and multi options', () => {
    const { single, multi } = splitOptions(dish);
    expect(single.map((entry) => entry.specid)).toEqual([1, 2]);
    expect(multi.map((entry) => entry.specid)).toEqual([3, 4]);
  });

  it('preselects the first single option that is not disabled', () => {
    expect(defaultSingle(dish)).toBe(2);
    expect(defaultSingle({ spec: [option(3, 1)] })).toBeNull();
  });

  it('keeps only multi options with a count', () => {
    expect(chosenMulti({ '3': 2, '4': 0 })).toEqual([{ specid: '3', cnt: 2 }]);
  });
});

describe('liked screen model (SPEC 2 Любимое)', () => {
  it('picks the favourite dishes of this menu in the menu order, ignoring ids it does not have', () => {
    const dishes = [{ id: 101 }, { id: 102 }, { id: 103 }];
    expect(favouriteDishes(dishes, ['103', '999', '101'])).toEqual([{ id: 101 }, { id: 103 }]);
    expect(favouriteDishes(dishes, [])).toEqual([]);
  });
});

describe('the sections the menu draws first (issue 18)', () => {
  const section = (id: number, dishes: number) => ({ id, dishes: Array.from({ length: dishes }, (_, index) => index) });
  it('takes whole sections until they hold the dishes asked for', () => {
    const sections = [section(1, 5), section(2, 5), section(3, 5), section(4, 5)];
    expect(firstSections(sections, 8).map((entry) => entry.id)).toEqual([1, 2]);
    expect(firstSections(sections, 10).map((entry) => entry.id)).toEqual([1, 2]);
    expect(firstSections(sections, 11).map((entry) => entry.id)).toEqual([1, 2, 3]);
  });

  it('takes a large first section whole, and every section of a short menu', () => {
    expect(firstSections([section(1, 40), section(2, 3)], 12).map((entry) => entry.id)).toEqual([1]);
    expect(firstSections([section(1, 2), section(2, 3)], 12).map((entry) => entry.id)).toEqual([1, 2]);
    expect(firstSections([], 12)).toEqual([]);
  });
});
