import { addDays, type CalendarDate, daysBetween, isSameDate, weekdayOf } from './calendar-date';
import { isOn } from './flag';
import {
  businessDateOf,
  isHoliday,
  isOpenOnWallClock,
  type RestaurantHours,
  type ScheduleEntry,
  type ScheduleHoliday,
} from './schedule';
import { formatClock, formatLongDate, formatShortDate, parseClock, parseShortDate } from './time';
import type { MinuteOfDay } from './units';
import { DEFAULT_TIME_ZONE, type Instant, type WallClock, wallClockAt } from './wall-clock';
import type { DeliveryZone } from './zone';

/** First pickup slot, 09:00 (SPEC 9). */
export const PICKUP_FIRST_MINUTE: MinuteOfDay = 9 * 60;
/** Last pickup slot, 23:00, offered itself (SPEC 9). */
export const PICKUP_LAST_MINUTE: MinuteOfDay = 23 * 60;
/** Pickup slots are 15 minutes apart (SPEC 9). */
export const PICKUP_STEP_MINUTES = 15;
/** Today the earliest slot is at least 30 minutes from now (SPEC 9). */
export const PICKUP_LEAD_MINUTES = 30;

/** Label of today's date choice (SPEC 2 Cart). */
export const TODAY_LABEL = 'Сегодня';
/** Shown when the zone has periods and none is chosen (SPEC 5). */
export const DELIVERY_TIME_REQUIRED_MESSAGE = 'Просьба выбрать время доставки';
/** Shown when the zone has periods but none is still open today (SPEC 8). */
export const NO_DELIVERY_TIME_TODAY_MESSAGE = 'На сегодня нет доступного времени доставки в выбранную зону';

// Today's first slot is now + 30 min rounded up to the quarter hour when that is after 09:00;
// past dates get none. `now` is the restaurant's wall clock (wallClockAt).
/** Pickup times (minutes of day): 09:00..23:00 every 15 min; today from now + 30 min (SPEC 9). */
export function pickupSlots(date: CalendarDate, now: WallClock): MinuteOfDay[] {
  const daysAhead = daysBetween(now.date, date);
  if (daysAhead < 0) return [];
  const soonest = Math.ceil((now.minuteOfDay + PICKUP_LEAD_MINUTES) / PICKUP_STEP_MINUTES) * PICKUP_STEP_MINUTES;
  const first = daysAhead === 0 ? Math.max(PICKUP_FIRST_MINUTE, soonest) : PICKUP_FIRST_MINUTE;
  const slots: MinuteOfDay[] = [];
  for (let minute = first; minute <= PICKUP_LAST_MINUTE; minute += PICKUP_STEP_MINUTES) slots.push(minute);
  return slots;
}

/**
 * The pickup slots of a date at which the restaurant is open (SPEC 4 schedule with the 06:00
 * day boundary, a holiday in place of its weekday, issue 31): the times an order for later may be
 * placed for — what order/create takes and every picker offers (pickup, pre-order, delayed order,
 * delivery to a zone without periods). A date its holiday closes has none.
 */
export function openPickupSlots(
  schedule: readonly ScheduleEntry[],
  holidays: readonly ScheduleHoliday[],
  date: CalendarDate,
  now: WallClock,
): MinuteOfDay[] {
  const weekday = weekdayOf(date);
  return pickupSlots(date, now).filter((minuteOfDay) =>
    isOpenOnWallClock(schedule, holidays, { date, weekday, minuteOfDay }),
  );
}

/** A date the guest may pick: the date, its wire value 'DD.MM.YYYY' and a Russian label (SPEC 3, 9). */
export interface DateChoice {
  readonly date: CalendarDate;
  readonly value: string;
  readonly label: string;
}

/** deliveryDays / deliveryDaysTrue as a whole number of days ahead; anything else is 0 (SPEC 3). */
export function daysAheadAllowed(value: number | string | null | undefined): number {
  const days = Number(value ?? 0);
  return Number.isInteger(days) ? Math.max(0, days) : 0;
}

// Pass deliveryDays for pickup, deliveryDaysTrue for delivery; 0 leaves only today (no picker).
// Later days are labelled like 'Вторник, 6 января'.
/** Today ('Сегодня') and the next deliveryDays / deliveryDaysTrue days, valued 'DD.MM.YYYY' (SPEC 9). */
export function dateChoices(today: CalendarDate, daysAhead: number | string | null | undefined): DateChoice[] {
  const count = daysAheadAllowed(daysAhead);
  return Array.from({ length: count + 1 }, (_, offset) => {
    const date = addDays(today, offset);
    return { date, value: formatShortDate(date), label: dayLabel(date, today) };
  });
}

/** A zone period offered on a date: bounds as given, start in minutes, and whether it is too late (SPEC 5). */
export interface DeliveryPeriodChoice {
  readonly from: string;
  readonly to: string;
  readonly fromMinute: MinuteOfDay;
  readonly disabled: boolean;
}

/**
 * Whether a zone's period starting at a minute of a date stands against the restaurant's hours
 * (decision 053): on an ordinary day the zone's periods are its own; on a holiday's business day a
 * period is offered only when the restaurant is open at its start — a closed holiday has none.
 */
export function periodOpensOnHours(hours: RestaurantHours, date: CalendarDate, fromMinute: MinuteOfDay): boolean {
  const clock = { date, weekday: weekdayOf(date), minuteOfDay: fromMinute };
  if (!isHoliday(hours.holidays, businessDateOf(clock))) return true;
  return isOpenOnWallClock(hours.schedule, hours.holidays, clock);
}

// Only periods whose day flag (Monday first) is on for the date are offered; past dates are all disabled.
/**
 * The zone periods of a date; today one is disabled when start − time_limit (min) ≤ now (SPEC 5).
 * Given the restaurant's hours, a holiday leaves out the periods it closes (periodOpensOnHours).
 */
export function deliveryPeriodChoices(
  zone: Pick<DeliveryZone, 'periods' | 'time_limit'>,
  date: CalendarDate,
  now: WallClock,
  hours?: RestaurantHours,
): DeliveryPeriodChoice[] {
  const daysAhead = daysBetween(now.date, date);
  const dayIndex = weekdayOf(date) - 1;
  return zone.periods.flatMap((period) => {
    const fromMinute = parseClock(period.from);
    if (fromMinute === null || !isOn(period.days[dayIndex])) return [];
    if (hours && !periodOpensOnHours(hours, date, fromMinute)) return [];
    const tooLate = daysAhead < 0 || (daysAhead === 0 && fromMinute - zone.time_limit <= now.minuteOfDay);
    return [{ from: period.from, to: period.to, fromMinute, disabled: tooLate }];
  });
}

// Zones without periods need no choice; null when the time can be applied.
/** What stops applying a delivery time: no time left today, or no period chosen (SPEC 5, 8). */
export function deliveryTimeError(input: {
  readonly zone: Pick<DeliveryZone, 'periods' | 'time_limit'>;
  readonly date: CalendarDate;
  readonly now: WallClock;
  readonly chosen: DeliveryPeriodChoice | null;
  /** The restaurant's week and holidays: a holiday's closed periods are not there to choose. */
  readonly hours?: RestaurantHours;
}): string | null {
  const { zone, date, now, chosen } = input;
  if (zone.periods.length === 0) return null;
  const choices = deliveryPeriodChoices(zone, date, now, input.hours);
  const today = daysBetween(now.date, date) === 0;
  if (today && choices.every((choice) => choice.disabled)) return NO_DELIVERY_TIME_TODAY_MESSAGE;
  return chosen === null || chosen.disabled ? DELIVERY_TIME_REQUIRED_MESSAGE : null;
}

/**
 * SPEC 2 Cart: the pickup time's default text, "as soon as ready". The spec spells it
 * 'По готовоности', an evident misspelling we correct (docs/spec-deviations.md).
 */
export const AS_READY_TEXT = 'По готовности';

/** Whether a delivery time a client sent means "as soon as ready": the text, or the spec's spelling of it that SPEC 7 clients send. */
export function isAsReadyText(text: string): boolean {
  return text === AS_READY_TEXT || text === 'По готовоности';
}

/** How a day reads to the guest: 'Сегодня', else 'Вторник, 6 января' (SPEC 9). */
export function dayLabel(date: CalendarDate, today: CalendarDate): string {
  return daysBetween(today, date) === 0 ? TODAY_LABEL : capitalized(formatLongDate(date));
}

function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/** Label of tomorrow's date where a day is named relative to today (the staff's bookings board). */
export const TOMORROW_LABEL = 'Завтра';
/** Label of yesterday's date there. */
export const YESTERDAY_LABEL = 'Вчера';

/** A day as a heading names it: 'Сегодня, суббота, 28 ноября', 'Завтра, …', 'Вчера, …', else 'Понедельник, 30 ноября' (SPEC 9). */
export function dayHeading(date: CalendarDate, today: CalendarDate): string {
  const near = { [-1]: YESTERDAY_LABEL, 0: TODAY_LABEL, 1: TOMORROW_LABEL }[daysBetween(today, date)];
  return near === undefined ? capitalized(formatLongDate(date)) : `${near}, ${formatLongDate(date)}`;
}

/**
 * A moment as a card names it (the staff's order cards): its clock time on the restaurant's clock,
 * with its calendar day when that is not today's — '09:00' or '09:00, воскресенье, 29 ноября'
 * (SPEC 9; issue 30: an order for after midnight names the day it is for).
 */
export function clockWithDayText(instant: Instant, now: Instant, timeZone: string = DEFAULT_TIME_ZONE): string {
  const at = wallClockAt(instant, timeZone);
  const clock = formatClock(at.minuteOfDay);
  return isSameDate(at.date, wallClockAt(now, timeZone).date) ? clock : `${clock}, ${formatLongDate(at.date)}`;
}

/** A chosen 'DD.MM.YYYY' day and time as the cart shows them: 'Сегодня, 10:00', 'Пятница, 27 ноября, 11:00-14:00' (SPEC 9). */
export function chosenTimeLabel(
  chosen: { readonly deliveryDate: string; readonly deliveryTime: string },
  today: CalendarDate,
): string {
  const date = parseShortDate(chosen.deliveryDate);
  return `${date ? dayLabel(date, today) : chosen.deliveryDate}, ${chosen.deliveryTime}`;
}
