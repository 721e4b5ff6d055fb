import * as z from 'zod/mini';
import { isOrderSettled, ORDER_LIST_PAGE_SIZE, PAY_METHODS } from '@chain/domain';
import { EVENT_STREAM_KEEP_ALIVE_MS, flag, kopecks, optionalWireId, sessionToken, wireId } from './common';
import { credentialFields, defineCall } from './call';
import { orderTypeSchema } from './menu';
import { optionalCount } from './rate';
import { progressBarData } from './order-follow';

/**
 * The guest's orders (SPEC 2 OrderList and OrderDetail, SPEC 3 Order and Basket line, SPEC 4
 * paid flag, pay button, rating controls, tips and progress bar, SPEC 7 order/listUser, SPEC 9
 * page size 20). Money is integer kopecks (decision 003). Statuses: docs/orders.md.
 */

/** The single option of a line: id, name and its price (kopecks), as ordered. */
export const orderLineSpec = z.object({ id: z.int(), name: z.string(), price: z.int() });
/** A multi-option of a line with its count per portion. */
export const orderLineSpecs = z.object({ id: z.int(), name: z.string(), price: z.int(), cnt: z.int() });

/** An item rating as it shows on its basket line (SPEC 3 Item rating). */
export const itemRatingView = z.object({
  id: z.int(),
  taste: z.nullable(z.int()),
  fresh: z.nullable(z.int()),
  speed: z.nullable(z.int()),
  comment: z.string(),
  type: z.nullable(z.int()),
  photos: z.array(z.string()),
  time: z.string(),
});

/** The order rating (SPEC 3 Order rating). */
export const orderRatingView = z.object({
  id: z.int(),
  stars: z.int(),
  rate_taste: z.nullable(z.int()),
  rate_fresh: z.nullable(z.int()),
  rate_speed: z.nullable(z.int()),
  rate_quality: z.nullable(z.int()),
  comment: z.string(),
  type: z.nullable(z.int()),
  /** Signed photo links (GET /api/v1/rate/photo/{id}?sig=…). */
  photos: z.array(z.string()),
  time: z.string(),
});

/**
 * A dish line of the basket (SPEC 3 Basket line). `id` is the dish id (the item_id of an item
 * rating), `line_id` the line's own id. `price` is the unit price with the single option;
 * multi-options are in `specs`; `sum` is what the line cost in all.
 */
export const orderBasketLine = z.object({
  id: z.int(),
  line_id: z.int(),
  name: z.string(),
  cnt: z.int(),
  price: kopecks,
  sum: kopecks,
  photo: z.string(),
  spec: z.nullable(orderLineSpec),
  specs: z.array(orderLineSpecs),
  comment: z.string(),
  /** The item rating of this dish (and option), or null: not rated yet. */
  rate: z.nullable(itemRatingView),
});
export type OrderBasketLine = z.infer<typeof orderBasketLine>;

/** A cutlery or recommended line: `cnt` taken, `charged_cnt` paid for (the count above free_cnt). */
export const orderExtraLine = z.object({
  id: z.int(),
  name: z.string(),
  cnt: z.int(),
  charged_cnt: z.int(),
  price: kopecks,
  sum: kopecks,
});

/** The order's place: name, address and phone of the restaurant. */
export const orderRestaurant = z.object({ id: z.int(), name: z.string(), address: z.string(), phone: z.string() });

/**
 * One order as the list and the detail show it (SPEC 3 Order).
 * - `time`: when it was placed, ISO 8601; `time_text`: 'DD.MM.YYYY HH:MM' on the restaurant's clock.
 * - `status`, `status_text`, `status_color` ('#AARRGGBB'): docs/orders.md.
 * - `paid` 0/1; `sum` the total to pay; `sums` its parts (discount negative for a markup).
 * - `address`: the delivery address as text ('' for pickup and in-restaurant orders); `table` the table number.
 * - `props`: as stored at creation, with `deliveryTime` ('' when as soon as ready), `deliveryDate` and `address`.
 * - `receipt`: a signed link to the printable receipt (opens without the token).
 * - `rate`: the order rating or null (SPEC 4: rating controls while paid = 1 and rate is null).
 * - `refunding`: money a manager's refund asked of the bank and not yet returned (issue 31), 0 when none.
 */
export const orderView = z.object({
  id: z.int(),
  znumber: z.string(),
  time: z.string(),
  time_text: z.string(),
  type: orderTypeSchema,
  status: z.int(),
  status_text: z.string(),
  status_color: z.string().check(z.regex(/^#[0-9A-F]{8}$/)),
  paid: flag,
  sum: kopecks,
  sums: z.object({
    items: kopecks,
    cutlery: kopecks,
    recommended: kopecks,
    discount: z.int(),
    delivery: kopecks,
    total: kopecks,
  }),
  name: z.string(),
  address: z.string(),
  table: z.string(),
  basket: z.array(orderBasketLine),
  pribors: z.array(orderExtraLine),
  recommendedItems: z.array(orderExtraLine),
  comment: z.string(),
  props: z.looseObject({
    deliveryTime: z.string(),
    deliveryDate: z.string(),
    address: z.union([z.string(), z.record(z.string(), z.unknown())]),
  }),
  as_ready: flag,
  discountPercent: z.number(),
  pay_method: z.enum(PAY_METHODS),
  receipt: z.string(),
  tips_id: z.nullable(z.string()),
  rate: z.nullable(orderRatingView),
  restoran_id: z.int(),
  restoran: orderRestaurant,
  progressBarData,
  refunding: kopecks,
});
export type OrderView = z.infer<typeof orderView>;

/**
 * POST /api/v1/order/listUser/{userId}: the path's userId must be the body's user_id, and
 * user_id + user_token a live session. A list page: `limit` (default and at most 20) and `offset`
 * (the number already loaded); a detail: `id` of one order.
 */
export const orderListUserRequest = z.object({
  user_id: wireId,
  user_token: sessionToken,
  limit: optionalCount,
  offset: optionalCount,
  id: optionalWireId,
});

export const orderListUserResponse = z.object({ success: z.literal(true), items: z.array(orderView) });
export type OrderListUserResponse = z.infer<typeof orderListUserResponse>;

export const orderListUserCall = defineCall({
  name: 'orderListUser',
  method: 'POST',
  path: '/api/v1/order/listUser/:userId',
  tag: 'orders',
  summary: 'The signed-in user’s orders: a page of the list, or one order (SPEC 2, 3, 4, 7, 9)',
  description: `List: newest first, \`limit\` orders (default and at most ${ORDER_LIST_PAGE_SIZE}, SPEC 9) after \`offset\` (the number already loaded); an empty \`items\` ends the list (SPEC 8). Detail: \`id\` given, \`items\` holds that one order, or 404 when it is not this user's. The path's userId must equal user_id (403 otherwise) and user_id + user_token must make a live session (401). Each order: id, znumber, time (ISO) and time_text ('DD.MM.YYYY HH:MM' on the restaurant's clock), type, status, status_text, status_color ('#AARRGGBB'), paid 0/1, sum and sums {items, cutlery, recommended, discount, delivery, total} in kopecks, name, address (delivery address text), table, basket [{id (dish), line_id, name, cnt, price, sum, photo, spec, specs, comment, rate}], pribors and recommendedItems [{id, name, cnt, charged_cnt, price, sum}], comment, props {deliveryTime, deliveryDate, address, …}, as_ready, discountPercent, pay_method, receipt (a signed link to the printable receipt), tips_id, rate (the order rating or null), restoran_id, restoran {id, name, address, phone}, progressBarData {step, text, steps}, refunding (kopecks a manager's refund asked of the bank and not yet returned, 0 when none). Statuses and the progress bar: docs/orders.md.`,
  auth: 'user',
  credentials: credentialFields('user_id', 'user_token'),
  params: z.object({ userId: wireId }),
  body: orderListUserRequest,
  response: orderListUserResponse,
  errors: {
    unauthorized: 'user_id + user_token do not make a live session (401)',
    forbidden: 'the path’s userId is not user_id (403)',
    order_not_found: 'detail: no such order of this user (404 «Заказ не найден.»)',
    validation: 'a field is missing or malformed (400, names the field)',
  },
});

export const orderReceiptCall = defineCall({
  name: 'orderReceipt',
  method: 'GET',
  path: '/api/v1/order/receipt/:id',
  tag: 'orders',
  summary: 'The printable receipt of an order (HTML), by the signed link in the order’s `receipt`',
  description:
    'A Russian, printable HTML page with no outside assets: the chain, the restaurant and its address, the order number, date and time, the lines with quantities, options, unit prices and line sums, cutlery and recommended items, discount, delivery, the total and «Оплачен» / «Не оплачен». The link carries `?sig=`, an HMAC of the order id with the server’s secret, so it opens in a browser without the session token; a wrong or missing sig answers 404 like an unknown order. `content-disposition: inline`; with `&download=1` an attachment (receipt-{id}.html).',
  auth: 'public',
  params: z.object({ id: wireId }),
  response: z.string(),
  errors: { not_found: 'no such order, or the sig does not match (404)' },
});

// ---------------------------------------------------------------------------------------------
// order/{id}/events: the order page's live progress (issue 15)

/**
 * One `status` event of the stream: the order's status, its texts and colour, the paid flag and
 * the progress bar, the same fields and values as the order of order/listUser.
 */
export const orderStatusEvent = z.object({
  id: z.int(),
  status: z.int(),
  status_text: z.string(),
  status_color: z.string().check(z.regex(/^#[0-9A-F]{8}$/)),
  paid: flag,
  progressBarData,
  /** The tips page's id: given a moment after the payment (decision 025), so it arrives by an event too. */
  tips_id: z.nullable(z.string()),
  /**
   * Money a manager's refund asked of the bank and not yet returned (issue 31, decision 050), 0
   * when none: while it is above 0 the order can still change on the page (the bank's answer).
   */
  refunding: kopecks,
});
export type OrderStatusEvent = z.infer<typeof orderStatusEvent>;

/** How often the stream sends the comment line `: keep-alive`: a client that hears nothing for twice as long may take the stream for dead. */
export const ORDER_EVENTS_KEEP_ALIVE_MS = EVENT_STREAM_KEEP_ALIVE_MS;

/**
 * Whether nothing more will change that the order page shows: done and paid, or cancelled, with
 * no refund's money on its way back (its bank's answer is still to come, decision 055). The
 * stream ends after sending such a state, and a client does not reconnect.
 */
export function isFinalOrderState(order: { status: number; paid: boolean | 0 | 1; refunding: number }): boolean {
  return order.refunding === 0 && isOrderSettled(order);
}

/** The stream's query: whose session `Authorization: Bearer {token}` is (the token never goes in the URL). */
export const orderEventsQuery = z.object({ user_id: wireId });

/** The stream's address for a client: the path and the query. */
export function orderEventsUrl(orderId: number, userId: number): string {
  return `/api/v1/order/${orderId}/events?user_id=${userId}`;
}

export const orderEventsCall = defineCall({
  name: 'orderEvents',
  method: 'GET',
  path: '/api/v1/order/:id/events',
  tag: 'orders',
  summary: 'The signed-in guest’s order as it changes: Server-Sent Events (issue 15, SPEC 4 progress bar)',
  description: `A \`text/event-stream\` (\`cache-control: no-store\`, \`x-accel-buffering: no\`, never compressed). Query \`user_id\`; the session token as \`Authorization: Bearer {token}\` (never in the URL; browsers read the stream with fetch() and a stream reader, since EventSource cannot send the header). 401 «Сессия истекла. Войдите снова.» when they do not make a live session, 404 «Заказ не найден.» when the order is not this guest's (kiosk orders included). First, at once, an event \`status\` whose \`data\` is the order's current \`{ id, status, status_text, status_color, paid, progressBarData, tips_id, refunding }\` (the same as order/listUser's order), then one \`status\` event after every change of the status, the paid flag, the tips id (given a moment after the payment) or a refund's state (a manager's refund asked of the bank, returned, or refused and waiting for a retry: \`status_text\` and \`refunding\` say it), made on any instance, and the comment line \`: keep-alive\` every ${ORDER_EVENTS_KEEP_ALIVE_MS / 1000} s. The server ends the stream after sending a final state (done and paid, or cancelled, with \`refunding\` 0: no refund's answer still to come). A client reconnects with backoff when the stream breaks; the first event after a reconnect is the current state, so nothing is missed. At most 5 open streams per guest (a 6th is refused with 429, code \`too_many_streams\`) and 5 000 per server instance (503, code \`unavailable\`). Statuses: docs/orders.md.`,
  auth: 'owner',
  produces: 'text/event-stream',
  params: z.object({ id: wireId }),
  response: orderStatusEvent,
  errors: {
    unauthorized: 'user_id (query) + the Bearer token do not make a live session, or either is missing (401)',
    order_not_found: 'no such order of this guest (404 «Заказ не найден.»)',
    too_many_streams: 'this guest has 5 streams open already (429)',
    unavailable: 'this instance holds its most streams (503), or is shutting down',
    validation: 'the path’s id is not a number (400)',
  },
});
