import { describe, expect, it } from 'vitest';
import {
  asDishLabel,
  CONTAINS_LABELS,
  DIET_LABELS,
  DISH_FILTER_NAMES,
  DISH_LABEL_NAMES,
  DISH_LABELS,
  dishFitsFilters,
  filterByLabels,
  hiddenDishesText,
  normalizedFilters,
} from '../src/dish-labels';

// Issue 31: the labels a manager sets on a dish and the guest's menu filters by.
describe('dish labels', () => {
  it('name the fourteen allergen groups of TR CU 022/2011 and EU 1169/2011 besides the diets and heat, each with its words', () => {
    expect(CONTAINS_LABELS).toHaveLength(15); // 14 allergen groups + spicy
    expect([...DIET_LABELS, ...CONTAINS_LABELS].sort()).toEqual([...DISH_LABELS].sort());
    for (const label of DISH_LABELS) {
      expect(DISH_LABEL_NAMES[label]).toMatch(/^[А-ЯЁ]/);
      expect(DISH_FILTER_NAMES[label]).toMatch(/^[А-ЯЁ]/);
    }
    expect(DISH_FILTER_NAMES.nuts).toBe('Без орехов');
    expect(DISH_FILTER_NAMES.vegetarian).toBe('Вегетарианское');
  });

  it('a diet filter keeps only dishes that carry it; a content filter hides the dishes that carry it', () => {
    expect(dishFitsFilters(['vegetarian', 'nuts'], ['vegetarian'])).toBe(true);
    expect(dishFitsFilters(['vegetarian', 'nuts'], ['vegetarian', 'nuts'])).toBe(false);
    expect(dishFitsFilters([], ['vegetarian'])).toBe(false);
    expect(dishFitsFilters([], ['nuts', 'spicy'])).toBe(true);
    expect(dishFitsFilters(['spicy'], ['spicy'])).toBe(false);
    expect(dishFitsFilters(['milk'], [])).toBe(true);
  });

  it('narrows only known labels', () => {
    expect(asDishLabel('nuts')).toBe('nuts');
    expect(asDishLabel('Nuts')).toBeNull();
    expect(asDishLabel('')).toBeNull();
  });

  it('filters a menu keeping its order and counts what it hid (issue 31: the filter says how many it hid)', () => {
    const dishes = [
      { id: 1, labels: ['vegetarian', 'nuts'] as const },
      { id: 2, labels: [] as const },
      { id: 3, labels: ['vegetarian', 'milk'] as const },
      { id: 4, labels: ['peanuts', 'spicy'] as const },
    ];
    expect(filterByLabels(dishes, [])).toEqual({ shown: dishes, hidden: 0 });
    expect(filterByLabels(dishes, ['nuts'])).toEqual({ shown: [dishes[1], dishes[2], dishes[3]], hidden: 1 });
    expect(filterByLabels(dishes, ['vegetarian', 'nuts'])).toEqual({ shown: [dishes[2]], hidden: 3 });
    expect(filterByLabels(dishes, ['spicy', 'peanuts', 'milk']).shown.map((dish) => dish.id)).toEqual([1, 2]);
  });

  it('says how many dishes the filter hid in the count’s form', () => {
    expect([1, 2, 3, 5, 11, 21, 22, 104].map(hiddenDishesText)).toEqual([
      'Скрыто 1 блюдо',
      'Скрыто 2 блюда',
      'Скрыто 3 блюда',
      'Скрыто 5 блюд',
      'Скрыто 11 блюд',
      'Скрыто 21 блюдо',
      'Скрыто 22 блюда',
      'Скрыто 104 блюда',
    ]);
  });

  it('keeps a chosen filter once, in the list’s order, and drops unknown ones', () => {
    expect(normalizedFilters(['nuts', 'vegetarian', 'nuts', 'made-up'])).toEqual(['vegetarian', 'nuts']);
  });
});
