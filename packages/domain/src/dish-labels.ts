import { russianPlural } from './plural';

/**
 * Dish labels a guest can filter the menu by (issue 31): two diets, heat, and the fourteen
 * allergen groups that food labelling names — TR CU 022/2011 (art. 4.4 p. 12) and
 * EU 1169/2011 (annex II) list the same groups. The one list the contract's enum, the database's
 * check, the back office's dish form and the guest's menu filter read.
 */
export const DISH_LABELS = [
  'vegetarian',
  'vegan',
  'spicy',
  'gluten',
  'crustaceans',
  'eggs',
  'fish',
  'peanuts',
  'soy',
  'milk',
  'nuts',
  'celery',
  'mustard',
  'sesame',
  'sulphites',
  'lupin',
  'molluscs',
] as const;
export type DishLabel = (typeof DISH_LABELS)[number];

/** Labels that say what a dish is; a filter on one keeps only dishes that carry it. */
export const DIET_LABELS = ['vegetarian', 'vegan'] as const satisfies readonly DishLabel[];
/** Labels that say what a dish contains; a filter on one hides the dishes that carry it. */
export const CONTAINS_LABELS = DISH_LABELS.filter(
  (label): label is Exclude<DishLabel, (typeof DIET_LABELS)[number]> =>
    !(DIET_LABELS as readonly string[]).includes(label),
);

/** How a label reads on the dish (the back office's dish form, the product card). */
export const DISH_LABEL_NAMES: Readonly<Record<DishLabel, string>> = {
  vegetarian: 'Вегетарианское',
  vegan: 'Веганское',
  spicy: 'Острое',
  gluten: 'Глютен',
  crustaceans: 'Ракообразные',
  eggs: 'Яйца',
  fish: 'Рыба',
  peanuts: 'Арахис',
  soy: 'Соя',
  milk: 'Молоко',
  nuts: 'Орехи',
  celery: 'Сельдерей',
  mustard: 'Горчица',
  sesame: 'Кунжут',
  sulphites: 'Сульфиты',
  lupin: 'Люпин',
  molluscs: 'Моллюски',
};

/** How the guest's menu filter names a label: «Вегетарианское» keeps, «Без орехов» hides. */
export const DISH_FILTER_NAMES: Readonly<Record<DishLabel, string>> = {
  vegetarian: 'Вегетарианское',
  vegan: 'Веганское',
  spicy: 'Не острое',
  gluten: 'Без глютена',
  crustaceans: 'Без ракообразных',
  eggs: 'Без яиц',
  fish: 'Без рыбы',
  peanuts: 'Без арахиса',
  soy: 'Без сои',
  milk: 'Без молока',
  nuts: 'Без орехов',
  celery: 'Без сельдерея',
  mustard: 'Без горчицы',
  sesame: 'Без кунжута',
  sulphites: 'Без сульфитов',
  lupin: 'Без люпина',
  molluscs: 'Без моллюсков',
};

/** Whether a dish with these labels fits every chosen filter (a diet it must carry, a content it must not). */
export function dishFitsFilters(labels: readonly DishLabel[], filters: readonly DishLabel[]): boolean {
  return filters.every((filter) =>
    (DIET_LABELS as readonly DishLabel[]).includes(filter) ? labels.includes(filter) : !labels.includes(filter),
  );
}

/** Narrows free text to a known label (a wire value, a file's field). */
export function asDishLabel(value: string): DishLabel | null {
  return (DISH_LABELS as readonly string[]).includes(value) ? (value as DishLabel) : null;
}

/**
 * The guest's menu with the chosen filters applied (issue 31): the dishes that fit, in their
 * order, and how many were hidden — the menu says that number, never hides in silence.
 */
export function filterByLabels<D extends { readonly labels: readonly DishLabel[] }>(
  dishes: readonly D[],
  filters: readonly DishLabel[],
): { shown: D[]; hidden: number } {
  if (filters.length === 0) return { shown: [...dishes], hidden: 0 };
  const shown = dishes.filter((dish) => dishFitsFilters(dish.labels, filters));
  return { shown, hidden: dishes.length - shown.length };
}

/** What the menu says under its filters: «Скрыто 3 блюда», «Скрыто 1 блюдо», «Скрыто 5 блюд». */
export function hiddenDishesText(hidden: number): string {
  return `Скрыто ${hidden} ${russianPlural(hidden, ['блюдо', 'блюда', 'блюд'])}`;
}

/** The chosen filters, each once, in the one list's order (a stored or tapped choice). */
export function normalizedFilters(filters: readonly string[]): DishLabel[] {
  return DISH_LABELS.filter((label) => filters.includes(label));
}
