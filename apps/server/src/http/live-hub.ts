import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { AppError, MESSAGES } from './errors';
import { openEventStream, StreamSlots, type EventStream, type StreamCap } from './event-stream';

/** What a hub needs of an open stream: the keep-alive comment and its end. */
export interface LiveStream {
  keepAlive(): void;
  end(): void;
}

/** One open stream in a hub: who opened it (what its hub filters by) and the stream. */
export interface LiveEntry<Viewer, Stream extends LiveStream> {
  viewer: Viewer;
  stream: Stream;
}

export interface LiveHubOptions<Viewer> {
  database: Pick<DatabaseHandle, 'listen'>;
  /** The channels the hub LISTENs to, and what a notification on each does: all are listened to, or none. */
  channels: ReadonlyArray<readonly [channel: string, onPayload: (payload: string) => void]>;
  /** After the LISTEN reconnected: what was notified meanwhile never arrives (re-read, or end the streams). */
  onReconnect: () => void;
  keepAliveMs: number;
  log: FastifyBaseLogger;
  /** The key streams are found by (an order, a restaurant); without one, all streams share one. */
  keyOf?: (viewer: Viewer) => number | string;
}

/**
 * The one mechanism of the live streams of one instance (issues 15, 17, 30; decision 055): the
 * guests' order and menu streams, the staff's board, the back office's team and refunds. The
 * database's LISTEN is the only way news arrives, so nothing lives only in memory and every
 * instance hears every change:
 *
 * - LISTEN lazily: the hub's channels are listened to with its first stream (`start`), all or
 *   none; a failed start is tried again by the next stream. The database handle's listener
 *   reconnects with back-off and then calls `onReconnect` (db/postgres-listener.ts);
 * - caps (`admit`): a slot under each of the stream's caps (the instance's, a guest's, a session's,
 *   an account's, a restaurant's, an address's) taken before any await and given back when the
 *   stream closes, or a refusal that takes none (StreamSlots); a closing hub refuses with a 503;
 * - a keep-alive comment to every stream every `keepAliveMs`; `open` hijacks the answer into a
 *   stream cut after two keep-alives without bytes moving;
 * - reads coalesced (`refresh`): notifications of one thing during its read make one more read;
 * - close: the server's preClose ends every stream (their connections go too: a kept-alive one
 *   would hold the close) and stops listening; nothing is admitted after.
 *
 * Each stream's hub keeps only what is its own: which notifications concern which streams, and
 * what a stream is sent.
 */
export class LiveHub<Viewer, Stream extends LiveStream = EventStream> {
  readonly #streams = new Map<number | string, Set<LiveEntry<Viewer, Stream>>>();
  readonly #slots = new StreamSlots();
  /** Keys being read, and whether another notification of one came meanwhile. */
  readonly #reading = new Map<number | string, { again: boolean }>();
  #size = 0;
  #listening: Promise<() => Promise<void>> | undefined;
  #keepAlive: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(private readonly options: LiveHubOptions<Viewer>) {}

  /** True once the hub closed (the server shuts down). */
  get closed(): boolean {
    return this.#closed;
  }

  /** Streams open here now (all, or a cap's key's). */
  openStreams(capKey?: string): number {
    return capKey === undefined ? this.#size : this.#slots.held(capKey);
  }

  /**
   * Takes a slot under every cap for one more stream, or refuses (the first full cap's refusal; a
   * 503 once closed) and takes none. Returns the release: `add` gives it to the stream, a caller
   * that fails before gives it back.
   */
  admit(caps: readonly StreamCap[]): () => void {
    if (this.#closed) throw unavailable();
    return this.#slots.take(caps);
  }

  /** The hub's LISTENs, in place once this resolves: a change committed afterwards reaches the streams. */
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
      for (const entry of this.entries()) entry.stream.keepAlive();
    }, this.options.keepAliveMs).unref();
  }

  /** Every channel, or none. */
  async #listen(): Promise<() => Promise<void>> {
    const stops: Array<() => Promise<void>> = [];
    try {
      for (const [channel, onPayload] of this.options.channels) {
        stops.push(await this.options.database.listen(channel, onPayload, () => this.options.onReconnect()));
      }
    } catch (error) {
      for (const stop of stops.reverse()) await stop();
      throw error;
    }
    return async () => {
      for (const stop of stops.reverse()) await stop();
    };
  }

  /**
   * Starts the hub (its LISTENs in place), runs what the stream needs first (`first`: the
   * caller's checks, a first read — after the LISTEN, so no change in between is missed), and
   * answers the request with an event stream, cut after two keep-alives without bytes moving;
   * while the hub closes, a stream's connection goes with it. When any of it fails, the stream's
   * slots (admit's `release`) are given back.
   */
  async open<First = undefined>(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { connectionMs: number; release: () => void; first?: () => Promise<First> },
  ): Promise<{ stream: EventStream; first: First | undefined }> {
    try {
      await this.start();
      const first = await options.first?.();
      const stream = openEventStream(request, reply, {
        idleMs: 2 * this.options.keepAliveMs,
        connectionMs: options.connectionMs,
        shuttingDown: () => this.#closed,
      });
      return { stream, first };
    } catch (error) {
      options.release();
      throw error;
    }
  }

  /**
   * Follows the stream until it ends (`end`) or is forgotten (the returned function: the client
   * went away), when its slots (admit's release) are given back.
   */
  add(viewer: Viewer, stream: Stream, release: () => void = () => undefined): () => boolean {
    const key = this.options.keyOf?.(viewer) ?? '';
    const entry: LiveEntry<Viewer, Stream> = { viewer, stream };
    let streams = this.#streams.get(key);
    if (!streams) this.#streams.set(key, (streams = new Set()));
    streams.add(entry);
    this.#size += 1;
    return () => {
      const held = this.#streams.get(key);
      if (!held?.delete(entry)) return false;
      if (held.size === 0) this.#streams.delete(key);
      this.#size -= 1;
      release();
      return true;
    };
  }

  /** Whether any stream here is found by the key. */
  has(key: number | string): boolean {
    return this.#streams.has(key);
  }

  /** The keys streams are found by now. */
  keys(): Array<number | string> {
    return [...this.#streams.keys()];
  }

  /** The streams found by the key (a copy: ending one while going through is safe). */
  entriesOf(key: number | string): Array<LiveEntry<Viewer, Stream>> {
    return [...(this.#streams.get(key) ?? [])];
  }

  /** Every stream open here (a copy). */
  entries(): Array<LiveEntry<Viewer, Stream>> {
    return [...this.#streams.values()].flatMap((streams) => [...streams]);
  }

  /** Ends the streams that match (all without a test). */
  endWhere(which: (entry: LiveEntry<Viewer, Stream>) => boolean = () => true): void {
    for (const entry of this.entries()) if (which(entry)) entry.stream.end();
  }

  /**
   * Runs `read` for the key, never twice at once: notifications of it during a read make one
   * more read after it (not one each), while `more` says someone still wants it, so the last
   * thing sent is the state after the last change. A failed read is logged and `failed` runs
   * (the streams end, and their clients reconnect and read afresh rather than miss a change).
   */
  refresh(key: number | string, read: () => Promise<void>, more: () => boolean, failed: () => void): void {
    const reading = this.#reading.get(key);
    if (reading) {
      reading.again = true;
      return;
    }
    const state = { again: false };
    this.#reading.set(key, state);
    void (async () => {
      try {
        do {
          state.again = false;
          await read();
        } while (state.again && more());
      } catch (error) {
        this.options.log.warn({ err: error, key }, 'live stream: reading what changed failed; its streams end');
        failed();
      } finally {
        this.#reading.delete(key);
      }
    })();
  }

  /** Shutting down: ends every stream, so the server closes without waiting for them, and stops listening. */
  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#keepAlive);
    this.endWhere();
    const listening = this.#listening;
    this.#listening = undefined;
    const stop = await listening?.catch(() => undefined);
    await stop?.();
  }
}

/**
 * A hub of event streams whose own part is its caps and its filtering (the board's, the back
 * office's): what a stream route drives of it comes from its LiveHub as it is.
 */
export abstract class EventStreamHub<Viewer> {
  protected abstract readonly hub: LiveHub<Viewer>;

  /** The hub's LISTENs, in place once this resolves: a change committed afterwards reaches the streams. */
  start(): Promise<void> {
    return this.hub.start();
  }

  /** Starts the hub and answers the request with a stream its close ends (LiveHub.open). */
  open<First>(
    request: FastifyRequest,
    reply: FastifyReply,
    options: { connectionMs: number; release: () => void; first?: () => Promise<First> },
  ) {
    return this.hub.open(request, reply, options);
  }

  /** Follows the viewer's stream until it closes, when its slots (admit's release) are given back. */
  add(viewer: Viewer, stream: EventStream, release: () => void): void {
    stream.onClose(this.hub.add(viewer, stream, release));
  }

  /** Streams open here now. */
  openStreams(): number {
    return this.hub.openStreams();
  }

  close(): Promise<void> {
    return this.hub.close();
  }
}

/** A closing hub's, or a full instance's, refusal. */
export function unavailable(): AppError {
  return new AppError(503, 'unavailable', MESSAGES.unavailable);
}
