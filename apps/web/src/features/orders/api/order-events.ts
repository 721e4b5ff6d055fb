import {
  isFinalOrderState,
  ORDER_EVENTS_KEEP_ALIVE_MS,
  orderEventsUrl,
  orderStatusEvent,
  type OrderStatusEvent,
} from '@chain/contract';
import type { User } from '../../../state/guest-store';
import { followLiveStream, LIVE_STREAM_RECONNECT_MS, type VisibilitySource } from '../../../api/live-stream';

/*
 * The order's live status (GET /api/v1/order/{id}/events, Server-Sent Events): the order page
 * follows it while it is open and visible.
 */

type Session = Pick<User, 'id' | 'password'>;

/** The waits before reconnecting, in ms: 1 s, 2 s, 5 s, 10 s, 20 s, then every 30 s (live-stream.ts). */
export const ORDER_EVENTS_RECONNECT_MS = LIVE_STREAM_RECONNECT_MS;

export interface OrderEventsOptions {
  readonly session: Session;
  readonly orderId: number;
  /** Each `status` event: the order's current status, paid flag and progress bar. */
  readonly onStatus: (update: OrderStatusEvent) => void;
  /** The server refused for good (404: not this guest's order; 401/403: no live session): no more tries. */
  readonly onRefused?: (status: number) => void;
  /** For tests. */
  readonly fetchImpl?: typeof fetch;
  readonly document?: VisibilitySource;
}

export type { VisibilitySource } from '../../../api/live-stream';

/**
 * Follows an order's status live (GET /api/v1/order/{id}/events) while the page is open and
 * visible. EventSource cannot send the Authorization header, so the stream is read with fetch and
 * a stream reader. A dropped, failed or silent (no keep-alive for twice its time) stream is opened
 * again after ORDER_EVENTS_RECONNECT_MS (the first event of a new stream is the current state, so
 * nothing is missed); a hidden tab closes it
 * and a visible one opens it again at once; a final state or a refusal ends it. Returns the stop.
 */
export function followOrderEvents(options: OrderEventsOptions): () => void {
  return followLiveStream({
    url: orderEventsUrl(options.orderId, Number(options.session.id)),
    headers: { authorization: `Bearer ${options.session.password}` },
    keepAliveMs: ORDER_EVENTS_KEEP_ALIVE_MS,
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
    ...(options.document ? { document: options.document } : {}),
    // 401: no live session, 404: not this guest's order — no use asking again. A 429 (too many
    // streams of this guest) or 503 (the instance is full) is tried again after the wait.
    ...(options.onRefused ? { onRefused: options.onRefused } : {}),
    onEvent: (event) => {
      if (event.event !== 'status') return;
      let payload: unknown;
      try {
        payload = JSON.parse(event.data);
      } catch {
        return; // a broken event is skipped; the next one carries the whole state again
      }
      const update = orderStatusEvent.safeParse(payload);
      if (!update.success) return;
      options.onStatus(update.data);
      // A final state (done and paid, or cancelled): the server ends the stream, and it is not opened again.
      return isFinalOrderState(update.data) ? 'stop' : undefined;
    },
  });
}
