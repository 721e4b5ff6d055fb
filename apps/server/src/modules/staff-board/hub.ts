import type { FastifyBaseLogger } from 'fastify';
import type { StaffOrder } from '@chain/contract';
import type { DatabaseHandle } from '../../db/client';
import { AppError, MESSAGES } from '../../http/errors';
import type { EventStream } from '../../http/event-stream';
import { ORDER_BOARD_CHANNEL } from '../order-events/repository';

/** Board streams one instance holds at most: staff screens are few, so this only stops a runaway client. */
export const BOARD_STREAMS_PER_INSTANCE = 500;

/**
 * The order boards' live streams of one instance (issue 17): one LISTEN on 'order_board' (every
 * order created, paid or moved on any instance is announced there in its own transaction, as
 * `{restaurant}:{order}`), a map of restaurant → open streams. An order of a restaurant whose
 * board is open here is read from the database once and sent to its streams; others cost
 * nothing. Nothing lives only in memory. When the LISTEN reconnects,
 * what was announced meanwhile is lost: every stream ends, and each client reconnects and
 * reloads its board.
 */
export class BoardHub {
  readonly #streams = new Map<number, Set<EventStream>>();
  #open = 0;
  #listening: Promise<() => Promise<void>> | undefined;
  #keepAlive: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly read: (orderId: number) => Promise<{ restaurantId: number; order: StaffOrder } | undefined>,
    private readonly keepAliveMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(): Promise<void> {
    if (this.#closed || this.#open >= BOARD_STREAMS_PER_INSTANCE) throw new AppError(503, 'unavailable', MESSAGES.unavailable);
    this.#listening ??= this.database.listen(
      ORDER_BOARD_CHANNEL,
      (payload) => this.#notified(payload),
      () => this.#endAll(),
    );
    try {
      await this.#listening;
    } catch (error) {
      this.#listening = undefined;
      throw error;
    }
    this.#keepAlive ??= setInterval(() => {
      for (const streams of this.#streams.values()) for (const stream of streams) stream.keepAlive();
    }, this.keepAliveMs).unref();
  }

  add(restaurantId: number, stream: EventStream): void {
    let streams = this.#streams.get(restaurantId);
    if (!streams) this.#streams.set(restaurantId, (streams = new Set()));
    streams.add(stream);
    this.#open += 1;
    stream.onClose(() => {
      if (!streams.delete(stream)) return;
      this.#open -= 1;
      if (streams.size === 0) this.#streams.delete(restaurantId);
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#keepAlive);
    this.#endAll();
    const listening = this.#listening;
    this.#listening = undefined;
    const stop = await listening?.catch(() => undefined);
    await stop?.();
  }

  #endAll(): void {
    for (const streams of this.#streams.values()) for (const stream of [...streams]) stream.end();
  }

  #notified(payload: string): void {
    const [restaurantId, orderId] = payload.split(':').map(Number);
    if (restaurantId === undefined || orderId === undefined || !Number.isSafeInteger(orderId) || !this.#streams.has(restaurantId)) return;
    void this.read(orderId).then(
      (found) => {
        if (!found) return;
        const data = JSON.stringify(found.order);
        for (const stream of this.#streams.get(found.restaurantId) ?? []) stream.send('order', data);
      },
      (error: unknown) => {
        // The database did not answer: the streams end, and their clients reconnect and reload.
        this.log.warn({ err: error, orderId }, 'board events: reading the order failed; the streams end');
        this.#endAll();
      },
    );
  }
}
