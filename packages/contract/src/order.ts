import * as z from 'zod/mini';
import { DELIVERY_OFF_MESSAGE, KIOSK_NOT_CONNECTED_MESSAGE, PAY_METHODS } from '@chain/domain';
import { credentialFields, defineCall, type Credentials } from './call';
import {
  blankOrZeroToUndefined,
  kopecks,
  leftOut,
  latitude,
  longitude,
  optionalWireCoordinate,
  optionalWireId,
  optionalWireInt,
  wireId,
  wireInt,
} from './common';
import { deliveryDateTimeProps, orderTypeSchema } from './menu';
import {
  boundedJson,
  jsonAtMost,
  MAX_CART_RAW_BYTES,
  MAX_DELIVERY_PROPS_BYTES,
  MAX_IGNORED_VALUE_BYTES,
} from './free-form';
import { kioskToken } from './kiosk';

/**
 * Placing an order (SPEC 4, 5, 7): the coupon check, the delivery quote and order/create.
 * The server prices everything from the database; prices, sums and percents a client sends
 * are ignored (unknown fields are dropped by these schemas).
 */

const orderType = orderTypeSchema;
/**
 * The chosen single option of a line (SPEC 3 Cart line `spec`): its id, or the SPEC 3 Option
 * itself (`{ specid, specname, price, … }`) as SPEC 7 clients send it (issue 11, point 10). Only
 * the specid is read; a price in it is ignored, the server prices from the catalogue. '' / 0 /
 * null mean none (how the app's empty select arrives), bare or as the object's specid. Out: the
 * option id, or undefined.
 */
const chosenOption = z.union(
  [
    optionalWireId,
    z.pipe(
      z.object(
        {
          specid: z.union([
            z.pipe(
              z.union([z.literal(0), z.literal('0'), z.literal(''), z.null()]),
              z.transform(() => undefined),
            ),
            wireId,
          ]),
        },
        { error: 'ожидается номер опции или опция { specid, … }' },
      ),
      z.transform((option) => option.specid),
    ),
  ],
  { error: 'ожидается номер опции или опция { specid, … }' },
);
const text = (max: number) => z.string().check(z.maxLength(max));
const flag01 = z.optional(z.union([z.boolean(), z.literal(0), z.literal(1), z.literal('0'), z.literal('1')]));

export const cartLineInput = z.object({
  token: z.optional(text(64)),
  item: wireId,
  cnt: wireInt(1, 99),
  comment: z.optional(text(500)),
  spec: chosenOption,
  specs: z.optional(z.array(z.object({ specid: wireId, cnt: wireInt(1, 99) })).check(z.maxLength(50))),
});
export type CartLineInput = z.infer<typeof cartLineInput>;

/** The most of one cutlery or recommended item an order may carry (order/create, cart actions). */
export const MAX_EXTRA_COUNT = 99;

const extraInput = z.object({ id: wireId, cnt: wireInt(0, MAX_EXTRA_COUNT) });

/** The order's cutlery (`pribors`) and recommended items, as order/create, order/discount and order/delivery take them. */
const cartExtrasFields = {
  pribors: z.optional(z.array(extraInput).check(z.maxLength(20))),
  recommendedItems: z.optional(z.array(extraInput).check(z.maxLength(50))),
};

export const geoPointInput = z.object({ lat: latitude, lon: longitude });

const userInput = z.object({ id: wireId, password: z.optional(text(200)), token: z.optional(text(200)) });

/**
 * The signed-in user of an order, or none: a user whose id is blank ('' / null / 0, as SPEC 7
 * clients send an absent id) is no user, so a kiosk's `user: {id: ""}` is a kiosk order.
 */
const orderUser = leftOut(
  (value: unknown) =>
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    blankOrZeroToUndefined((value as { id?: unknown }).id) === undefined
      ? undefined
      : value,
  z.nullable(userInput),
);

/**
 * Where order/create carries the signed-in user: `user.id` + `user.password` (the session token,
 * SPEC 3; `user.token` as well). A web order always carries them — without a user it is a pair
 * that fails (401) — a kiosk order only when it has a user.
 */
export const orderUserCredentials: Credentials<
  { source: 'kiosk' | 'web'; user?: z.output<typeof userInput> | null },
  'source' | 'user'
> = {
  fields: ['source', 'user'],
  where: 'user.id + user.password (or user.token); a web order must carry them',
  read: ({ source, user }) =>
    user
      ? { userId: user.id, token: user.password ?? user.token }
      : source === 'web'
        ? { userId: undefined, token: undefined }
        : null,
};

/** The largest table number taken as a number: every integer up to it is exact, at most 16 digits. */
const MAX_TABLE_NUMBER = Number.MAX_SAFE_INTEGER;

/** A table (SPEC 4 table order): a label of up to 16 characters, or a whole number of up to 16 digits; the restaurant's own list decides. */
const tableLabel = z.union([text(16), wireInt(0, MAX_TABLE_NUMBER)], {
  error: 'ожидается номер стола: цифры или текст до 16 символов',
});

export const orderCreateBody = z.object({
  source: z.enum(['kiosk', 'web']),
  /**
   * A kiosk order's kiosk: the device token kiosk/enter gave it (decision 038). Required with
   * source 'kiosk' (403 kiosk_not_connected without it, or with an unknown, ended or another
   * restaurant's token); not read for a web order.
   */
  kiosk_token: z.optional(kioskToken),
  v: optionalWireInt(0, 1000, 'ожидается номер версии'),
  /** The signed-in user (id + session token as `password`, SPEC 3); absent for kiosk orders. */
  user: orderUser,
  cart: z.array(cartLineInput).check(z.minLength(1), z.maxLength(100)),
  ...cartExtrasFields,
  /** The client's own cart as it kept it; stored for support, never priced; at most MAX_CART_RAW_BYTES of JSON. */
  cart_raw: z.optional(boundedJson(MAX_CART_RAW_BYTES)),
  order: z.object({
    table: z.optional(z.nullable(tableLabel)),
    type: orderType,
    comment: z.optional(text(1000)),
    props: z.optional(
      z.object({
        deliveryTime: z.optional(text(32)),
        address: z.optional(
          z.nullable(
            z.object({
              ...geoPointInput.shape,
              full: z.optional(text(500)),
              short: z.optional(text(300)),
              id: z.optional(boundedJson(MAX_IGNORED_VALUE_BYTES)),
            }),
          ),
        ),
        /** 1: a delayed order (SPEC 4 checkDelayed) placed for later, not paid now. */
        delayed: flag01,
      }),
    ),
    /**
     * An inrest order from the guest's own live booking at this restaurant (SPEC 4, 5): its
     * minimum applies when larger, and the order is for the booking's time — its start while
     * ahead, else as soon as ready — so deliveryDateTimeProps is not read.
     */
    booking_num: z.optional(z.nullable(text(32))),
  }),
  deliveryDateTimeProps: z.optional(z.nullable(deliveryDateTimeProps.check(jsonAtMost(MAX_DELIVERY_PROPS_BYTES)))),
  phone: z.optional(text(32)),
  emailsend: flag01,
  email: z.optional(text(254)),
  coupon: z.optional(z.nullable(text(64))),
  /** The restaurant id (or its fs_uid). */
  restoran: z.union([wireId, z.string().check(z.minLength(8), z.maxLength(64))]),
  pushToken: z.optional(z.nullable(text(4096))),
  /** 'sbp' (default, SPEC 9) or 'card'; kiosks take SBP only (SPEC 6). */
  paysystem: z.optional(z.enum(PAY_METHODS)),
  /** The code that opened the locked dishes of the menu (SPEC 4). */
  lock_code: z.optional(z.nullable(text(32))),
  /**
   * The id of the guest's own delayed order this order continues (SPEC 4: checkDelayed's order
   * resumed into the cart). In the same transaction as the new order that delayed order is
   * cancelled by one conditional update (this guest's, delayed, unpaid, awaiting payment), so it
   * is neither offered by checkDelayed nor payable again: of two orders resuming it, one is made.
   * 404 order_not_found when it is not this guest's delayed order; 409 delayed_order_closed when
   * it was already resumed, paid or cancelled. Absent, null, '' or 0: none.
   */
  delayed_order_id: optionalWireId,
  /** One key per checkout attempt: a retry with the same key returns the same order. */
  idempotency_key: z.optional(z.string().check(z.regex(/^[\w-]{8,64}$/))),
  /**
   * The uuid of the order/delivery quote this delivery order was priced with: the order keeps the
   * quote's delivery sum while the cart, zone and delivery time are the ones quoted and the quote
   * lives (30 minutes), else a 409 delivery_quote_stale. Without it the sum is priced now.
   */
  delivery_uuid: z.optional(text(64)),
  /**
   * The total the guest was shown, kopecks: when the server's total differs (a price, the stop
   * list, a coupon or a delivery sum changed under the cart) the order is refused with 409
   * sum_changed instead of charging a sum the guest did not see (issue 12).
   */
  expected_sum: z.optional(wireInt(0, 100_000_000)),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

export const orderCreateResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  /** 1 when the order was saved for later (a delayed order), 0 when it awaits payment now. */
  delayed: z.union([z.literal(0), z.literal(1)]),
  id: z.int(),
  /** The human-friendly number per restaurant and day (znumber), e.g. 'С-017'. */
  number: z.string(),
  /** The amount to pay in kopecks: dishes + cutlery + recommended − discount + delivery. */
  sum: kopecks,
  items_sum: kopecks,
  cutlery_sum: kopecks,
  recommended_sum: kopecks,
  discount_percent: z.number(),
  discount_sum: z.int(),
  delivery_sum: kopecks,
  /**
   * The coupon the order was asked with: true applied; false below its minimum sum, so the order
   * is charged without it (the cart said so beside the coupon field) and a one-time coupon is not
   * spent; null without a coupon (issue 12).
   */
  coupon_applied: z.nullable(z.boolean()),
  /**
   * A kiosk order (source 'kiosk', no user): the signed, expiring token of its follow page
   * (`/follow/{follow_token}`, GET order/follow/{token}), which the kiosk's Thanks screen draws as a
   * QR so the guest follows the order on their own phone. Null for any other order.
   */
  follow_token: z
    .nullable(z.string())
    .check(
      z.describe(
        "Kiosk orders only (source kiosk, no user): a signed token that opens the order's status on the public follow page (/follow/{follow_token}; GET /api/v1/order/follow/{token}) until FOLLOW_LINK_TTL_HOURS after the order was placed. A retry of the same order answers an equally valid token. Null for other orders.",
      ),
    ),
});

export const orderCreate = defineCall({
  name: 'orderCreate',
  method: 'POST',
  path: '/api/v2/order/create',
  tag: 'Orders',
  summary: 'Places an order (payload v3), priced by the server; idempotent',
  description:
    "Checks the restaurant (active, open or the chosen time within its hours, offers the order type; an inrest order with the guest’s live `booking_num` is for the booking’s start while it is ahead, else as soon as ready, and its deliveryDateTimeProps is not read), the table for inrest (one of the restaurant’s tables; a signed-in guest’s pre-order for a chosen time may come without one, a kiosk order never), that every line counts (dish exists, not stopped, options exist and are not disabled, locked dishes with the right lock_code), the minimum sum, the coupon (applied from its minimum sum; below it the order is charged without it and `coupon_applied` is false), and for delivery the zone of props.address and the delivery time. The same request sent twice (double tap, retry) returns the first order: send an `idempotency_key` per checkout attempt (a retry of that attempt sends the same key). Without a key, an identical request of the same signed-in user within 10 minutes is taken as a retry; a request without a user and without a key (a kiosk) is always a new order, never merged with another guest's. A kiosk order (source kiosk) needs the `kiosk_token` of a kiosk connected to this restaurant (POST /api/v1/kiosk/enter with the staff code): without it, or with an unknown, ended or another restaurant's token, 403 kiosk_not_connected, so no stranger places kiosk orders; an order keeps its kiosk, whose token (or the order's follow token) its payment calls need, and a retry of its key from another kiosk is an idempotency_conflict. New orders are limited per signed-in user and per client address, kiosk orders per kiosk and per restaurant too (429); a retry of an existing order is not counted. `cart_raw` is at most 64 KB of JSON. JSON body.",
  auth: 'optional-user',
  credentials: orderUserCredentials,
  personal: true,
  body: orderCreateBody,
  response: orderCreateResponse,
  errors: {
    unauthorized: 'web orders need the user id and session token',
    kiosk_not_connected: `a kiosk order without the kiosk_token of a kiosk connected to this restaurant (none, unknown, ended, another restaurant's): '${KIOSK_NOT_CONNECTED_MESSAGE}' (403)`,
    restaurant_not_found: 'unknown or inactive restaurant',
    order_type: 'the restaurant does not take this order type',
    delivery_off: `a delivery order while the chain's delivery is switched off (Settings delivery 0): '${DELIVERY_OFF_MESSAGE}' (409)`,
    closed: "'Ресторан сейчас закрыт' or the chosen time is outside the opening hours",
    closed_for_now:
      "the restaurant is closed for now (issue 31): the message is the manager's words or 'Закрыто до HH:MM' (409); it takes orders again once the time passes",
    table: "'Неверный номер стола!'",
    booking_not_found:
      "booking_num that is not this guest's booking, or without a guest: 'Бронь не найдена.' (404, as the menu call)",
    booking_other_restaurant: "'Эта бронь сделана в другом ресторане.' (409)",
    booking_closed: "'Бронь отменена или уже закончилась.' (409)",
    order_not_found: "delayed_order_id that is not this guest's delayed order: 'Заказ не найден.' (404)",
    delayed_order_closed:
      "delayed_order_id of an order already resumed, paid or cancelled: 'Этот отложенный заказ уже продолжен или оплачен. Проверьте «Мои заказы».' (409)",
    unavailable: 'some dishes are stopped, unknown or have unknown/disabled options (the message names them)',
    locked: 'a locked dish without the right code',
    minimum: "'Минимальная сумма заказа: … руб.'",
    empty: "a cart worth nothing: 'Корзина пуста — выберите блюда в меню'",
    coupon_unknown: "'Купон не найден' (404)",
    coupon_expired: 'expired, not started yet or switched off',
    coupon_order_type: 'not for this order type',
    coupon_restaurant: 'not for this restaurant',
    coupon_used: 'a one-time coupon this user has used (409)',
    coupon_used_up: 'a coupon used as many times as its total allows, the last use taken by another order (409)',
    sum_changed:
      "expected_sum differs from the total the server quotes: 'Сумма заказа изменилась: … Проверьте корзину.' (409)",
    delivery_quote_stale:
      'delivery_uuid names an order/delivery quote that has run out or priced another cart, zone or delivery time (409): quote again. A quote stale because a price changed, with an expected_sum of the old total, answers sum_changed instead',
    outside_zone: "'По данному адресу доставка невозможна'",
    delivery_time: "'Просьба выбрать время доставки' / 'На сегодня нет доступного времени доставки в выбранную зону'",
    idempotency_conflict: 'the key was used for a different order (409)',
    coupon_needs_guest: 'a coupon limited to one use per guest, on an order without a user (400)',
    rate_limited:
      "too many new orders from this user, this address, this kiosk or this restaurant's kiosks in 10 minutes (429, Retry-After)",
    lock_code_attempts: "too many wrong lock codes (counted with the menu call's) (429, Retry-After)",
  },
});

export const orderDiscountBody = z.object({
  coupon: text(64),
  order_type: orderType,
  fs_uid: text(64),
  location: z.optional(
    z.nullable(z.object({ lon: optionalWireCoordinate(180, 'долгота'), lat: optionalWireCoordinate(90, 'широта') })),
  ),
  user_id: wireId,
  token: text(200),
  card: z.optional(z.nullable(text(64))),
  /** The cart, when the caller wants to know whether the coupon applies to it now (issue 12). */
  cart: z.optional(z.array(cartLineInput).check(z.maxLength(100))),
  ...cartExtrasFields,
});

export const orderDiscount = defineCall({
  name: 'orderDiscount',
  method: 'POST',
  path: '/api/v1/order/discount',
  tag: 'Orders',
  summary: 'Checks a coupon: the percent or the fixed sum it gives (a negative percent: a markup) and its minimum sum',
  description:
    'Checks the coupon against its dates, order types, restaurants and one use per guest. Its minimum sum is not a refusal: below it the coupon is not applied (order/create charges the order without it). With `cart` (and `pribors`, `recommendedItems`) the answer also says, from the same checkout quote order/create uses, whether the coupon applies to that cart now, the discount, and the note to show below the minimum.',
  auth: 'user',
  credentials: credentialFields('user_id', 'token'),
  body: orderDiscountBody,
  response: z.object({
    success: z.literal(true),
    /** The percent off; 0 for a fixed coupon. */
    discountPercent: z.number(),
    /** A fixed coupon's kopecks off the order sum (never more than it; issue 31); 0 for a percent coupon. */
    discountAmount: kopecks,
    /** The order sum (kopecks, before discount and delivery) from which the coupon applies; 0 for any. */
    minSum: kopecks,
    title: z.string(),
    /** 'Скидка 10 %', 'Наценка 5 %' or 'Скидка 200,00 ₽'. */
    message: z.string(),
    /** With a cart: whether the coupon applies to it (false below minSum). */
    applied: z.optional(z.boolean()),
    /** With a cart: the discount in kopecks (negative: a markup); 0 when it does not apply. */
    discountSum: z.optional(z.int()),
    /** With a cart below minSum: 'Купон действует при заказе от 500,00 ₽'. */
    note: z.optional(z.string()),
  }),
  errors: {
    coupon_unknown: "'Купон не найден'",
    coupon_expired: 'expired, not started yet or switched off',
    coupon_order_type: 'not for this order type',
    coupon_restaurant: 'not for this restaurant',
    coupon_used: 'a one-time coupon this user has used',
    coupon_used_up: 'a coupon used as many times as its total allows (409)',
  },
});

export const orderDeliveryBody = z.object({
  order_sum: z.optional(boundedJson(MAX_IGNORED_VALUE_BYTES)),
  order_type: orderType,
  fs_uid: text(64),
  user: orderUser,
  cart: z.array(cartLineInput).check(z.maxLength(100)),
  table: z.optional(boundedJson(MAX_IGNORED_VALUE_BYTES)),
  delivery_data: z.optional(z.nullable(deliveryDateTimeProps.check(jsonAtMost(MAX_DELIVERY_PROPS_BYTES)))),
  coupon: z.optional(z.nullable(text(64))),
  uuid: z.optional(z.nullable(text(64))),
  zone: optionalWireId,
  /** The delivery point; with it the zone is found (and must be the given zone, when one is given). */
  location: z.optional(z.nullable(geoPointInput)),
  /** The order's cutlery and recommended items: they count toward free delivery, as toward the minimum sum (issue 12). */
  ...cartExtrasFields,
});

export const orderDelivery = defineCall({
  name: 'orderDelivery',
  method: 'POST',
  path: '/api/v2/order/delivery',
  tag: 'Orders',
  summary: 'Quotes delivery for the cart and zone: the sum, whether a time is available, and a uuid for order/create',
  description:
    "deliverySum is the zone price, or 0 from the zone's free-delivery sum, measured against orderSum: dishes, cutlery and recommended items above their free counts, before the discount, the base of the minimum sum too (server prices; order_sum from the client is ignored). order/create with `delivery_uuid` = uuid charges this deliverySum while the cart, zone and delivery time are the ones quoted. isAvailByTime says whether the zone can still deliver on the chosen date (SPEC 5: a period is closed for today when its start minus time_limit is at or before now; on a holiday of the restaurant only periods starting while it is open count, decision 053); for a zone without periods, whether order/create takes the chosen time (as soon as ready: open now; a clock time: open then), the restaurant holidays counted. The quote is kept 30 minutes.",
  auth: 'public',
  body: orderDeliveryBody,
  response: z.object({
    success: z.literal(true),
    uuid: z.string(),
    isAvailByTime: z.boolean(),
    deliverySum: kopecks,
    /** Dishes only, kopecks. */
    itemsSum: kopecks,
    /** Dishes, cutlery and recommended items, kopecks: what free delivery and the minimum sum are measured against. */
    orderSum: kopecks,
    zone: z.int(),
  }),
  errors: {
    outside_zone: "'По данному адресу доставка невозможна'",
    delivery_off: `the chain's delivery is switched off (Settings delivery 0): '${DELIVERY_OFF_MESSAGE}' (409)`,
    restaurant_not_found: 'unknown restaurant',
    unavailable: 'some dishes are stopped or unknown (the message names them), 409',
    validation: 'a cutlery or recommended item not offered for delivery, 400',
  },
});

export const ORDER_CALLS = [orderCreate, orderDiscount, orderDelivery] as const;
