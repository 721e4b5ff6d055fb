import { describe, expect, it } from 'vitest';
import { asDishLabel, CONTAINS_LABELS, DIET_LABELS, DISH_FILTER_NAMES, DISH_LABEL_NAMES, DISH_LABELS, dishFitsFilters } from '../src/dish-labels';

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
});
