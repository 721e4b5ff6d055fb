import type { BookingView } from '@chain/contract';
import {
  bookingControls,
  bookingMessage,
  bookingPhase,
  bookingWhenText,
  formatClock,
  startOfDaySeconds,
  wallClockAt,
} from '@chain/domain';
import type { BookingWithContext } from './repository';
import { seconds } from './dates';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

/** A booking as the app shows it (SPEC 3 Booking, SPEC 4 countdown and buttons) at `now`. */
export function bookingView(booking: BookingWithContext, now: Date, img: string): BookingView {
  const timefrom = seconds(booking.timefrom);
  const timeto = seconds(booking.timeto);
  const phase = bookingPhase({ status: booking.status, timefrom, timeto }, seconds(now));
  const controls = bookingControls(phase);
  // The calendar day and clock of the start (issue 30): what bookingSave takes as date and periodfrom.
  const start = wallClockAt(booking.timefrom, booking.time_zone);
  const dateText = bookingWhenText(booking.timefrom, booking.timeto, booking.time_zone);
  return {
    booking_num: booking.booking_num,
    status: booking.status,
    timefrom,
    timeto,
    isnew: flag(phase === 'upcoming'),
    table_id: booking.table_id,
    table_num: booking.table_num,
    min_sum: booking.min_sum,
    restoran: booking.restaurant_id,
    fs_uid: booking.fs_uid,
    restoran_name: booking.restaurant_name,
    restoran_address: booking.restaurant_address,
    time_zone: booking.time_zone,
    cntpersons: booking.cntpersons,
    cntminutes: booking.cntminutes,
    periodfrom: formatClock(start.minuteOfDay),
    date: startOfDaySeconds(start.date, booking.time_zone),
    comment: booking.comment,
    dateFormatted: dateText,
    username: booking.user_name,
    message: bookingMessage(booking, phase, dateText),
    img,
    allowOrder: flag(controls.allowOrder),
    allowCancel: flag(controls.allowCancel),
    allowEnd: flag(controls.allowEnd),
    allowExtend: flag(controls.allowExtend),
    allowMain: flag(controls.allowMain),
    textContinue: controls.textContinue,
    textMain: controls.textMain,
  };
}
