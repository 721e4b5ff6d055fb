import type { FastifyBaseLogger } from 'fastify';
import { BACKOFFICE_TEXTS, MANAGE_STREAMS_PER_INSTANCE, MANAGE_STREAMS_PER_SESSION, MANAGE_STREAMS_PER_STAFF } from '@chain/contract';
import type { DatabaseHandle } from '../../db/client';
import { AppError, MESSAGES } from '../../http/errors';
import { StreamSlots, type EventStream } from '../../http/event-stream';
import type { StaffPrincipal } from './access';
import { STAFF_SESSIONS_CHANNEL, STAFF_TEAM_CHANNEL } from './repository';

/** What one notification of a hub's channel sends: one event, to the viewers it is for. */
export interface StaffEvent {
  event: string;
  /** JSON. */
  data: string;
  /** Whether this viewer may see it (their role, their restaurants). */
  for: (viewer: StaffPrincipal) => boolean;
}

export interface StaffEventsTopic {
  /** The channel the hub's streams follow (its payloads name what changed). */
  channel: string;
  /**
   * What a payload sends, read from the database once for all the instance's streams (undefined:
   * nothing). Notifications of one payload arriving during its read make one more read after it,
   * so the last thing sent is the state after the last change.
   */
  read: (payload: string) => Promise<StaffEvent | undefined>;
  /** Whether a payload may concern this viewer, told before any read: one nobody here it may concern costs nothing. */
  concerns?: (payload: string, viewer: StaffPrincipal) => boolean;
}

interface Follower {
  viewer: StaffPrincipal;
  stream: EventStream;
}

/**
 * The back office's live streams of one topic on one instance (decision 055): the team's, the
 * refunds'. One LISTEN on the topic's channel, beside the two every staff stream obeys: an ended
 * session (STAFF_SESSIONS_CHANNEL) ends its streams, and a change of an account itself — its
 * role, restaurants, access (STAFF_TEAM_CHANNEL) — ends that account's streams, whose client
 * reconnects and is checked against the account's rights as they are now, so a stream never
 * shows more than its account may see. A notification nobody here follows costs nothing; one
 * that somebody does is read once and sent to the streams it is for. Nothing lives only in
 * memory: when the LISTEN reconnects, what was announced meanwhile is lost, so every stream ends
 * and its client reconnects and reads its screen again.
 *
 * Caps, on this instance: MANAGE_STREAMS_PER_SESSION streams of the topic per staff session,
 * MANAGE_STREAMS_PER_STAFF per account (each a 429 in words), MANAGE_STREAMS_PER_INSTANCE in all (503).
 */
export class StaffEventsHub {
  readonly #followers = new Set<Follower>();
  readonly #slots = new StreamSlots();
  /** Payloads being read, and whether another notification of one came meanwhile. */
  readonly #reading = new Map<string, { again: boolean }>();
  #listening: Promise<() => Promise<void>> | undefined;
  #keepAlive: NodeJS.Timeout | undefined;
  #closed = false;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listen'>,
    private readonly topic: StaffEventsTopic,
    private readonly keepAliveMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Streams open here now. */
  openStreams(): number {
    return this.#followers.size;
  }

  /**
   * Takes the viewer's slots for one more stream, or refuses (429 for the session's or the
   * account's cap, 503 for the instance's or a closing hub) and takes none. Returns the release:
   * `add` gives it to the stream, a caller that fails before gives it back.
   */
  admit(viewer: StaffPrincipal): () => void {
    if (this.#closed) throw unavailable();
    const tooMany = () => new AppError(429, 'too_many_streams', BACKOFFICE_TEXTS.tooManyStreams);
    return this.#slots.take([
      { key: 'instance', limit: MANAGE_STREAMS_PER_INSTANCE, refusal: unavailable },
      { key: `session:${viewer.sessionId}`, limit: MANAGE_STREAMS_PER_SESSION, refusal: tooMany },
      { key: `staff:${viewer.id}`, limit: MANAGE_STREAMS_PER_STAFF, refusal: tooMany },
    ]);
  }

  /** The instance's LISTENs, in place once this resolves: a change committed afterwards reaches the streams. */
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
      for (const follower of this.#followers) follower.stream.keepAlive();
    }, this.keepAliveMs).unref();
  }

  /** Sends the topic's events to the viewer's stream until it closes (or its session or rights change), when its slots (admit's release) are given back. */
  add(viewer: StaffPrincipal, stream: EventStream, release: () => void): void {
    const follower: Follower = { viewer, stream };
    this.#followers.add(follower);
    stream.onClose(() => {
      this.#followers.delete(follower);
      release();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#keepAlive);
    this.#endWhere(() => true);
    const listening = this.#listening;
    this.#listening = undefined;
    const stop = await listening?.catch(() => undefined);
    await stop?.();
  }

  /** Every channel, or none. */
  async #listen(): Promise<() => Promise<void>> {
    const handlers = new Map<string, (payload: string) => void>([
      [STAFF_SESSIONS_CHANNEL, (payload) => this.#sessionsEnded(payload)],
      [STAFF_TEAM_CHANNEL, (payload) => this.#accountChanged(payload)],
    ]);
    const own = handlers.get(this.topic.channel);
    handlers.set(
      this.topic.channel,
      own
        ? (payload) => {
            this.#notified(payload);
            own(payload);
          }
        : (payload) => this.#notified(payload),
    );
    const stops: Array<() => Promise<void>> = [];
    try {
      for (const [channel, handler] of handlers) {
        stops.push(await this.database.listen(channel, handler, () => this.#endWhere(() => true)));
      }
    } catch (error) {
      for (const stop of stops) await stop();
      throw error;
    }
    return async () => {
      for (const stop of stops) await stop();
    };
  }

  #notified(payload: string): void {
    const concerns = this.topic.concerns;
    if (![...this.#followers].some((follower) => !concerns || concerns(payload, follower.viewer))) return;
    const reading = this.#reading.get(payload);
    if (reading) {
      reading.again = true;
      return;
    }
    const state = { again: false };
    this.#reading.set(payload, state);
    void (async () => {
      try {
        do {
          state.again = false;
          const found = await this.topic.read(payload);
          if (!found) continue;
          for (const follower of this.#followers) if (found.for(follower.viewer)) follower.stream.send(found.event, found.data);
        } while (state.again && this.#followers.size > 0);
      } catch (error) {
        // The database did not answer: the streams end, and their clients reconnect and read their screens again.
        this.log.warn({ err: error, channel: this.topic.channel, payload }, 'back-office events: reading what changed failed; the streams end');
        this.#endWhere(() => true);
      } finally {
        this.#reading.delete(payload);
      }
    })();
  }

  /** Ends the streams of the sessions whose ids the payload lists. */
  #sessionsEnded(payload: string): void {
    const ids = new Set(payload.split(',').map(Number));
    this.#endWhere((follower) => ids.has(follower.viewer.sessionId));
  }

  /** The account itself changed (not only its sessions): its streams end, and reconnect under its rights as they are now. */
  #accountChanged(payload: string): void {
    if (payload.includes(':')) return;
    const staffId = Number(payload);
    this.#endWhere((follower) => follower.viewer.id === staffId);
  }

  #endWhere(which: (follower: Follower) => boolean): void {
    for (const follower of [...this.#followers]) if (which(follower)) follower.stream.end();
  }
}

function unavailable(): AppError {
  return new AppError(503, 'unavailable', MESSAGES.unavailable);
}
