import { TABLE_ORDER_UNAVAILABLE_MESSAGE } from './messages';

/** The three order types (SPEC 1, 2): the one list the contract's enums and the apps' checks read. */
export const ORDER_TYPES = ['inrest', 'self', 'delivery'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** The order types an order for later (Отложенный заказ, SPEC 2, 4) can be: a pickup or an order at a table, in the order offered. */
export const LATER_ORDER_TYPES = ['self', 'inrest'] as const satisfies readonly OrderType[];
export type LaterOrderType = (typeof LATER_ORDER_TYPES)[number];

/** The order type a route parameter or a stored value names, or null. */
export function asOrderType(value: unknown): OrderType | null {
  return ORDER_TYPES.find((type) => type === value) ?? null;
}

/**
 * The order type's name in SPEC 2 Cart's titles, the one set of words for it everywhere: the
 * cart's title, the order page, the receipt and the staff board.
 */
export const ORDER_TYPE_TITLES: Readonly<Record<OrderType, string>> = {
  inrest: 'Заказ в заведении',
  self: 'Самовывоз',
  delivery: 'Доставка курьером',
};

/** SPEC 2 Cart's title of an in-restaurant order made ahead (without a table yet, or for a later time). */
export const PREORDER_TITLE = 'Предзаказ в заведении';

/** The order type's name (SPEC 2 Cart titles); an in-restaurant pre-order is «Предзаказ в заведении». */
export function orderTypeTitle(type: OrderType, preorder = false): string {
  return type === 'inrest' && preorder ? PREORDER_TITLE : ORDER_TYPE_TITLES[type];
}

/**
 * Whether the chain delivers (SPEC 3 Settings `delivery`: 0 switches courier delivery off for
 * every restaurant). Until the settings are known it is assumed, so the app shows nothing jumping.
 */
export function chainDelivers(settings: { delivery: number } | null): boolean {
  return settings?.delivery !== 0;
}

/** order/create and order/delivery while the chain's delivery is switched off (Settings `delivery` 0). */
export const DELIVERY_OFF_MESSAGE = 'Доставка сейчас недоступна. Выберите самовывоз или заказ в заведении.';

/** The refusal when a restaurant does not take this order type (the table one is SPEC 8's). */
export const ORDER_TYPE_NOT_OFFERED_MESSAGES: Readonly<Record<OrderType, string>> = {
  inrest: TABLE_ORDER_UNAVAILABLE_MESSAGE,
  self: 'Этот ресторан не принимает заказы на самовывоз.',
  delivery: 'Этот ресторан не доставляет заказы курьером.',
};
