import { describe, expect, it } from 'vitest';
import type { RestaurantWire } from '@chain/contract';
import { findRestaurant } from './use-menu-query';

const list = [
  { id: 1, fs_uid: 'a1b2c3d4-0000-4000-8000-000000000001' },
  { id: 2, fs_uid: 'a1b2c3d4-0000-4000-8000-000000000002' },
] as unknown as RestaurantWire[];

describe('the menu route takes a restaurant id or its fs_uid (SPEC 2, both readings)', () => {
  it('finds the restaurant by id first, else by fs_uid, else none', () => {
    expect(findRestaurant(list, '2')?.id).toBe(2);
    expect(findRestaurant(list, 'a1b2c3d4-0000-4000-8000-000000000001')?.id).toBe(1);
    expect(findRestaurant(list, 'nope')).toBeNull();
  });
});
