import * as z from 'zod/mini';
import {
  BOOKING_MAX_GUESTS,
  BOOKING_MAX_MINUTES,
  BOOKING_MIN_GUESTS,
  BOOKING_MIN_MINUTES,
  LATER_ORDER_TYPES,
} from '@chain/domain';
import {
  ignoredText,
  optionalClockInput,
  optionalRestaurantRef,
  optionalUnixSeconds,
  optionalWireFlag,
  restaurantChoice,
  restaurantRef,
  clockInput,
  unixSecondsInput,
} from './action-fields';
import { flag, kopecks, lookupText, optionalWireInt, wireInt, wireText } from './common';
import { deliveryDateTimeProps, orderTypeSchema } from './menu';
import { defineAction } from './rest';

/**
 * Table booking, pre-order and delayed order: actions of the generic call (SPEC 2 booking pages,
 * SPEC 3 Booking, SPEC 4, SPEC 7). docs/rest.md lists them with their fields and answers;
 * decision 014 explains the rules.
 */

// --- shared pieces ---------------------------------------------------------------------------------

const guests = optionalWireInt(BOOKING_MIN_GUESTS, BOOKING_MAX_GUESTS, 'ожидается число гостей');
const minutes = optionalWireInt(BOOKING_MIN_MINUTES, BOOKING_MAX_MINUTES, 'ожидается длительность в минутах');
/** The app's Date#getTimezoneOffset: minutes behind UTC (Moscow −180). */
const timeZoneOffset = optionalWireInt(-840, 840, 'ожидается смещение часового пояса в минутах');

/** A period offered on the chosen date. */
export const periodChoice = z.object({
  /** What bookingSave (or deliveryDateTimeProps.deliveryTime) takes back: the start 'HH:MM' on the restaurant's clock. */
  periodfrom: z.string(),
  from: z.string(),
  to: z.string(),
  /** Unix seconds of the start and the end. */
  timefrom: z.int(),
  timeto: z.int(),
  /** '18:00–19:00' (booking) or '18:00' (pre-order). */
  text: z.string(),
});
export type PeriodChoice = z.infer<typeof periodChoice>;

/** A date the guest may choose: Unix seconds of its midnight on the restaurant's clock, 'DD.MM.YYYY' and a label ('Сегодня', 'Четверг, 4 января'). */
export const dateChoice = z.object({ date: z.int(), value: z.string(), label: z.string() });
export type DateChoiceWire = z.infer<typeof dateChoice>;

/** The chosen date and time as the menu call and order/create take them (SPEC 3 Delivery date/time props). */
export const dateTimeProps = z.object({ deliveryDate: z.string(), deliveryTime: z.string(), isTimePeriods: flag });

// --- bookingPeriods and predzakazPeriods -----------------------------------------------------

/** SPEC 7: {logictype, periodfrom, restoranid, cntpersons, cntminutes, date in seconds, timeZoneOffset}. */
export const periodsFields = z.object({
  logictype: ignoredText,
  restoranid: optionalRestaurantRef,
  cntpersons: guests,
  cntminutes: minutes,
  date: optionalUnixSeconds,
  timeZoneOffset,
  periodfrom: optionalClockInput,
});

export const bookingRestaurantChoice = z.extend(restaurantChoice, {
  /** The most guests one table seats here. */
  maxPersons: z.int(),
});

/**
 * The answer of a period picker (bookingPeriods, predzakazPeriods): the periods on the chosen
 * date, the restaurants and dates to choose from, and whether one can be taken.
 */
function periodsResponse<Restaurant extends z.ZodMiniType>(restaurant: Restaurant) {
  return z.object({
    periods: z.array(periodChoice),
    restorans: z.array(restaurant),
    /** The restaurant the periods are for, or null when none was chosen. */
    restoranid: z.nullable(z.int()),
    dates: z.array(dateChoice),
    deliveryDateTimeProps: dateTimeProps,
    /** 1 when a period can be booked (bookingPeriods) or pre-ordered for (predzakazPeriods). */
    allowbooking: flag,
    /** Kopecks: the booking's minimum order, 1000 ₽ per guest; a pre-order's, the restaurant's minimum at a table. */
    min_sum: kopecks,
    /** Why allowbooking is 0, in Russian; '' otherwise. */
    message: z.string(),
  });
}

export const bookingPeriodsResponse = periodsResponse(bookingRestaurantChoice);

export const bookingPeriodsAction = defineAction({
  name: 'bookingPeriods',
  auth: 'user',
  summary:
    'Free booking periods for a restaurant, date and party: those starting on that calendar day, every half hour within one business day’s opening hours (the 06:00 day boundary, the restaurant’s zone; decision 042) when a bookable table with enough seats is not booked for the whole period. Only users with the booking flag (403 otherwise).',
  fields: periodsFields,
  response: bookingPeriodsResponse,
});

export const predzakazPeriodsResponse = periodsResponse(restaurantChoice);

export const predzakazPeriodsAction = defineAction({
  name: 'predzakazPeriods',
  auth: 'public',
  summary:
    'Times for a pre-order at a table (inrest, for later): the pickup slots of SPEC 9 (09:00–23:00 every 15 minutes, today from now + 30 min) within the opening hours, on the dates the restaurant allows (deliveryDays). cntpersons, cntminutes and logictype are accepted and not read.',
  fields: periodsFields,
  response: predzakazPeriodsResponse,
});

// --- delayedzakazRestorans -------------------------------------------------------------------

export const delayedDateChoice = z.extend(dateChoice, { times: z.array(z.string()) });

/** A restaurant that takes an order for later, with the order types it takes for one ('self' pickup, 'inrest' at a table). */
export const delayedRestaurantChoice = z.extend(restaurantChoice, { order_types: z.array(z.enum(LATER_ORDER_TYPES)) });

export const delayedzakazRestoransResponse = z.object({
  restorans: z.array(delayedRestaurantChoice),
  restoranid: z.nullable(z.int()),
  /** The dates of the chosen restaurant with their free times 'HH:MM'. */
  dates: z.array(delayedDateChoice),
  /** The earliest time of the chosen restaurant. */
  deliveryDateTimeProps: dateTimeProps,
  allowbooking: flag,
  message: z.string(),
});

export const delayedzakazRestoransAction = defineAction({
  name: 'delayedzakazRestorans',
  auth: 'public',
  summary:
    'Restaurants that take a delayed order (pickup or at a table, for later; settings allow_delayed), each with the order types it takes for one (order_types: self, inrest), and, for restoranid, its dates and times (SPEC 9 slots within the opening hours) and the earliest one.',
  fields: z.object({ restoranid: optionalRestaurantRef }),
  response: delayedzakazRestoransResponse,
});

// --- bookings --------------------------------------------------------------------------------

/** A booking as the app shows it (SPEC 3 Booking; SPEC 4 countdown and buttons). */
export const bookingView = z.object({
  booking_num: z.string(),
  status: z.enum(['new', 'active', 'cancelled', 'ended']),
  /** Unix seconds: the countdown runs to timeto; before timefrom it shows timeto − timefrom (SPEC 4). */
  timefrom: z.int(),
  timeto: z.int(),
  /** 1 while the booking has not started (it may be cancelled). */
  isnew: flag,
  table_id: z.nullable(z.int()),
  table_num: z.nullable(z.string()),
  /** The minimum order of the booking, kopecks (SPEC 5: applies to inrest orders when larger). */
  min_sum: kopecks,
  restoran: z.int(),
  fs_uid: z.string(),
  restoran_name: z.string(),
  restoran_address: z.string(),
  /** The restaurant's IANA time zone: its clock reads timefrom and timeto. */
  time_zone: z.string(),
  cntpersons: z.int(),
  cntminutes: z.int(),
  /**
   * The start 'HH:MM' and the date (Unix seconds of its midnight on the restaurant's clock) as
   * bookingSave takes them: the calendar day the booking starts on and the clock on it (decision 042).
   */
  periodfrom: z.string(),
  date: z.int(),
  comment: z.string(),
  /** 'среда, 3 января, 18:00–19:00': the start's calendar day (domain bookingWhenText). */
  dateFormatted: z.string(),
  username: z.string(),
  message: z.string(),
  img: z.string(),
  allowOrder: flag,
  allowCancel: flag,
  allowEnd: flag,
  /** 1 while the booking runs: bookingExtend may add BOOKING_EXTEND_MINUTES on the same table (decision 027). */
  allowExtend: flag,
  allowMain: flag,
  textContinue: z.string(),
  textMain: z.string(),
});
export type BookingView = z.infer<typeof bookingView>;

export const bookingSaveFields = z.object({
  restoran: restaurantRef,
  cntpersons: wireInt(BOOKING_MIN_GUESTS, BOOKING_MAX_GUESTS, 'ожидается число гостей'),
  cntminutes: wireInt(BOOKING_MIN_MINUTES, BOOKING_MAX_MINUTES, 'ожидается длительность в минутах'),
  date: unixSecondsInput,
  timeZoneOffset,
  periodfrom: clockInput,
  comment: z.optional(wireText(500)),
});

export const bookingAnswer = z.object({ success: z.literal(true), booking: bookingView, message: z.string() });

export const bookingSaveAction = defineAction({
  name: 'bookingSave',
  auth: 'user',
  summary:
    'Books the smallest free table that seats the party for periodfrom on date (re-checked under row locks: of two guests after the last table one gets it, the other 409). Only users with the booking flag (403).',
  fields: bookingSaveFields,
  response: bookingAnswer,
});

export const bookingListAction = defineAction({
  name: 'bookingList',
  auth: 'user',
  summary: 'The user’s bookings, newest first; active: 1 for the upcoming and running ones only, soonest first.',
  fields: z.object({ active: optionalWireFlag }),
  response: z.object({ items: z.array(bookingView) }),
});

const bookingNumFields = z.object({ booking_num: lookupText(32) });

export const bookingCancelAction = defineAction({
  name: 'bookingCancel',
  auth: 'user',
  summary: 'Cancels the user’s booking before it starts (409 once it has started, or when it is cancelled or ended).',
  fields: bookingNumFields,
  response: bookingAnswer,
});

export const bookingEndAction = defineAction({
  name: 'bookingEnd',
  auth: 'user',
  summary: 'Ends the user’s booking while it runs, freeing the table (409 before it starts, or when it is over).',
  fields: bookingNumFields,
  response: bookingAnswer,
});

export const bookingExtendAction = defineAction({
  name: 'bookingExtend',
  auth: 'user',
  summary:
    'Extends the user’s running booking by 30 minutes on the same table (SPEC 4 «продлить»; SPEC 7 names no call, decision 027): under the restaurant’s table locks and the booking’s row lock, when the table is free and the restaurant open for those minutes and the booking stays within 360 minutes. 409 with the reason otherwise; each call adds 30 minutes once.',
  fields: bookingNumFields,
  response: bookingAnswer,
});

// --- checkDelayed ----------------------------------------------------------------------------

/** A line of the delayed order, as the app's cart keeps it (SPEC 3 Cart line), with its availability now. */
export const delayedCartLine = z.object({
  token: z.string(),
  item: z.int(),
  cnt: z.int(),
  comment: z.string(),
  spec: z.nullable(z.int()),
  specs: z.array(z.object({ specid: z.int(), cnt: z.int(), price: kopecks })),
  name: z.string(),
  /** 0: the dish or an option is no longer available (stopped, not sold, option gone or disabled). */
  available: flag,
  /** Why it is not available, in Russian; '' when it is. */
  note: z.string(),
});

export const delayedOrder = z.object({
  id: z.int(),
  number: z.string(),
  type: orderTypeSchema,
  restoran_id: z.int(),
  fs_uid: z.string(),
  /** Unix seconds of the chosen time, and 'DD.MM.YYYY HH:MM' on the restaurant's clock. */
  time: z.nullable(z.int()),
  time_text: z.string(),
  deliveryDateTimeProps: dateTimeProps,
  sum: kopecks,
  cart: z.array(delayedCartLine),
  pribors: z.array(z.object({ id: z.int(), cnt: z.int() })),
  recommendedItems: z.array(z.object({ id: z.int(), cnt: z.int() })),
  /** 'Некоторые блюда недоступны и не попадут в заказ: …' or ''. */
  message: z.string(),
});

export const checkDelayedAction = defineAction({
  name: 'checkDelayed',
  auth: 'user',
  summary:
    'The user’s latest delayed order at the restaurant for the order type (unpaid, not cancelled): its time and its cart lines with tokens, each marked when no longer available, so the app can resume it (SPEC 4). order is null when there is none. delivery_datetime_props is accepted and not read.',
  fields: z.object({
    fs_uid: lookupText(64),
    order_type: orderTypeSchema,
    delivery_datetime_props: z.optional(z.nullable(deliveryDateTimeProps)),
  }),
  response: z.object({ order: z.nullable(delayedOrder) }),
});
