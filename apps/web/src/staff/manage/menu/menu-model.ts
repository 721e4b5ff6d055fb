import type { DishOrder, ManageCategory, ManageDish, ManageMenu, ManageOption } from '@chain/contract';
import { DISH_LABEL_NAMES, type DishLabel, formatAmount, type MenuKind } from '@chain/domain';
import { photoValueText } from '../photo-upload';

// The back office's menu screen, its logic apart from the screen (issue 31): what a category
// lists, a category moved up or down, a new dish's and option's blanks, and what a save sends.

/** The categories of one menu, in their order. */
export function categoriesOf(menu: ManageMenu, kind: MenuKind): ManageCategory[] {
  return menu.categories.filter((category) => category.menu_kind === kind);
}

/** A category's dishes: the live ones first, then those archived (kept for orders, read only). */
export function dishesOf(menu: ManageMenu, categoryId: number): ManageDish[] {
  const dishes = menu.dishes.filter((dish) => dish.category_id === categoryId);
  return [...dishes.filter((dish) => !dish.archived), ...dishes.filter((dish) => dish.archived)];
}

/** The ids in the order after moving `id` one place up (-1) or down (+1); the same order at an end. */
export function moved(ids: readonly number[], id: number, step: -1 | 1): number[] {
  const at = ids.indexOf(id);
  const to = at + step;
  if (at < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  [next[at], next[to]] = [next[to] as number, next[at] as number];
  return next;
}

/** The restaurants that offer a menu: the ones a dish of it can be carried by. */
export function restaurantsOffering(menu: ManageMenu, kind: MenuKind): ManageMenu['restaurants'] {
  return menu.restaurants.filter((restaurant) => restaurant.menu_kinds.includes(kind));
}

/** A new dish of the category, carried by every restaurant offering its menu (id 0, version 0: not saved yet). */
export function blankDish(menu: ManageMenu, category: ManageCategory): ManageDish {
  return {
    id: 0,
    version: 0,
    category_id: category.id,
    name: '',
    sostav: '',
    weight: '',
    price: 0,
    cook_time: 15,
    img: '',
    labels: [],
    active: true,
    restaurant_ids: restaurantsOffering(menu, category.menu_kind).map((restaurant) => restaurant.id),
    options: [],
    archived: false,
  };
}

export function blankOption(): ManageOption {
  return { id: null, name: '', price: 0, disabled: false, multicheck: false, max: 1 };
}

/** The list with `value` in or out, in the order of `order` (labels, restaurants). */
export function toggled<T>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  const set = new Set(list);
  if (on) set.add(value);
  else set.delete(value);
  return order.filter((item) => set.has(item));
}

/** What the form can send: every price a sum (not NaN from half-typed roubles), every number whole. */
export function draftProblem(dish: ManageDish): string | null {
  if (dish.name.trim() === '') return 'Введите название блюда.';
  if (!Number.isFinite(dish.price)) return 'Проверьте цену.';
  if (!Number.isInteger(dish.cook_time)) return 'Проверьте время приготовления.';
  const option = dish.options.findIndex(
    (candidate) =>
      candidate.name.trim() === '' || !Number.isFinite(candidate.price) || !Number.isInteger(candidate.max),
  );
  return option >= 0 ? `Проверьте опцию ${option + 1}.` : null;
}

/** The body of a dish's save: its fields, without what the server keeps (id, archived). */
export function dishFields(dish: ManageDish) {
  const { id: _id, archived: _archived, version: _version, ...fields } = dish;
  return { ...fields, options: dish.options.map((option) => ({ ...option, max: option.multicheck ? option.max : 1 })) };
}

/** The menu with a saved dish in place of the one it was (or added), or without a deleted one. */
export function withDish(menu: ManageMenu, dish: ManageDish, removedId: number | null = null): ManageMenu {
  if (removedId !== null) return { ...menu, dishes: menu.dishes.filter((candidate) => candidate.id !== removedId) };
  const known = menu.dishes.some((candidate) => candidate.id === dish.id);
  return {
    ...menu,
    dishes: known
      ? menu.dishes.map((candidate) => (candidate.id === dish.id ? dish : candidate))
      : [...menu.dishes, dish],
  };
}

/** The menu with a saved category in its place, or added at the end of its menu. */
export function withCategory(menu: ManageMenu, saved: ManageCategory): ManageMenu {
  const known = menu.categories.some((category) => category.id === saved.id);
  return {
    ...menu,
    categories: known
      ? menu.categories.map((category) => (category.id === saved.id ? saved : category))
      : [...menu.categories, saved],
  };
}

/** The menu with one menu's categories in their new order. */
export function withOrder(menu: ManageMenu, kind: MenuKind, ordered: readonly ManageCategory[]): ManageMenu {
  return { ...menu, categories: [...menu.categories.filter((category) => category.menu_kind !== kind), ...ordered] };
}

/**
 * The menu with a category's dishes in the order the server answered (and the category at the
 * order's new version); null when the order names a dish this screen does not know yet (another
 * manager added it): the menu is to be loaded again.
 */
export function withDishOrder(menu: ManageMenu, order: DishOrder): ManageMenu | null {
  const known = new Map(
    menu.dishes
      .filter((dish) => dish.category_id === order.category.id && !dish.archived)
      .map((dish) => [dish.id, dish]),
  );
  if (known.size !== order.ids.length || order.ids.some((id) => !known.has(id))) return null;
  const ordered = order.ids.map((id) => known.get(id) as ManageDish);
  const rest = menu.dishes.filter((dish) => !known.has(dish.id));
  return { ...withCategory(menu, order.category), dishes: [...ordered, ...rest] };
}

/** A dish's saved value in words, for the notice of what another manager changed (409). */
export function dishValueText(menu: ManageMenu, key: keyof ManageDish, value: unknown): string {
  switch (key) {
    case 'price':
      return `${formatAmount(Number(value))} ₽`;
    case 'category_id':
      return menu.categories.find((category) => category.id === value)?.name ?? String(value);
    case 'labels':
      return (value as DishLabel[]).map((label) => DISH_LABEL_NAMES[label]).join(', ') || '—';
    case 'restaurant_ids':
      return (
        menu.restaurants
          .filter((restaurant) => (value as number[]).includes(restaurant.id))
          .map((restaurant) => restaurant.name)
          .join(', ') || '—'
      );
    case 'options':
      return (
        (value as ManageOption[])
          .map((option) => (option.price > 0 ? `${option.name} +${formatAmount(option.price)} ₽` : option.name))
          .join(', ') || '—'
      );
    case 'active':
      return value ? 'да' : 'нет';
    case 'img':
      return photoValueText(value);
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}
