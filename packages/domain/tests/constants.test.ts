import { describe, expect, it } from 'vitest';
import { DEFAULT_PAY_METHOD, MAP_CENTRE, ORDER_LIST_PAGE_SIZE, PAY_METHODS } from '../src/constants';

describe('business constants (SPEC 9)', () => {
  it('offers sbp and card, sbp by default (SPEC 9)', () => {
    expect(PAY_METHODS).toEqual(['sbp', 'card']);
    expect(DEFAULT_PAY_METHOD).toBe('sbp');
  });

  it('pages orders by 20 and centres the map on Moscow (SPEC 9)', () => {
    expect(ORDER_LIST_PAGE_SIZE).toBe(20);
    expect(MAP_CENTRE).toEqual({ lat: 55.755864, lon: 37.617698 });
  });
});
