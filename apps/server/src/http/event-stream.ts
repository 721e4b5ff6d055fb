import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { liveStreams } from '../metrics/metrics';
import type { AppError } from './errors';

/** Unsent bytes a stream may pile up (a client that stopped reading) before it is cut off. */
const MAX_UNSENT_BYTES = 64 * 1024;

export interface EventStream {
  /** Writes one event with this name and JSON data; nothing once the stream is closed. */
  send(event: string, data: string): void;
  /** Writes the comment line `: keep-alive`. */
  keepAlive(): void;
  end(): void;
  /** Called once when the client goes away or the stream ends; at once when that has happened already. */
  onClose(listener: () => void): void;
}

/**
 * Answers the request with a Server-Sent Events stream written to the socket itself (hijacked:
 * the compress plugin would hold events back, and Fastify's answer is one body). No bytes moving
 * for `idleMs` (twice the keep-alive) cut the connection; so does a client that stops reading.
 */
export function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  options: {
    idleMs: number;
    /** The server's idle limit for the connection once a stream ended whole (it may carry more requests). */
    connectionMs: number;
    /**
     * Asked when the stream ends: true while the server shuts down, and the connection goes too,
     * once the end is sent (or after a second, for a client that stopped reading): kept alive,
     * it would hold close() for its idle time.
     */
    shuttingDown?: () => boolean;
  },
): EventStream {
  reply.hijack();
  const response = reply.raw;
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) headers[name] = value;
  response.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
  });
  const socket = request.raw.socket;
  socket.setTimeout(options.idleMs);
  const write = (text: string) => {
    if (response.destroyed || response.writableEnded) return;
    if (response.writableLength > MAX_UNSENT_BYTES) {
      response.destroy();
      return;
    }
    response.write(text);
  };
  const listeners: Array<() => void> = [];
  // A client that left while the route still awaited (its checks, the LISTEN) closed the response
  // before this listener: 'close' never comes again, so the stream counts as closed from the start
  // and each onClose listener runs at once — else the slots it holds were never given back
  // (issue 30, second read: 40 dropped tablets took a restaurant's board streams for good).
  let closed = response.destroyed || socket.destroyed;
  // Streams open, by route pattern (issue 32): counted while open, here only.
  const streamLabels = { route: request.routeOptions.url ?? 'unknown' };
  if (!closed) liveStreams.inc(streamLabels);
  response.on('close', () => {
    if (!closed) liveStreams.dec(streamLabels);
    closed = true;
    for (const listener of listeners.splice(0)) listener();
    if (socket.destroyed) return;
    // A stream cut before its end (the client went away) leaves nothing the connection could
    // carry on with; one ended whole may carry further requests, with the server's idle limit.
    if (!response.writableFinished) socket.destroy();
    else socket.setTimeout(options.connectionMs);
  });
  return {
    send: (event, data) => write(`event: ${event}\ndata: ${data}\n\n`),
    keepAlive: () => write(': keep-alive\n\n'),
    end: () => {
      if (response.writableEnded) return;
      response.end();
      if (options.shuttingDown?.()) {
        response.once('finish', () => socket.destroy());
        setTimeout(() => socket.destroy(), 1000).unref();
      }
    },
    onClose: (listener) => {
      if (closed) listener();
      else listeners.push(listener);
    },
  };
}

/** One cap on the live streams an instance holds: at most `limit` open under `key`; one more is refused with `refusal()`. */
export interface StreamCap {
  key: string;
  limit: number;
  refusal: () => AppError;
}

/**
 * The open-stream counts of one instance under any number of keys (the instance, a client
 * address, a staff session, a restaurant): the one place every stream route caps what a client
 * may hold open. A stream takes a slot under each of its caps before its first await and gives
 * them back when it closes, so a burst of requests cannot all pass one check and then all open.
 */
export class StreamSlots {
  readonly #held = new Map<string, number>();

  /** Streams open now under the key. */
  held(key: string): number {
    return this.#held.get(key) ?? 0;
  }

  /**
   * Takes a slot under every cap, or refuses with the first cap that is full (in the order given)
   * and takes none. Returns the release, which gives them back once however often it is called.
   */
  take(caps: readonly StreamCap[]): () => void {
    const full = caps.find((cap) => this.held(cap.key) >= cap.limit);
    if (full) throw full.refusal();
    for (const cap of caps) this.#held.set(cap.key, this.held(cap.key) + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      for (const cap of caps) {
        const left = this.held(cap.key) - 1;
        if (left > 0) this.#held.set(cap.key, left);
        else this.#held.delete(cap.key);
      }
    };
  }
}
