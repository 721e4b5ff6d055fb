import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { type OrderRequest, quoteDelivery } from '../../api/order';
import type { CartLine } from '../../state/cart-store';

/** What the cart knows of its delivery sum: none asked, asking, the server's quote, or why not. */
export type DeliveryQuoteState =
  | { readonly status: 'none' }
  | { readonly status: 'quoting' }
  | { readonly status: 'ready'; readonly uuid: string; readonly deliverySum: number; readonly availByTime: boolean }
  | { readonly status: 'failed'; readonly message: string };

export interface DeliveryQuoteInput {
  readonly fsUid: string;
  readonly lines: readonly CartLine[];
  readonly cutlery: OrderRequest['cutlery'];
  readonly recommended: OrderRequest['recommended'];
  readonly point: { readonly lat: number; readonly lon: number } | null;
  readonly when: { readonly deliveryDate: string; readonly deliveryTime: string } | null;
  /**
   * The dishes' total by the menu the cart shows (kopecks): a price changed under the cart asks
   * again, since the delivery sum follows it (free from a sum) and the server refuses a quote of
   * another subtotal (delivery_quote_stale).
   */
  readonly itemsSum: number;
}

/** Quiet time after the cart changes before the quote is asked again. */
const QUOTE_DEBOUNCE_MS = 300;

/** What a quote depends on: the cart, its extras, the point and the time; a new value asks again. */
export function deliveryQuoteKey(input: DeliveryQuoteInput): string {
  const counts = (items: OrderRequest['cutlery']) =>
    items.filter((item) => item.cnt > 0).map((item) => `${item.id}x${item.cnt}`);
  return JSON.stringify([
    input.fsUid,
    input.lines.map((line) => `${line.token}x${line.cnt}`),
    counts(input.cutlery),
    counts(input.recommended),
    input.point ? [input.point.lat, input.point.lon] : null,
    input.when ? [input.when.deliveryDate, input.when.deliveryTime] : null,
    input.itemsSum,
  ]);
}

/**
 * The cart's delivery sum from order/delivery (decision 020): asked for the cart as it is, again
 * whenever the cart, its extras, the point or the time change, always under the first answer's
 * uuid, so the order names the quote of exactly the cart the guest saw. A quote of an older cart
 * is never shown as this cart's: until the new answer comes the state is 'quoting'.
 */
export function useDeliveryQuote(
  input: DeliveryQuoteInput,
  enabled: boolean,
): DeliveryQuoteState & { readonly retry: () => void } {
  const key = deliveryQuoteKey(input);
  const [answer, setAnswer] = useState<{ key: string; state: DeliveryQuoteState } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const uuid = useRef<string | null>(null);

  const ask = useEffectEvent((signal: AbortSignal, asked: string) => {
    if (input.point === null) return;
    quoteDelivery(
      {
        fsUid: input.fsUid,
        lines: input.lines,
        cutlery: input.cutlery,
        recommended: input.recommended,
        when: input.when,
        point: input.point,
        uuid: uuid.current,
      },
      { signal },
    ).then(
      (quote) => {
        uuid.current = quote.uuid;
        setAnswer({
          key: asked,
          state: {
            status: 'ready',
            uuid: quote.uuid,
            deliverySum: quote.deliverySum,
            availByTime: quote.isAvailByTime,
          },
        });
      },
      (error: unknown) => {
        if (signal.aborted) return;
        const message = error instanceof ApiError ? error.message : 'Не удалось рассчитать доставку';
        setAnswer({ key: asked, state: { status: 'failed', message } });
      },
    );
  });
  const hasPoint = input.point !== null;
  useEffect(() => {
    if (!enabled || !hasPoint) return;
    const controller = new AbortController();
    const timer = setTimeout(() => ask(controller.signal, key), QUOTE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // input is read through key: a new key is a new question.
  }, [enabled, key, attempt, hasPoint]);

  const retry = () => {
    setAnswer(null);
    setAttempt((count) => count + 1);
  };
  if (!enabled || input.point === null) return { status: 'none', retry };
  if (answer?.key !== key) return { status: 'quoting', retry };
  return { ...answer.state, retry };
}
