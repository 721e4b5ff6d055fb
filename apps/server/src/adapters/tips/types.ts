/** How long one call of the tips service may take: it is asked after a payment, never during one. */
export const TIPS_CALL_TIMEOUT_MS = 5000;

/** The order a tips page is asked for. */
export interface TipsReceiverRequest {
  /** Ours, unique per order: the service answers the same tips id when asked again for it. */
  externalId: string;
  /** Who receives the tips, as the page shows it: the restaurant. */
  name: string;
  /** Where: the restaurant's address, or ''. */
  place: string;
}

/**
 * The external tips service (SPEC 3 Order tips_id, SPEC 7; decision 025): for a paid order it
 * registers a tips receiver (a tips page) and answers its id, the tips_id the order keeps. The
 * guest's link is `{tips page base}{tips_id}?amount=…` (the domain's tipsLink).
 */
export interface TipsService {
  /** The receiver's tips id; throws ProviderError when the service is unreachable or refuses. */
  registerReceiver(request: TipsReceiverRequest): Promise<string>;
}
