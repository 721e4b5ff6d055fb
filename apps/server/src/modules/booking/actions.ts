import {
  bookingCancelAction,
  bookingEndAction,
  bookingExtendAction,
  bookingListAction,
  bookingPeriodsAction,
  bookingSaveAction,
  checkDelayedAction,
  delayedzakazRestoransAction,
  predzakazPeriodsAction,
} from '@chain/contract';
import type { RestActionRegistry } from '../rest';
import { bookingPeriodsAnswer, closeBooking, extendBooking, listBookings, saveBooking } from './bookings';
import { checkDelayedAnswer, delayedRestaurantsAnswer, preorderPeriodsAnswer } from './later';

/**
 * Booking, pre-order and delayed order actions of the generic call (SPEC 7; docs/rest.md,
 * decision 014): bookingPeriods, bookingSave, bookingList, bookingCancel, bookingEnd,
 * bookingExtend (decision 027),
 * predzakazPeriods, delayedzakazRestorans, checkDelayed.
 */
export function registerBookingActions(registry: RestActionRegistry): void {
  registry
    .register(bookingPeriodsAction, async ({ app, user, fields }) =>
      bookingPeriodsAnswer(app.db, user, fields, new Date()),
    )
    .register(bookingSaveAction, async ({ app, user, fields }) => saveBooking(app.db, user, fields, new Date()))
    .register(bookingListAction, async ({ app, user, fields }) =>
      listBookings(app.db, user, fields.active === 1, new Date()),
    )
    .register(bookingCancelAction, async ({ app, user, fields }) =>
      closeBooking(app.db, user, fields.booking_num, 'cancel', new Date()),
    )
    .register(bookingEndAction, async ({ app, user, fields }) =>
      closeBooking(app.db, user, fields.booking_num, 'end', new Date()),
    )
    .register(bookingExtendAction, async ({ app, user, fields }) =>
      extendBooking(app.db, user, fields.booking_num, new Date()),
    )
    .register(predzakazPeriodsAction, async ({ app, fields }) => preorderPeriodsAnswer(app.db, fields, new Date()))
    .register(delayedzakazRestoransAction, async ({ app, fields }) =>
      delayedRestaurantsAnswer(app.db, fields.restoranid, new Date()),
    )
    .register(checkDelayedAction, async ({ app, user, fields }) => checkDelayedAnswer(app.db, user, fields));
}
