import * as z from 'zod/mini';
import { defineCall } from './call';
import { kopecks, MAX_WIRE_ID, wireId } from './common';
import { MANAGE_STREAM_ERRORS, STALE_VERSION_ERROR } from './backoffice';
import { MANAGER_ERRORS } from './staff';

// A paid order cancelled with its money returned, or some of its lines (issue 31, decision
// 050): a manager of the order's restaurant asks, the bank returns it through the payment the
// order was paid with (card or SBP alike), exactly once however the presses race. The sum is
// the domain's refundAmount (packages/domain refund.ts), the screen shows it before confirming.

/** The refund's states, as the staff screen names them. */
export const REFUND_STATUSES = ['pending', 'done', 'failed'] as const;
export type RefundState = (typeof REFUND_STATUSES)[number];

/** Words of the refund screen and its answers. */
export const REFUND_SCREEN_TEXTS = {
  status: { pending: 'Банк возвращает', done: 'Возвращено', failed: 'Банк не вернул' } satisfies Record<
    RefundState,
    string
  >,
  notPaid: 'Заказ не оплачен: возвращать нечего.',
  cancelClosed: 'Этот заказ уже нельзя отменить: можно вернуть деньги за позиции.',
  refundNotFound: 'Возврат не найден.',
  lineCount: 'Столько позиций вернуть нельзя.',
} as const;

/** Lines one refund names at most (an order holds far fewer). */
export const MAX_REFUND_LINES = 200;

/** The order as the refund dialog reads it. */
export const refundOrder = z.object({
  id: z.int(),
  znumber: z.string(),
  restaurant_id: z.int(),
  status: z.int(),
  status_text: z.string(),
  paid: z.boolean(),
  pay_method: z.enum(['card', 'sbp']),
  /** What the guest paid: lines − discount + delivery (kopecks). */
  sum: kopecks,
  /** The coupon's discount on the lines (negative: a markup). */
  discount: z.int(),
  delivery: kopecks,
  /** Returned by the bank so far. */
  returned: kopecks,
  /** Asked of the bank and not yet returned (pending or failed refunds). */
  returning: kopecks,
  /**
   * What the next refund is based on (returned + returning): a refund sends it back, and one
   * made since the screen read it answers 409 stale_version with the order as it is now.
   */
  refunded: kopecks,
  /** The whole order may be cancelled with its money (paid, not done, not cancelled, money left). */
  cancellable: z.boolean(),
  /** Some money is left to return. */
  refundable: z.boolean(),
  /** The guest's e-mail the refund's letter goes to ('' when none). */
  email: z.string(),
});

export const refundOrderLine = z.object({
  /** The order line's id (order_items). */
  id: z.int(),
  kind: z.enum(['dish', 'cutlery', 'recommended']),
  name: z.string(),
  cnt: z.int(),
  /** Units returned by earlier refunds (any state). */
  refunded_cnt: z.int(),
  /** The line's price for all its units (free cutlery is 0). */
  line_sum: kopecks,
});

export const refundLineAsk = z.object({
  id: wireId,
  cnt: z.int().check(z.minimum(1, 'ожидается хотя бы одна штука'), z.maximum(999, REFUND_SCREEN_TEXTS.lineCount)),
});

export const refundEntry = z.object({
  id: z.int(),
  /** The whole order cancelled with it (its delivery too), or lines only. */
  full: z.boolean(),
  amount: kopecks,
  status: z.enum(REFUND_STATUSES),
  status_text: z.string(),
  /** Why the bank did not return it (failed), for the manager. */
  failure: z.string(),
  lines: z.array(z.object({ id: z.int(), cnt: z.int() })),
  /** ISO 8601. */
  created_at: z.string(),
  done_at: z.nullable(z.string()),
  staff_name: z.string(),
  /** The guest was e-mailed about it (the mail service accepted the letter). */
  mailed: z.boolean(),
});
export type RefundEntry = z.infer<typeof refundEntry>;

/** An order's refunds as the dialog and the refund's state read them. */
export const orderRefunds = z.object({
  order: refundOrder,
  lines: z.array(refundOrderLine),
  /** Newest first. */
  refunds: z.array(refundEntry),
});
export type OrderRefunds = z.infer<typeof orderRefunds>;

const orderParams = z.object({ id: wireId });
const ORDER_ERRORS = {
  ...MANAGER_ERRORS,
  order_not_found:
    'no such order, or an order of a restaurant the account may not act on: the same 404 «Заказ не найден.» (decision 038)',
} as const;

export const staffOrderRefundsCall = defineCall({
  name: 'staffOrderRefunds',
  method: 'GET',
  path: '/api/staff/orders/:id/refunds',
  tag: 'staff',
  summary: "An order's lines, what was paid and returned, and its refunds: what the refund dialog shows",
  description:
    "For a manager of the order's restaurant. The dialog computes the sum of the refund it offers with the domain's refundAmount over these figures (decision 050), the same function the server charges the bank with.",
  auth: 'staff',
  params: orderParams,
  response: orderRefunds,
  errors: ORDER_ERRORS,
});

export const staffRefundOrderCall = defineCall({
  name: 'staffRefundOrder',
  method: 'POST',
  path: '/api/staff/orders/:id/refunds',
  tag: 'staff',
  summary: 'Returns the money of a paid order: the whole order (cancelling it) or chosen lines',
  description: [
    '`full: true` cancels the order (moveOrderStatus, to 90) and returns what was paid less earlier refunds, its delivery included; `full: false` returns the chosen `lines` (order line ids and units) with their share of the coupon discount, the order going on (decision 050).',
    "`key` names the press (the screen makes one per dialog): the same key again — a double tap, a retry after a lost answer — answers the refund it made, never a second one. `refunded` is what the screen read as refunded (the order's `refunded`) and `amount` the sum it showed: a refund made since, or another sum, answers 409 stale_version with the order as it is now.",
    "The refund is recorded in one transaction under the order's row lock, with the audit row and the order's refunded total (never past what was paid, a database constraint too); the bank is asked after the commit, by this request and, when the bank cannot answer, by the payment worker (`pending` until then; `failed` when the bank refuses, for a manager to retry). The answer is the order's refunds after this request's try at the bank. The guest's order status then says it («Отменён, деньги возвращены: 450,00 ₽») and the guest is e-mailed once the bank returned it.",
  ].join(' '),
  auth: 'staff',
  params: orderParams,
  body: z.object({
    key: z
      .string()
      .check(
        z.minLength(8, 'ожидается ключ нажатия'),
        z.maxLength(64, 'ожидается ключ нажатия'),
        z.regex(/^[A-Za-z0-9_-]+$/, 'ожидается ключ нажатия'),
      ),
    full: z.boolean(),
    lines: z.array(refundLineAsk).check(z.maxLength(MAX_REFUND_LINES, REFUND_SCREEN_TEXTS.lineCount)),
    refunded: z.int().check(z.minimum(0), z.maximum(MAX_WIRE_ID)),
    amount: z.int().check(z.minimum(1, 'ожидается сумма возврата'), z.maximum(MAX_WIRE_ID)),
  }),
  response: z.object({ refund_id: z.int(), refunds: orderRefunds }),
  errors: {
    ...ORDER_ERRORS,
    ...STALE_VERSION_ERROR,
    not_paid: `the order was not paid (409 «${REFUND_SCREEN_TEXTS.notPaid}»)`,
    not_cancellable: `full: the order is done or cancelled (409 «${REFUND_SCREEN_TEXTS.cancelClosed}»)`,
    refund_refused:
      "the lines cannot be returned as asked: a line not of the order, more units than are left, nothing chosen, nothing left (400, the domain's words)",
  },
});

export const staffRetryRefundCall = defineCall({
  name: 'staffRetryRefund',
  method: 'POST',
  path: '/api/staff/orders/:id/refunds/:refundId/retry',
  tag: 'staff',
  summary: 'Asks the bank again for a refund it did not return (failed)',
  description:
    "A failed refund is pending again and the bank is asked at once (the worker retries it when the bank cannot answer). A refund not failed is left as it is: the answer is the order's refunds either way, so racing retries ask the bank once.",
  auth: 'staff',
  params: z.object({ id: wireId, refundId: wireId }),
  response: orderRefunds,
  errors: {
    ...ORDER_ERRORS,
    refund_not_found: `no such refund of this order (404 «${REFUND_SCREEN_TEXTS.refundNotFound}»)`,
  },
});

/** Refunds the «Возвраты» list shows at most. */
export const RECENT_REFUNDS_LIMIT = 100;

export const recentRefund = z.object({
  id: z.int(),
  order_id: z.int(),
  znumber: z.string(),
  restaurant_id: z.int(),
  restaurant_name: z.string(),
  full: z.boolean(),
  amount: kopecks,
  status: z.enum(REFUND_STATUSES),
  status_text: z.string(),
  failure: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  staff_name: z.string(),
});
export type RecentRefund = z.infer<typeof recentRefund>;

export const staffRecentRefundsCall = defineCall({
  name: 'staffRecentRefunds',
  method: 'GET',
  path: '/api/staff/refunds',
  tag: 'staff',
  summary:
    'The newest refunds of the restaurants the manager runs, the unfinished first: what an on-call manager looks at',
  description: `Failed and pending refunds first (a failed one waits for «Повторить»), then the newest done ones; at most ${RECENT_REFUNDS_LIMIT}. A chain manager sees every restaurant's. Each opens the order's refund dialog (staffOrderRefunds).`,
  auth: 'staff',
  response: z.object({ refunds: z.array(recentRefund) }),
  errors: MANAGER_ERRORS,
});

export const staffRefundEventsCall = defineCall({
  name: 'staffRefundEvents',
  method: 'GET',
  path: '/api/staff/refunds/events',
  tag: 'staff',
  summary: "Refunds as the bank answers them: Server-Sent Events of the manager's restaurants",
  description:
    "A `text/event-stream` (read with fetch(): the Bearer header). An event `refund` whose `data` is the refund as «Возвраты» lists it (recentRefund) each time a refund of a restaurant the manager runs is asked, returned by the bank, refused by it or retried, on any instance — the press's own try, the payment worker's, the bank's callback (PostgreSQL LISTEN/NOTIFY, committed with the change: once per change); the comment `: keep-alive` every 25 s. The refund dialog reads its order again on an event of its order; after a reconnect a client reads the list once, so nothing is missed. A change of the caller's own account ends the stream, and its reconnection is checked against its rights as they are now (decision 055).",
  auth: 'staff',
  produces: 'text/event-stream',
  response: recentRefund,
  errors: { ...MANAGER_ERRORS, ...MANAGE_STREAM_ERRORS },
});

export const REFUND_CALLS = [
  staffOrderRefundsCall,
  staffRefundOrderCall,
  staffRetryRefundCall,
  staffRecentRefundsCall,
  staffRefundEventsCall,
] as const;
