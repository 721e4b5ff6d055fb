import { ShoppingBasket } from 'lucide-react';
import { useAppState } from '../../state/store';
import { LinkButton } from '../../ui/button';
import { EmptyState } from '../../ui/empty-state';
import { Screen } from '../../ui/screen';
import { SectionPreparing } from '../../ui/section-preparing';
import { cartTitle } from './cart-title';

/** SPEC 2 Cart. */
export default function CartPage() {
  const orderType = useAppState((state) => state.orderType);
  const lines = useAppState((state) => state.cart.length);
  return (
    <Screen title={cartTitle(orderType)} back>
      {lines === 0 ? (
        <EmptyState
          icon={<ShoppingBasket />}
          title="Корзина пуста"
          text="Выберите блюда в меню."
          action={
            <LinkButton href="/" variant="secondary" block>
              На главную
            </LinkButton>
          }
        />
      ) : (
        <SectionPreparing description="Здесь будут блюда заказа, приборы, способ оплаты, купон и итог." />
      )}
    </Screen>
  );
}
