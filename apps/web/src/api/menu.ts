import { useSyncExternalStore } from 'react';
import {
  type CallInput,
  type IsShop,
  LOCK_CODE_ATTEMPTS_ERROR,
  type MenuResponse,
  restaurantMenu,
  restaurantPublicMenu,
} from '@chain/contract';
import type { OrderType } from '@chain/domain';
import type { Checkout } from '../state/cart-store';
import { type ApiClient, ApiError, call } from './client';
import { createQuery, type Query, type QueryState } from './query-cache';

/** What the menu call is asked for (SPEC 7 menu call, ver 4). */
export interface MenuQuery {
  /** The restaurant id of the route and the client state. */
  readonly restaurantId: string;
  readonly fsUid: string;
  readonly orderType: OrderType;
  /** 0 restaurant, 1 shop, 2 bar (SPEC 2 toggle). */
  readonly isShop: IsShop;
  /** SPEC 3 lockCode; '' for none. */
  readonly lockCode: string;
  readonly userId: string | null;
  /**
   * SPEC 3 Delivery date/time props, sent as delivery_datetime_props (SPEC 7) with a delivery
   * menu (chosen on /delivery_time) and an inrest one for a time (Предзаказ, Отложенный заказ, a
   * booking). Not part of the key: the server's menu does not depend on it (the contract's
   * menuRequest), so another time is the same answer; make it part of the key the day the server
   * answers per time.
   */
  readonly deliveryDateTime?: Checkout['deliveryDateTime'];
  /**
   * An inrest order from a booking (SPEC 4): its number goes as booking_num with the guest's
   * user_id and token, and the answer's min_sum is the booking's minimum. Part of the key.
   */
  readonly bookingNum?: string | null;
  /** The signed-in guest's session token, sent only with bookingNum (the contract reads it only then). */
  readonly token?: string | null;
}

/** The menu cache's key: every field of the query that changes the answer (another lock code or guest is another menu). */
function menuKey(query: MenuQuery): string {
  return JSON.stringify([
    query.restaurantId,
    query.fsUid,
    query.orderType,
    query.isShop,
    query.lockCode,
    query.userId,
    query.bookingNum ?? null,
  ]);
}

function requestBody(query: MenuQuery): CallInput<typeof restaurantMenu> {
  return {
    is_shop: query.isShop,
    fs_uid: query.fsUid,
    order_type: query.orderType,
    ver: 4,
    ...(query.userId ? { user_id: query.userId } : {}),
    ...(query.lockCode ? { lock_code: query.lockCode } : {}),
    ...(query.orderType !== 'self' && query.deliveryDateTime
      ? { delivery_datetime_props: { ...query.deliveryDateTime } }
      : {}),
    ...(query.orderType === 'inrest' && query.bookingNum && query.userId && query.token
      ? { booking_num: query.bookingNum, token: query.token }
      : {}),
  };
}

export interface MenuCache {
  /**
   * The menu of this visit: the last one asked for, kept in memory so the product screen reads
   * the dishes the menu screen showed (SPEC 2). A new query (another restaurant, menu kind or lock
   * code) replaces it; only the answer of the latest query is kept.
   */
  readonly query: Query<MenuQuery, MenuResponse>;
  /**
   * SPEC 4 locked dishes: asks this menu again with the code. When the code unlocked it (the
   * answer names it in lock_code) that menu becomes the current one and is returned; a wrong
   * code returns null and changes nothing. Failures (429 after many wrong codes) are thrown.
   */
  readonly unlock: (query: MenuQuery, code: string) => Promise<MenuResponse | null>;
}

/**
 * Whether the menu asked is the public one: no lock code, no booking and no chosen time (the
 * guest's id does not change the answer, the contract's menuRequest). Such a menu is asked by its
 * URL (restaurantPublicMenu), which the server's page of the menu screen preloads; a menu for a
 * time goes to the menu call with its delivery_datetime_props (SPEC 7, issue 16).
 */
export function isPublicMenu(query: MenuQuery): boolean {
  const body = requestBody(query);
  return body.lock_code === undefined && body.booking_num === undefined && body.delivery_datetime_props === undefined;
}

export function createMenuCache(send: ApiClient['call']): MenuCache {
  const ask = (query: MenuQuery) =>
    isPublicMenu(query)
      ? send(restaurantPublicMenu, {
          params: { fs_uid: query.fsUid, order_type: query.orderType, is_shop: query.isShop },
        })
      : send(restaurantMenu, requestBody(query));
  const query = createQuery<MenuQuery, MenuResponse>({
    key: menuKey,
    keep: 1,
    load: (asked) =>
      ask(asked).catch((cause: unknown) => {
        // A stored code the server no longer weighs (this address's wrong codes have spent the
        // allowance, issue 11): the menu without it, which answers lock_code null, so the menu
        // screen forgets the code (SPEC 3) instead of the guest losing the whole menu.
        if (asked.lockCode && cause instanceof ApiError && cause.code === LOCK_CODE_ATTEMPTS_ERROR)
          return ask({ ...asked, lockCode: '' });
        throw cause;
      }),
  });
  return {
    query,
    unlock: async (current, code) => {
      const unlocked = { ...current, lockCode: code };
      const menu = await ask(unlocked);
      if (menu.lock_code !== code) return null;
      query.set(unlocked, menu);
      return menu;
    },
  };
}

export const { query: menuQuery, unlock: unlockMenu } = createMenuCache(call);

/** The menu of this visit (the one asked for last): idle, loading, ready or error. */
export function useCurrentMenu(): QueryState<MenuQuery, MenuResponse> {
  return useSyncExternalStore(menuQuery.subscribe, menuQuery.latest, menuQuery.latest);
}
