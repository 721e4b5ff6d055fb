import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import fastifyFormbody from '@fastify/formbody';
import fastifyHelmet from '@fastify/helmet';
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import type { Config } from './config';
import { createProviders, type Providers } from './adapters';
import type { DatabaseHandle } from './db/client';
import { DatabaseMonitor } from './db/monitor';
import type { Database } from './db/types';
import { fastifyTrustProxy } from './http/client-address';
import { frameworkErrorReply, registerErrorHandler, replyUnavailable } from './http/error-handler';
import { publicOrigin, selfOrigin } from './http/origins';
import { contentSecurityPolicy } from './http/security';
import { registerJsonBodies } from './http/json-body';
import { registerWebApp } from './http/web-app';
import { loggerOptions, type LogDestination } from './logging/options';
import { registerLogScopes } from './logging/scope';
import { registerMetrics } from './metrics/routes';
import { registerBackup } from './backup/routes';
import { accountRoutes } from './modules/account';
import { authRoutes } from './modules/auth';
import { docsRoutes } from './modules/docs';
import { menuEventsRoutes, menuPagePreloads, menuRoutes, MenuService } from './modules/menu';
import { ordersRoutes } from './modules/orders';
import { paymentsRoutes } from './modules/payments';
import { restaurantsRoutes } from './modules/restaurants';
import { kioskRoutes } from './modules/kiosk';
import { pagesRoutes } from './modules/pages';
import { geoRoutes } from './modules/geo';
import { healthRoutes } from './modules/health';
import { settingsRoutes } from './modules/settings';
import { orderHistoryRoutes } from './modules/order-history';
import { orderEventsRoutes } from './modules/order-events';
import { ratingsRoutes } from './modules/ratings';
import { staffRoutes } from './modules/staff';
import { staffBoardRoutes } from './modules/staff-board';
import { staffMenuRoutes } from './modules/staff-menu';
import { catalogueRoutes } from './modules/catalogue';
import { staffTeamRoutes } from './modules/staff-team';
import { refundRoutes } from './modules/refunds';
import { staffZonesRoutes } from './modules/staff-zones';
import { staffExtrasRoutes } from './modules/staff-extras';
import { manageMenuRoutes } from './modules/manage-menu';
import { staffCouponsRoutes } from './modules/staff-coupons';
import { staffTextsRoutes } from './modules/staff-texts';
import { staffRestaurantsRoutes } from './modules/staff-restaurants';
import { createRestActions, restRoutes } from './modules/rest';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    db: Kysely<Database>;
    dbMonitor: DatabaseMonitor;
    providers: Providers;
    /** `draining`: SIGTERM came; readiness answers 503 while requests are still served (server.ts). */
    lifecycle: { draining: boolean };
    /** The sandbox's hooks into real code paths (SANDBOX=1 only). */
    sandboxHooks?: { captchaIssued: (contact: string, answer: string) => Promise<void> };
  }
}

export interface AppDependencies {
  /** An open, migrated database; the caller owns opening it, the app closes it on close(). */
  database: DatabaseHandle;
  /** Where the log lines go (standard output by default; tests keep them). */
  logDestination?: LogDestination;
}

// Validation messages of the contract schemas in Russian, as the app shows them (SPEC 8).
z.config(z.locales.ru());

const REQUEST_ID = /^[\w.:-]{1,100}$/;

/** The Fastify application: every plugin, hook and route, without listening (server.ts listens). */
export async function buildApp(config: Config, deps: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    // What a line may hold, and where it goes (logging/options.ts; issue 32).
    logger: loggerOptions(config, deps.logDestination),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // genReqId reads x-request-id itself, keeping only a sane incoming value.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // Slow clients (issue 11, second read): the whole request within requestMs (Node answers 408
    // and closes), no connection idle longer than connectionMs. Node checks running requests every
    // connectionsCheckingInterval (30 s by default), so that is set to a quarter of requestMs.
    requestTimeout: config.httpTimeouts.requestMs,
    connectionTimeout: config.httpTimeouts.connectionMs,
    http: {
      requestTimeout: config.httpTimeouts.requestMs,
      headersTimeout: Math.min(60_000, config.httpTimeouts.requestMs),
      connectionsCheckingInterval: Math.min(30_000, Math.max(250, Math.round(config.httpTimeouts.requestMs / 4))),
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    frameworkErrors: frameworkErrorReply,
  });

  const monitor = new DatabaseMonitor(deps.database);
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('dbMonitor', monitor);
  app.decorate('lifecycle', { draining: false });
  app.decorate('calls', []);
  app.decorate('restActions', createRestActions());
  app.decorate(
    'providers',
    createProviders(
      config,
      () => selfOrigin(app),
      () => publicOrigin(app),
    ),
  );

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // While the database is lost, API calls answer 503 at once instead of hanging; the
    // monitor's probe reopens the gate when it returns. Health and static files stay up.
    if (monitor.state === 'down' && needsDatabase(request.url, config.restPath))
      return replyUnavailable(reply, request.id);
  });
  // Draining after SIGTERM: each answer closes its connection, so the balancer's keep-alive
  // connections to this instance end one by one before it stops (issue 32).
  // A plain (not async) hook: it runs on every answer, and most of the time does nothing.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onClose', async () => {
    monitor.close();
    await deps.database.close();
  });

  // Each request's handler runs in its log scope: the state lines carry its id (logging/scope.ts).
  registerLogScopes(app);
  registerErrorHandler(app);
  // Before every route: each answered request is timed (METRICS_TOKEN set; decision 057).
  registerMetrics(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // HSTS only where the product is served over HTTPS.
    strictTransportSecurity: config.env === 'production' ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  registerJsonBodies(app);
  await app.register(fastifyFormbody);

  await app.register(healthRoutes);
  // BACKUP_TOKEN on PGlite: the running server's consistent copy for `npm run backup` (decision 058).
  registerBackup(app);
  await app.register(settingsRoutes);
  // The API reference: off in production unless API_DOCS=1 (issue 11.12).
  if (config.apiDocs) await app.register(docsRoutes);
  // The sandbox's decorators must be visible to the auth routes: register it at the root. Imported
  // only when on, so a server without SANDBOX=1 never loads its modules (issue 32).
  if (config.sandbox) await (await import('./sandbox/routes')).sandboxRoutes(app, {});
  await app.register(authRoutes);
  await app.register(accountRoutes);
  await app.register(restaurantsRoutes);
  // One copy of the catalogue for the menu calls and the menu screens' pages (issue 18).
  const menus = new MenuService(deps.database);
  await app.register(menuRoutes, { menus });
  await app.register(orderHistoryRoutes);
  await app.register(orderEventsRoutes);
  await app.register(ratingsRoutes);
  await app.register(restRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(geoRoutes);
  await app.register(kioskRoutes);
  await app.register(pagesRoutes);
  await app.register(staffRoutes);
  await app.register(staffBoardRoutes);
  await app.register(staffMenuRoutes);
  await app.register(catalogueRoutes);
  await app.register(staffTeamRoutes);
  await app.register(refundRoutes);
  await app.register(staffZonesRoutes);
  await app.register(staffExtrasRoutes);
  await app.register(manageMenuRoutes);
  await app.register(staffCouponsRoutes);
  await app.register(staffTextsRoutes);
  await app.register(staffRestaurantsRoutes);
  await app.register(menuEventsRoutes);

  await registerWebApp(app, config.webDist, config.restPath, config.photoCacheDir, {
    pagePreloads: menuPagePreloads(menus),
  });
  return app;
}

function needsDatabase(url: string, restPath: string): boolean {
  if (url.startsWith('/api/health')) return false;
  return (
    url.startsWith('/api/') ||
    url.startsWith('/settings.php') ||
    url.startsWith(restPath) ||
    url.startsWith('/captcha/')
  );
}
