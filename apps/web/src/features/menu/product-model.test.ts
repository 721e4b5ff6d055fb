import { describe, expect, it } from 'vitest';
import { labelWords } from './product-model';

// Issue 31: the product card says a dish's labels — what it is as badges, what it contains in one line.
describe('the product card’s labels', () => {
  it('badges the diets and heat, lists the rest as what it contains', () => {
    expect(labelWords(['vegetarian', 'spicy', 'gluten', 'milk', 'nuts'])).toEqual({
      badges: ['Вегетарианское', 'Острое'],
      contains: 'Содержит: глютен, молоко, орехи',
    });
    expect(labelWords(['fish'])).toEqual({ badges: [], contains: 'Содержит: рыба' });
    expect(labelWords([])).toEqual({ badges: [], contains: '' });
  });
});
