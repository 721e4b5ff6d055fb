import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { unauthorized } from '../http/errors';
import { httpRequestDuration } from './metrics';
import { createMetricsRegistry } from './registry';

/** The path Prometheus scrapes, on the server's port or on METRICS_LISTEN's. */
export const METRICS_PATH = '/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's metrics (null: METRICS_TOKEN unset, nothing measured or served). */
    metricsRegistry: Registry | null;
  }
}

/**
 * True when the Authorization header is `Bearer {token}`. Compared in constant time over
 * digests of equal length, so neither the token's characters nor its length leak by timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(header ?? ''), digest(`Bearer ${token}`));
}

/**
 * Metrics (issue 32, decision 057). Without METRICS_TOKEN nothing is measured and /metrics is
 * not there (404). With it, every answered request is timed by route pattern and status, and
 * /metrics answers the Prometheus text format to `Authorization: Bearer {token}` only (401
 * otherwise) — on the server's own port, or with METRICS_LISTEN only on that address
 * (startMetricsListener), where the balancer never sends guests.
 */
export function registerMetrics(app: FastifyInstance): void {
  const settings = app.config.metrics;
  if (settings === null) {
    app.decorate('metricsRegistry', null);
    return;
  }
  const registry = createMetricsRegistry({ database: app.database, monitor: app.dbMonitor, log: app.log });
  app.decorate('metricsRegistry', registry);
  app.addHook('onResponse', async (request, reply) => {
    // The pattern (`/api/v1/order/:id`), never the URL: one series per route, whatever the ids.
    httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (settings.listen !== null) return;
  app.get(METRICS_PATH, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, settings.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}

/**
 * METRICS_LISTEN: /metrics on an address of its own (a plain HTTP server: nothing else there).
 * Resolves once it listens; the returned function closes it.
 */
export async function startMetricsListener(app: FastifyInstance): Promise<() => Promise<void>> {
  const settings = app.config.metrics;
  const registry = app.metricsRegistry;
  if (settings?.listen == null || registry === null) return async () => undefined;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '').split('?', 1)[0];
    const answer = (status: number, type: string, body: string) => {
      response.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
      });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (path !== METRICS_PATH || (request.method !== 'GET' && request.method !== 'HEAD'))
      return answer(404, 'text/plain; charset=utf-8', 'not found\n');
    if (!bearerMatches(request.headers.authorization, settings.token))
      return answer(401, 'text/plain; charset=utf-8', 'unauthorized\n');
    registry.metrics().then(
      (text) => answer(200, registry.contentType, text),
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics: scrape failed');
        answer(503, 'text/plain; charset=utf-8', 'unavailable\n');
      },
    );
  });
  server.requestTimeout = 10_000;
  server.headersTimeout = 10_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.listen?.port, settings.listen?.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}
