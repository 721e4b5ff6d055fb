import { useSyncExternalStore } from 'react';
import { type IsShop, LOCK_CODE_ATTEMPTS_ERROR, type MenuResponse, restaurantMenu } from '@chain/contract';
import type { OrderType } from '../state/app-store';
import { type ApiClient, ApiError, REQUEST_FAILED_MESSAGE, apiPost } from './client';

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
}

export type MenuSnapshot =
  | { readonly status: 'idle'; readonly query: null; readonly menu: null; readonly error: null }
  | { readonly status: 'loading'; readonly query: MenuQuery; readonly menu: null; readonly error: null }
  | { readonly status: 'ready'; readonly query: MenuQuery; readonly menu: MenuResponse; readonly error: null }
  | { readonly status: 'error'; readonly query: MenuQuery; readonly menu: null; readonly error: ApiError };

const IDLE: MenuSnapshot = { status: 'idle', query: null, menu: null, error: null };

function sameQuery(a: MenuQuery | null, b: MenuQuery): boolean {
  return (
    a !== null &&
    a.restaurantId === b.restaurantId &&
    a.fsUid === b.fsUid &&
    a.orderType === b.orderType &&
    a.isShop === b.isShop &&
    a.lockCode === b.lockCode &&
    a.userId === b.userId
  );
}

function requestBody(query: MenuQuery) {
  return {
    is_shop: query.isShop,
    fs_uid: query.fsUid,
    order_type: query.orderType,
    ver: 4,
    ...(query.userId ? { user_id: query.userId } : {}),
    ...(query.lockCode ? { lock_code: query.lockCode } : {}),
  };
}

/**
 * The menu of this visit: the last one asked for, kept in memory so the product screen reads the
 * dishes the menu screen showed (SPEC 2). A new query (another restaurant, menu kind or lock
 * code) replaces it; only the answer of the latest query is kept.
 */
export function createMenuSource(post: ApiClient['post']) {
  let snapshot: MenuSnapshot = IDLE;
  let pending: { query: MenuQuery; promise: Promise<MenuResponse> } | null = null;
  const listeners = new Set<() => void>();

  const publish = (next: MenuSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  function load(query: MenuQuery): Promise<MenuResponse> {
    if (pending && sameQuery(pending.query, query)) return pending.promise;
    publish({ status: 'loading', query, menu: null, error: null });
    const ask = (asked: MenuQuery) => post(restaurantMenu.path, requestBody(asked), restaurantMenu.response);
    const answered = ask(query).catch((cause: unknown) => {
      // A stored code the server no longer weighs (this address's wrong codes have spent the
      // allowance, issue 11): the menu without it, which answers lock_code null, so the menu
      // screen forgets the code (SPEC 3) instead of the guest losing the whole menu.
      if (query.lockCode && cause instanceof ApiError && cause.code === LOCK_CODE_ATTEMPTS_ERROR) return ask({ ...query, lockCode: '' });
      throw cause;
    });
    const promise = answered.then(
      (menu) => {
        if (pending?.promise === promise) {
          pending = null;
          publish({ status: 'ready', query, menu, error: null });
        }
        return menu;
      },
      (cause: unknown) => {
        const error =
          cause instanceof ApiError ? cause : new ApiError(REQUEST_FAILED_MESSAGE, 'network', null, null, null, { cause });
        if (pending?.promise === promise) {
          pending = null;
          publish({ status: 'error', query, menu: null, error });
        }
        throw error;
      },
    );
    pending = { query, promise };
    return promise;
  }

  return {
    load,
    /**
     * SPEC 4 locked dishes: asks this menu again with the code. When the code unlocked it (the
     * answer names it in lock_code) that menu becomes the current one and is returned; a wrong
     * code returns null and changes nothing. Failures (429 after many wrong codes) are thrown.
     */
    unlock: async (query: MenuQuery, code: string): Promise<MenuResponse | null> => {
      const unlocked = { ...query, lockCode: code };
      const menu = await post(restaurantMenu.path, requestBody(unlocked), restaurantMenu.response);
      if (menu.lock_code !== code) return null;
      pending = null;
      publish({ status: 'ready', query: unlocked, menu, error: null });
      return menu;
    },
    /** Loads unless this query's menu is here or on its way; errors are in the snapshot, not thrown. */
    ensureLoaded: (query: MenuQuery): void => {
      if (sameQuery(snapshot.query, query)) return;
      load(query).catch(() => undefined);
    },
    /** Asks again after an error (the retry button). */
    retry: (): void => {
      if (snapshot.query) load(snapshot.query).catch(() => undefined);
    },
    getSnapshot: (): MenuSnapshot => snapshot,
    subscribe: (listener: () => void): (() => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type MenuSource = ReturnType<typeof createMenuSource>;

export const menuSource = createMenuSource((path, body, schema, options) => apiPost(path, body, schema, options));

/** The menu of this visit: idle, loading, ready or error. */
export function useMenu(source: MenuSource = menuSource): MenuSnapshot {
  return useSyncExternalStore(source.subscribe, source.getSnapshot, source.getSnapshot);
}
