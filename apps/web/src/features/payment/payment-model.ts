import type { PayMethod } from '@chain/domain';
import type { PlacedOrder } from '../../state/cart-store';
import type { PaymentRouteState } from '../../state/navigation';

/** The order the payment screen pays, from history state or the bank's return URL. */
export interface PaymentTarget {
  readonly orderId: string;
  readonly orderNum: string | null;
  /** Kopecks, when known. */
  readonly orderSum: number | null;
  /** Preselected: the payment starts by itself (SPEC 4); null: the guest chooses. */
  readonly paySystem: PayMethod | null;
  /** The bank sent the guest back (`?order_id=`): poll the status instead of starting again. */
  readonly returned: boolean;
  /** The bank reported a decline (`&failed=1`). */
  readonly failed: boolean;
}

/**
 * Which order to pay: the history state the cart passed (SPEC 2), else `?order_id={id}` of the
 * bank's return (decision 011) with the number and sum of the checkout's placed order of that id.
 */
export function paymentTarget(
  state: PaymentRouteState | null,
  search: string,
  placed: PlacedOrder | null,
): PaymentTarget | null {
  const query = new URLSearchParams(search);
  const returnedId = query.get('order_id')?.trim() ?? '';
  if (/^\d{1,18}$/.test(returnedId)) {
    const known = placed?.id === returnedId ? placed : null;
    return {
      orderId: returnedId,
      orderNum: known?.number ?? null,
      orderSum: known?.sum ?? null,
      paySystem: known?.paySystem ?? null,
      returned: true,
      failed: query.get('failed') === '1',
    };
  }
  if (state?.orderId === undefined || state.orderId === '') return null;
  return {
    orderId: String(state.orderId),
    orderNum: String(state.orderNum),
    orderSum: state.orderSum ?? null,
    paySystem: state.paysystem ?? null,
    returned: false,
    failed: false,
  };
}

/** A saved card as the guest recognises it: «Карта •• 1111, до 12/28» (the bank's masked number, SPEC 2 Payment `bindings`). */
export function savedCardLabel(card: { readonly maskedPan: string; readonly expiry: string }): string {
  const last4 = card.maskedPan.replace(/\D/g, '').slice(-4);
  const number = last4.length === 4 ? `Карта •• ${last4}` : `Карта ${card.maskedPan}`;
  return card.expiry ? `${number}, до ${card.expiry}` : number;
}

/** What the kiosk draws after payment/sbp: the QR's payload, or the reason there is none. */
export type KioskQr = { readonly payload: string } | { readonly refused: string };

/**
 * SPEC 2 Payment, kiosk mode: the QR encodes payment/sbp's `qrPayload`; a refusal shows the bank's
 * `errorMessage`, an answer without a payload SPEC 8's init failure (PAYMENT_INIT_FAILED_MESSAGE).
 */
export function kioskQrOf(
  started: { readonly qrPayload: string | null; readonly errorMessage?: string | null | undefined },
  initFailed: string,
): KioskQr {
  if (started.errorMessage) return { refused: started.errorMessage };
  const payload = started.qrPayload?.trim() ?? '';
  return payload !== '' ? { payload } : { refused: initFailed };
}

/**
 * The follow token of the order being paid: the placed order's (order/create `follow_token`, kept
 * in storage across a reload) when it is this order, else the one the cart put in the history
 * state with it (the stored order was damaged or is another one).
 */
export function followTokenOf(placed: PlacedOrder | null, orderId: string, state: unknown): string | null {
  if (placed?.id === orderId && placed.followToken) return placed.followToken;
  return stringField(state, 'followToken');
}

/** A non-empty string field of a history state, or null. */
export function stringField(state: unknown, field: string): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** An id field of a history state (a non-empty string or a whole number) as text, else null. */
export function idField(state: unknown, field: string): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const value = (state as Record<string, unknown>)[field];
  return Number.isSafeInteger(value) && (value as number) > 0 ? String(value) : stringField(state, field);
}
