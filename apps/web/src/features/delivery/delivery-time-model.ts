import type { RestaurantWire } from '@chain/contract';
import {
  AS_READY_TEXT,
  type CalendarDate,
  DELIVERY_TIME_REQUIRED_MESSAGE,
  deliveryPeriodChoices,
  deliveryTimeError,
  formatClock,
  isOpenAtWallClock,
  openPickupSlots,
  type WallClock,
} from '@chain/domain';
import type { Checkout } from '../../state/app-store';
import type { CourierZone } from '../../api/courier-zones';

/** What the delivery time screen offers on a date: a period of the zone, or a time when it has none. */
export interface TimeOption {
  /** What deliveryTime carries: 'HH:MM-HH:MM' for a period, 'HH:MM' or the as-ready text otherwise. */
  readonly value: string;
  readonly label: string;
  /** A period closed by time_limit (SPEC 5): shown, not chosen. */
  readonly disabled: boolean;
}

export type DeliveryDateTime = NonNullable<Checkout['deliveryDateTime']>;

/**
 * The times of a date (SPEC 2 Delivery time, SPEC 5): a zone with periods offers its periods of
 * that weekday, those whose start minus time_limit is past closed for today; a zone without
 * periods takes the order as soon as ready while the restaurant is open (today) or at one of the
 * restaurant's open quarter hours, as the server checks it (orders timing).
 */
export function timeOptions(zone: CourierZone, restaurant: RestaurantWire, date: CalendarDate, now: WallClock): TimeOption[] {
  if (zone.periods.length > 0) {
    return deliveryPeriodChoices(zone, date, now).map((period) => ({
      value: `${period.from}-${period.to}`,
      label: `${period.from}–${period.to}`,
      disabled: period.disabled,
    }));
  }
  const today = date.year === now.date.year && date.month === now.date.month && date.day === now.date.day;
  const asReady = today && isOpenAtWallClock(restaurant.shedule, now) ? [{ value: AS_READY_TEXT, label: AS_READY_TEXT, disabled: false }] : [];
  const slots = openPickupSlots(restaurant.shedule, date, now).map((minute) => ({ value: formatClock(minute), label: formatClock(minute), disabled: false }));
  return [...asReady, ...slots];
}

/**
 * What stops applying (SPEC 5, 8): for a zone with periods the domain's rule (no time left today,
 * or none chosen); for one without, a time must still be chosen when the date offers any.
 */
export function applyError(zone: CourierZone, date: CalendarDate, now: WallClock, options: readonly TimeOption[], chosen: string | null): string | null {
  const option = options.find((entry) => entry.value === chosen && !entry.disabled) ?? null;
  if (zone.periods.length > 0) {
    const from = option?.value.split('-')[0] ?? null;
    const period = deliveryPeriodChoices(zone, date, now).find((entry) => entry.from === from) ?? null;
    return deliveryTimeError({ zone, date, now, chosen: period });
  }
  return option === null ? DELIVERY_TIME_REQUIRED_MESSAGE : null;
}

/** The choice the guest applies: the date's wire value, the time and whether it is a zone period. */
export function chosenDateTime(zone: CourierZone, deliveryDate: string, deliveryTime: string): DeliveryDateTime {
  return { deliveryDate, deliveryTime, isTimePeriods: zone.periods.length > 0 };
}
