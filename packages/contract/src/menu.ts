import * as z from 'zod/mini';
import { DISH_LABELS, ORDER_TYPES, type OrderType } from '@chain/domain';
import { callPath, defineCall } from './call';
import { EVENT_STREAM_KEEP_ALIVE_MS, flag, kopecks, lookupText, optionalWireId, sessionToken } from './common';

/**
 * The `error` of the 429 that every call taking a lock code answers once the wrong codes of an
 * address or guest have spent their allowance (issue 11): a client that sent a stored code with
 * a plain menu load asks again without it, so the menu stays open to the guest.
 */
export const LOCK_CODE_ATTEMPTS_ERROR = 'lock_code_attempts';

/** Which menu the call asks for: 0 the restaurant menu, 1 the shop, 2 the bar (SPEC 2 toggle Restaurant/Shop/Bar). */
export const MENU_KIND_BY_IS_SHOP = { 0: 'restaurant', 1: 'shop', 2: 'bar' } as const;
export type IsShop = keyof typeof MENU_KIND_BY_IS_SHOP;

/** The order of the menus' toggle: restaurant, shop, bar (SPEC 2). */
const MENU_KIND_ORDER: readonly IsShop[] = [0, 1, 2];

/** The menus a restaurant offers, in the toggle's order (SPEC 2): the toggle's entries. */
export function offeredMenuKinds(offered: readonly string[]): IsShop[] {
  return MENU_KIND_ORDER.filter((kind) => offered.includes(MENU_KIND_BY_IS_SHOP[kind]));
}

/**
 * SPEC 2 gives the menu route both readings, /menu/{restoran id}/… and /menu/{fs_uid}/…: a
 * restaurant's id first, else the one with that fs_uid. The app's menu screen and the server's
 * page for it both read the route so.
 */
export function restaurantOfMenuRoute<R extends { readonly id: number; readonly fs_uid: string }>(
  restaurants: Iterable<R>,
  idOrFsUid: string,
): R | null {
  const list = [...restaurants];
  return (
    list.find((candidate) => String(candidate.id) === idOrFsUid) ??
    list.find((candidate) => candidate.fs_uid === idOrFsUid) ??
    null
  );
}

/**
 * The menu a restaurant's menu screen shows: the one asked for when the restaurant offers it,
 * else its first of restaurant, shop, bar (SPEC 2 toggle). The app's menu screen and the server's
 * page for it (which preloads that menu) both ask this.
 */
export function shownMenuKind(requested: IsShop, offered: readonly string[]): IsShop {
  const kinds = offeredMenuKinds(offered);
  return kinds.includes(requested) ? requested : (kinds[0] ?? requested);
}

/** 0, 1 or 2, as a number or as its digit (form bodies carry text). */
const isShop = z.pipe(
  z.union([z.literal([0, 1, 2]), z.enum(['0', '1', '2'])], { error: 'ожидается 0, 1 или 2' }),
  z.transform((value): IsShop => (Number(value) === 2 ? 2 : Number(value) === 1 ? 1 : 0)),
);

/** The order types (SPEC 1). */
export const orderTypeSchema = z.enum(ORDER_TYPES, {
  error: (issue) => (issue.input === undefined ? 'обязательное поле' : 'ожидается inrest, self или delivery'),
});

/** The guest's chosen delivery or pickup time (SPEC 3 Delivery date/time props). */
export const deliveryDateTimeProps = z.looseObject({
  deliveryDate: z.optional(z.string().check(z.maxLength(10), z.describe('dd.mm.yyyy'))),
  deliveryTime: z.optional(z.string().check(z.maxLength(20))),
  isTimePeriods: z.optional(z.union([z.boolean(), flag, z.enum(['0', '1'])])),
});

/** An optional text; empty, like absent, means none. */
const optionalText = (max: number) => z.optional(z.nullable(lookupText(max, 0)));

export const menuRequest = z.object({
  is_shop: z
    ._default(isShop, 0)
    .check(
      z.describe(
        '0 the restaurant menu (default), 1 the shop, 2 the bar; a menu the restaurant does not offer is a 404.',
      ),
    ),
  fs_uid: lookupText(64).check(z.describe('The restaurant.')),
  order_type: orderTypeSchema.check(
    z.describe(
      'The order the menu is for; the restaurant must take it (deliveryRest, deliverySelf, deliveryCourier), else 409.',
    ),
  ),
  user_id: optionalWireId.check(z.describe('The signed-in guest, if any; needed with booking_num.')),
  token: z
    .optional(z.nullable(sessionToken))
    .check(
      z.describe(
        "The session token of user_id (the user's password, SPEC 3). Needed with booking_num: without a live session that call is a 401 and says nothing about the booking.",
      ),
    ),
  lock_code: optionalText(32).check(
    z.describe(
      'The code that unlocks locked dishes (SPEC 4). A wrong code is not an error: the answer says lock_code null. Wrong codes count, with those of order/create, against one allowance per address and signed-in guest (10 in 15 minutes); once it is spent every code, the right one too, is a 429 `lock_code_attempts` until the window ends (the app then loads the menu without its stored code).',
    ),
  ),
  delivery_datetime_props: z
    .optional(z.nullable(deliveryDateTimeProps))
    .check(z.describe('Accepted for compatibility (SPEC 7); the menu does not depend on it. JSON bodies only.')),
  ver: z
    .optional(
      z.pipe(
        z.union([z.literal(4), z.literal('4')], { error: 'поддерживается версия 4' }),
        z.transform(() => 4 as const),
      ),
    )
    .check(z.describe('The menu call version, 4 (SPEC 9); another version is a 400.')),
  booking_num: optionalText(64).check(
    z.describe(
      "A booking of this guest at this restaurant: the answer's min_sum is its minimum (SPEC 4, 5). Needs user_id and token; another guest's booking answers as an unknown one. Such an answer is personal: Cache-Control no-store.",
    ),
  ),
});
export type MenuRequest = z.input<typeof menuRequest>;

export const menuCategory = z.object({
  id: z.int(),
  name: z.string(),
  img: z.string().check(z.describe('Picture URL.')),
});

/** A dish option (SPEC 3 spec): a single choice (multicheck 0) or a counted extra up to max (multicheck 1). */
export const dishOption = z.object({
  specid: z.int(),
  specname: z.string(),
  price: kopecks.check(z.describe('Added to the dish price (single) or charged per piece (multi), kopecks (SPEC 5).')),
  disabled: flag.check(z.describe('1: shown but not available now, never charged (SPEC 5).')),
  multicheck: flag,
  max: z.int().check(z.minimum(1), z.describe('The most pieces of a multi option per dish.')),
});

export const menuDish = z.object({
  id: z.int(),
  name: z.string(),
  thumb: z.string(),
  img: z.string(),
  price: kopecks.check(z.describe('Kopecks.')),
  weight: z.string(),
  sostav: z.string(),
  more_ingredients: z.string(),
  allowed: z
    .boolean()
    .check(z.describe('false: on the stop list of this restaurant; shown with stop_text, cannot be added (SPEC 4).')),
  is_locked: flag.check(
    z.describe(
      '1: needs the lock code before adding (SPEC 4). 0 for a dish this request unlocked with the right lock_code.',
    ),
  ),
  is_shop: flag,
  categoryId: z.int(),
  cook_time: z.int().check(z.minimum(0), z.describe('Minutes: "We will cook in about" (SPEC 2).')),
  spec: z.array(dishOption),
  // Read as [] when absent: a menu cached before labels existed, or an older instance's answer
  // during a deploy, still parses.
  labels: z
    ._default(z.array(z.enum(DISH_LABELS)), [])
    .check(
      z.describe(
        "Added to SPEC 7 (issue 31): the dish's diets, heat and allergen groups (TR CU 022/2011, EU 1169/2011), in the one list's order; the product card shows them and the menu's filter reads them. Empty: none set.",
      ),
    ),
});
export type MenuDish = z.infer<typeof menuDish>;

/** A story of the menu screen; the chain has none yet, so the list is empty. */
export const menuStory = z.object({
  id: z.int(),
  title: z.string(),
  img: z.string(),
  link: z.nullable(z.string()),
});

export const menuResponse = z.object({
  categories: z
    .array(menuCategory)
    .check(z.describe('Categories that hold at least one dish of this menu, in menu order.')),
  dishes: z.array(menuDish),
  stories: z.array(menuStory),
  lock_code: z
    .nullable(z.string())
    .check(
      z.describe(
        'The lock_code sent, when it unlocked dishes of this menu; else null. The app keeps it as its lockCode (SPEC 3) and forgets a code answered with null.',
      ),
    ),
  stop_text: z.string().check(z.describe('Settings text_stoplist, shown on dishes with allowed false (SPEC 2).')),
  min_sum: z
    .nullable(kopecks)
    .check(
      z.describe(
        'With booking_num: the booking minimum, kopecks, applied to inrest orders when larger (SPEC 5); else null.',
      ),
    ),
});
export type MenuResponse = z.infer<typeof menuResponse>;

/** The picture a dish's card shows: its thumbnail, else its photo ('' for none). */
export function cardPhoto(dish: Pick<MenuDish, 'thumb' | 'img'>): string {
  return dish.thumb || dish.img;
}

export interface CategorySection {
  readonly id: number;
  readonly name: string;
  readonly dishes: readonly MenuDish[];
}

/**
 * Dishes grouped by category in the menu's category order; empty categories are left out: the
 * menu screen's sections, and so its first card (whose photo the server's page preloads).
 */
export function categorySections(menu: Pick<MenuResponse, 'categories' | 'dishes'>): CategorySection[] {
  return menu.categories
    .map((category) => ({
      id: category.id,
      name: category.name,
      dishes: menu.dishes.filter((dish) => dish.categoryId === category.id),
    }))
    .filter((section) => section.dishes.length > 0);
}

/** The menu call (SPEC 7 `POST {token}`), served at POST /api/v2/restoran/menu. */
export const restaurantMenu = defineCall({
  name: 'restaurantMenu',
  method: 'POST',
  path: '/api/v2/restoran/menu',
  tag: 'menu',
  summary: 'The restaurant, shop or bar menu of a restaurant, with the stop list and locked dishes applied',
  description:
    'Answered from an in-memory copy kept per catalogue version, with an ETag: send If-None-Match to get 304 while nothing changed. Locked dishes are always listed (is_locked 1) so the guest can ask for the code; the right lock_code unlocks them (is_locked 0) and comes back in lock_code.',
  auth: 'optional-user',
  // The menu is public; only with booking_num is the guest asked to prove the session (a bare
  // user_id or token without it is the client's word, not read).
  credentials: {
    fields: ['user_id', 'token', 'booking_num'],
    where: 'user_id + token, read only with booking_num',
    read: (body) => (body.booking_num ? { userId: body.user_id, token: body.token } : null),
  },
  body: menuRequest,
  response: menuResponse,
  errors: {
    validation: 'a field is missing or has the wrong type, 400',
    restaurant_not_found: "unknown fs_uid: 'Ресторан не найден', 404",
    restaurant_inactive: 'the restaurant is closed for good or for a while (active 0), 409',
    menu_not_offered: 'the restaurant has no such menu (shop or bar), 404',
    order_type_not_offered: 'the restaurant does not take this order type, 409',
    unauthorized: 'booking_num without a live session of user_id + token, 401',
    booking_not_found: "no booking with this number for this guest (another guest's reads the same), 404",
    booking_other_restaurant: 'the booking is at another restaurant, 409',
    booking_closed: 'the booking is cancelled, ended or over, 409',
    lock_code_attempts:
      'too many wrong lock codes from this address or guest (menu and order/create together), 429 until the window ends, for every code sent, the right one too',
  },
});

/** The public menu by its URL: a menu without a lock code or a booking (issue 18). */
export const publicMenuParams = z.object({
  fs_uid: lookupText(64).check(z.describe('The restaurant.')),
  order_type: orderTypeSchema.check(z.describe('The order the menu is for; the restaurant must take it, else 409.')),
  is_shop: isShop.check(
    z.describe('0 the restaurant menu, 1 the shop, 2 the bar; a menu the restaurant does not offer is a 404.'),
  ),
});

/**
 * GET /api/v2/restoran/menu/{fs_uid}/{order_type}/{is_shop} (issue 18): the menu call's answer
 * for a menu without a lock code or a booking — the same for every guest, so the server's page of
 * a menu screen preloads it (`<link rel=preload as=fetch>`) and the app's fetch takes it.
 */
export const restaurantPublicMenu = defineCall({
  name: 'restaurantPublicMenu',
  method: 'GET',
  path: '/api/v2/restoran/menu/:fs_uid/:order_type/:is_shop',
  tag: 'menu',
  summary: 'A restaurant menu without a lock code or a booking, by its URL',
  description:
    "The menu call's answer (POST /api/v2/restoran/menu) for these three fields alone: public, the same for every guest, with an ETag (If-None-Match: 304 while nothing changed). The server's page of a menu screen (/menu/{restoran id or fs_uid}/{order_type}) preloads it, so the menu comes with the page instead of after the app has run. A lock code or a booking goes to the menu call.",
  auth: 'public',
  params: publicMenuParams,
  response: menuResponse,
  errors: {
    validation: 'an order type or menu that does not exist, or an empty or too long fs_uid, 400',
    restaurant_not_found: "unknown fs_uid: 'Ресторан не найден', 404",
    restaurant_inactive: 'the restaurant is closed for good or for a while (active 0), 409',
    menu_not_offered: 'the restaurant has no such menu (shop or bar), 404',
    order_type_not_offered: 'the restaurant does not take this order type, 409',
  },
});

/** The public menu's URL for a restaurant, order type and menu. */
export function publicMenuPath(fsUid: string, orderType: OrderType, kind: IsShop): string {
  return callPath(restaurantPublicMenu, { fs_uid: fsUid, order_type: orderType, is_shop: kind });
}

// ---------------------------------------------------------------------------------------------
// Guests' menus follow the stop list live (issue 17)

export const menuEventsCall = defineCall({
  name: 'menuEvents',
  method: 'GET',
  path: '/api/v1/menu/events',
  tag: 'menu',
  summary:
    "The catalogue's version as it changes: Server-Sent Events (issue 17: a stop list reaches guests' menus within 2 s)",
  description: `A \`text/event-stream\`, public. First, at once, an event \`catalogue\` whose \`data\` is \`{ version }\`, then one after every change of the menu, the stop list or the restaurants, on any instance (the catalogue_version notification); \`: keep-alive\` every ${EVENT_STREAM_KEEP_ALIVE_MS / 1000} s. A menu or cart screen reloads its menu when the version differs from the one it has.`,
  auth: 'public',
  produces: 'text/event-stream',
  response: z.object({ version: z.int() }),
  errors: {
    too_many_streams: 'this client address holds 200 streams on the instance already (429)',
    unavailable: 'this instance holds its most streams (503)',
  },
});
