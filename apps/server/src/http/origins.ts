import type { FastifyInstance } from 'fastify';

/**
 * This server's own origin on loopback, where the sandbox providers answer. Known once the
 * server listens; the sandbox is never reached before that.
 */
export function selfOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string')
    throw new Error('the server is not listening: sandbox providers are unreachable');
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/**
 * The origin guests' browsers open: PUBLIC_ORIGIN, or in the sandbox without it
 * http://localhost:{the listening port} (the web app's own origin in development, so the
 * return from a payment page finds the app's stored state).
 */
export function publicOrigin(app: FastifyInstance): string {
  if (app.config.publicOrigin) return app.config.publicOrigin;
  const address = app.server.address();
  const port = address && typeof address !== 'string' ? address.port : app.config.port;
  return `http://localhost:${port}`;
}

/**
 * Where the server reaches itself for server-to-server calls of the sandbox (the acquirer's
 * callbacks): PUBLIC_ORIGIN when set, else loopback.
 */
export function callbackOrigin(app: FastifyInstance): string {
  return app.config.publicOrigin ?? selfOrigin(app);
}
