import * as z from 'zod/mini';
import { AS_READY_PAYMENT_MINUTES, KIOSK_PAYMENT_MINUTES, PAYMENT_TIME_OVER_MESSAGE } from '@chain/domain';
import { leftOut, lookupText, optionalWireId, sessionToken, wireId } from './common';
import { credentialFields, defineCall } from './call';
import { kioskToken } from './kiosk';
import { MAX_FOLLOW_TOKEN_LENGTH } from './order-follow';

// The payment calls of SPEC 7 (docs/decisions/011-payments.md): card through the acquirer's
// form or a saved card, SBP through a dynamic QR, the saved cards, and the status the payment
// screen polls every 5 s (SPEC 4, 9). Bodies are JSON or form-urlencoded: ids may come as text.
// The amount is never taken from the client: the server charges the order's own `sum`.

/** What the payment screen does next (SPEC 4): ok → Thanks; fail → alert and pay again; pending → poll on. */
export const paymentCheckStatus = z.enum(['ok', 'fail', 'pending']);
export type PaymentCheckStatus = z.infer<typeof paymentCheckStatus>;

/** An optional text; absent, null and '' all mean none. */
function optionalText(max: number) {
  return leftOut(
    (value) =>
      value === null || value === '' || value === 0 ? undefined : typeof value === 'number' ? String(value) : value,
    lookupText(max),
  );
}

const restaurantUid = optionalText(64).check(
  z.describe("The order's restaurant (SPEC 7 fs_uid); when given it must be the order's, else 404. May be left out."),
);

// ---------------------------------------------------------------------------------------------
// payment/start (card)

export const paymentStartRequest = z.object({
  user_id: wireId.check(z.describe('The signed-in guest.')),
  token: sessionToken.check(z.describe("The guest's session token (the user's `password`).")),
  fs_uid: restaurantUid,
  order_id: wireId.check(z.describe('An unpaid order of this guest.')),
  binding_id: optionalText(128).check(
    z.describe('A saved card of this guest (payment/bindings): pays without the form. Empty or absent: the form.'),
  ),
});
export type PaymentStartRequest = z.output<typeof paymentStartRequest>;

export const paymentStartResponse = z.object({
  formUrl: z
    .nullable(z.string())
    .check(
      z.describe(
        "Where to send the guest's browser: the bank's card form; with a saved card, the return page (/payment?order_id=…) once the bank took the payment. Null when there is nowhere to go (a refusal).",
      ),
    ),
  errorMessage: z
    .string()
    .check(z.describe("Empty on success; else the Russian text for the 'Ошибка' dialog (SPEC 8).")),
  status: z
    .optional(paymentCheckStatus)
    .check(
      z.describe("With a saved card: the payment's outcome at once (ok, fail, or pending while the bank decides)."),
    ),
});
export type PaymentStartResponse = z.infer<typeof paymentStartResponse>;

const PAYMENT_ERRORS = {
  unauthorized: 'the user id and token do not make a live session (401)',
  order_not_found:
    "no such order of this guest, a kiosk order without its kiosk's token or its follow token, or fs_uid is not the order's restaurant (404, «Заказ не найден.»: the same as an unknown id)",
  order_paid: 'the order is already paid (409, «Заказ уже оплачен.»)',
  order_cancelled: 'the order was cancelled (409, «Заказ отменён, оплата невозможна.»)',
  order_done: 'the order is finished (status 50 or above; 409, «Заказ уже выполнен, оплата невозможна.»)',
  order_free: 'the order costs nothing (409)',
  payment_time_over: `the order's time to pay is over — its chosen time has come; as soon as ready, ${AS_READY_PAYMENT_MINUTES} minutes after it was placed (${KIOSK_PAYMENT_MINUTES} at a kiosk) or its restaurant's closing; its restaurant no longer works — and housekeeping cancels it within a minute (409, «${PAYMENT_TIME_OVER_MESSAGE}»; decision 032)`,
  validation: 'a field is missing or of the wrong type (400)',
} as const;

export const paymentStartCall = defineCall({
  name: 'paymentStart',
  method: 'POST',
  path: '/api/v1/order/payment/start',
  tag: 'payment',
  summary: "Pay an order by card: the bank's form, or a saved card (SPEC 7)",
  description:
    "Registers the order at the acquirer (RBS register.do) for the order's own sum and answers the card form URL; a pending card payment of the same order started in the last 15 minutes is reused. With binding_id (a card of payment/bindings) the bank charges the saved card at once (paymentOrderBinding.do): the answer carries `status` and, on success, formUrl is the return page. The bank's refusal or silence answers 200 with `formUrl: null` and `errorMessage` (SPEC 8 'Ошибка' dialog). After the form, the bank returns the guest to `/payment?order_id={id}` (failure: `&failed=1`; the bank appends its own `orderId`), where the app polls payment/check.",
  auth: 'user',
  credentials: credentialFields('user_id', 'token'),
  body: paymentStartRequest,
  response: paymentStartResponse,
  errors: {
    ...PAYMENT_ERRORS,
    binding_not_found: 'binding_id is not a saved card of this guest (404, «Карта не найдена.»)',
  },
});

// ---------------------------------------------------------------------------------------------
// payment/sbp

export const paymentSbpRequest = z.object({
  user_id: optionalWireId.check(
    z.describe('The signed-in guest; required when the order has one. Kiosk orders have none.'),
  ),
  token: z.optional(z.nullable(sessionToken)).check(z.describe("The guest's session token, with user_id.")),
  fs_uid: restaurantUid,
  order_id: wireId.check(z.describe('An unpaid order (of this guest, or a kiosk order).')),
  kiosk_token: z
    .optional(kioskToken)
    .check(
      z.describe(
        "A kiosk order's: the token of the kiosk it was placed at (kiosk/enter; decision 038). Either this or follow_token.",
      ),
    ),
  follow_token: z
    .optional(lookupText(MAX_FOLLOW_TOKEN_LENGTH))
    .check(
      z.describe(
        "A kiosk order's: its follow token (order/create `follow_token`, decision 023). Either this or kiosk_token.",
      ),
    ),
});
export type PaymentSbpRequest = z.output<typeof paymentSbpRequest>;

export const sbpBankVariant = z.object({
  link: z
    .string()
    .check(
      z.describe(
        "Opens the bank's app with the payment (bank{memberId}://qr.nspk.ru/… ; in the sandbox the bank's page).",
      ),
    ),
  logo: z.string().check(z.describe('Logo picture URL (served by this server).')),
  name: z.string(),
});
export type SbpBankVariant = z.infer<typeof sbpBankVariant>;

export const paymentSbpResponse = z.object({
  variants: z
    .array(sbpBankVariant)
    .check(
      z.describe(
        "The guest's bank apps to choose from ('Выберите свой банк'); empty on a kiosk (the guest scans the QR).",
      ),
    ),
  paymentUrl: z
    .nullable(z.string())
    .check(z.describe('The link that opens the default bank app (SPEC 2); null on a kiosk.')),
  qrPayload: z
    .nullable(z.string())
    .check(
      z.describe(
        "What the QR encodes. A kiosk order: what the kiosk draws, the SBP gateway's default link of the payment, which a guest's phone camera or bank app opens (production: the NSPK payload https://qr.nspk.ru/… itself; sandbox: the sandbox bank's page {public origin}/sandbox/sbp/{qrId}, so a phone or a second browser can pay it). A phone order: the NSPK payload. Null on a refusal.",
      ),
    ),
  errorMessage: z.string().check(z.describe('Empty on success; else the Russian text for the dialog.')),
});
export type PaymentSbpResponse = z.infer<typeof paymentSbpResponse>;

export const paymentSbpCall = defineCall({
  name: 'paymentSbp',
  method: 'POST',
  path: '/api/v1/order/payment/sbp',
  tag: 'payment',
  summary: 'Pay an order by SBP: bank apps, a default link and the QR (SPEC 7)',
  description:
    "Registers the order at the acquirer for its own sum and asks for an SBP dynamic QR (sbp/c2b/qr/dynamic/get.do); a pending SBP payment of the same order from the last 10 minutes is reused. A phone order (source web) gets the bank list in `variants` and the default bank link in `paymentUrl` (SPEC 4: the list is shown); a kiosk order gets neither, only `qrPayload` to draw, and polls (SPEC 2 kiosk: QR code). An order with a user needs that user's id and token; a kiosk order (no user) needs the token of the kiosk it was placed at (`kiosk_token`) or its follow token (`follow_token`), so a stranger learns nothing of which ids are unpaid kiosk orders and gets no QR of them: without, 404 as for an unknown id (decision 038). A refusal by the bank answers 200 with `errorMessage`.",
  auth: 'optional-user',
  credentials: credentialFields('user_id', 'token'),
  personal: true,
  body: paymentSbpRequest,
  response: paymentSbpResponse,
  errors: PAYMENT_ERRORS,
});

// ---------------------------------------------------------------------------------------------
// payment/bindings

export const paymentBindingsRequest = z.object({
  user_id: wireId,
  token: sessionToken,
  fs_uid: restaurantUid,
});

export const cardBinding = z.object({
  bindingId: z.string(),
  maskedPan: z.string().check(z.describe('e.g. 411111**1111')),
  expiry: z.string().check(z.describe('MM/YY, or empty when the bank does not say')),
});
export type CardBinding = z.infer<typeof cardBinding>;

export const paymentBindingsResponse = z.object({ bindings: z.array(cardBinding) });

export const paymentBindingsCall = defineCall({
  name: 'paymentBindings',
  method: 'POST',
  path: '/api/v1/order/payment/bindings',
  tag: 'payment',
  summary: "The guest's saved cards (SPEC 7)",
  description:
    'The cards the acquirer keeps for this guest (RBS getBindings.do, clientId = user id); a card is saved when the guest pays by the form. Kept in the database as a cache: when the bank does not answer, the last known list is given.',
  auth: 'user',
  credentials: credentialFields('user_id', 'token'),
  body: paymentBindingsRequest,
  response: paymentBindingsResponse,
  errors: { unauthorized: PAYMENT_ERRORS.unauthorized, validation: PAYMENT_ERRORS.validation },
});

// ---------------------------------------------------------------------------------------------
// payment/check

export const paymentCheckParams = z.object({ orderId: wireId });

export const paymentCheckResponse = z.object({ status: paymentCheckStatus });
export type PaymentCheckResponse = z.infer<typeof paymentCheckResponse>;

export const paymentCheckCall = defineCall({
  name: 'paymentCheck',
  method: 'GET',
  path: '/api/v1/order/payment/check/:orderId',
  tag: 'payment',
  summary: 'Whether the order is paid: ok, fail or pending (SPEC 4, 7)',
  description:
    "ok: paid (go to Thanks); fail: the latest payment was declined or refused, or the order was cancelled (alert 'Ошибка проведения платежа.', pay again); pending: keep polling every 5 s. A paid order answers from the database; a pending payment is asked of the bank (checks arriving together share one question). The answer is the status alone. An order of a signed-in guest answers only with that guest's token in `Authorization: Bearer {token}`; a kiosk order (no user) only with the token of the kiosk it was placed at (kiosk/enter) or its follow token (order/create `follow_token`) there (decision 038). Without it, or with another's, the answer is 404 as for an unknown order.",
  auth: 'owner',
  params: paymentCheckParams,
  response: paymentCheckResponse,
  errors: {
    order_not_found:
      "no such order, or a guest's order without the guest's token, or a kiosk order without its kiosk's token or its follow token (404)",
    validation: 'orderId is not a number (400)',
  },
});

export const PAYMENT_CALLS = [paymentStartCall, paymentSbpCall, paymentBindingsCall, paymentCheckCall] as const;
