import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse, LivenessResponse, ReadinessResponse } from '@chain/contract';
import { appliedMigrationVersions, loadMigrations } from '../../db/migrate';
import { SERVER_VERSION } from '../../version';

/** How long a positive migrations check is believed: balancers ask every second or so. */
const MIGRATIONS_CHECK_TTL_MS = 10_000;
/** What a 503 of readiness asks a caller to wait; balancers poll on their own schedule. */
const READY_RETRY_AFTER_SECONDS = 5;

/**
 * Health for people and balancers (issue 32):
 * - GET /api/health: 200 while the database answers, 503 when it does not (as it always was);
 * - GET /api/health/live: the process answers at all (a supervisor restarts it when not);
 * - GET /api/health/ready: this instance should get traffic — database up, this release's
 *   migrations applied, not draining after SIGTERM. Balancers route by this one.
 */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  const expected = loadMigrations().map((migration) => migration.version);
  let migrationsCheckedAt = 0;

  /** 'applied' when every migration this release knows is in schema_migrations (newer ones are fine: expand, then contract). */
  const migrationsState = async (): Promise<ReadinessResponse['checks']['migrations']> => {
    if (Date.now() - migrationsCheckedAt < MIGRATIONS_CHECK_TTL_MS) return 'applied';
    try {
      const applied = await appliedMigrationVersions(app.db);
      if (!expected.every((version) => applied.has(version))) return 'pending';
      migrationsCheckedAt = Date.now();
      return 'applied';
    } catch (error) {
      app.log.warn({ err: error }, 'readiness: cannot read the applied migrations');
      return 'unknown';
    }
  };

  app.get('/api/health', async (_request, reply) => {
    const database = await app.dbMonitor.check();
    const body: HealthResponse = {
      status: database.state === 'up' ? 'ok' : 'degraded',
      database: { driver: app.database.driver, ...database },
      version: SERVER_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
    };
    return reply
      .status(database.state === 'up' ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });

  app.get('/api/health/live', async (_request, reply) => {
    const body: LivenessResponse = { status: 'ok', uptimeSeconds: Math.round(process.uptime()) };
    return reply.header('cache-control', 'no-store').send(body);
  });

  app.get('/api/health/ready', async (_request, reply) => {
    const draining = app.lifecycle.draining;
    const database = draining ? app.dbMonitor.state : (await app.dbMonitor.check()).state;
    const migrations = database === 'up' && !draining ? await migrationsState() : 'unknown';
    const ready = !draining && database === 'up' && migrations === 'applied';
    const body: ReadinessResponse = {
      status: ready ? 'ready' : 'not_ready',
      checks: { database, migrations, draining },
      version: SERVER_VERSION,
    };
    reply.header('cache-control', 'no-store');
    if (!ready) reply.header('retry-after', String(READY_RETRY_AFTER_SECONDS));
    return reply.status(ready ? 200 : 503).send(body);
  });
};
