import { sql, type Kysely } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Database } from './db/types';
import { inJobScope, scopedLog } from './logging/scope';
import { expireUnpaidOrders } from './modules/payments';

const EVERY_MS = 10 * 60 * 1000;
/**
 * How often unpaid orders past their time to pay are cancelled (decision 032). Payments refuse
 * such an order at once; this is how soon its page, the staff board and the pay button learn it.
 */
const EXPIRY_EVERY_MS = 60 * 1000;
const KEEP_MS = 24 * 3600 * 1000;
/** Rows one delete statement takes at most: each batch is short and locks little, however big the pile. */
export const HOUSEKEEPING_BATCH = 5000;

/** What housekeeping deletes: rows whose column is older than a day (migration 012 indexes each column). */
const PILES = [
  { table: 'captchas', column: 'expires_at' },
  { table: 'auth_codes', column: 'expires_at' },
  { table: 'inbound_checks', column: 'expires_at' },
  { table: 'sessions', column: 'revoked_at' },
  { table: 'rate_limits', column: 'window_start' },
  // The staff's sign-in codes and sessions (issue 17, migration 018): gone a day after they end.
  { table: 'staff_challenges', column: 'expires_at' },
  { table: 'staff_sessions', column: 'expires_at' },
] as const satisfies ReadonlyArray<{ table: keyof Database; column: string }>;

/**
 * Housekeeping that is safe on every instance at once: plain deletes of rows no request reads
 * any more (used captchas and codes, inbound checks, revoked sessions, rate-limit windows, and
 * the staff's sign-in codes and ended sessions, older than a day) every 10 minutes, and every
 * minute, from the start, unpaid orders whose time to pay is over are cancelled (each under its
 * row lock, `skip locked`: payments/expiry.ts). Each runs one round at a time; a failure is
 * logged and tried again next time; while the database is down neither runs.
 */
export function startMaintenance(app: FastifyInstance): () => void {
  const piles = every(app, EVERY_MS, 'maintenance', 'housekeeping', async () => {
    await housekeeping(app);
  });
  const expiry = every(app, EXPIRY_EVERY_MS, 'expiring unpaid orders', 'order-expiry', async () => {
    const cancelled = await expireUnpaidOrders(app.db);
    if (cancelled.length > 0)
      scopedLog(app.log).info(
        { orderIds: cancelled.slice(0, 50), count: cancelled.length },
        'unpaid orders past their time to pay were cancelled',
      );
  });
  void expiry.runNow();
  return () => {
    piles.stop();
    expiry.stop();
  };
}

/**
 * A job run every `ms`, never two rounds at once (a big pile, a slow database), in its log scope
 * (`by`: its state lines name it); a failure is logged and tried next time.
 */
function every(
  app: FastifyInstance,
  ms: number,
  name: string,
  by: string,
  job: () => Promise<void>,
): { runNow: () => Promise<void>; stop: () => void } {
  let running = false;
  const runNow = async () => {
    if (running || app.dbMonitor.state === 'down') return;
    running = true;
    try {
      await inJobScope(app, by, job);
    } catch (error) {
      app.log.warn({ err: error }, `${name} failed; will retry`);
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void runNow(), ms);
  timer.unref();
  return { runNow, stop: () => clearInterval(timer) };
}

/**
 * One round of housekeeping. It is background work, so it runs without the request timeouts
 * (DatabaseHandle.runLong: on PostgreSQL a connection of its own, not the request pool): a day of
 * rate-limit windows after an attack is more than one statement deletes within the 3.5 s a
 * request may take (issue 11, second read). It deletes in batches of HOUSEKEEPING_BATCH rows,
 * each its own short statement, so none grows with the pile. Returns the rows deleted per table.
 */
export async function housekeeping(app: FastifyInstance): Promise<Record<string, number>> {
  const before = new Date(Date.now() - KEEP_MS);
  return app.database.runLong(async (db) => {
    const deleted: Record<string, number> = {};
    for (const { table, column } of PILES) deleted[table] = await deleteInBatches(db, table, column, before);
    return deleted;
  });
}

async function deleteInBatches(db: Kysely<Database>, table: string, column: string, before: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from ${sql.table(table)}
      where ctid = any(array(select ctid from ${sql.table(table)} where ${sql.ref(column)} < ${before} limit ${HOUSEKEEPING_BATCH}))`.execute(
      db,
    );
    const deleted = Number(result.numAffectedRows ?? 0);
    total += deleted;
    if (deleted < HOUSEKEEPING_BATCH) return total;
  }
}
