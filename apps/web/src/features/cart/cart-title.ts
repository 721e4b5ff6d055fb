import type { OrderType } from '@chain/domain';

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

/**
 * An in-restaurant order is a pre-order while it has no table yet (the guest chose «scan later»
 * and orders ahead) or is set for a later time.
 */
export function isPreorder(checkout: { readonly table: string; readonly deliveryDateTime: unknown }): boolean {
  return checkout.table.trim() === '' || checkout.deliveryDateTime !== null;
}
