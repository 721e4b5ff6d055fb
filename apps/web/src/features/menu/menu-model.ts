import {
  type IsShop,
  MENU_KIND_BY_IS_SHOP,
  type MenuKind,
  offeredMenuKinds,
  restaurantClosedText,
  restaurantHolidays,
  restaurantOpeningNow,
  type RestaurantWire,
  restaurantWallClock,
  type Settings,
} from '@chain/contract';
import {
  CLOSED_TEXT,
  dateChoices,
  type Instant,
  MENU_KIND_NAMES,
  openPickupSlots,
  RESTAURANT_CLOSED_MESSAGE,
} from '@chain/domain';
import type { CartLine } from '../../state/cart-store';
import { laterOrderPath } from '../../state/navigation';

/** The menus a restaurant offers as toggle entries (only those in menuKinds), in SPEC 2 order. */
export function menuKindOptions(
  menuKinds: readonly MenuKind[],
): Array<{ isShop: IsShop; kind: MenuKind; label: string }> {
  return offeredMenuKinds(menuKinds).map((isShop) => ({
    isShop,
    kind: MENU_KIND_BY_IS_SHOP[isShop],
    label: MENU_KIND_NAMES[MENU_KIND_BY_IS_SHOP[isShop]],
  }));
}

/** SPEC 2 Menu title: name and short name, and at a table (kiosk mode, inrest) ", стол №n". */
export function menuTitle(
  restaurant: { name: string; nameShort: string } | null,
  atTable: boolean,
  table: string,
): string {
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
export function firstSections<T extends { readonly dishes: readonly unknown[] }>(
  sections: readonly T[],
  dishes: number,
): T[] {
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
export function favouriteDishes<T extends { readonly id: number }>(
  dishes: readonly T[],
  favourites: readonly string[],
): T[] {
  const wanted = new Set(favourites);
  return dishes.filter((dish) => wanted.has(String(dish.id)));
}

/** What the top of the menu says of a restaurant closed now (issue 33), its words in one place. */
export const CLOSED_MENU_TEXTS = {
  pickupLater: 'Можно заказать сейчас к открытию: время получения выберите в корзине.',
  preorder: 'Предзаказ на другое время',
  delayed: 'Отложенный заказ на другое время',
} as const;

/** The top of the menu of a restaurant closed now: when it opens, and how to order for later where it takes that. */
export interface ClosedMenuNotice {
  /** «Ресторан сейчас закрыт. Откроется в 10:00.» */
  readonly text: string;
  /** A pickup order for a later time is possible from the cart (its pickup time). */
  readonly hint: string | null;
  /** The pre-order (a table order) or the delayed order (pickup) screen, where the chain offers it. */
  readonly later: { readonly label: string; readonly href: string } | null;
}

type NoticeRestaurant = Pick<
  RestaurantWire,
  'id' | 'shedule' | 'time_zone' | 'closedUntil' | 'closedText' | 'deliveryDays' | 'deliveryRest' | 'deliverySelf'
> &
  Partial<Pick<RestaurantWire, 'holidays'>>;

/**
 * SPEC 4 open now, SPEC 2 Menu (issue 33): a pickup or table order's menu of a restaurant closed
 * now says so at its top with when it opens (the domain's openingNow: holidays, hours past
 * midnight, the 06:00 business day), before the guest builds a cart the cart would refuse
 * («Сейчас заказ оформить нельзя»). Where the order can be for later it says how: a pickup time
 * in the cart when one is open (today's or the restaurant's deliveryDays), the pre-order
 * (allow_predzakaz, restaurants taking table orders) or the delayed order (allow_delayed). Null
 * while open, for delivery (its own time), for a kiosk (no later orders), once the guest chose a
 * clock time (the cart judges that time), and while closed for now (the manager's words show).
 * The later order's screen opens with this restaurant chosen (laterOrderPath).
 */
export function closedMenuNotice(
  restaurant: NoticeRestaurant,
  orderType: string | undefined,
  context: {
    readonly kiosk: boolean;
    readonly timeChosen: boolean;
    readonly settings: Pick<Settings, 'allow_predzakaz' | 'allow_delayed'> | null;
  },
  now: Instant,
): ClosedMenuNotice | null {
  if ((orderType !== 'self' && orderType !== 'inrest') || context.kiosk || context.timeChosen) return null;
  if (restaurantClosedText(restaurant, now) !== null) return null;
  const opening = restaurantOpeningNow(restaurant, now);
  if (opening.open) return null;
  const text =
    opening.opens === CLOSED_TEXT ? `${RESTAURANT_CLOSED_MESSAGE}.` : `${RESTAURANT_CLOSED_MESSAGE}. ${opening.opens}.`;
  if (orderType === 'self') {
    const clock = restaurantWallClock(restaurant, now);
    const holidays = restaurantHolidays(restaurant);
    const pickupLater = dateChoices(clock.date, restaurant.deliveryDays).some(
      (choice) => openPickupSlots(restaurant.shedule, holidays, choice.date, clock).length > 0,
    );
    const delayed = context.settings?.allow_delayed === 1 && restaurant.deliverySelf === '1';
    return {
      text,
      hint: pickupLater ? CLOSED_MENU_TEXTS.pickupLater : null,
      later: delayed
        ? { label: CLOSED_MENU_TEXTS.delayed, href: laterOrderPath('delayedzakaz', String(restaurant.id)) }
        : null,
    };
  }
  const preorder = context.settings?.allow_predzakaz === 1 && restaurant.deliveryRest === '1';
  return {
    text,
    hint: null,
    later: preorder
      ? { label: CLOSED_MENU_TEXTS.preorder, href: laterOrderPath('predzakaz', String(restaurant.id)) }
      : null,
  };
}
