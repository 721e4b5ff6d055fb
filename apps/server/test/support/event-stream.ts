import type { FastifyInstance } from 'fastify';

export interface StreamEvent {
  event: string;
  data: string;
}

/** An open Server-Sent Events answer, read as the web reads it (fetch and a stream reader). */
export interface EventStream {
  status: number;
  headers: Headers;
  /** The body of a refusal (JSON text), '' for a stream. */
  body: string;
  /** The next event, or null when the server ended the stream; rejects after `withinMs`. */
  next(withinMs?: number): Promise<StreamEvent | null>;
  /** Comment lines seen so far (': keep-alive' as 'keep-alive'). */
  comments: string[];
  /** Resolves when the server has ended the stream. */
  ended: Promise<void>;
  close(): void;
}

export function baseUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address !== 'object') throw new Error('the app is not listening');
  return `http://127.0.0.1:${address.port}`;
}

/** Opens GET `path` on the listening app and reads the event stream as it comes. */
export function openEventStream(
  app: FastifyInstance,
  path: string,
  headers: Record<string, string> = {},
): Promise<EventStream> {
  return openEventStreamAt(`${baseUrl(app)}${path}`, headers);
}

/** Opens GET `url` (any server: an instance, a load balancer) and reads the event stream as it comes. */
export async function openEventStreamAt(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const queue: Array<StreamEvent | null> = [];
  const waiting: Array<(event: StreamEvent | null) => void> = [];
  const comments: string[] = [];
  const deliver = (event: StreamEvent | null) => {
    const waiter = waiting.shift();
    if (waiter) waiter(event);
    else queue.push(event);
  };
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    const body = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body,
      next: async () => null,
      comments,
      ended: Promise.resolve(),
      close: () => undefined,
    };
  }
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let resolveEnded!: () => void;
  const ended = new Promise<void>((resolve) => {
    resolveEnded = resolve;
  });
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('event:')) event = line.slice(6).trim();
            else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
          }
          if (data.length > 0) deliver({ event, data: data.join('\n') });
        }
      }
    } catch {
      // Aborted by the test, or the connection was cut.
    }
    resolveEnded();
    deliver(null);
  })();
  return {
    status: response.status,
    headers: response.headers,
    body: '',
    comments,
    ended,
    next(withinMs = 3000) {
      if (queue.length > 0) return Promise.resolve(queue.shift() ?? null);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(done), 1);
          reject(new Error(`no event within ${withinMs} ms`));
        }, withinMs);
        const done = (event: StreamEvent | null) => {
          clearTimeout(timer);
          resolve(event);
        };
        waiting.push(done);
      });
    },
    close: () => controller.abort(),
  };
}
