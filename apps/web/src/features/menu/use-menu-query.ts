import { useEffect, useMemo } from 'react';
import {
  type IsShop,
  type MenuResponse,
  restaurantOfMenuRoute,
  type RestaurantListResponse,
  type RestaurantWire,
  shownMenuKind,
} from '@chain/contract';
import { type MenuQuery, menuQuery } from '../../api/menu';
import { type QueryState, useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { asOrderType, type OrderType } from '@chain/domain';
import { cartStore, useCartState, useGuestState } from '../../state/store';

export interface MenuTarget {
  readonly list: QueryState<void, RestaurantListResponse>;
  /**
   * The restaurant id of the route (its id or, SPEC 2's other reading, its fs_uid: the id once the
   * list resolves it), or of the client state for /menu_list; null when neither has one.
   */
  readonly restaurantId: string | null;
  readonly orderType: OrderType;
  /** The restaurant from the list (for fs_uid, names and menuKinds); null while loading or when unknown. */
  readonly restaurant: RestaurantWire | null;
  /** The menu kind asked for: the requested one when the restaurant offers it, else its first. */
  readonly isShop: IsShop;
  /** What to ask the menu call; null until the restaurant is known. */
  readonly query: MenuQuery | null;
  /** The menu of that query (idle while it is null). */
  readonly menu: QueryState<MenuQuery, MenuResponse>;
}

/**
 * Resolves the menu screen's restaurant (route id → fs_uid through the cached restaurant list)
 * and makes it the current restaurant and order type of the client state (SPEC 4: another
 * restaurant empties the cart), then asks for its menu of the chosen kind.
 */
export function useMenuTarget(
  routeRestaurantId: string | undefined,
  routeOrderType: string | undefined,
  requestedKind: IsShop,
): MenuTarget {
  const list = useQuery(restaurantListQuery);
  const stateRestaurantId = useCartState((state) => state.restaurant?.id ?? null);
  const stateOrderType = useCartState((state) => state.orderType);
  const lockCode = useGuestState((state) => state.lockCode);
  const userId = useGuestState((state) => (state.user.authorized && state.user.id ? state.user.id : null));
  const token = useGuestState((state) => (state.user.authorized ? state.user.password : null));
  const deliveryDateTime = useCartState((state) => state.checkout.deliveryDateTime);
  const bookingNum = useCartState((state) => state.checkout.booking?.num ?? null);

  const routeOrStateId = routeRestaurantId ?? stateRestaurantId;
  const orderType = asOrderType(routeOrderType) ?? stateOrderType ?? 'self';
  const restaurant =
    list.status === 'ready' && routeOrStateId !== null ? restaurantOfMenuRoute(list.data, routeOrStateId) : null;
  const restaurantId = restaurant ? String(restaurant.id) : routeOrStateId;

  const isShop = restaurant ? shownMenuKind(requestedKind, restaurant.menuKinds) : requestedKind;

  useEffect(() => {
    if (!restaurant) return;
    const state = cartStore.getState();
    const current = state.restaurant;
    if (
      current?.id !== String(restaurant.id) ||
      current.name !== restaurant.name ||
      current.nameShort !== restaurant.nameShort
    ) {
      state.setRestaurant({ id: String(restaurant.id), name: restaurant.name, nameShort: restaurant.nameShort });
    }
    if (state.orderType !== orderType) state.setOrderType(orderType);
  }, [restaurant, orderType]);

  const fsUid = restaurant?.fs_uid ?? null;
  const query = useMemo<MenuQuery | null>(
    () =>
      fsUid && restaurantId
        ? {
            restaurantId,
            fsUid,
            orderType,
            isShop,
            lockCode,
            userId,
            deliveryDateTime,
            ...(orderType === 'inrest' && bookingNum ? { bookingNum, token } : {}),
          }
        : null,
    [restaurantId, fsUid, orderType, isShop, lockCode, userId, deliveryDateTime, bookingNum, token],
  );

  const menu = useQuery(menuQuery, query);

  return { list, restaurantId, orderType, restaurant, isShop, query, menu };
}
