import type { StaffOrder } from '@chain/contract';
import { ORDER_STATUS, orderTypeTitle, withinBoardLimits } from '@chain/domain';

/** The board's columns, left to right, and which statuses each holds. */
export const BOARD_COLUMNS = [
  { id: 'new', title: 'Новые', statuses: [ORDER_STATUS.awaitingPayment, ORDER_STATUS.accepted] },
  { id: 'cooking', title: 'Готовятся', statuses: [ORDER_STATUS.cooking] },
  { id: 'ready', title: 'Готовы', statuses: [ORDER_STATUS.ready] },
  { id: 'done', title: 'Завершены', statuses: [ORDER_STATUS.done, ORDER_STATUS.cancelled] },
] as const;

export type BoardColumnId = (typeof BOARD_COLUMNS)[number]['id'];

/** Minutes after which an order not yet ready turns amber, then red (docs/design.md Staff: colour for lateness). */
export const LATE_AMBER_MINUTES = 15;
export const LATE_RED_MINUTES = 25;

/** The button's words for a move to a status, by order type. */
export function moveLabel(to: number, type: StaffOrder['type']): string {
  switch (to) {
    case ORDER_STATUS.accepted:
      return 'Принять';
    case ORDER_STATUS.cooking:
      return 'Готовить';
    case ORDER_STATUS.ready:
      return type === 'delivery' ? 'Передать курьеру' : 'Готов';
    case ORDER_STATUS.done:
      return type === 'delivery' ? 'Доставлен' : 'Выдан';
    case ORDER_STATUS.cancelled:
      return 'Отменить';
    default:
      return String(to);
  }
}

export function columnOf(order: Pick<StaffOrder, 'status'>): BoardColumnId {
  return BOARD_COLUMNS.find((column) => (column.statuses as readonly number[]).includes(order.status))?.id ?? 'new';
}

/**
 * How long the order has waited, in whole minutes: since it was placed, or, for an order for a
 * chosen time, since that time (a pre-order is not late before it is due; negative: due later).
 */
export function waitedMinutes(order: Pick<StaffOrder, 'created_at' | 'due_at'>, now: number): number {
  const from = Date.parse(order.due_at ?? order.created_at);
  return Math.floor((now - from) / 60_000);
}

export type Lateness = 'on-time' | 'amber' | 'red';

/** Lateness of an order the kitchen still owes (not ready, not finished). */
export function latenessOf(order: Pick<StaffOrder, 'created_at' | 'due_at' | 'status'>, now: number): Lateness {
  if (order.status >= ORDER_STATUS.ready) return 'on-time';
  const waited = waitedMinutes(order, now);
  if (waited >= LATE_RED_MINUTES) return 'red';
  if (waited >= LATE_AMBER_MINUTES) return 'amber';
  return 'on-time';
}

/**
 * An order arriving by the stream: replaces the one of its id, or joins the board; newest first,
 * each part within the server's bounds (BOARD_LIMITS, issue 30.1), so a tablet open all shift
 * holds no more unpaid orders than a fresh board shows and a flood of them pushes off only the
 * oldest unpaid ones, never the kitchen's work.
 */
export function mergeOrder(orders: readonly StaffOrder[], order: StaffOrder): StaffOrder[] {
  const others = orders.filter((candidate) => candidate.id !== order.id);
  return withinBoardLimits(
    [order, ...others].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id),
  );
}

/** «Зал, стол 7», «Зал, стол не указан», «Киоск, стол 3», else the type's name: «Самовывоз», «Доставка курьером». */
export function placeText(order: Pick<StaffOrder, 'type' | 'table' | 'kiosk'>): string {
  if (order.type === 'inrest')
    return `${order.kiosk ? 'Киоск' : 'Зал'}, ${order.table ? `стол ${order.table}` : 'стол не указан'}`;
  return orderTypeTitle(order.type);
}
