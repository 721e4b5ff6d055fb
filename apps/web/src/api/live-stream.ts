import { createSseParser, type SseEvent } from './sse-parser';

/** The waits before reconnecting a live stream, in ms: 1 s, 2 s, 5 s, 10 s, 20 s, then every 30 s. */
export const LIVE_STREAM_RECONNECT_MS: readonly number[] = [1000, 2000, 5000, 10_000, 20_000, 30_000];

export interface LiveStreamOptions {
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** The server's keep-alive: a stream silent for twice as long is taken for dead and opened again. */
  readonly keepAliveMs: number;
  /** Each event; answering 'stop' ends the stream for good (a final state: nothing more will come). */
  readonly onEvent: (event: SseEvent) => void | 'stop';
  /** Each time a stream opens (the first time and after every reconnect). */
  readonly onOpen?: (reconnected: boolean) => void;
  /** 401, 403 or 404: no use asking again. */
  readonly onRefused?: (status: number) => void;
  readonly fetchImpl?: typeof fetch;
  readonly document?: VisibilitySource;
}

/** Where the page's visibility is read (the document; a stand-in in tests). */
export interface VisibilitySource {
  readonly visibilityState: DocumentVisibilityState;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/**
 * Follows a Server-Sent Events stream with fetch and a stream reader (EventSource cannot send an
 * Authorization header) while the page is visible: a dropped, failed or silent stream is opened
 * again after LIVE_STREAM_RECONNECT_MS, a hidden page closes it and a visible one opens it at
 * once. Returns the stop.
 */
export function followLiveStream(options: LiveStreamOptions): () => void {
  const doc: VisibilitySource = options.document ?? document;
  const fetchImpl = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  let stopped = false;
  let failures = 0;
  let opened = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller: AbortController | null = null;

  const open = async () => {
    clearTimeout(timer);
    timer = undefined;
    if (stopped || controller !== null || doc.visibilityState !== 'visible') return;
    const current = new AbortController();
    controller = current;
    let silent = false;
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const heard = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        silent = true;
        current.abort();
      }, 2 * options.keepAliveMs);
    };
    try {
      heard();
      const response = await fetchImpl(options.url, {
        headers: { accept: 'text/event-stream', ...options.headers },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: current.signal,
      });
      if (response.status === 401 || response.status === 403 || response.status === 404) {
        stopped = true;
        options.onRefused?.(response.status);
        return;
      }
      if (!response.ok || response.body === null) throw new Error(`live stream: HTTP ${response.status}`);
      failures = 0;
      options.onOpen?.(opened > 0);
      opened += 1;
      const reader = response.body.getReader();
      current.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      const decoder = new TextDecoder();
      let final = false;
      const parser = createSseParser((event) => {
        if (options.onEvent(event) === 'stop') final = true;
      });
      for (;;) {
        const { done, value } = await reader.read();
        if (done || stopped) break;
        heard();
        parser.push(decoder.decode(value, { stream: true }));
        if (final) {
          stopped = true;
          await reader.cancel().catch(() => undefined);
          break;
        }
      }
    } catch {
      // A network failure or a dropped stream: opened again below.
    } finally {
      clearTimeout(watchdog);
      if (controller === current) controller = null;
    }
    if (stopped || (current.signal.aborted && !silent)) return;
    const delay = LIVE_STREAM_RECONNECT_MS[Math.min(failures, LIVE_STREAM_RECONNECT_MS.length - 1)];
    failures += 1;
    if (doc.visibilityState === 'visible') timer = setTimeout(() => void open(), delay);
  };

  const onVisibility = () => {
    if (stopped) return;
    if (doc.visibilityState === 'visible') void open();
    else {
      clearTimeout(timer);
      timer = undefined;
      controller?.abort();
      controller = null;
    }
  };
  doc.addEventListener('visibilitychange', onVisibility);
  void open();
  return () => {
    stopped = true;
    clearTimeout(timer);
    controller?.abort();
    controller = null;
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}
