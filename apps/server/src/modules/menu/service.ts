import type { Kysely } from 'kysely';
import {
  cardPhoto,
  categorySections,
  MENU_KIND_BY_IS_SHOP,
  type CallBody,
  type MenuDish,
  type MenuResponse,
  publicMenuPath,
  type restaurantMenu,
  restaurantOfMenuRoute,
  shownMenuKind,
} from '@chain/contract';
import { DISH_LABELS, MENU_KINDS, ORDER_TYPE_NOT_OFFERED_MESSAGES } from '@chain/domain';
import { VersionedCache } from '../../db/catalogue-cache';
import type { DatabaseHandle } from '../../db/client';
import type { Database, MenuKind, OrderType } from '../../db/types';
import { etagOf } from '../../http/etag';
import { type AppError, conflict, notFound } from '../../http/errors';
import { checkLockCodeTry, type LockCodeClient } from '../../http/lock-code';
import { JsonText } from '../../http/json-text';
import type { UserRow } from '../auth';
import { liveBookingTerms } from '../booking';
import {
  loadMenuRows,
  type CategoryRow,
  type DishRow,
  type MenuRestaurantRow,
  type MenuRows,
  type OptionRow,
} from './repository';

export type MenuRequestBody = CallBody<typeof restaurantMenu>;

export const RESTAURANT_NOT_FOUND_MESSAGE = 'Ресторан не найден';
export const RESTAURANT_INACTIVE_MESSAGE = 'Ресторан временно не принимает заказы.';

const MENU_NOT_OFFERED_MESSAGE: Record<MenuKind, string> = {
  restaurant: 'В этом ресторане нет меню ресторана.',
  shop: 'В этом ресторане нет магазина.',
  bar: 'В этом ресторане нет бара.',
};

/** One menu (restaurant, shop or bar) of the chain, before any restaurant's stop list. */
interface KindMenu {
  categories: Array<Pick<CategoryRow, 'id' | 'name' | 'img'>>;
  dishes: Array<{ row: DishRow; wire: Omit<MenuDish, 'allowed' | 'is_locked'> }>;
  lockCodes: Set<string>;
}

/** A menu answer serialized with min_sum null, and the same text cut before that value. */
interface MenuAnswer {
  body: JsonText;
  /** The picture of the menu screen's first card ('' for none): its page preloads it (issue 18). */
  firstPhoto: string;
  etag: string;
  /** The JSON up to `"min_sum":`, for answers that carry a booking minimum. */
  head: string;
}

/** The catalogue of one version, and the answers cut from it so far. */
export interface MenuCatalogue {
  restaurants: Map<string, MenuRestaurantRow>;
  kinds: Map<MenuKind, KindMenu>;
  stopped: Map<number, Set<number>>;
  stoppedOptions: Map<number, Set<number>>;
  /** Dishes each restaurant does not carry (issue 31). */
  notCarried: Map<number, Set<number>>;
  stopText: string;
  answers: Map<string, MenuAnswer>;
}

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

function optionWire(option: OptionRow): MenuDish['spec'][number] {
  return {
    specid: option.id,
    specname: option.name,
    price: option.price,
    disabled: flag(option.disabled),
    multicheck: flag(option.multicheck),
    max: option.max_cnt,
  };
}

/** Cuts the loaded rows into one menu per kind, ordered by category then dish. */
export function buildMenuCatalogue(rows: MenuRows): MenuCatalogue {
  const optionsOf = new Map<number, OptionRow[]>();
  for (const option of rows.options) {
    const list = optionsOf.get(option.dish_id);
    if (list) list.push(option);
    else optionsOf.set(option.dish_id, [option]);
  }
  const categoryOrder = new Map(rows.categories.map((category, index) => [category.id, index]));
  const categoryKind = new Map(rows.categories.map((category) => [category.id, category.menu_kind]));
  const dishes = rows.dishes
    .filter((dish) => categoryOrder.has(dish.category_id))
    // Stable: within a category the dishes keep their own order (sort, id).
    .toSorted((a, b) => (categoryOrder.get(a.category_id) ?? 0) - (categoryOrder.get(b.category_id) ?? 0));

  const kinds = new Map<MenuKind, KindMenu>();
  for (const kind of MENU_KINDS) {
    const ofKind = dishes.filter((dish) => categoryKind.get(dish.category_id) === kind);
    const used = new Set(ofKind.map((dish) => dish.category_id));
    kinds.set(kind, {
      categories: rows.categories
        .filter((c) => c.menu_kind === kind && used.has(c.id))
        .map(({ id, name, img }) => ({ id, name, img })),
      dishes: ofKind.map((row) => ({
        row,
        wire: {
          id: row.id,
          name: row.name,
          thumb: row.thumb,
          img: row.img,
          price: row.price,
          weight: row.weight,
          sostav: row.sostav,
          more_ingredients: row.more_ingredients,
          is_shop: flag(row.is_shop),
          categoryId: row.category_id,
          cook_time: row.cook_time,
          spec: (optionsOf.get(row.id) ?? []).map(optionWire),
          labels: DISH_LABELS.filter((label) => row.labels.includes(label)),
        },
      })),
      lockCodes: new Set(ofKind.flatMap((dish) => (dish.is_locked && dish.lock_code ? [dish.lock_code] : []))),
    });
  }

  const stopped = new Map<number, Set<number>>();
  for (const entry of rows.stopList) {
    const set = stopped.get(entry.restaurant_id);
    if (set) set.add(entry.dish_id);
    else stopped.set(entry.restaurant_id, new Set([entry.dish_id]));
  }
  const stoppedOptions = new Map<number, Set<number>>();
  for (const entry of rows.optionStops)
    stoppedOptions.set(
      entry.restaurant_id,
      (stoppedOptions.get(entry.restaurant_id) ?? new Set()).add(entry.option_id),
    );
  const notCarried = new Map<number, Set<number>>();
  for (const entry of rows.notCarried)
    notCarried.set(entry.restaurant_id, (notCarried.get(entry.restaurant_id) ?? new Set()).add(entry.dish_id));
  return {
    restaurants: new Map(rows.restaurants.map((r) => [r.fs_uid, r])),
    kinds,
    stopped,
    stoppedOptions,
    notCarried,
    stopText: rows.stopText,
    answers: new Map(),
  };
}

const MIN_SUM_TAIL = 'null}';

/** The answer for a restaurant's menu with the dishes of `unlocked` opened, built once per version. */
function menuAnswer(
  catalogue: MenuCatalogue,
  restaurant: MenuRestaurantRow,
  kind: MenuKind,
  unlocked: string | null,
): MenuAnswer {
  const key = `${restaurant.id}|${kind}|${unlocked ?? ''}`;
  const known = catalogue.answers.get(key);
  if (known) return known;
  const menu = catalogue.kinds.get(kind);
  const stopped = catalogue.stopped.get(restaurant.id);
  const stoppedOptions = catalogue.stoppedOptions.get(restaurant.id);
  // What this restaurant carries of the menu, and the categories that still have a dish.
  const notCarried = catalogue.notCarried.get(restaurant.id);
  const carried = notCarried ? (menu?.dishes ?? []).filter(({ row }) => !notCarried.has(row.id)) : (menu?.dishes ?? []);
  const usedCategories = notCarried ? new Set(carried.map(({ row }) => row.category_id)) : null;
  const answer: MenuResponse = {
    categories: (menu?.categories ?? []).filter((category) => usedCategories?.has(category.id) ?? true),
    dishes: carried.map(({ row, wire }) => ({
      ...wire,
      ...(stoppedOptions
        ? {
            spec: wire.spec.map((option) =>
              stoppedOptions.has(option.specid) ? { ...option, disabled: 1 as const } : option,
            ),
          }
        : {}),
      allowed: !stopped?.has(row.id),
      is_locked: flag(row.is_locked && (unlocked === null || row.lock_code !== unlocked)),
    })),
    stories: [],
    lock_code: unlocked,
    stop_text: catalogue.stopText,
    // Last, so that a booking's minimum can be written in place of null (see answerWithMinimum).
    min_sum: null,
  };
  const json = JSON.stringify(answer);
  const first = categorySections(answer)[0]?.dishes[0];
  const built: MenuAnswer = {
    body: new JsonText(json, { cached: true }),
    firstPhoto: first ? cardPhoto(first) : '',
    etag: etagOf(json),
    head: json.slice(0, -MIN_SUM_TAIL.length),
  };
  catalogue.answers.set(key, built);
  return built;
}

function answerWithMinimum(answer: MenuAnswer, minSum: number | null): { body: JsonText; etag: string } {
  if (minSum === null) return answer;
  return { body: new JsonText(`${answer.head}${minSum}}`), etag: `${answer.etag.slice(0, -1)}-${minSum}"` };
}

/**
 * The menu call (SPEC 7): the restaurant's menu of the kind asked, with its stop list
 * (allowed false), locked dishes opened by the right lock code (SPEC 4), and a booking's
 * minimum (SPEC 5). Answers come from a copy kept per catalogue version (VersionedCache: at
 * most a version read per request), plus the session and booking lookups with booking_num,
 * and with a lock code one count of the try (and its give-back for a right code).
 */
export class MenuService {
  readonly #cache: VersionedCache<MenuCatalogue>;

  private readonly db: Kysely<Database>;

  constructor(database: DatabaseHandle) {
    this.db = database.db;
    this.#cache = new VersionedCache(database, async (trx) => buildMenuCatalogue(await loadMenuRows(trx)));
  }

  /**
   * `user`: the guest signed in by the call's registration — only with booking_num, whose
   * session is proven (401) before anything is looked up (issue 11 point 8; the contract's
   * credentials of the menu call). The menu is public otherwise: a bare user_id is the client's
   * word, not a guest.
   */
  async menu(body: MenuRequestBody, clientIp: string, user: UserRow | null): Promise<{ body: JsonText; etag: string }> {
    const catalogue = await this.#cache.current();
    const restaurant = catalogue.restaurants.get(body.fs_uid);
    if (!restaurant) throw notFound(RESTAURANT_NOT_FOUND_MESSAGE, 'restaurant_not_found');
    const kind = MENU_KIND_BY_IS_SHOP[body.is_shop];
    const refusal = menuRefusal(restaurant, body.order_type, kind);
    if (refusal) throw refusal;

    const unlocked = await this.#unlockedCode(catalogue, restaurant, body.lock_code, {
      ip: clientIp,
      userId: user?.id ?? null,
    });
    const minSum =
      body.booking_num && user
        ? (await liveBookingTerms(this.db, body.booking_num, { restaurantId: restaurant.id, userId: user.id })).min_sum
        : null;
    return answerWithMinimum(menuAnswer(catalogue, restaurant, kind, unlocked), minSum);
  }

  /**
   * What the page the server serves at /menu/{restoran id or fs_uid}/{order_type} preloads (issue
   * 18): the public menu (restaurantPublicMenu) the menu screen opens with, and the picture of its
   * first card ('' for none); null when that screen will not ask it (a menu the menu call
   * refuses). The restaurant is read as the app reads the route (restaurantOfMenuRoute); the menu
   * is the one the screen shows first (shownMenuKind).
   */
  async menuPageAnswers(idOrFsUid: string, orderType: OrderType): Promise<{ menu: string; firstPhoto: string } | null> {
    const catalogue = await this.#cache.current();
    const restaurant = restaurantOfMenuRoute(catalogue.restaurants.values(), idOrFsUid);
    if (!restaurant) return null;
    const isShop = shownMenuKind(0, restaurant.menu_kinds);
    const kind = MENU_KIND_BY_IS_SHOP[isShop];
    if (menuRefusal(restaurant, orderType, kind)) return null;
    return {
      menu: publicMenuPath(restaurant.fs_uid, orderType, isShop),
      firstPhoto: menuAnswer(catalogue, restaurant, kind, null).firstPhoto,
    };
  }

  /**
   * The lock code when it opens a dish of any menu this restaurant offers, else null; every try
   * goes through the one lock-code counter. Any kind, not only the one asked: the app keeps one
   * code (SPEC 3 lockCode) and sends it with every menu it loads — the cart reloads the
   * restaurant menu with the code of a bar dish — and a right code must never count as a guess
   * (issue 11, second read). The answer then opens the dishes of the asked kind it fits, if any.
   */
  async #unlockedCode(
    catalogue: MenuCatalogue,
    restaurant: MenuRestaurantRow,
    lockCode: string | null | undefined,
    client: LockCodeClient,
  ) {
    const code = lockCode?.trim();
    if (!code) return null;
    const right = restaurant.menu_kinds.some((kind) => catalogue.kinds.get(kind)?.lockCodes.has(code) ?? false);
    await checkLockCodeTry(this.db, client, right);
    return right ? code : null;
  }
}

/** Why the menu call refuses a restaurant's menu (SPEC 3 active, the order types it takes, its menus), or null. */
function menuRefusal(restaurant: MenuRestaurantRow, orderType: OrderType, kind: MenuKind): AppError | null {
  if (!restaurant.active) return conflict(RESTAURANT_INACTIVE_MESSAGE, 'restaurant_inactive');
  if (!takesOrderType(restaurant, orderType))
    return conflict(ORDER_TYPE_NOT_OFFERED_MESSAGES[orderType], 'order_type_not_offered');
  if (!restaurant.menu_kinds.includes(kind)) return notFound(MENU_NOT_OFFERED_MESSAGE[kind], 'menu_not_offered');
  return null;
}

function takesOrderType(restaurant: MenuRestaurantRow, orderType: OrderType): boolean {
  switch (orderType) {
    case 'inrest':
      return restaurant.delivery_rest;
    case 'self':
      return restaurant.delivery_self;
    case 'delivery':
      return restaurant.delivery_courier;
  }
}
