/**
 * How long one call to the acquirer may take before it counts as unanswered. Everything that
 * waits on the bank is sized from it: a start's claim, a closing worker's lease (decision 016).
 */
export const ACQUIRER_CALL_TIMEOUT_MS = 10_000;

/**
 * How long the bank keeps an order we register payable (RBS register.do sessionTimeoutSecs):
 * its card form, or the SBP QR issued for it; then the bank declines it. The reuse windows of
 * forms and QRs are sized from it (decision 016).
 */
export const BANK_ORDER_LIFETIME_SECONDS = 20 * 60;

/**
 * Card acquiring: the bank keeps an order, shows the guest its card form, charges a saved card
 * and tells the order's state. Amounts are integer kopecks. Decision 011.
 */
export interface CardAcquirer {
  /** Registers an order at the bank; the guest pays it on `formUrl`. */
  register(order: AcquirerOrder): Promise<{ providerOrderId: string; formUrl: string }>;
  /** The bank's view of an order: what the payment check and the callback trust. */
  orderStatus(providerOrderId: string): Promise<AcquirerOrderStatus>;
  /** Charges a saved card for a registered order (the order must carry the card's clientId). */
  payWithBinding(payment: { providerOrderId: string; bindingId: string; ip: string }): Promise<BindingPaymentResult>;
  /** The saved cards of a client. */
  bindings(clientId: string): Promise<SavedCard[]>;
  /** Closes an order nobody has paid (RBS decline.do): its form or QR can no longer be paid. */
  decline(providerOrderId: string): Promise<BankAnswer>;
  /** Releases money the bank only holds, the whole of it (RBS reverse.do). */
  reverse(providerOrderId: string): Promise<BankAnswer>;
  /** Returns deposited money to the payer's card or account (RBS refund.do), in kopecks. */
  refund(providerOrderId: string, amount: number): Promise<BankAnswer>;
}

/**
 * The bank's answer to an operation it did (errorCode 0 and its message), kept on the order's
 * payment history. A refusal is thrown as AcquirerRefusal, an outage as ProviderError.
 */
export interface BankAnswer {
  code: string;
  message: string;
}

export interface AcquirerOrder {
  /** Our reference, unique per registration at the bank. */
  orderNumber: string;
  amount: number;
  returnUrl: string;
  failUrl: string;
  description: string;
  /** Set: the bank saves the card under this client when the guest pays. */
  clientId?: string;
}

/** RBS orderStatus, named. */
export type AcquirerState =
  'registered' | 'held' | 'deposited' | 'reversed' | 'refunded' | 'authenticating' | 'declined';

export interface AcquirerOrderStatus {
  state: AcquirerState;
  /** What the bank registered (kopecks). */
  amount: number;
  /** Taken from the payer (held or deposited), and returned of it so far (kopecks). */
  paidAmount: number;
  refundedAmount: number;
  /** The bank's reason, for the log. */
  reason: string;
  /** The card the guest paid with, when the bank saved it. */
  card: SavedCard | null;
}

export interface SavedCard {
  bindingId: string;
  maskedPan: string;
  /** MM/YY, or '' when unknown. */
  expiry: string;
}

export type BindingPaymentResult =
  | { outcome: 'done'; redirect: string | null }
  | { outcome: 'refused'; reason: string }
  /** The bank wants 3-D Secure: the saved card cannot be charged without the guest. */
  | { outcome: 'needs-authentication' };

/** The bank said no (RBS errorCode ≠ 0): a business answer, not an outage. */
export class AcquirerRefusal extends Error {
  constructor(
    readonly errorCode: string,
    readonly bankMessage: string,
  ) {
    super(`acquirer refused: ${errorCode} ${bankMessage}`);
    this.name = 'AcquirerRefusal';
  }
}
