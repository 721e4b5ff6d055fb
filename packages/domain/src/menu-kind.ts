/**
 * The menus a restaurant may offer, in SPEC 2 order (Ресторан, Магазин, Бар): the one list the
 * contract's enums, the database types and the apps read.
 */
export const MENU_KINDS = ['restaurant', 'shop', 'bar'] as const;
export type MenuKind = (typeof MENU_KINDS)[number];

/** A menu's name as the guest reads it: the menu toggle (SPEC 2) and the stop list's groups (SPEC 3). */
export const MENU_KIND_NAMES: Readonly<Record<MenuKind, string>> = {
  restaurant: 'Ресторан',
  shop: 'Магазин',
  bar: 'Бар',
};
