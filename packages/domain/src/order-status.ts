import { NO_PROGRESS_STEP, PAID_TEXT } from './order-display';
import type { OrderType } from './order-type';
import { withRefundText, type OrderRefundState } from './refund';

/**
 * The order's status codes and the moves between them (SPEC 3 Order status, SPEC 4 progress
 * bar and pay button). The sandbox kitchen and, later, the staff screen drive the same moves.
 */
export const ORDER_STATUS = {
  awaitingPayment: 10,
  accepted: 20,
  cooking: 30,
  /** ready for pickup / at the table, or on the way for delivery */
  ready: 40,
  done: 50,
  cancelled: 90,
} as const;

export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

const NEXT: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  10: [20, 90],
  20: [30, 90],
  30: [40, 90],
  // Ready or on the way: a manager may still cancel a paid order with its money returned (issue 31).
  40: [50, 90],
  50: [],
  90: [],
};

/** A status's name for messages and the staff's audit log (the guest-facing texts are orderStatusText). */
export function orderStatusName(status: number): string {
  switch (status) {
    case ORDER_STATUS.awaitingPayment:
      return 'ожидает оплаты';
    case ORDER_STATUS.accepted:
      return 'принят';
    case ORDER_STATUS.cooking:
      return 'готовится';
    case ORDER_STATUS.ready:
      return 'готов';
    case ORDER_STATUS.done:
      return 'завершён';
    case ORDER_STATUS.cancelled:
      return 'отменён';
    default:
      return String(status);
  }
}

/**
 * Whether the order's status and payment will not change any more: cancelled, or done and paid
 * (an unpaid order served may still be paid at the counter). The guest's order page adds that no
 * refund's money is on its way (contract's isFinalOrderState); the kiosk's follow page stops here.
 */
export function isOrderSettled(order: { status: number; paid: boolean | 0 | 1 }): boolean {
  return order.status === ORDER_STATUS.cancelled || (order.status === ORDER_STATUS.done && Boolean(order.paid));
}

/** Whether an order may move from one status to another (docs/orders.md). */
export function canMoveOrder(from: number, to: number): boolean {
  return (NEXT[from as OrderStatus] ?? []).includes(to as OrderStatus);
}

/** The status a paid order moves to next on the kitchen's pace, or null when it is finished (SPEC 4). */
export function nextKitchenStatus(status: number): OrderStatus | null {
  switch (status) {
    case ORDER_STATUS.accepted:
      return ORDER_STATUS.cooking;
    case ORDER_STATUS.cooking:
      return ORDER_STATUS.ready;
    case ORDER_STATUS.ready:
      return ORDER_STATUS.done;
    default:
      return null;
  }
}

/** The Russian status text shown with an order (SPEC 3 status_text), with its refund when money went back (issue 31). */
export function orderStatusText(status: number, type: OrderType, paid: boolean, refund?: OrderRefundState): string {
  return withRefundText(statusWords(status, type, paid), status === ORDER_STATUS.cancelled, refund);
}

function statusWords(status: number, type: OrderType, paid: boolean): string {
  switch (status) {
    case ORDER_STATUS.awaitingPayment:
      return paid ? PAID_TEXT : 'Ожидает оплаты';
    case ORDER_STATUS.accepted:
      return 'Принят';
    case ORDER_STATUS.cooking:
      return 'Готовится';
    case ORDER_STATUS.ready:
      return type === 'delivery' ? 'В пути' : type === 'inrest' ? 'Подаём' : 'Готов к выдаче';
    case ORDER_STATUS.done:
      return type === 'delivery' ? 'Доставлен' : type === 'inrest' ? 'Подан' : 'Выдан';
    case ORDER_STATUS.cancelled:
      return 'Отменён';
    default:
      return 'В обработке';
  }
}

/** The 9-character '#AARRGGBB' colour of a status (SPEC 3 status_color; SPEC 9 colour rule on display). */
export function orderStatusColour(status: number): string {
  switch (status) {
    case ORDER_STATUS.awaitingPayment:
      return '#FFB26B00';
    case ORDER_STATUS.cancelled:
      return '#FFB3261E';
    case ORDER_STATUS.done:
      return '#FF5F6B75';
    default:
      return '#FF2E7D32';
  }
}

/**
 * The progress bar step of a status (1 payment, 2 kitchen, 3 delivery/pickup, 4 final, 5 all
 * done; SPEC 4), and NO_PROGRESS_STEP for a cancelled order, which goes no further: its bar has
 * no steps, only its sentence.
 */
export function progressStepOf(status: number, paid: boolean): number {
  if (status === ORDER_STATUS.cancelled) return NO_PROGRESS_STEP;
  if (status === ORDER_STATUS.done) return 5;
  if (status === ORDER_STATUS.ready) return 3;
  if (status === ORDER_STATUS.cooking || status === ORDER_STATUS.accepted) return 2;
  return paid ? 2 : 1;
}

/**
 * The moves the restaurant's staff may make on an order (issue 17), the next step first: a paid
 * order goes on through the kitchen (accepted → cooking → ready → done); an unpaid one awaiting
 * payment may only be cancelled (the payment accepts it). A paid order is never cancelled from
 * the staff screen: its money would have to go back, which is the payment flow's work.
 */
export function staffMoves(status: number, paid: boolean): OrderStatus[] {
  if (!paid) return status === ORDER_STATUS.awaitingPayment ? [ORDER_STATUS.cancelled] : [];
  const next = status === ORDER_STATUS.awaitingPayment ? ORDER_STATUS.accepted : nextKitchenStatus(status);
  return next === null ? [] : [next];
}

/**
 * Which part of a staff board an order is (issue 30 point 1): the kitchen's work (paid, not
 * finished), paid orders finished lately, or unpaid ones (awaiting payment, or cancelled unpaid).
 * Anyone can place unpaid orders; only a payment makes an order the kitchen's, so however many
 * unpaid orders arrive they never push the kitchen's work, or its recent history, off a board.
 */
export type BoardPart = 'kitchen' | 'finished' | 'unpaid';

export function boardPartOf(order: { readonly status: number; readonly paid: boolean }): BoardPart {
  if (!order.paid) return 'unpaid';
  return order.status < ORDER_STATUS.done ? 'kitchen' : 'finished';
}

/**
 * The most orders of each part a board holds, newest first. The kitchen's part is bounded by
 * money, not by strangers: the bound only keeps one board's answer under about a megabyte at a
 * restaurant that never closes its orders (the server logs a warning when it is reached). The
 * other two are history and strangers' carts: the newest of them are enough.
 */
export const BOARD_LIMITS: Readonly<Record<BoardPart, number>> = { kitchen: 1000, finished: 200, unpaid: 100 };

/**
 * A board (newest first) within BOARD_LIMITS, as the server answers it: what a board client
 * applies after each order its live stream brings, so a stream of unpaid orders keeps its screen
 * as bounded as a reload.
 */
export function withinBoardLimits<T extends { readonly status: number; readonly paid: boolean }>(
  orders: readonly T[],
): T[] {
  const held: Record<BoardPart, number> = { kitchen: 0, finished: 0, unpaid: 0 };
  return orders.filter((order) => {
    const part = boardPartOf(order);
    held[part] += 1;
    return held[part] <= BOARD_LIMITS[part];
  });
}
