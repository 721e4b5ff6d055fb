import { type IsShop, MENU_KIND_BY_IS_SHOP, type MenuKind, offeredMenuKinds } from '@chain/contract';
import { MENU_KIND_NAMES } from '@chain/domain';
import type { CartLine } from '../../state/app-store';

/** The menus a restaurant offers as toggle entries (only those in menuKinds), in SPEC 2 order. */
export function menuKindOptions(menuKinds: readonly MenuKind[]): Array<{ isShop: IsShop; kind: MenuKind; label: string }> {
  return offeredMenuKinds(menuKinds).map((isShop) => ({ isShop, kind: MENU_KIND_BY_IS_SHOP[isShop], label: MENU_KIND_NAMES[MENU_KIND_BY_IS_SHOP[isShop]] }));
}

/** SPEC 2 Menu title: name and short name, and at a table (kiosk mode, inrest) ", стол №n". */
export function menuTitle(restaurant: { name: string; nameShort: string } | null, atTable: boolean, table: string): string {
  const name = restaurant?.name ?? '';
  const short = restaurant?.nameShort ?? '';
  const base = name && short && short !== name ? `${name}, ${short}` : name || short || 'Меню';
  return atTable && table ? `${base}, стол №${table}` : base;
}

/**
 * The first sections holding at least `dishes` dishes (whole sections): what the menu draws at once,
 * before the rest follows in the background (issue 18: one long task drawing a hundred cards kept
 * a phone busy ~0.4 s before the first tap could be answered).
 */
export function firstSections<T extends { readonly dishes: readonly unknown[] }>(sections: readonly T[], dishes: number): T[] {
  const first: T[] = [];
  let count = 0;
  for (const section of sections) {
    if (count >= dishes) break;
    first.push(section);
    count += section.dishes.length;
  }
  return first;
}

/** How many of a dish the cart holds (all its lines), and the line a card's stepper changes (the latest). */
export function dishInCart(cart: readonly CartLine[], dishId: number): { count: number; token: string | null } {
  const lines = cart.filter((line) => String(line.item) === String(dishId));
  return { count: lines.reduce((sum, line) => sum + line.cnt, 0), token: lines.at(-1)?.token ?? null };
}

/** The path of the menu screen for a restaurant and order type; /menu_list when either is unknown. */
export function menuPath(restaurantId: string | null | undefined, orderType: string | null | undefined): string {
  return restaurantId && orderType ? `/menu/${encodeURIComponent(restaurantId)}/${orderType}` : '/menu_list';
}

/** The favourite dishes found in this menu, in the menu's order (SPEC 2 Любимое). */
export function favouriteDishes<T extends { readonly id: number }>(dishes: readonly T[], favourites: readonly string[]): T[] {
  const wanted = new Set(favourites);
  return dishes.filter((dish) => wanted.has(String(dish.id)));
}
