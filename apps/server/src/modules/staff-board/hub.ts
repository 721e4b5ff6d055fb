import type { FastifyBaseLogger } from 'fastify';
import {
  BOARD_STREAMS_PER_RESTAURANT,
  BOARD_STREAMS_PER_SESSION,
  BOARD_STREAMS_PER_STAFF,
  STAFF_TEXTS,
  type StaffOrder,
} from '@chain/contract';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../http/errors';
import { EventStreamHub, LiveHub, unavailable } from '../../http/live-hub';
import { ORDER_BOARD_CHANNEL } from '../order-events';
import { endedSessions, STAFF_SESSIONS_CHANNEL } from '../staff';

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
export class BoardHub extends EventStreamHub<BoardViewer> {
  protected readonly hub: LiveHub<BoardViewer>;

  constructor(
    database: Pick<DatabaseHandle, 'listen'>,
    private readonly read: (orderId: number) => Promise<{ restaurantId: number; order: StaffOrder } | undefined>,
    keepAliveMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    super();
    this.hub = new LiveHub({
      database,
      channels: [
        [ORDER_BOARD_CHANNEL, (payload) => this.#notified(payload)],
        [STAFF_SESSIONS_CHANNEL, (payload) => this.hub.endWhere(endedSessions(payload))],
      ],
      onReconnect: () => this.hub.endWhere(),
      keepAliveMs,
      log,
      keyOf: (viewer) => viewer.restaurantId,
    });
  }

  /**
   * Takes the viewer's slots for one more stream, or refuses (429 for the session's, the
   * account's or the restaurant's cap, 503 for the instance's or a closing hub) and takes none.
   * Returns the release: `add` gives it to the stream, a caller that fails before gives it back.
   */
  admit(viewer: BoardViewer): () => void {
    return this.hub.admit([
      { key: 'instance', limit: BOARD_STREAMS_PER_INSTANCE, refusal: unavailable },
      {
        key: `session:${viewer.sessionId}`,
        limit: BOARD_STREAMS_PER_SESSION,
        refusal: () => new AppError(429, 'too_many_streams', STAFF_TEXTS.tooManyBoardStreams),
      },
      {
        key: `staff:${viewer.staffId}`,
        limit: BOARD_STREAMS_PER_STAFF,
        refusal: () => new AppError(429, 'too_many_streams', STAFF_TEXTS.tooManyBoardStreams),
      },
      {
        key: `restaurant:${viewer.restaurantId}`,
        limit: BOARD_STREAMS_PER_RESTAURANT,
        refusal: () => new AppError(429, 'too_many_restaurant_streams', STAFF_TEXTS.tooManyRestaurantBoardStreams),
      },
    ]);
  }

  #notified(payload: string): void {
    const [restaurantId, orderId] = payload.split(':').map(Number);
    if (
      restaurantId === undefined ||
      orderId === undefined ||
      !Number.isSafeInteger(orderId) ||
      !this.hub.has(restaurantId)
    )
      return;
    void this.read(orderId).then(
      (found) => {
        if (!found) return;
        const data = JSON.stringify(found.order);
        for (const { stream } of this.hub.entriesOf(found.restaurantId)) stream.send('order', data);
      },
      (error: unknown) => {
        // The database did not answer: the streams end, and their clients reconnect and reload.
        this.log.warn({ err: error, orderId }, 'board events: reading the order failed; the streams end');
        this.hub.endWhere();
      },
    );
  }
}
