import * as z from 'zod/mini';
import { bookingView, type BookingView } from '@chain/contract';
import { BOOKING_MAX_MINUTES, BOOKING_MIN_MINUTES, BOOKING_STEP_MINUTES, bookingOrderTime } from '@chain/domain';
import type { DeliveryDateTimeProps, OrderAtTimeInput } from '../../state/cart-store';

// What the three booking screens share: the lengths offered, the parameters Бронирование стола
// hands to Подтверждение бронирования, and the way from a booking to ordering dishes.

/** The booking lengths offered: every half hour the calls accept (SPEC 9 default 60). */
export const BOOKING_LENGTHS: readonly number[] = Array.from(
  { length: (BOOKING_MAX_MINUTES - BOOKING_MIN_MINUTES) / BOOKING_STEP_MINUTES + 1 },
  (_, index) => BOOKING_MIN_MINUTES + index * BOOKING_STEP_MINUTES,
);

/** '30 мин', '1 ч', '1 ч 30 мин'. */
export function formatBookingLength(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} мин`;
  return rest === 0 ? `${hours} ч` : `${hours} ч ${rest} мин`;
}

/** SPEC 2 BookingStep2's parameters: what bookingSave takes, and what the screen shows of them. */
export const bookingParameters = z.object({
  periodfrom: z.string(),
  restoran: z.int(),
  restaurantName: z.string(),
  restaurantAddress: z.string(),
  /** Seconds of the date's midnight on the restaurant's clock, as bookingPeriods lists it. */
  date: z.int(),
  dateLabel: z.string(),
  /** '18:00–19:00' */
  periodText: z.string(),
  cntpersons: z.int(),
  cntminutes: z.int(),
  /** Kopecks. */
  minSum: z.int(),
});
export type BookingParameters = z.infer<typeof bookingParameters>;

/** The parameters of the history state, or null when they are not whole (the screen goes back to Бронирование стола). */
export function readBookingParameters(parameters: unknown): BookingParameters | null {
  const result = bookingParameters.safeParse(parameters);
  return result.success ? result.data : null;
}

/** The booking of the result screen's history state, or null when it is not one. */
export function readBooking(booking: unknown): BookingView | null {
  const result = bookingView.safeParse(booking);
  return result.success ? result.data : null;
}

/**
 * What the cart and the menu show as the time of an order from this booking: its start on the
 * restaurant's clock (domain bookingOrderTime), null for a booking under way (the order is for
 * now). order/create takes the time from the booking itself.
 */
export function bookingDateTime(booking: BookingView, nowSeconds: number): DeliveryDateTimeProps | null {
  const ahead = bookingOrderTime(booking, nowSeconds, booking.time_zone);
  return ahead ? { deliveryDate: ahead.deliveryDate, deliveryTime: ahead.deliveryTime, isTimePeriods: false } : null;
}

/** SPEC 4: ordering from a booking opens its restaurant's menu in inrest mode with the table and the booking's minimum. */
export function orderFromBooking(booking: BookingView, nowSeconds: number): OrderAtTimeInput {
  return {
    restaurantId: String(booking.restoran),
    fsUid: booking.fs_uid,
    table: booking.table_num,
    deliveryDateTime: bookingDateTime(booking, nowSeconds),
    booking: { num: booking.booking_num, minSum: booking.min_sum },
  };
}
