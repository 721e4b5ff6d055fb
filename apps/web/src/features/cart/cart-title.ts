import type { OrderType } from '../../state/app-store';

/** SPEC 2 Cart: the title names the order type. */
export function cartTitle(orderType: OrderType | null, preorder = false): string {
  switch (orderType) {
    case 'self':
      return 'Самовывоз';
    case 'delivery':
      return 'Доставка курьером';
    case 'inrest':
      return preorder ? 'Предзаказ в заведении' : 'Заказ в заведении';
    default:
      return 'Корзина';
  }
}
