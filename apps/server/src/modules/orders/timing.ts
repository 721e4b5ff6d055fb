import {
  AS_READY_TEXT,
  bookingOrderTime,
  dateChoices,
  deliveryPeriodChoices,
  deliveryTimeError,
  formatShortDate,
  instantAt,
  isAsReadyText,
  closedForNowText,
  isOpenOnWallClock,
  isOpenWithHolidays,
  openPickupSlots,
  parseClock,
  parseShortDate,
  RESTAURANT_CLOSED_MESSAGE,
  wallClockAt,
  weekdayOf,
  type CalendarDate,
  type DeliveryZone,
  type OrderType,
} from '@chain/domain';
import { AppError, badRequest } from '../../http/errors';
import type { RestaurantContext } from './context';

export const TIME_UNAVAILABLE_MESSAGE = 'Выбранное время недоступно. Выберите другое время.';
export const DATE_UNAVAILABLE_MESSAGE = 'На выбранную дату заказ недоступен. Выберите другую дату.';

export interface OrderTiming {
  asReady: boolean;
  /** When the guest wants the order (null: as soon as ready). */
  readyAt: Date | null;
  /** What props.deliveryTime records: the chosen time or period, or the as-ready text. */
  deliveryTime: string;
  deliveryDate: string;
}

/**
 * When the order is for, checked against the restaurant (SPEC 5, 9): as soon as ready needs
 * the restaurant open now; a pickup time must be one of the day's slots within the opening
 * hours and a date the restaurant allows (deliveryDays); a delivery to a zone with periods
 * needs a period still open (start − time_limit after now) on an allowed date (deliveryDaysTrue).
 */
export function orderTiming(
  restaurant: RestaurantContext,
  orderType: OrderType,
  props: { deliveryDate?: string | undefined; deliveryTime?: string | undefined } | null | undefined,
  zone: DeliveryZone | null,
  now: Date,
): OrderTiming {
  const tz = restaurant.row.time_zone;
  const clock = wallClockAt(now, tz);
  const dateText = props?.deliveryDate?.trim() ?? '';
  const timeText = props?.deliveryTime?.trim() ?? '';
  const date = dateText ? parseShortDate(dateText) : clock.date;
  if (!date) throw badRequest(DATE_UNAVAILABLE_MESSAGE, 'delivery_time');
  const daysAhead = orderType === 'delivery' ? restaurant.row.delivery_days_true : restaurant.row.delivery_days;
  if (!dateChoices(clock.date, daysAhead).some((choice) => sameDate(choice.date, date))) {
    throw badRequest(DATE_UNAVAILABLE_MESSAGE, 'delivery_time');
  }

  // A holiday closes the periods it keeps the restaurant shut at (decision 053).
  const hours = { schedule: restaurant.schedule, holidays: restaurant.holidays };
  if (orderType === 'delivery' && zone && zone.periods.length > 0) {
    const from = timeText.split('-')[0]?.trim() ?? '';
    const chosen = deliveryPeriodChoices(zone, date, clock, hours).find((choice) => choice.from === from) ?? null;
    const problem = deliveryTimeError({ zone, date, now: clock, chosen, hours });
    if (problem || !chosen) throw badRequest(problem ?? TIME_UNAVAILABLE_MESSAGE, 'delivery_time');
    const period = zone.periods.find((p) => p.from === chosen.from);
    return {
      asReady: false,
      readyAt: new Date(instantAt(date, chosen.fromMinute, tz)),
      deliveryTime: `${chosen.from}-${period?.to ?? ''}`,
      deliveryDate: dateText || formatShortDate(date),
    };
  }

  const minute = timeText && !isAsReadyText(timeText) ? parseClock(timeText) : null;
  if (timeText && !isAsReadyText(timeText) && minute === null)
    throw badRequest(TIME_UNAVAILABLE_MESSAGE, 'delivery_time');
  if (minute === null) {
    if (!sameDate(date, clock.date)) throw badRequest(TIME_UNAVAILABLE_MESSAGE, 'delivery_time');
    if (!isOpenWithHolidays(restaurant.schedule, restaurant.holidays, now, tz))
      throw new AppError(409, 'closed', RESTAURANT_CLOSED_MESSAGE);
    return { asReady: true, readyAt: null, deliveryTime: AS_READY_TEXT, deliveryDate: formatShortDate(date) };
  }
  // Pickup: one of the open slots the app offers (openPickupSlots); delivery: a later open minute.
  const takes =
    orderType === 'delivery'
      ? (minute > clock.minuteOfDay || !sameDate(date, clock.date)) &&
        isOpenOnWallClock(restaurant.schedule, restaurant.holidays, {
          date,
          weekday: weekdayOf(date),
          minuteOfDay: minute,
        })
      : openPickupSlots(restaurant.schedule, restaurant.holidays, date, clock).includes(minute);
  if (!takes) throw badRequest(TIME_UNAVAILABLE_MESSAGE, 'delivery_time');
  return {
    asReady: false,
    readyAt: new Date(instantAt(date, minute, tz)),
    deliveryTime: timeText,
    deliveryDate: dateText || formatShortDate(date),
  };
}

/**
 * «Закрыто на время» (issue 31): while the restaurant is closed for now, no order is taken — for
 * now or for later — and the guest reads the manager's words (409 closed_for_now). The rule is the
 * domain's closedForNowText, beside the schedule's; it lapses by itself once the time passes.
 */
export function assertNotClosedForNow(restaurant: RestaurantContext, now: Date): void {
  const closed = closedForNowText(
    { until: restaurant.row.closed_until, text: restaurant.row.closed_text },
    now,
    restaurant.row.time_zone,
  );
  if (closed !== null) throw new AppError(409, 'closed_for_now', closed);
}

function sameDate(a: CalendarDate, b: CalendarDate): boolean {
  return a.year === b.year && a.month === b.month && a.day === b.day;
}

/**
 * When an inrest order from the guest's live booking is for (SPEC 4, 5; domain bookingOrderTime):
 * the booking's start while it is ahead, else as soon as ready. The booking's time replaces the
 * order's own: deliveryDateTimeProps is not read, and neither the restaurant's deliveryDays nor
 * the pickup slots apply — the booking was checked against the booking rules when it was made.
 */
export function bookingOrderTiming(restaurant: RestaurantContext, booking: { timefrom: Date }, now: Date): OrderTiming {
  const tz = restaurant.row.time_zone;
  const ahead = bookingOrderTime(
    { timefrom: Math.floor(booking.timefrom.getTime() / 1000) },
    Math.floor(now.getTime() / 1000),
    tz,
  );
  if (!ahead)
    return {
      asReady: true,
      readyAt: null,
      deliveryTime: AS_READY_TEXT,
      deliveryDate: formatShortDate(wallClockAt(now, tz).date),
    };
  return {
    asReady: false,
    readyAt: new Date(ahead.at * 1000),
    deliveryTime: ahead.deliveryTime,
    deliveryDate: ahead.deliveryDate,
  };
}
