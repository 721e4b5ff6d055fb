import type { FastifyBaseLogger } from 'fastify';
import { isFinalOrderState, type OrderStatusEvent } from '@chain/contract';
import type { DatabaseHandle } from '../../db/client';
import { AppError, MESSAGES } from '../../http/errors';
import { ORDER_STATUS_CHANNEL } from './repository';

/** One open stream as the hub drives it: the route writes the bytes. */
export interface OrderStream {
  /** Writes one `status` event with this JSON as its data. */
  send(data: string): void;
  /** Writes the comment line `: keep-alive`. */
  keepAlive(): void;
  /** Ends the stream (the hub has already forgotten it). */
  end(): void;
}

export interface OrderEventsLimits {
  /** Open streams one guest may hold (their tabs and devices); one more is a 429. */
  perGuest: number;
  /** Open streams one instance holds; one more is a 503. */
  perInstance: number;
  keepAliveMs: number;
}

/** A guest's streams beyond the limit: a 429 with its own code. */
export const TOO_MANY_STREAMS_MESSAGE = 'Слишком много открытых страниц заказов. Закройте лишние вкладки.';

interface Subscriber {
  stream: OrderStream;
  userId: number;
  /** The data last sent, so a notification that changed nothing this page shows sends nothing. */
  last: string | undefined;
}

interface Watch {
  subscribers: Set<Subscriber>;
  reading: boolean;
  /** A notification came while reading: read once more after. */
  again: boolean;
}

/**
 * The order event streams of one instance (issue 15). One LISTEN on 'order_status' for the
 * whole instance, started with the first stream; a map of order id → its open streams. A
 * notification for an order nobody here watches costs nothing; one for a watched order reads the
 * order once (notifications arriving during that read make one more read, not one each) and
 * writes the state to each of its streams that has not had it yet. After a reconnection of the
 * LISTEN every watched order is read again, since what was notified meanwhile is lost. Nothing
 * lives only in memory: the state always comes from the database, whichever instance changed it.
 */
export class OrderEventsHub {
  readonly #watches = new Map<number, Watch>();
  readonly #perGuest = new Map<number, number>();
  #open = 0;
  #listening: Promise<() => Promise<void>> | undefined;
  #keepAlive: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly read: (orderId: number) => Promise<OrderStatusEvent | undefined>,
    private readonly limits: OrderEventsLimits,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Streams open now (all, or one guest's). */
  openStreams(userId?: number): number {
    return userId === undefined ? this.#open : (this.#perGuest.get(userId) ?? 0);
  }

  /** The instance's LISTEN, in place once this resolves: a change committed afterwards reaches the streams. */
  async start(): Promise<void> {
    if (this.#closed) throw new AppError(503, 'unavailable', MESSAGES.unavailable);
    this.#listening ??= this.database.listen(
      ORDER_STATUS_CHANNEL,
      (payload) => this.#notified(payload),
      () => {
        for (const orderId of this.#watches.keys()) this.#refresh(orderId);
      },
    );
    try {
      await this.#listening;
    } catch (error) {
      this.#listening = undefined;
      throw error;
    }
    this.#keepAlive ??= setInterval(() => this.#sendKeepAlive(), this.limits.keepAliveMs).unref();
  }

  /** Refuses a stream over the limits: 429 for the guest's, 503 for the instance's. */
  admit(userId: number): void {
    if (this.#closed) throw new AppError(503, 'unavailable', MESSAGES.unavailable);
    if (this.openStreams(userId) >= this.limits.perGuest) throw new AppError(429, 'too_many_streams', TOO_MANY_STREAMS_MESSAGE);
    if (this.#open >= this.limits.perInstance) throw new AppError(503, 'unavailable', MESSAGES.unavailable);
  }

  /**
   * Watches the order for this stream and sends it the current state at once. Returns the way to
   * forget it (the client went away); the hub forgets it itself when it ends the stream.
   */
  add(orderId: number, userId: number, stream: OrderStream): () => void {
    const subscriber: Subscriber = { stream, userId, last: undefined };
    let watch = this.#watches.get(orderId);
    if (!watch) this.#watches.set(orderId, (watch = { subscribers: new Set(), reading: false, again: false }));
    watch.subscribers.add(subscriber);
    this.#open += 1;
    this.#perGuest.set(userId, this.openStreams(userId) + 1);
    // Read after joining: a change committed between the caller's check and now is not missed.
    this.#refresh(orderId);
    return () => this.#forget(orderId, subscriber);
  }

  /** Shutting down: ends every stream, so the server closes without waiting for them, and stops listening. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#keepAlive);
    for (const [orderId, watch] of this.#watches) for (const subscriber of [...watch.subscribers]) this.#end(orderId, subscriber);
    const listening = this.#listening;
    this.#listening = undefined;
    const stop = await listening?.catch(() => undefined);
    await stop?.();
  }

  #notified(payload: string): void {
    const orderId = Number(payload);
    if (Number.isSafeInteger(orderId) && this.#watches.has(orderId)) this.#refresh(orderId);
  }

  #refresh(orderId: number): void {
    const watch = this.#watches.get(orderId);
    if (!watch) return;
    if (watch.reading) {
      watch.again = true;
      return;
    }
    watch.reading = true;
    void (async () => {
      try {
        do {
          watch.again = false;
          const event = await this.read(orderId);
          if (!event) {
            for (const subscriber of [...watch.subscribers]) this.#end(orderId, subscriber);
            return;
          }
          const data = JSON.stringify(event);
          const final = isFinalOrderState(event);
          for (const subscriber of [...watch.subscribers]) {
            if (subscriber.last !== data) {
              subscriber.last = data;
              subscriber.stream.send(data);
            }
            if (final) this.#end(orderId, subscriber);
          }
        } while (watch.again && watch.subscribers.size > 0);
      } catch (error) {
        // The database did not answer: the streams end and their clients reconnect (with
        // backoff), each getting the current state first, rather than stay open and miss a change.
        this.log.warn({ err: error, orderId }, 'order events: reading the order failed; its streams end');
        for (const subscriber of [...watch.subscribers]) this.#end(orderId, subscriber);
      } finally {
        watch.reading = false;
      }
    })();
  }

  #sendKeepAlive(): void {
    for (const watch of this.#watches.values()) for (const subscriber of watch.subscribers) subscriber.stream.keepAlive();
  }

  #end(orderId: number, subscriber: Subscriber): void {
    if (this.#forget(orderId, subscriber)) subscriber.stream.end();
  }

  /** Removes the subscriber; false when it was already gone. */
  #forget(orderId: number, subscriber: Subscriber): boolean {
    const watch = this.#watches.get(orderId);
    if (!watch?.subscribers.delete(subscriber)) return false;
    if (watch.subscribers.size === 0) this.#watches.delete(orderId);
    this.#open -= 1;
    const left = this.openStreams(subscriber.userId) - 1;
    if (left > 0) this.#perGuest.set(subscriber.userId, left);
    else this.#perGuest.delete(subscriber.userId);
    return true;
  }
}
