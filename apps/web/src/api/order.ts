import {
  jsonBytes,
  MAX_CART_RAW_BYTES,
  cartPriborsAction,
  cartRecommendsAction,
  orderCreate,
  type orderCreateBody,
  orderDelivery,
  orderDiscount,
  paymentBindingsCall,
  paymentCheckCall,
  paymentSbpCall,
  paymentStartCall,
} from '@chain/contract';
import type * as z from 'zod/mini';
import { KIOSK_PAY_METHOD, ORDER_PAYLOAD_VERSION, type OrderType, type PayMethod } from '@chain/domain';
import type { CartLine } from '../state/cart-store';
import type { User } from '../state/guest-store';
import { type ActionSession, callAction } from './action';
import { call, type RequestOptions } from './client';

/*
 * Placing and paying an order (SPEC 4, 7; decisions 011 and 012). Answers are parsed with the
 * contract's schemas; failures arrive as ApiError (client.ts) with the server's Russian text.
 */

type Session = Pick<User, 'id' | 'password'>;

export type CutleryItem = z.infer<typeof cartPriborsAction.response>['items'][number];
export type RecommendedItem = z.infer<typeof cartRecommendsAction.response>['items'][number];
export type CouponAnswer = z.infer<typeof orderDiscount.response>;
export type OrderCreated = z.infer<typeof orderCreate.response>;
export type CardStart = z.infer<typeof paymentStartCall.response>;
export type SbpStart = z.infer<typeof paymentSbpCall.response>;
export type SavedCard = z.infer<typeof paymentBindingsCall.response>['bindings'][number];
export type PaymentStatus = z.infer<typeof paymentCheckCall.response>['status'];

/** The cart line as order/create and the cart actions take it (the copied option price stays home). */
export function wireLine(line: CartLine) {
  return {
    item: line.item,
    cnt: line.cnt,
    comment: line.comment,
    spec: line.spec ?? null,
    specs: line.specs.map((option) => ({ specid: option.specid, cnt: option.cnt })),
  };
}

/** What the cart actions are asked with: the order type, the restaurant, the lines and the session. */
export interface CartExtrasInput {
  readonly orderType: OrderType;
  readonly restaurantId: string;
  readonly lines: readonly CartLine[];
  readonly user: Session;
}

/** The generic call's session: the guest's when signed in, else none. */
const actionSession = (user: Session): ActionSession => ({ user_id: user.id || null, token: user.password || null });

/** A cart action's fields (SPEC 7): the order type, the restaurant and the lines. */
const cartActionFields = (input: CartExtrasInput) => ({
  order_type: input.orderType,
  restoran_id: input.restaurantId,
  cart_items: input.lines.map(wireLine),
});

/** cartPribors (SPEC 7 generic call): the cutlery for the order type with free counts and maxima. */
export async function loadCutlery(input: CartExtrasInput, options?: RequestOptions): Promise<CutleryItem[]> {
  const answer = await callAction(cartPriborsAction, cartActionFields(input), actionSession(input.user), options);
  return answer.items;
}

/** cartRecommends (SPEC 7 generic call): what to suggest with these lines (dishes in the cart left out). */
export async function loadRecommended(input: CartExtrasInput, options?: RequestOptions): Promise<RecommendedItem[]> {
  const answer = await callAction(cartRecommendsAction, cartActionFields(input), actionSession(input.user), options);
  return answer.items;
}

/** POST /api/v1/order/discount: the coupon's percent (negative: a markup) or the server's refusal. */
export function checkCoupon(
  input: { coupon: string; orderType: OrderType; fsUid: string; user: Session },
  options?: RequestOptions,
): Promise<CouponAnswer> {
  return call(
    orderDiscount,
    {
      coupon: input.coupon,
      order_type: input.orderType,
      fs_uid: input.fsUid,
      user_id: input.user.id,
      token: input.user.password,
    },
    options,
  );
}

export interface OrderRequest {
  /**
   * A kiosk in the hall places the order (SPEC 6, issue 14): no user, no e-mail, no coupon, SBP.
   * Absent: an order from the guest's own phone or browser.
   */
  readonly kiosk?: boolean;
  /** A kiosk order's kiosk: the device token kiosk/enter gave it (decision 038). */
  readonly kioskToken?: string;
  /** The signed-in guest; a kiosk order sends none, whatever the store holds. */
  readonly user: Session;
  readonly restaurantId: string;
  readonly orderType: OrderType;
  readonly lines: readonly CartLine[];
  readonly cutlery: ReadonlyArray<{ readonly id: number; readonly cnt: number }>;
  readonly recommended: ReadonlyArray<{ readonly id: number; readonly cnt: number }>;
  readonly comment: string;
  readonly table: string | null;
  /** null: as soon as ready. */
  readonly pickup: { readonly deliveryDate: string; readonly deliveryTime: string } | null;
  readonly email: string;
  readonly coupon: string;
  readonly paySystem: PayMethod;
  readonly lockCode: string;
  readonly idempotencyKey: string;
  /** The total the guest was shown (kopecks): order/create refuses with sum_changed rather than charge another. */
  readonly expectedSum?: number;
  /** A delivery order's address: the point the zone is found by and the lines the courier reads. */
  readonly address?: {
    readonly lat: number;
    readonly lon: number;
    readonly full: string;
    readonly short: string;
  } | null;
  /** The uuid of the order/delivery quote whose delivery sum the cart showed. */
  readonly deliveryUuid?: string | null;
  /** An inrest order from this booking (SPEC 4): the server applies its minimum when larger (SPEC 5). */
  readonly bookingNum?: string | null;
  /** SPEC 4 delayed order: saved for its time (props.delayed 1), not paid now. */
  readonly delayed?: boolean;
  /** SPEC 4: the guest's delayed order this one resumes; order/create cancels it with this order. */
  readonly resumedOrderId?: number | null;
}

const chosenExtras = (items: OrderRequest['cutlery']) =>
  items.filter((item) => item.cnt > 0).map((item) => ({ id: item.id, cnt: item.cnt }));

/** The order/create body, payload v3 (SPEC 7, decision 012). */
export function orderRequestBody(request: OrderRequest): z.input<typeof orderCreateBody> {
  const kiosk = request.kiosk === true;
  // SPEC 6: a kiosk has no e-mail field and no coupon field, and takes SBP only.
  const email = kiosk ? '' : request.email.trim();
  return {
    source: kiosk ? 'kiosk' : 'web',
    // Decision 038: the server takes a kiosk order only with the token of a connected kiosk.
    ...(kiosk && request.kioskToken ? { kiosk_token: request.kioskToken } : {}),
    v: ORDER_PAYLOAD_VERSION,
    // SPEC 6: kiosk mode has no login; a kiosk order is the hall's, never a signed-in guest's.
    ...(kiosk ? {} : { user: { id: request.user.id, password: request.user.password } }),
    cart: request.lines.map(wireLine),
    // SPEC 7 cart_raw: the cart as the app keeps it (SPEC 3 Cart line), stored for support and never
    // priced; left out in the rare cart past its cap rather than refused with it.
    ...(jsonBytes(request.lines) <= MAX_CART_RAW_BYTES ? { cart_raw: request.lines } : {}),
    pribors: chosenExtras(request.cutlery),
    recommendedItems: chosenExtras(request.recommended),
    order: {
      type: request.orderType,
      comment: request.comment,
      ...(request.table ? { table: request.table } : {}),
      ...(request.address || request.delayed
        ? {
            props: {
              ...(request.address ? { address: request.address } : {}),
              ...(request.delayed ? { delayed: 1 as const } : {}),
            },
          }
        : {}),
      ...(request.orderType === 'inrest' && request.bookingNum ? { booking_num: request.bookingNum } : {}),
    },
    deliveryDateTimeProps: request.pickup
      ? { deliveryDate: request.pickup.deliveryDate, deliveryTime: request.pickup.deliveryTime }
      : null,
    ...(request.deliveryUuid ? { delivery_uuid: request.deliveryUuid } : {}),
    ...(!kiosk && request.resumedOrderId ? { delayed_order_id: request.resumedOrderId } : {}),
    email,
    emailsend: email !== '' ? 1 : 0,
    coupon: kiosk ? null : request.coupon.trim() || null,
    restoran: request.restaurantId,
    paysystem: kiosk ? KIOSK_PAY_METHOD : request.paySystem,
    lock_code: request.lockCode || null,
    idempotency_key: request.idempotencyKey,
    ...(request.expectedSum === undefined ? {} : { expected_sum: request.expectedSum }),
  };
}

/** POST /api/v2/order/create. */
export function createOrder(request: OrderRequest, options?: RequestOptions): Promise<OrderCreated> {
  return call(orderCreate, orderRequestBody(request), options);
}

/**
 * POST payment/start (card): the bank's form URL, or errorMessage. With a saved card the bank
 * charges it at once and the answer carries the outcome in `status`.
 */
export function startCardPayment(
  input: { user: Session; orderId: string; savedCardId?: string | null },
  options?: RequestOptions,
): Promise<CardStart> {
  return call(
    paymentStartCall,
    {
      user_id: input.user.id,
      token: input.user.password,
      order_id: input.orderId,
      ...(input.savedCardId ? { binding_id: input.savedCardId } : {}),
    },
    options,
  );
}

/** POST payment/bindings: the cards the bank keeps for this guest (saved when they paid by the form). */
export async function loadSavedCards(input: { user: Session }, options?: RequestOptions): Promise<SavedCard[]> {
  const answer = await call(paymentBindingsCall, { user_id: input.user.id, token: input.user.password }, options);
  return answer.bindings;
}

/**
 * Who pays: the signed-in guest, or on a kiosk its device token (`kioskToken`, decision 038) —
 * a kiosk order answers only to its own kiosk's token (or its follow token).
 */
export interface Payer {
  readonly user: Session;
  readonly kioskToken?: string;
  /**
   * A kiosk order's follow token (decision 023): the order's own credential, so a payment being
   * made still reaches its Thanks screen when the kiosk's token ends meanwhile (staff reconnect
   * the kiosk, on call ends it).
   */
  readonly followToken?: string | null;
}

/** The payer of this device: the signed-in guest, and on a kiosk its device token. */
export function payer(state: { readonly user: Session; readonly kiosk: boolean; readonly kioskToken: string }): Payer {
  return state.kiosk ? { user: state.user, kioskToken: state.kioskToken } : { user: state.user };
}

/** POST payment/sbp: the bank apps, the default bank link and the QR payload, or errorMessage. */
export function startSbpPayment(input: Payer & { orderId: string }, options?: RequestOptions): Promise<SbpStart> {
  return call(
    paymentSbpCall,
    {
      user_id: input.user.id || null,
      token: input.user.password || null,
      order_id: input.orderId,
      ...(input.kioskToken ? { kiosk_token: input.kioskToken } : {}),
      ...(input.followToken ? { follow_token: input.followToken } : {}),
    },
    options,
  );
}

/**
 * GET payment/check/{orderId} with the guest's token (decision 011), or on a kiosk the order's
 * follow token, else the kiosk's device token (decision 038), as a bearer.
 */
export async function checkPayment(
  input: Payer & { orderId: string },
  options?: RequestOptions,
): Promise<PaymentStatus> {
  const shown = input.followToken || input.kioskToken || input.user.password;
  const headers = shown ? { authorization: `Bearer ${shown}` } : undefined;
  const answer = await call(paymentCheckCall, {
    ...options,
    params: { orderId: input.orderId },
    ...(headers ? { headers } : {}),
  });
  return answer.status;
}

export type DeliveryQuote = z.infer<typeof orderDelivery.response>;

/**
 * POST /api/v2/order/delivery: the delivery sum of this cart to this point at this time, from the
 * one checkout quote on the server, under a uuid the order names (decision 020). The same uuid
 * is asked again as the cart changes, so one checkout keeps one quote.
 */
export function quoteDelivery(
  input: {
    readonly fsUid: string;
    readonly lines: readonly CartLine[];
    readonly cutlery: OrderRequest['cutlery'];
    readonly recommended: OrderRequest['recommended'];
    readonly point: { readonly lat: number; readonly lon: number };
    readonly when: { readonly deliveryDate: string; readonly deliveryTime: string } | null;
    readonly uuid: string | null;
  },
  options?: RequestOptions,
): Promise<DeliveryQuote> {
  return call(
    orderDelivery,
    {
      order_type: 'delivery',
      fs_uid: input.fsUid,
      cart: input.lines.map(wireLine),
      pribors: chosenExtras(input.cutlery),
      recommendedItems: chosenExtras(input.recommended),
      location: { lat: input.point.lat, lon: input.point.lon },
      delivery_data: input.when
        ? { deliveryDate: input.when.deliveryDate, deliveryTime: input.when.deliveryTime }
        : null,
      ...(input.uuid ? { uuid: input.uuid } : {}),
    },
    options,
  );
}
