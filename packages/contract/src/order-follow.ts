import * as z from 'zod/mini';
import { ORDER_TYPES } from '@chain/domain';
import { defineCall } from './call';
import { flag, lookupText } from './common';

/*
 * The follow page's call (issue 14) and the progress bar it shares with the order history, in a
 * module of their own: the follow page opens on a guest's phone with nothing cached, and a schema
 * defined at a module's top level comes along with anything imported from that module.
 */

/** The progress bar icons (SPEC 4): payment, kitchen, delivery or pickup, final. */
export const progressBarStep = z.object({
  icon: z.enum(['payment', 'kitchen', 'delivery', 'pickup', 'final']),
  state: z.enum(['done', 'current', 'pending']),
});

/**
 * SPEC 4 progress bar: `step` 1 payment, 2 kitchen, 3 delivery / pickup, 4 final, 5 all done,
 * 0 for a cancelled order (it goes no further); `text` the sentence under it; `steps` the four
 * icons with their state at this step, none at step 0.
 */
export const progressBarData = z.object({ step: z.int(), text: z.string(), steps: z.array(progressBarStep) });

/**
 * The longest follow token taken: a real one is about 40 characters; anything longer is refused
 * (400) before any work. Below the server's 100-character bound on a path parameter, past which the
 * answer is 414.
 */
export const MAX_FOLLOW_TOKEN_LENGTH = 96;

export const orderFollowParams = z.object({
  token: lookupText(MAX_FOLLOW_TOKEN_LENGTH).check(
    z.describe("The order's follow token (order/create `follow_token`)."),
  ),
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
  type: z.enum(ORDER_TYPES),
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
