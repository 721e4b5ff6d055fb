import { describe, expect, it } from 'vitest';
import { categorySections, offeredMenuKinds, publicMenuPath, restaurantOfMenuRoute, shownMenuKind } from '../src/menu';

describe("the menu screen's rules the server shares (SPEC 2 Menu, issue 18)", () => {
  it('groups dishes by category in menu order, leaving out empty categories', () => {
    const dish = (id: number, categoryId: number) => ({ id, categoryId }) as never;
    const sections = categorySections({
      categories: [
        { id: 2, name: 'Супы', img: '' },
        { id: 1, name: 'Пицца', img: '' },
        { id: 3, name: 'Пусто', img: '' },
      ],
      dishes: [dish(101, 1), dish(201, 2), dish(102, 1)],
    });
    expect(sections.map((section) => [section.id, section.dishes.length])).toEqual([
      [2, 1],
      [1, 2],
    ]);
  });

  it('shows the menu asked when the restaurant offers it, else its first of restaurant, shop, bar (SPEC 2 toggle)', () => {
    expect(shownMenuKind(2, ['restaurant', 'shop', 'bar'])).toBe(2);
    expect(shownMenuKind(2, ['restaurant', 'shop'])).toBe(0);
    expect(shownMenuKind(0, ['bar', 'shop'])).toBe(1);
    expect(shownMenuKind(1, [])).toBe(1);
    // The toggle's entries are the offered menus in its order, whatever order the restaurant lists them in.
    expect(offeredMenuKinds(['bar', 'restaurant'])).toEqual([0, 2]);
    expect(offeredMenuKinds([])).toEqual([]);
  });

  it("reads the menu route's restaurant by id first, else by fs_uid, else none (SPEC 2, both readings)", () => {
    const list = [
      { id: 1, fs_uid: 'a1b2c3d4-0000-4000-8000-000000000001' },
      { id: 2, fs_uid: 'a1b2c3d4-0000-4000-8000-000000000002' },
      { id: 3, fs_uid: '1' },
    ];
    expect(restaurantOfMenuRoute(list, '2')?.id).toBe(2);
    expect(restaurantOfMenuRoute(list, 'a1b2c3d4-0000-4000-8000-000000000001')?.id).toBe(1);
    // An id wins over an fs_uid that reads the same.
    expect(restaurantOfMenuRoute(list, '1')?.id).toBe(1);
    expect(restaurantOfMenuRoute(new Map(list.map((r) => [r.fs_uid, r])).values(), '3')?.id).toBe(3);
    expect(restaurantOfMenuRoute(list, 'nope')).toBeNull();
  });

  it("writes the public menu's URL with the restaurant escaped", () => {
    expect(publicMenuPath('6e302e79-92b0', 'self', 0)).toBe('/api/v2/restoran/menu/6e302e79-92b0/self/0');
    expect(publicMenuPath('a/b c', 'inrest', 2)).toBe('/api/v2/restoran/menu/a%2Fb%20c/inrest/2');
  });
});
