import {
  bookingCancelAction,
  bookingEndAction,
  bookingExtendAction,
  bookingListAction,
  bookingPeriodsAction,
  bookingSaveAction,
  type BookingView,
} from '@chain/contract';
import type * as z from 'zod/mini';
import { callAction } from '../../../api/action';
import type { RequestOptions } from '../../../api/client';

/*
 * Table booking (SPEC 2 booking pages, SPEC 7 booking actions, decision 027 bookingExtend): the
 * calls the three booking screens make with the signed-in guest's id and token. Failures arrive
 * as ApiError with the server's Russian text (SPEC 8: the booking save error shows it).
 */

export interface BookingSession {
  readonly id: string;
  readonly password: string;
}

export type BookingPeriodsAnswer = z.output<typeof bookingPeriodsAction.response>;
export type BookingPeriodsFields = z.input<typeof bookingPeriodsAction.fields>;
export type BookingSaveFields = z.input<typeof bookingSaveAction.fields>;

const credentials = (session: BookingSession) => ({ user_id: session.id, token: session.password });

/** bookingPeriods: the restaurants, dates and free periods for the party. */
export function loadBookingPeriods(
  session: BookingSession,
  fields: BookingPeriodsFields,
  options?: RequestOptions,
): Promise<BookingPeriodsAnswer> {
  return callAction(bookingPeriodsAction, fields, credentials(session), options);
}

/** bookingSave: books a table; the answer's booking opens the result screen. */
export async function saveBooking(session: BookingSession, fields: BookingSaveFields): Promise<BookingView> {
  return (await callAction(bookingSaveAction, fields, credentials(session))).booking;
}

/** bookingList {active: 1}: the guest's bookings not over yet, soonest first. */
export async function loadActiveBookings(session: BookingSession, options?: RequestOptions): Promise<BookingView[]> {
  return (await callAction(bookingListAction, { active: 1 }, credentials(session), options)).items;
}

/** What the result screen does with a booking. */
export type BookingAction = 'cancel' | 'end' | 'extend';

const ACTIONS = { cancel: bookingCancelAction, end: bookingEndAction, extend: bookingExtendAction } as const;

/** bookingCancel, bookingEnd or bookingExtend: the booking as it is now, and the server's words. */
export async function changeBooking(
  session: BookingSession,
  action: BookingAction,
  bookingNum: string,
): Promise<{ booking: BookingView; message: string }> {
  const answer = await callAction(ACTIONS[action], { booking_num: bookingNum }, credentials(session));
  return { booking: answer.booking, message: answer.message };
}
