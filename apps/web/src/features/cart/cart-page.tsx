import { ShoppingBasket } from 'lucide-react';
import { useQuery } from '../../api/query-cache';
import { restaurantListQuery } from '../../api/restaurants';
import { useCartState, useGuestState } from '../../state/store';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';
import { EMPTY_CART_TEXT } from './cart-model';
import { cartTitle, isPreorder } from './cart-title';
import { CartLoading } from './cart-loading';
import { CartView } from './cart-view';
import { useCartExtras } from './use-cart-extras';
import { useCartMenu } from './use-cart-menu';
import './cart-page.css';
import { useMenuFollowsCatalogue } from '../../api/menu-events';

/**
 * SPEC 2 Cart (/cart): lines, cutlery, pickup time, e-mail, coupon, pay method, totals and the pay
 * button (cart-view.tsx), once the cart's restaurant and its menu are known; empty or loading till then.
 */
export default function CartPage() {
  // A dish stopped while the guest looks at the cart shows as unavailable at once (issue 17).
  useMenuFollowsCatalogue();
  const orderType = useCartState((state) => state.orderType);
  const lines = useCartState((state) => state.cart);
  const restaurantId = useCartState((state) => state.cartRestaurantId ?? state.restaurant?.id ?? null);
  const list = useQuery(restaurantListQuery);
  const restaurant =
    list.status === 'ready' && restaurantId !== null
      ? (list.data.find((entry) => String(entry.id) === restaurantId) ?? null)
      : null;
  const menu = useCartMenu(restaurant);
  // Asked beside the restaurant list and the menu, not after them (issue 18: one round trip less
  // before the cart shows).
  const user = useGuestState((state) => state.user);
  const extras = useCartExtras(orderType ?? 'self', restaurantId, lines, user);
  const preorder = useCartState((state) => isPreorder(state.checkout));

  if (lines.length === 0 || restaurantId === null) {
    return (
      <Screen title={cartTitle(orderType, preorder)} back>
        <EmptyState
          icon={<ShoppingBasket />}
          title="Корзина пуста"
          text={EMPTY_CART_TEXT}
          action={
            <LinkButton href="/" variant="secondary" block>
              На главную
            </LinkButton>
          }
        />
      </Screen>
    );
  }
  if (!restaurant || !menu) return <CartLoading title={cartTitle(orderType, preorder)} />;
  return <CartView restaurant={restaurant} dishes={menu} lines={lines} extras={extras} />;
}
