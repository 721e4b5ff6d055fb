import { type Flag, isOn } from './flag';
import type { OrderType } from './order-type';

/** The order fields the display rules read (SPEC 3). */
export interface DisplayedOrder {
  readonly paid: Flag;
  readonly status: number | string;
  readonly rate?: unknown;
  readonly tips_id?: string | number | null;
}

/** SPEC 4 paid flag in words: the order page, Мои заказы, the receipt's stamp and the staff board. */
export const PAID_TEXT = 'Оплачен';
export const UNPAID_TEXT = 'Не оплачен';

/** «Оплачен» / «Не оплачен» (SPEC 4 paid flag). */
export function paidText(paid: Flag): string {
  return isOn(paid) ? PAID_TEXT : UNPAID_TEXT;
}

/** Statuses from 50 up no longer take payment (SPEC 4). */
export const PAYABLE_STATUS_LIMIT = 50;

/** Whether the pay button shows: paid is 0 and status is below 50 (SPEC 4). */
export function showsPayButton(order: Pick<DisplayedOrder, 'paid' | 'status'>): boolean {
  return !isOn(order.paid) && Number(order.status) < PAYABLE_STATUS_LIMIT;
}

/** Whether an order's rate holds a rating: not null, empty text, 0, an empty list or an empty object (SPEC 4). */
export function hasRating(rate: unknown): boolean {
  if (rate === null || rate === undefined || rate === '' || rate === 0) return false;
  // A list counts its items as keys, so an empty list and an empty object both mean no rating.
  return typeof rate !== 'object' || Object.keys(rate).length > 0;
}

/** Whether the rating controls show: paid is 1 and there is no rating (SPEC 4). */
export function showsRatingControls(order: Pick<DisplayedOrder, 'paid' | 'rate'>): boolean {
  return isOn(order.paid) && !hasRating(order.rate);
}

/** Whether the tips link shows: the order is paid and has a tips_id (SPEC 4). */
export function showsTipsLink(order: Pick<DisplayedOrder, 'paid' | 'tips_id'>): boolean {
  return isOn(order.paid) && order.tips_id != null && String(order.tips_id).trim() !== '';
}

/** An icon of the order progress bar (SPEC 4). */
export type ProgressIcon = 'payment' | 'kitchen' | 'delivery' | 'pickup' | 'final';

/** One progress bar step and where the order stands on it (SPEC 4). */
export interface ProgressStep {
  readonly icon: ProgressIcon;
  readonly state: 'done' | 'current' | 'pending';
}

/** The step of an order that goes no further (cancelled): no icon is done, current or ahead. */
export const NO_PROGRESS_STEP = 0;

// The server's step 1..4 marks the current icon; step 5 means every step is done.
/** The 4 progress icons (payment, kitchen, delivery|pickup, final) with their state at a step, none at NO_PROGRESS_STEP (SPEC 4). */
export function progressBarSteps(orderType: OrderType, step: number): ProgressStep[] {
  if (step === NO_PROGRESS_STEP) return [];
  const icons: ProgressIcon[] = ['payment', 'kitchen', orderType === 'delivery' ? 'delivery' : 'pickup', 'final'];
  return icons.map((icon, index) => {
    const position = index + 1;
    const state = position < step ? 'done' : position === step ? 'current' : 'pending';
    return { icon, state };
  });
}
