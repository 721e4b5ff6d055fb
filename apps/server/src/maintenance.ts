import type { FastifyInstance } from 'fastify';
import { pruneRateLimits } from './http/rate-limit';

const EVERY_MS = 10 * 60 * 1000;
const KEEP_MS = 24 * 3600 * 1000;

/**
 * Housekeeping that is safe on every instance at once (plain deletes of rows no request
 * reads any more): used captchas and codes, inbound checks and rate-limit windows older than
 * a day. Runs every 10 minutes; a failure is logged and tried again next time.
 */
export function startMaintenance(app: FastifyInstance): () => void {
  const run = async () => {
    const before = new Date(Date.now() - KEEP_MS);
    try {
      await app.db.deleteFrom('captchas').where('expires_at', '<', before).execute();
      await app.db.deleteFrom('auth_codes').where('expires_at', '<', before).execute();
      await app.db.deleteFrom('inbound_checks').where('expires_at', '<', before).execute();
      await app.db.deleteFrom('sessions').where('revoked_at', '<', before).execute();
      await pruneRateLimits(app.db);
    } catch (error) {
      app.log.warn({ err: error }, 'maintenance failed; will retry');
    }
  };
  const timer = setInterval(() => void run(), EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
