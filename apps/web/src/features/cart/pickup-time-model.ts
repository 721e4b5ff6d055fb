import { restaurantHolidays, type RestaurantWire } from '@chain/contract';
import {
  type DateChoice,
  dateChoices,
  isOpenOnWallClock,
  type MinuteOfDay,
  openPickupSlots,
  type WallClock,
} from '@chain/domain';

/** A date of the pickup picker (SPEC 2 Cart pickup time, SPEC 9): what may be chosen on it. */
export interface PickupDay extends DateChoice {
  /** «По готовности» is offered: today, while the restaurant is open now or opens later today. */
  readonly asReady: boolean;
  /** The open slots of the date (the domain's openPickupSlots: what order/create takes). */
  readonly slots: readonly MinuteOfDay[];
}

/**
 * The pickup picker's dates — today and the restaurant's deliveryDays after it (SPEC 9) — each with
 * its open slots, the holidays counted as order/create counts them (issue 31): a date its holiday
 * closes has none, and today offers «По готовности» only when there is something to be ready for
 * (open now, or a slot later today). `clock` is the restaurant's wall clock.
 */
export function pickupDays(
  restaurant: Pick<RestaurantWire, 'shedule' | 'deliveryDays' | 'holidays'>,
  clock: WallClock,
): PickupDay[] {
  const holidays = restaurantHolidays(restaurant);
  const openNow = isOpenOnWallClock(restaurant.shedule, holidays, clock);
  return dateChoices(clock.date, restaurant.deliveryDays).map((choice, index) => {
    const slots = openPickupSlots(restaurant.shedule, holidays, choice.date, clock);
    return { ...choice, asReady: index === 0 && (openNow || slots.length > 0), slots };
  });
}

/** The date the picker starts from: the first with something to choose (after a holiday, the next open day), else today. */
export function firstPickupDay(days: readonly PickupDay[]): PickupDay | undefined {
  return days.find((day) => day.asReady || day.slots.length > 0) ?? days[0];
}
