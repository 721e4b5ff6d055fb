import type { CouponFields, StaffCoupon } from '@chain/contract';
import { couponTermsLabel, formatMoney, ORDER_TYPE_TITLES, type OrderType } from '@chain/domain';

/** The form's row: a coupon's fields with its id and version (a new coupon: id 0, version 1). */
export type CouponDraft = StaffCoupon;

/** A new coupon's first values: a 10 % discount from today to the month's end, everywhere a chain manager may, else at this manager's restaurants. */
export function blankCoupon(today: string, restaurantIds: readonly number[] | null): CouponDraft {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    id: 0,
    version: 1,
    code: '',
    title: '',
    kind: 'percent',
    percent: 10,
    amount: 0,
    min_sum: 0,
    active_from: today,
    active_to: `${today.slice(0, 8)}${String(last).padStart(2, '0')}`,
    max_uses: null,
    once_per_user: false,
    restaurant_ids: restaurantIds === null ? null : [...restaurantIds],
    order_types: ['inrest', 'self', 'delivery'],
    active: true,
  };
}

/** What the create and save calls take of a draft: its fields, without the id and version. */
export function couponFieldsOf(draft: CouponDraft): CouponFields {
  const { id: _id, version: _version, ...fields } = draft;
  return fields;
}

/** «Скидка 10 %», «Скидка 150,00 ₽»; with «от 500,00 ₽» when it has a minimum. */
export function couponTerms(coupon: Pick<StaffCoupon, 'kind' | 'percent' | 'amount' | 'min_sum'>): string {
  const terms = couponTermsLabel(
    coupon.kind === 'amount' ? { percent: null, amount: coupon.amount } : { percent: coupon.percent },
  );
  return coupon.min_sum > 0 ? `${terms} от ${formatMoney(coupon.min_sum)}` : terms;
}

/** «3 из 100» or «3» without a limit. */
export function couponUsesText(uses: number, maxUses: number | null): string {
  return maxUses === null ? String(uses) : `${uses} из ${maxUses}`;
}

/** «01.06.2026 — 30.06.2026». */
export function couponDates(coupon: Pick<StaffCoupon, 'active_from' | 'active_to'>): string {
  const day = (iso: string) => iso.split('-').toReversed().join('.');
  return `${day(coupon.active_from)} — ${day(coupon.active_to)}`;
}

/** The restaurants it applies in, in words. */
export function couponPlaces(
  coupon: Pick<StaffCoupon, 'restaurant_ids' | 'order_types'>,
  restaurants: ReadonlyArray<{ id: number; name: string }>,
): string {
  const places =
    coupon.restaurant_ids === null
      ? 'Все рестораны'
      : coupon.restaurant_ids.map((id) => restaurants.find((r) => r.id === id)?.name ?? `№${id}`).join(', ');
  return `${places}; ${coupon.order_types.map((type: OrderType) => ORDER_TYPE_TITLES[type].toLowerCase()).join(', ')}`;
}

/** A set with `id` in or out, in order. */
export function toggled<T extends number | string>(list: readonly T[], id: T, on: boolean): T[] {
  const rest = list.filter((entry) => entry !== id);
  return on ? [...rest, id].toSorted((a, b) => (a < b ? -1 : a > b ? 1 : 0)) : rest;
}
