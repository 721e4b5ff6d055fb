import net from 'node:net';

/**
 * A TCP proxy in front of the test PostgreSQL, so a test can cut the database off and
 * bring it back without touching the real server.
 */
export class TcpProxy {
  #server: net.Server | undefined;
  #sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(port = 0): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
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
    for (const socket of this.#sockets) socket.destroy();
    this.#sockets.clear();
    const server = this.#server;
    this.#server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Listens again on the same port: the database is back. */
  async restore(): Promise<void> {
    await this.start(this.port);
  }
}
