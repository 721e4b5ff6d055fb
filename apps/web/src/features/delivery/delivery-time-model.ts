import { restaurantHours, type RestaurantWire } from '@chain/contract';
import {
  AS_READY_TEXT,
  type CalendarDate,
  type DateChoice,
  DELIVERY_TIME_REQUIRED_MESSAGE,
  deliveryPeriodChoices,
  deliveryTimeError,
  formatClock,
  isOpenOnWallClock,
  openPickupSlots,
  type WallClock,
} from '@chain/domain';
import type { Checkout } from '../../state/cart-store';
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

type HoursEntry = Pick<RestaurantWire, 'shedule'> & Partial<Pick<RestaurantWire, 'holidays'>>;

/**
 * The times of a date (SPEC 2 Delivery time, SPEC 5): a zone with periods offers its periods of
 * that weekday, those whose start minus time_limit is past closed for today; a zone without
 * periods takes the order as soon as ready while the restaurant is open (today) or at one of the
 * restaurant's open quarter hours. The restaurant's holidays count as order/create counts them
 * (orders timing, issue 31): a date its holiday closes offers nothing, and on a holiday a period
 * the restaurant is closed at the start of is not there (decision 053).
 */
export function timeOptions(
  zone: CourierZone,
  restaurant: HoursEntry,
  date: CalendarDate,
  now: WallClock,
): TimeOption[] {
  const hours = restaurantHours(restaurant);
  if (zone.periods.length > 0) {
    return deliveryPeriodChoices(zone, date, now, hours).map((period) => ({
      value: `${period.from}-${period.to}`,
      label: `${period.from}–${period.to}`,
      disabled: period.disabled,
    }));
  }
  const today = date.year === now.date.year && date.month === now.date.month && date.day === now.date.day;
  const openNow = today && isOpenOnWallClock(hours.schedule, hours.holidays, now);
  const asReady = openNow ? [{ value: AS_READY_TEXT, label: AS_READY_TEXT, disabled: false }] : [];
  const slots = openPickupSlots(hours.schedule, hours.holidays, date, now).map((minute) => ({
    value: formatClock(minute),
    label: formatClock(minute),
    disabled: false,
  }));
  return [...asReady, ...slots];
}

/**
 * The date the screen starts from when none is kept: the first with a time to show — after a
 * holiday (issue 31), the next open day. A today whose periods time_limit has closed keeps its
 * place, for SPEC 8's «На сегодня нет доступного времени доставки…» to stand there.
 */
export function firstTimeDate<D extends DateChoice>(
  dates: readonly D[],
  optionsOf: (date: D) => readonly TimeOption[],
): D | undefined {
  return dates.find((date) => optionsOf(date).length > 0) ?? dates[0];
}

/**
 * What stops applying (SPEC 5, 8): for a zone with periods the domain's rule (no time left today,
 * or none chosen); for one without, a time must still be chosen when the date offers any.
 */
export function applyError(
  zone: CourierZone,
  restaurant: HoursEntry,
  date: CalendarDate,
  now: WallClock,
  options: readonly TimeOption[],
  chosen: string | null,
): string | null {
  const option = options.find((entry) => entry.value === chosen && !entry.disabled) ?? null;
  if (zone.periods.length > 0) {
    const hours = restaurantHours(restaurant);
    const from = option?.value.split('-')[0] ?? null;
    const period = deliveryPeriodChoices(zone, date, now, hours).find((entry) => entry.from === from) ?? null;
    return deliveryTimeError({ zone, date, now, chosen: period, hours });
  }
  return option === null ? DELIVERY_TIME_REQUIRED_MESSAGE : null;
}

/** The choice the guest applies: the date's wire value, the time and whether it is a zone period. */
export function chosenDateTime(zone: CourierZone, deliveryDate: string, deliveryTime: string): DeliveryDateTime {
  return { deliveryDate, deliveryTime, isTimePeriods: zone.periods.length > 0 };
}
