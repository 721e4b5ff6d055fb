import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { BACKUP_MEDIA_TYPE, withoutLockFile } from '../db/backup-archive';
import { conflict, unauthorized } from '../http/errors';
import { replyUnavailable } from '../http/error-handler';
import { bearerMatches } from '../metrics/routes';

const gzipAsync = promisify(gzip);

/** Where `npm run backup` asks a running PGlite server for its copy (never under /api: not the guests' API). */
export const BACKUP_PATH = '/operator/backup';

/**
 * A running PGlite server's consistent copy (issue 32, decision 058): `POST /operator/backup`
 * with `Authorization: Bearer {BACKUP_TOKEN}` answers the data folder as a gzip-compressed tar
 * (db/backup-archive.ts), taken between two transactions (DatabaseHandle.dumpDataDir). Without
 * BACKUP_TOKEN, or on PostgreSQL (pg_dump's work), the route is not there: 404. A wrong or
 * missing token: 401. One copy at a time (each holds the folder in memory): a second while one
 * is being taken answers 409.
 */
export function registerBackup(app: FastifyInstance): void {
  const settings = app.config.backup;
  const dump = app.database.dumpDataDir?.bind(app.database);
  if (settings === null || !dump) return;
  let taking = false;
  app.post(BACKUP_PATH, async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, settings.token)) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized();
    }
    if (taking) throw conflict('Копия уже снимается: дождитесь её.', 'backup_in_progress');
    taking = true;
    try {
      const started = performance.now();
      let tar: Uint8Array;
      try {
        tar = await app.dbMonitor.during(dump);
      } catch (error) {
        request.log.error({ err: error }, 'backup: the copy of the data folder failed');
        return replyUnavailable(reply, request.id);
      }
      const heldMs = Math.round(performance.now() - started);
      const body = await gzipAsync(withoutLockFile(tar));
      request.log.info({ heldMs, tarBytes: tar.length, bytes: body.length }, 'backup: copy of the data folder taken');
      return reply
        .header('content-type', BACKUP_MEDIA_TYPE)
        .header('cache-control', 'no-store')
        .header('content-disposition', 'attachment; filename="chain-pglite-backup.tar.gz"')
        .send(body);
    } finally {
      taking = false;
    }
  });
}
