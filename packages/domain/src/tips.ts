import { type DisplayedOrder, showsTipsLink } from './order-display';
import type { Kopecks } from './units';

/*
 * Tips through the external tips service (SPEC 3 Order tips_id, Settings tips_volume; SPEC 4
 * the tips link for a paid order with a tips_id; SPEC 7 a tips service link with tips_id and
 * amount). Decision 025.
 */

/** The heading of an order's tips (the order page). */
export const TIPS_TITLE = 'Чаевые';
/** What the amounts do, under the heading. */
export const TIPS_HINT = 'Если вам понравилось, оставьте чаевые команде ресторана. Откроется страница сервиса чаевых.';
/** Said to screen readers on each amount: the link leaves the app for a new tab. */
export const TIPS_NEW_TAB_NOTE = 'откроется в новой вкладке';

/** The largest tip a link asks for: 100 000 ₽, the bound of the tips page's amount too. */
export const MAX_TIP_KOPECKS: Kopecks = 10_000_000;

/** A preset tip of the settings (SPEC 3 tips_volume: sum in kopecks, text). */
export interface TipsVolume {
  readonly sum: number;
  readonly text: string;
}

/** A preset amount shown as a link: its label and where it leads. */
export interface TipsChoice {
  readonly sum: Kopecks;
  readonly text: string;
  readonly href: string;
}

/** Kopecks → the amount parameter of the link, in roubles: '100', '150.5' (a dot, no trailing zeros). */
export function tipsAmountParam(amountKopecks: Kopecks): string {
  const roubles = Math.floor(amountKopecks / 100);
  const kopecks = amountKopecks % 100;
  if (kopecks === 0) return String(roubles);
  return `${roubles}.${String(kopecks).padStart(2, '0').replace(/0$/, '')}`;
}

/** Whether an amount can be asked for: whole kopecks, above 0, at most MAX_TIP_KOPECKS. */
export function isTipAmount(amountKopecks: number): boolean {
  return Number.isSafeInteger(amountKopecks) && amountKopecks > 0 && amountKopecks <= MAX_TIP_KOPECKS;
}

/**
 * The tips service link (SPEC 7): `{tipsUrl}{tipsId}?amount={roubles}`, the tips_url of the
 * settings being the base of the service's pages (a slash is put between when it has none).
 * Null when there is nothing to link: no http(s) base, no tips id, or an amount out of bounds.
 */
export function tipsLink(tipsUrl: string, tipsId: string | number, amountKopecks: Kopecks): string | null {
  const base = tipsUrl.trim();
  const id = String(tipsId).trim();
  if (!/^https?:\/\/[^\s?#]+$/i.test(base) || id === '' || !isTipAmount(amountKopecks)) return null;
  const separator = base.endsWith('/') ? '' : '/';
  return `${base}${separator}${encodeURIComponent(id)}?amount=${tipsAmountParam(amountKopecks)}`;
}

/**
 * The tip links an order shows (SPEC 4): none unless the order is paid and has a tips_id; then
 * each preset of tips_volume with a usable amount and label, in the settings' order.
 */
export function tipsChoices(
  order: Pick<DisplayedOrder, 'paid' | 'tips_id'>,
  tipsUrl: string,
  volumes: readonly TipsVolume[],
): TipsChoice[] {
  if (!showsTipsLink(order) || order.tips_id == null) return [];
  const choices: TipsChoice[] = [];
  for (const volume of volumes) {
    const text = volume.text.trim();
    const href = text === '' ? null : tipsLink(tipsUrl, order.tips_id, volume.sum);
    if (href !== null) choices.push({ sum: volume.sum, text, href });
  }
  return choices;
}
