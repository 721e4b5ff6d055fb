import net from 'node:net';

/** One client connection and its upstream, with what was held back while frozen. */
interface Link {
  client: net.Socket;
  upstream: net.Socket;
  held: Array<{ to: net.Socket; chunk: Buffer }>;
}

/**
 * A TCP proxy in front of the test PostgreSQL, so a test can cut the database off or freeze it
 * and bring it back without touching the real server (which other tests share).
 */
export class TcpProxy {
  #server: net.Server | undefined;
  #links = new Set<Link>();
  #frozen = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => {
      const link: Link = { client, upstream: net.connect(this.targetPort, this.targetHost), held: [] };
      this.#links.add(link);
      const forward = (to: net.Socket) => (chunk: Buffer) => {
        if (this.#frozen) link.held.push({ to, chunk });
        else to.write(chunk);
      };
      link.client.on('data', forward(link.upstream));
      link.upstream.on('data', forward(link.client));
      for (const socket of [link.client, link.upstream]) {
        socket.on('close', () => {
          link.client.destroy();
          link.upstream.destroy();
          this.#links.delete(link);
        });
        socket.on('error', () => socket.destroy());
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.#server = server;
    const address = server.address();
    this.port = typeof address === 'object' && address ? address.port : port;
    return this.port;
  }

  /** Drops every connection and stops listening: the database is gone. */
  async cut(): Promise<void> {
    for (const link of this.#links) {
      link.client.destroy();
      link.upstream.destroy();
    }
    this.#links.clear();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port: the database is back. */
  async restore(): Promise<void> {
    await this.start(this.port);
  }

  /**
   * The database freezes, as under SIGSTOP: connections stay open and new ones are accepted,
   * but nothing is forwarded either way; bytes are held, not lost.
   */
  freeze(): void {
    this.#frozen = true;
  }

  /** The database thaws: what was held is delivered, in order, and forwarding resumes. */
  thaw(): void {
    this.#frozen = false;
    for (const link of this.#links) {
      for (const { to, chunk } of link.held.splice(0)) to.write(chunk);
    }
  }
}
