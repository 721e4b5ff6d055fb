import type { OrderView } from '@chain/contract';
import { formatMoney, paidText } from '@chain/domain';
import type { PaymentRouteState } from '../../state/navigation';
import { routePath } from '../../state/navigation';

/*
 * What Мои заказы and the order page show of an order (SPEC 2 Orders, SPEC 3 Order, SPEC 4):
 * pure functions over the contract's order, tested without rendering.
 */

/**
 * A list card's name for screen readers: everything the card shows, in reading order, with
 * commas (the visible texts are all in it, so a voice command naming them finds the link).
 */
export function orderCardLabel(
  order: Pick<OrderView, 'znumber' | 'time_text' | 'sum' | 'status_text' | 'paid'>,
): string {
  const parts = [`Заказ ${order.znumber}`, order.time_text, formatMoney(order.sum), order.status_text];
  // «Оплачен» is already the status text of a paid order the restaurant has not accepted yet.
  if (order.status_text !== paidText(order.paid)) parts.push(paidText(order.paid).toLowerCase());
  return parts.join(', ');
}

/** What a live `status` event carries (the contract's orderStatusEvent): the fields of the order that move. */
export type StatusFields = Pick<
  OrderView,
  'id' | 'status' | 'status_text' | 'status_color' | 'paid' | 'progressBarData' | 'tips_id' | 'refunding'
>;

/** The order with a live `status` event's fields put in. */
export function withStatus(order: OrderView, update: StatusFields): OrderView {
  return {
    ...order,
    status: update.status,
    status_text: update.status_text,
    status_color: update.status_color,
    paid: update.paid,
    progressBarData: update.progressBarData,
    tips_id: update.tips_id,
    refunding: update.refunding,
  };
}

/** The order page's title: «Заказ К-017». */
export function orderTitle(order: Pick<OrderView, 'znumber'> | null): string {
  return order ? `Заказ ${order.znumber}` : 'Заказ';
}

/** When the guest gets it: the chosen date and time, or «По готовности» (SPEC 2 Cart pickup time). */
export function orderWhenText(order: Pick<OrderView, 'props' | 'as_ready'>): string {
  const chosen = [order.props.deliveryDate, order.props.deliveryTime].filter((part) => part.trim() !== '').join(' ');
  return order.as_ready === 1 || order.props.deliveryTime.trim() === '' ? 'По готовности' : chosen;
}

/** Where: the table for an in-restaurant order, the address for delivery, nothing for pickup. */
export function orderPlaceText(
  order: Pick<OrderView, 'type' | 'table' | 'address'>,
): { label: string; value: string } | null {
  if (order.type === 'delivery' && order.address.trim() !== '')
    return { label: 'Адрес доставки', value: order.address };
  if (order.type === 'inrest' && order.table.trim() !== '') return { label: 'Стол', value: order.table };
  return null;
}

export interface SumRow {
  readonly label: string;
  readonly value: string;
  readonly total?: boolean;
}

/**
 * The sums under the basket: the dishes, then cutlery, recommended items, discount (or markup)
 * and delivery when they are not zero, then the total.
 */
export function orderSumRows(order: Pick<OrderView, 'sums' | 'discountPercent' | 'type'>): SumRow[] {
  const { sums } = order;
  const rows: SumRow[] = [{ label: 'Блюда', value: formatMoney(sums.items) }];
  if (sums.cutlery !== 0) rows.push({ label: 'Приборы', value: formatMoney(sums.cutlery) });
  if (sums.recommended !== 0) rows.push({ label: 'Рекомендуем', value: formatMoney(sums.recommended) });
  if (sums.discount !== 0) {
    const percent = order.discountPercent !== 0 ? ` ${Math.abs(order.discountPercent)}%` : '';
    rows.push(
      sums.discount > 0
        ? { label: `Скидка${percent}`, value: `−${formatMoney(sums.discount)}` }
        : { label: `Наценка${percent}`, value: `+${formatMoney(-sums.discount)}` },
    );
  }
  if (sums.delivery !== 0 || order.type === 'delivery')
    rows.push({ label: 'Доставка', value: formatMoney(sums.delivery) });
  rows.push({ label: 'Итого', value: formatMoney(sums.total), total: true });
  return rows;
}

/** What /payment receives to pay this order later, its back button leading here (SPEC 2 Payment). */
export function payLaterState(order: Pick<OrderView, 'id' | 'znumber' | 'sum'>): PaymentRouteState {
  return {
    orderId: String(order.id),
    orderNum: order.znumber,
    orderSum: order.sum,
    navback: routePath('orderDetail', { id: order.id }),
  };
}

/** The accessible sentence a live status change is announced with, once per change. */
export function statusAnnouncement(order: Pick<OrderView, 'status_text' | 'progressBarData'>): string {
  const text = order.progressBarData.text.trim();
  return text === '' ? `Статус заказа: ${order.status_text}.` : `Статус заказа: ${order.status_text}. ${text}`;
}
