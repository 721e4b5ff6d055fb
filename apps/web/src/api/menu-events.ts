import { useEffect } from 'react';
import { EVENT_STREAM_KEEP_ALIVE_MS, menuEventsCall, restaurantList } from '@chain/contract';
import { call } from './client';
import { followLiveStream, type VisibilitySource } from './live-stream';
import { menuQuery } from './menu';
import { restaurantListQuery } from './restaurants';

/**
 * Keeps the guest's open menu current (issue 17): the catalogue's version arrives by a live
 * stream (GET /api/v1/menu/events) the moment a restaurant stops a dish or an option; a version
 * other than the one the menu was loaded under asks the menu again, so a stopped dish shows as
 * unavailable within a moment on the menu and in the cart. The first event only sets the version;
 * after a reconnect the menu is asked again anyway (a change may have come meanwhile).
 */
export function followCatalogue(
  onChange: () => void,
  options: { fetchImpl?: typeof fetch; document?: VisibilitySource } = {},
): () => void {
  let version: number | null = null;
  return followLiveStream({
    url: menuEventsCall.path,
    keepAliveMs: EVENT_STREAM_KEEP_ALIVE_MS,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    ...(options.document ? { document: options.document } : {}),
    onOpen: (reconnected) => {
      if (reconnected) version = null;
    },
    onEvent: (event) => {
      if (event.event !== 'catalogue') return;
      let next: unknown;
      try {
        next = (JSON.parse(event.data) as { version?: unknown }).version;
      } catch {
        return;
      }
      if (typeof next !== 'number') return;
      const changed = version !== null && next !== version;
      version = next;
      if (changed) onChange();
    },
  });
}

/** For the menu and cart screens while they are open: the current menu is asked again on every catalogue change. */
export function useMenuFollowsCatalogue(): void {
  useEffect(
    () =>
      followCatalogue(() => {
        const latest = menuQuery.latest();
        if (latest.args !== null) menuQuery.refetch(latest.args);
      }),
    [],
  );
}

/**
 * For the maps of zones while they are open (issue 31): the restaurant list, with its zones, asked
 * again on every catalogue change, so a zone drawn, moved or switched off in the back office is
 * drawn and chosen at once. An answer that fails keeps the list shown (the map stays).
 */
export function useRestaurantListFollowsCatalogue(): void {
  useEffect(
    () =>
      followCatalogue(() => {
        call(restaurantList).then(
          (list) => restaurantListQuery.set(undefined, list),
          () => undefined,
        );
      }),
    [],
  );
}
