import { useEffect } from 'react';
import type { MenuDish, RestaurantWire } from '@chain/contract';
import { menuQuery, useCurrentMenu } from '../../api/menu';
import { useCartState, useGuestState } from '../../state/store';

/** The dishes of the cart's restaurant: the menu of this visit, asked again after a reload. */
export function useCartMenu(restaurant: RestaurantWire | null): readonly MenuDish[] | null {
  const menu = useCurrentMenu();
  const orderType = useCartState((state) => state.orderType ?? 'self');
  const lockCode = useGuestState((state) => state.lockCode);
  const userId = useGuestState((state) => (state.user.authorized && state.user.id ? state.user.id : null));
  const current = menu.args !== null && restaurant !== null && menu.args.restaurantId === String(restaurant.id);
  useEffect(() => {
    if (!restaurant || current) return;
    menuQuery.ensure({
      restaurantId: String(restaurant.id),
      fsUid: restaurant.fs_uid,
      orderType,
      isShop: 0,
      lockCode,
      userId,
    });
  }, [restaurant, current, orderType, lockCode, userId]);
  return current && menu.status === 'ready' ? menu.data.dishes : null;
}
