import type { FastifyBaseLogger } from 'fastify';
import { isFinalOrderState, type OrderStatusEvent } from '@chain/contract';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../http/errors';
import type { EventStream } from '../../http/event-stream';
import { LiveHub, unavailable, type LiveEntry } from '../../http/live-hub';
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

/** A guest's stream, and the data last sent, so a notification that changed nothing this page shows sends nothing. */
interface Subscriber {
  orderId: number;
  userId: number;
  last: string | undefined;
  /** Forgets the stream and gives back its slots (LiveHub.add's). */
  forget: () => boolean;
}

/**
 * The order event streams of one instance (issue 15), on the live-stream hub (http/live-hub.ts):
 * one LISTEN on 'order_status' for the whole instance, started with the first stream; streams
 * found by their order's id. A notification for an order nobody here watches costs nothing; one
 * for a watched order reads the order once (notifications arriving during that read make one
 * more read, not one each) and writes the state to each of its streams that has not had it yet.
 * After a reconnection of the LISTEN every watched order is read again, since what was notified
 * meanwhile is lost. Nothing lives only in memory: the state always comes from the database,
 * whichever instance changed it.
 */
export class OrderEventsHub {
  readonly #hub: LiveHub<Subscriber, OrderStream>;

  constructor(
    database: Pick<DatabaseHandle, 'listen'>,
    private readonly read: (orderId: number) => Promise<OrderStatusEvent | undefined>,
    private readonly limits: OrderEventsLimits,
    log: FastifyBaseLogger,
  ) {
    this.#hub = new LiveHub({
      database,
      channels: [[ORDER_STATUS_CHANNEL, (payload) => this.#notified(payload)]],
      onReconnect: () => {
        for (const orderId of this.#hub.keys()) this.#refresh(Number(orderId));
      },
      keepAliveMs: limits.keepAliveMs,
      log,
      keyOf: (viewer) => viewer.orderId,
    });
  }

  /** Streams open now (all, or one guest's). */
  openStreams(userId?: number): number {
    return this.#hub.openStreams(userId === undefined ? undefined : `guest:${userId}`);
  }

  /** The instance's LISTEN, in place once this resolves: a change committed afterwards reaches the streams. */
  start(): Promise<void> {
    return this.#hub.start();
  }

  /** Takes the guest's slots for one more stream, or refuses: 429 for the guest's, 503 for the instance's (or a closing hub). */
  admit(userId: number): () => void {
    return this.#hub.admit([
      { key: 'instance', limit: this.limits.perInstance, refusal: unavailable },
      {
        key: `guest:${userId}`,
        limit: this.limits.perGuest,
        refusal: () => new AppError(429, 'too_many_streams', TOO_MANY_STREAMS_MESSAGE),
      },
    ]);
  }

  /** Starts the hub and answers the request with a stream the hub's close ends (LiveHub.open). */
  open(...args: Parameters<LiveHub<unknown>['open']>): Promise<{ stream: EventStream }> {
    return this.#hub.open(...args);
  }

  /**
   * Watches the order for this stream and sends it the current state at once. Returns the way to
   * forget it (the client went away), when its slots (admit's release) are given back; the hub
   * forgets it itself when it ends the stream.
   */
  add(orderId: number, userId: number, stream: OrderStream, release?: () => void): () => void {
    const subscriber: Subscriber = { orderId, userId, last: undefined, forget: () => false };
    subscriber.forget = this.#hub.add(subscriber, stream, release);
    // Read after joining: a change committed between the caller's check and now is not missed.
    this.#refresh(orderId);
    return () => void subscriber.forget();
  }

  /** Shutting down: ends every stream, so the server closes without waiting for them, and stops listening. */
  close(): Promise<void> {
    return this.#hub.close();
  }

  #notified(payload: string): void {
    const orderId = Number(payload);
    if (Number.isSafeInteger(orderId) && this.#hub.has(orderId)) this.#refresh(orderId);
  }

  #refresh(orderId: number): void {
    const endAll = () => {
      for (const entry of this.#hub.entriesOf(orderId)) this.#end(entry);
    };
    this.#hub.refresh(
      orderId,
      async () => {
        const event = await this.read(orderId);
        if (!event) return endAll();
        const data = JSON.stringify(event);
        const final = isFinalOrderState(event);
        for (const entry of this.#hub.entriesOf(orderId)) {
          if (entry.viewer.last !== data) {
            entry.viewer.last = data;
            entry.stream.send(data);
          }
          if (final) this.#end(entry);
        }
      },
      () => this.#hub.has(orderId),
      // The database did not answer: the streams end and their clients reconnect (with
      // backoff), each getting the current state first, rather than stay open and miss a change.
      endAll,
    );
  }

  #end(entry: LiveEntry<Subscriber, OrderStream>): void {
    if (entry.viewer.forget()) entry.stream.end();
  }
}
