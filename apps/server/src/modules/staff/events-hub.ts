import type { FastifyBaseLogger } from 'fastify';
import {
  BACKOFFICE_TEXTS,
  MANAGE_STREAMS_PER_INSTANCE,
  MANAGE_STREAMS_PER_SESSION,
  MANAGE_STREAMS_PER_STAFF,
} from '@chain/contract';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../http/errors';
import { EventStreamHub, LiveHub, unavailable } from '../../http/live-hub';
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

/** Which streams an ended-sessions notification ends: those of the sessions whose ids the payload lists. */
export function endedSessions(payload: string): (entry: { viewer: { sessionId: number } }) => boolean {
  const ids = new Set(payload.split(',').map(Number));
  return (entry) => ids.has(entry.viewer.sessionId);
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
export class StaffEventsHub extends EventStreamHub<StaffPrincipal> {
  protected readonly hub: LiveHub<StaffPrincipal>;

  constructor(
    database: Pick<DatabaseHandle, 'listen'>,
    private readonly topic: StaffEventsTopic,
    keepAliveMs: number,
    log: FastifyBaseLogger,
  ) {
    super();
    const handlers = new Map<string, (payload: string) => void>([
      [STAFF_SESSIONS_CHANNEL, (payload) => this.hub.endWhere(endedSessions(payload))],
      [STAFF_TEAM_CHANNEL, (payload) => this.#accountChanged(payload)],
    ]);
    const own = handlers.get(topic.channel);
    handlers.set(
      topic.channel,
      own
        ? (payload) => {
            this.#notified(payload);
            own(payload);
          }
        : (payload) => this.#notified(payload),
    );
    this.hub = new LiveHub({
      database,
      channels: [...handlers],
      onReconnect: () => this.hub.endWhere(),
      keepAliveMs,
      log,
    });
  }

  /**
   * Takes the viewer's slots for one more stream, or refuses (429 for the session's or the
   * account's cap, 503 for the instance's or a closing hub) and takes none. Returns the release:
   * `add` gives it to the stream, a caller that fails before gives it back.
   */
  admit(viewer: StaffPrincipal): () => void {
    const tooMany = () => new AppError(429, 'too_many_streams', BACKOFFICE_TEXTS.tooManyStreams);
    return this.hub.admit([
      { key: 'instance', limit: MANAGE_STREAMS_PER_INSTANCE, refusal: unavailable },
      { key: `session:${viewer.sessionId}`, limit: MANAGE_STREAMS_PER_SESSION, refusal: tooMany },
      { key: `staff:${viewer.id}`, limit: MANAGE_STREAMS_PER_STAFF, refusal: tooMany },
    ]);
  }

  #notified(payload: string): void {
    const concerns = this.topic.concerns;
    if (!this.hub.entries().some((entry) => !concerns || concerns(payload, entry.viewer))) return;
    this.hub.refresh(
      payload,
      async () => {
        const found = await this.topic.read(payload);
        if (!found) return;
        for (const { viewer, stream } of this.hub.entries())
          if (found.for(viewer)) stream.send(found.event, found.data);
      },
      () => this.hub.openStreams() > 0,
      // The database did not answer: the streams end, and their clients reconnect and read their screens again.
      () => this.hub.endWhere(),
    );
  }

  /** The account itself changed (not only its sessions): its streams end, and reconnect under its rights as they are now. */
  #accountChanged(payload: string): void {
    if (payload.includes(':')) return;
    const staffId = Number(payload);
    this.hub.endWhere((entry) => entry.viewer.id === staffId);
  }
}
