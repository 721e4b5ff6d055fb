import pg from 'pg';

/** The waits between reconnection attempts of the LISTEN connection; the last repeats. */
export const LISTEN_RECONNECT_DELAYS_MS = [250, 500, 1000, 2000, 5000, 10_000] as const;

interface ChannelListener {
  onPayload: (payload: string) => void;
  onReconnect?: () => void;
}

/**
 * PostgreSQL's LISTEN for one handle: one connection of its own, outside the pool (a pooled
 * connection is handed to other work and its LISTENs would go with it), listening to every
 * channel asked. When it drops (the server restarted, the network broke) it reconnects with
 * backoff (LISTEN_RECONNECT_DELAYS_MS), listens again to every channel and calls each
 * listener's onReconnect, since what was notified during the gap never arrives. TCP keep-alive
 * finds a connection whose server vanished without a word, on which nothing else is sent.
 */
export class PostgresListener {
  readonly #channels = new Map<string, Set<ChannelListener>>();
  #client: pg.Client | undefined;
  #connecting: Promise<pg.Client | undefined> | undefined;
  #retry: NodeJS.Timeout | undefined;
  #failures = 0;
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly connectMs: number,
  ) {}

  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onReconnect?: () => void,
  ): Promise<() => Promise<void>> {
    if (this.#closed) throw new Error('the database handle is closed');
    const entry: ChannelListener = { onPayload, ...(onReconnect ? { onReconnect } : {}) };
    let listeners = this.#channels.get(channel);
    const first = !listeners;
    if (!listeners) this.#channels.set(channel, (listeners = new Set()));
    listeners.add(entry);
    const client = this.#client ?? (await this.#connect());
    // A new connection listens to every channel itself; a live one learns the new channel here.
    // Without a connection the reconnection loop listens when it gets one.
    if (client && first && client === this.#client)
      await client.query(`listen ${client.escapeIdentifier(channel)}`).catch(() => undefined);
    return async () => {
      const held = this.#channels.get(channel);
      if (!held?.delete(entry) || held.size > 0) return;
      this.#channels.delete(channel);
      await this.#client?.query(`unlisten ${this.#client.escapeIdentifier(channel)}`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearTimeout(this.#retry);
    this.#channels.clear();
    const client = this.#client ?? (await this.#connecting);
    this.#client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** One attempt: the connected client listening to every channel, or undefined (a retry is scheduled). */
  #connect(): Promise<pg.Client | undefined> {
    this.#connecting ??= this.#attempt().finally(() => {
      this.#connecting = undefined;
    });
    return this.#connecting;
  }

  async #attempt(): Promise<pg.Client | undefined> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: this.connectMs,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    client.on('error', () => this.#lost(client));
    client.on('end', () => this.#lost(client));
    client.on('notification', (message) => {
      for (const listener of this.#channels.get(message.channel) ?? []) listener.onPayload(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of this.#channels.keys()) await client.query(`listen ${client.escapeIdentifier(channel)}`);
    } catch {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      this.#scheduleRetry();
      return undefined;
    }
    if (this.#closed) {
      await client.end().catch(() => undefined);
      return undefined;
    }
    const reconnected = this.#failures > 0;
    this.#failures = 0;
    clearTimeout(this.#retry);
    this.#retry = undefined;
    this.#client = client;
    if (reconnected) {
      for (const listeners of this.#channels.values()) for (const listener of listeners) listener.onReconnect?.();
    }
    return client;
  }

  #lost(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = undefined;
    client.end().catch(() => undefined);
    if (!this.#closed) this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    if (this.#closed || this.#retry) return;
    const delay = LISTEN_RECONNECT_DELAYS_MS[Math.min(this.#failures, LISTEN_RECONNECT_DELAYS_MS.length - 1)] ?? 10_000;
    this.#failures += 1;
    this.#retry = setTimeout(() => {
      this.#retry = undefined;
      if (!this.#client) void this.#connect();
    }, delay);
    this.#retry.unref();
  }
}
