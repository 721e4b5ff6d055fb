import { type Flag, isOn } from './flag';
import { TABLE_ORDER_UNAVAILABLE_MESSAGE } from './messages';
import { isOpenWithHolidays, type ScheduleEntry, type ScheduleHoliday } from './schedule';
import type { DialogText } from './validation';
import { DEFAULT_TIME_ZONE, type Instant } from './wall-clock';

/** The restaurant fields table ordering reads (SPEC 3; `shedule` is the wire spelling). */
export interface TableOrderRestaurant {
  readonly active: Flag;
  readonly deliveryRest: Flag;
  readonly shedule: readonly ScheduleEntry[];
}

/** (SPEC 8) */
export const TABLE_ORDER_TITLE = 'Заказ невозможен';
/** (SPEC 8) */
export const RESTAURANT_CLOSED_MESSAGE = 'Ресторан сейчас закрыт';

/**
 * null when a table order may start (active, deliveryRest, open now with its holidays, issue 31),
 * else the refusal dialog (SPEC 5, 8).
 */
export function tableOrderBlock(
  restaurant: TableOrderRestaurant,
  instant: Instant,
  timeZone: string = DEFAULT_TIME_ZONE,
  holidays: readonly ScheduleHoliday[] = [],
): DialogText | null {
  if (!isOn(restaurant.active) || !isOn(restaurant.deliveryRest)) {
    return { title: TABLE_ORDER_TITLE, message: TABLE_ORDER_UNAVAILABLE_MESSAGE };
  }
  if (!isOpenWithHolidays(restaurant.shedule, holidays, instant, timeZone)) {
    return { title: TABLE_ORDER_TITLE, message: RESTAURANT_CLOSED_MESSAGE };
  }
  return null;
}
