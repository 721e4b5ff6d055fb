import { type OrderType, orderTypeTitle } from '@chain/domain';

/** SPEC 2 Cart: the title names the order type; «Корзина» before one is chosen. */
export function cartTitle(orderType: OrderType | null, preorder = false): string {
  return orderType === null ? 'Корзина' : orderTypeTitle(orderType, preorder);
}

/**
 * An in-restaurant order is a pre-order while it has no table yet (the guest chose «scan later»
 * and orders ahead) or is set for a later time.
 */
export function isPreorder(checkout: { readonly table: string; readonly deliveryDateTime: unknown }): boolean {
  return checkout.table.trim() === '' || checkout.deliveryDateTime !== null;
}
