import { type DishIndex, hasShopItem } from './cart';
import type { LineChoice } from './cart-lines';
import { formatAmount } from './money';
import type { OrderType } from './order-type';
import type { Kopecks } from './units';
import type { DeliveryZone } from './zone';

/** A restaurant minimum: one sum for every order type, or one per order type (SPEC 3). */
export type PerOrderType = Kopecks | Partial<Record<OrderType, Kopecks>>;

/** The restaurant fields the minimum sum reads (SPEC 3); missing means no minimum. */
export interface MinimumSumRestaurant {
  readonly minOrderSum?: PerOrderType | null;
  readonly minOrderSumShop?: PerOrderType | null;
}

/** Why the cart button is hidden (SPEC 5). */
export type CartButtonBlock = 'empty' | 'purchase-not-allowed' | 'below-minimum' | 'unavailable-items';

/** Whether the cart button shows, and otherwise the reason and the message to show, if any (SPEC 5; decided by quoteCheckout). */
export type CartButtonState =
  { readonly show: true } | { readonly show: false; readonly reason: CartButtonBlock; readonly message: string | null };

function forOrderType(value: PerOrderType | null | undefined, orderType: OrderType): Kopecks {
  if (typeof value === 'number') return value;
  return value?.[orderType] ?? 0;
}

// Delivery reads the zone (shop or restaurant variant); other types, and delivery before a zone is
// known, read the restaurant by order type; the shop variant applies when any line is a shop
// item; for inrest a booking's min_sum applies when larger.
/** The minimum order sum in kopecks for the order type, zone, shop items and booking (SPEC 5). */
export function minimumOrderSum(input: {
  readonly orderType: OrderType;
  readonly lines: readonly LineChoice[];
  readonly dishes: DishIndex;
  readonly restaurant: MinimumSumRestaurant;
  readonly zone?: Pick<DeliveryZone, 'minordersum_rest' | 'minordersum_shop'> | null;
  readonly booking?: { readonly min_sum: Kopecks } | null;
}): Kopecks {
  const { orderType, restaurant, zone, booking } = input;
  const shop = hasShopItem(input.lines, input.dishes);
  const base =
    orderType === 'delivery' && zone
      ? shop
        ? zone.minordersum_shop
        : zone.minordersum_rest
      : forOrderType(shop ? restaurant.minOrderSumShop : restaurant.minOrderSum, orderType);
  return orderType === 'inrest' && booking ? Math.max(base, booking.min_sum) : base;
}

/** 'Минимальная сумма заказа[ без учета стоимости доставки]: 500,00 руб.' for a kopeck minimum (SPEC 5). */
export function minimumSumMessage(minimum: Kopecks, hasDeliveryCost: boolean): string {
  const label = hasDeliveryCost ? 'Минимальная сумма заказа без учета стоимости доставки' : 'Минимальная сумма заказа';
  return `${label}: ${formatAmount(minimum)} руб.`;
}
