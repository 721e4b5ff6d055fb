import type { FastifyPluginAsync } from 'fastify';
import type { HealthResponse } from '@chain/contract';
import { SERVER_VERSION } from '../../version';

/** GET /api/health: 200 while the database answers, 503 when it does not (load balancers read the status). */
export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', async (_request, reply) => {
    const database = await app.dbMonitor.check();
    const body: HealthResponse = {
      status: database.state === 'up' ? 'ok' : 'degraded',
      database: { driver: app.database.driver, ...database },
      version: SERVER_VERSION,
      uptimeSeconds: Math.round(process.uptime()),
    };
    return reply.status(database.state === 'up' ? 200 : 503).header('cache-control', 'no-store').send(body);
  });
};
