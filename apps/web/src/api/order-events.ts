import { isFinalOrderState, ORDER_EVENTS_KEEP_ALIVE_MS, orderEventsUrl, orderStatusEvent, type OrderStatusEvent } from '@chain/contract';
import type { User } from '../state/app-store';
import { createSseParser } from './orders';

/*
 * The order's live status (GET /api/v1/order/{id}/events, Server-Sent Events): the order page
 * follows it while it is open and visible.
 */

type Session = Pick<User, 'id' | 'password'>;

/** The waits before reconnecting, in ms: 1 s, 2 s, 5 s, 10 s, 20 s, then every 30 s. */
export const ORDER_EVENTS_RECONNECT_MS: readonly number[] = [1000, 2000, 5000, 10_000, 20_000, 30_000];

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

/** Where the page's visibility is read (the document; a stand-in in tests). */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Follows an order's status live (GET /api/v1/order/{id}/events) while the page is open and
 * visible. EventSource cannot send the Authorization header, so the stream is read with fetch and
 * a stream reader. A dropped, failed or silent (no keep-alive for twice its time) stream is opened
 * again after ORDER_EVENTS_RECONNECT_MS (the first event of a new stream is the current state, so
 * nothing is missed); a hidden tab closes it
 * and a visible one opens it again at once; a final state or a refusal ends it. Returns the stop.
 */
export function followOrderEvents(options: OrderEventsOptions): () => void {
  const doc: VisibilitySource = options.document ?? document;
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const url = orderEventsUrl(options.orderId, Number(options.session.id));
  let stopped = false;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;

  const open = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || controller !== null || doc.visibilityState !== 'visible') return;
    const current = new AbortController();
    controller = current;
    let final = false;
    // A stream silent for twice the keep-alive is taken for dead (a phone that changed networks
    // keeps a half-open connection that never ends): it is dropped and opened again.
    let silent = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        silent = true;
        current.abort();
      }, 2 * ORDER_EVENTS_KEEP_ALIVE_MS);
    };
    try {
      heard();
      const response = await fetchImpl(url, {
        headers: { accept: 'text/event-stream', authorization: `Bearer ${options.session.password}` },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: current.signal,
      });
      // 401: no live session, 404: not this guest's order — no use asking again. A 429 (too many
      // streams of this guest) or 503 (the instance is full) is tried again after the wait.
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        stopped = true;
        options.onRefused?.(response.status);
        return;
      }
      if (!response.ok || response.body === null) throw new Error(`order events: HTTP ${response.status}`);
      const reader = response.body.getReader();
      // Stopping, hiding or a silent stream aborts: the read waiting on the stream ends too.
      current.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      const decoder = new TextDecoder();
      const parser = createSseParser((event) => {
        if (event.event !== 'status') return;
        let payload: unknown;
        try {
          payload = JSON.parse(event.data);
        } catch {
          return; // a broken event is skipped; the next one carries the whole state again
        }
        const update = orderStatusEvent.safeParse(payload);
        if (!update.success) return;
        failures = 0;
        options.onStatus(update.data);
        // A final state (done and paid, or cancelled): the server ends the stream, and it is not opened again.
        if (isFinalOrderState(update.data)) final = true;
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        heard();
        parser.push(decoder.decode(value, { stream: true }));
        if (final || stopped) {
          await reader.cancel().catch(() => undefined);
          break;
        }
      }
    } catch {
      // A network failure or a dropped stream: tried again below (an abort is ours: see below).
    } finally {
      clearTimeout(watchdog);
      if (controller === current) controller = null;
    }
    if (final) stopped = true;
    if (stopped || (current.signal.aborted && !silent)) return;
    const delay = ORDER_EVENTS_RECONNECT_MS[Math.min(failures, ORDER_EVENTS_RECONNECT_MS.length - 1)];
    failures += 1;
    if (doc.visibilityState === 'visible') timer = setTimeout(() => void open(), delay);
  };

  const onVisibility = () => {
    if (stopped) return;
    if (doc.visibilityState === 'visible') void open();
    else {
      clearTimeout(timer);
      timer = undefined;
      controller?.abort();
      controller = null;
    }
  };

  doc.addEventListener('visibilitychange', onVisibility);
  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    controller = null;
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
