import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuResponse, publicMenuPath } from '@chain/contract';
import { DISH_LABELS, dishFitsFilters } from '@chain/domain';
import { DEMO_DISH_LABELS, DEMO_DISHES, DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

// Issue 31: the guest's menu carries each dish's labels (an addition to SPEC 7's dish, see
// docs/spec-deviations.md), so the product card shows them and the menu's filter reads them.

const PATRIKI = DEMO_RESTAURANTS[0]!.fsUid;
const dishId = (slug: string) => DEMO_DISHES.find((dish) => dish.slug === slug)!.id;

describe.each(databaseKinds())('dish labels in the guest’s menu on %s (issue 31)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  const menu = async () => {
    const answer = await t.app.inject({ method: 'GET', url: publicMenuPath(PATRIKI, 'delivery', 0) });
    expect(answer.statusCode, answer.body).toBe(200);
    return menuResponse.parse(answer.json());
  };

  it('answers each dish’s labels in the one list’s order, none as []; the demo’s filter «Без орехов» has dishes to hide', async () => {
    const answer = await menu();
    expect(answer.dishes.find((dish) => dish.id === dishId('vegetable-pizza'))?.labels).toEqual([
      'vegetarian',
      'gluten',
      'milk',
      'nuts',
    ]);
    expect(answer.dishes.find((dish) => dish.id === dishId('borscht'))?.labels).toEqual([]);
    for (const dish of answer.dishes)
      expect(dish.labels).toEqual(DISH_LABELS.filter((label) => dish.labels.includes(label)));
    const hidden = answer.dishes.filter((dish) => !dishFitsFilters(dish.labels, ['nuts']));
    expect(hidden.length).toBeGreaterThanOrEqual(3);
  });

  it('follows a manager’s change of a dish’s labels at the next request (the catalogue version moves)', async () => {
    const borscht = dishId('borscht');
    await t.database.db
      .updateTable('dishes')
      .set({ labels: ['nuts', 'celery'] })
      .where('id', '=', borscht)
      .execute();
    expect((await menu()).dishes.find((dish) => dish.id === borscht)?.labels).toEqual(['nuts', 'celery']);
    await t.database.db.updateTable('dishes').set({ labels: [] }).where('id', '=', borscht).execute();
    expect((await menu()).dishes.find((dish) => dish.id === borscht)?.labels).toEqual([]);
  });

  it('reads a dish without labels (a menu cached before them, an older instance’s answer) as none', async () => {
    const answer = await menu();
    const { labels: _none, ...withoutLabels } = answer.dishes[0]!;
    expect(menuResponse.parse({ ...answer, dishes: [withoutLabels] }).dishes[0]?.labels).toEqual([]);
  });

  it('labels only dishes of the demo chain', () => {
    const slugs = new Set(DEMO_DISHES.map((dish) => dish.slug));
    expect(Object.keys(DEMO_DISH_LABELS).filter((slug) => !slugs.has(slug))).toEqual([]);
  });
});
