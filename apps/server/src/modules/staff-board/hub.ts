import type { FastifyBaseLogger } from 'fastify';
import { BOARD_STREAMS_PER_RESTAURANT, BOARD_STREAMS_PER_SESSION, BOARD_STREAMS_PER_STAFF, STAFF_TEXTS, type StaffOrder } from '@chain/contract';
import type { DatabaseHandle } from '../../db/client';
import { AppError, MESSAGES } from '../../http/errors';
import { StreamSlots, type EventStream } from '../../http/event-stream';
import { ORDER_BOARD_CHANNEL } from '../order-events';
import { STAFF_SESSIONS_CHANNEL } from '../staff';

/** Board streams one instance holds at most: staff screens are few, so this only stops a runaway client. */
export const BOARD_STREAMS_PER_INSTANCE = 500;

/** Who opens a board stream: the staff session, its account, and the restaurant whose board it is. */
export interface BoardViewer {
  sessionId: number;
  staffId: number;
  restaurantId: number;
}

/**
 * The order boards' live streams of one instance (issue 17): one LISTEN on 'order_board' (every
 * order created, paid or moved on any instance is announced there in its own transaction, as
 * `{restaurant}:{order}`), a map of restaurant → open streams. An order of a restaurant whose
 * board is open here is read from the database once and sent to its streams; others cost
 * nothing. Nothing lives only in memory. When the LISTEN reconnects,
 * what was announced meanwhile is lost: every stream ends, and each client reconnects and
 * reloads its board.
 *
 * Caps (issue 30.4), on this instance: a staff session holds at most BOARD_STREAMS_PER_SESSION
 * streams, an account (its sessions together) BOARD_STREAMS_PER_STAFF, a restaurant's board
 * BOARD_STREAMS_PER_RESTAURANT, each a 429 in words; the instance BOARD_STREAMS_PER_INSTANCE, a
 * 503. So one session, or one account, or one restaurant, cannot take the slots every other
 * restaurant's board needs.
 *
 * A staff session that ends — signed out, ended from the team screen, its account disabled or its
 * password reset (issue 31) — is announced on STAFF_SESSIONS_CHANNEL, LISTENed to beside the
 * boards': its streams on every instance end at once, and their client's reconnect is refused.
 */
export class BoardHub {
  readonly #streams = new Map<number, Set<EventStream>>();
  /** Session id → its open streams here. */
  readonly #bySession = new Map<number, Set<EventStream>>();
  readonly #slots = new StreamSlots();
  #listening: Promise<() => Promise<void>> | undefined;
  #keepAlive: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly read: (orderId: number) => Promise<{ restaurantId: number; order: StaffOrder } | undefined>,
    private readonly keepAliveMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Takes the viewer's slots for one more stream, or refuses (429 for the session's, the
   * account's or the restaurant's cap, 503 for the instance's or a closing hub) and takes none.
   * Returns the release: `add` gives it to the stream, a caller that fails before gives it back.
   */
  admit(viewer: BoardViewer): () => void {
    if (this.#closed) throw unavailable();
    return this.#slots.take([
      { key: 'instance', limit: BOARD_STREAMS_PER_INSTANCE, refusal: unavailable },
      { key: `session:${viewer.sessionId}`, limit: BOARD_STREAMS_PER_SESSION, refusal: () => new AppError(429, 'too_many_streams', STAFF_TEXTS.tooManyBoardStreams) },
      { key: `staff:${viewer.staffId}`, limit: BOARD_STREAMS_PER_STAFF, refusal: () => new AppError(429, 'too_many_streams', STAFF_TEXTS.tooManyBoardStreams) },
      {
        key: `restaurant:${viewer.restaurantId}`,
        limit: BOARD_STREAMS_PER_RESTAURANT,
        refusal: () => new AppError(429, 'too_many_restaurant_streams', STAFF_TEXTS.tooManyRestaurantBoardStreams),
      },
    ]);
  }

  async start(): Promise<void> {
    if (this.#closed) throw unavailable();
    this.#listening ??= this.#listen();
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

  /** Both LISTENs, or neither. */
  async #listen(): Promise<() => Promise<void>> {
    const stopBoards = await this.database.listen(
      ORDER_BOARD_CHANNEL,
      (payload) => this.#notified(payload),
      () => this.#endAll(),
    );
    try {
      const stopSessions = await this.database.listen(
        STAFF_SESSIONS_CHANNEL,
        (payload) => this.#sessionsEnded(payload),
        () => this.#endAll(),
      );
      return async () => {
        await stopSessions();
        await stopBoards();
      };
    } catch (error) {
      await stopBoards();
      throw error;
    }
  }

  /** Sends the restaurant's orders to the viewer's stream until it closes (or its session ends), when its slots (admit's release) are given back. */
  add(viewer: BoardViewer, stream: EventStream, release: () => void): void {
    const { restaurantId, sessionId } = viewer;
    let streams = this.#streams.get(restaurantId);
    if (!streams) this.#streams.set(restaurantId, (streams = new Set()));
    streams.add(stream);
    let ofSession = this.#bySession.get(sessionId);
    if (!ofSession) this.#bySession.set(sessionId, (ofSession = new Set()));
    ofSession.add(stream);
    stream.onClose(() => {
      if (ofSession.delete(stream) && ofSession.size === 0) this.#bySession.delete(sessionId);
      release();
      if (!streams.delete(stream)) return;
      if (streams.size === 0) this.#streams.delete(restaurantId);
    });
  }

  /** Ends the streams of the sessions whose ids the payload lists. */
  #sessionsEnded(payload: string): void {
    for (const id of payload.split(',').map(Number)) {
      for (const stream of [...(this.#bySession.get(id) ?? [])]) stream.end();
    }
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

function unavailable(): AppError {
  return new AppError(503, 'unavailable', MESSAGES.unavailable);
}
