import * as z from 'zod/mini';
import { ORDER_LIST_PAGE_SIZE, PAY_METHODS } from '@chain/domain';
import { sessionToken } from './account';
import { credentialFields, defineCall } from './call';
import { flag, kopecks, optionalWireId, wireId } from './common';
import { orderTypeSchema } from './menu';
import { optionalCount } from './rate';
import { lookupText } from './restaurants';

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

/** The progress bar icons (SPEC 4): payment, kitchen, delivery or pickup, final. */
export const progressBarStep = z.object({
  icon: z.enum(['payment', 'kitchen', 'delivery', 'pickup', 'final']),
  state: z.enum(['done', 'current', 'pending']),
});

/**
 * SPEC 4 progress bar: `step` 1 payment, 2 kitchen, 3 delivery / pickup, 4 final, 5 all done;
 * `text` the sentence under it; `steps` the four icons with their state at this step.
 */
export const progressBarData = z.object({ step: z.int(), text: z.string(), steps: z.array(progressBarStep) });

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
  description: `List: newest first, \`limit\` orders (default and at most ${ORDER_LIST_PAGE_SIZE}, SPEC 9) after \`offset\` (the number already loaded); an empty \`items\` ends the list (SPEC 8). Detail: \`id\` given, \`items\` holds that one order, or 404 when it is not this user's. The path's userId must equal user_id (403 otherwise) and user_id + user_token must make a live session (401). Each order: id, znumber, time (ISO) and time_text ('DD.MM.YYYY HH:MM' on the restaurant's clock), type, status, status_text, status_color ('#AARRGGBB'), paid 0/1, sum and sums {items, cutlery, recommended, discount, delivery, total} in kopecks, name, address (delivery address text), table, basket [{id (dish), line_id, name, cnt, price, sum, photo, spec, specs, comment, rate}], pribors and recommendedItems [{id, name, cnt, charged_cnt, price, sum}], comment, props {deliveryTime, deliveryDate, address, …}, as_ready, discountPercent, pay_method, receipt (a signed link to the printable receipt), tips_id, rate (the order rating or null), restoran_id, restoran {id, name, address, phone}, progressBarData {step, text, steps}. Statuses and the progress bar: docs/orders.md.`,
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

/**
 * The longest follow token taken: a real one is about 40 characters; anything longer is refused
 * (400) before any work. Below the server's 100-character bound on a path parameter, past which the
 * answer is 414.
 */
export const MAX_FOLLOW_TOKEN_LENGTH = 96;

export const orderFollowParams = z.object({
  token: lookupText(MAX_FOLLOW_TOKEN_LENGTH).check(z.describe("The order's follow token (order/create `follow_token`).")),
});

/**
 * What the follow page shows of one order, and nothing else (no sums, lines, table, address or
 * restaurant): its number, status, whether it is paid, its type, the progress bar and until when
 * the link opens.
 */
export const orderFollowResponse = z.object({
  number: z.string().check(z.describe("The order's number as the guest saw it on the kiosk (znumber), e.g. 'З-017'.")),
  status: z.int().check(z.describe('docs/orders.md.')),
  status_text: z.string(),
  status_color: z.string().check(z.regex(/^#[0-9A-F]{8}$/), z.describe("'#AARRGGBB' (SPEC 9).")),
  paid: flag,
  type: orderTypeSchema,
  progressBarData,
  expires_at: z.string().check(z.describe('ISO 8601: after this the link answers 410.')),
});
export type OrderFollowResponse = z.infer<typeof orderFollowResponse>;

export const orderFollowCall = defineCall({
  name: 'orderFollow',
  method: 'GET',
  path: '/api/v1/order/follow/:token',
  tag: 'orders',
  summary: "One kiosk order's status by its follow link, without signing in (issue 14)",
  description:
    "The kiosk's Thanks screen draws a QR of `/follow/{follow_token}`; the guest's phone opens it and polls this call. The token (order/create `follow_token`) is `{order id}.{expiry, base36 seconds}.{signature}`, an HMAC with the server's secret, and opens the order's number, status, paid flag, type and progress bar, read-only, until `expires_at` (FOLLOW_LINK_TTL_HOURS after the order was placed). A malformed, forged or unknown token answers 404 «Ссылка недействительна.»; a genuine one past its time 410 «Ссылка устарела: заказ можно посмотреть в ресторане.» (the signature is checked first, so a forged token never learns whether an order exists or when it expires). Answered with `cache-control: no-store`, `x-robots-tag: noindex` and `referrer-policy: no-referrer`.",
  auth: 'public',
  personal: true,
  params: orderFollowParams,
  response: orderFollowResponse,
  errors: {
    follow_not_found: "malformed, forged or unknown token: 'Ссылка недействительна.' (404)",
    follow_expired: "a genuine token past expires_at: 'Ссылка устарела: заказ можно посмотреть в ресторане.' (410)",
    validation: `the token is longer than ${MAX_FOLLOW_TOKEN_LENGTH} characters or holds control characters (400)`,
  },
});
