import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './types';

/**
 * Leased background work with the outside world (decisions 016, 025, 032, 050): a row of a table
 * is due its work when its due column has come (`due_at <= now()`); every instance's worker, and
 * the request that made the row due, take due rows one at a time. Safe on any number of takers:
 *
 * - a take locks the row (`for update skip locked`: the worker skips a row another taker is
 *   taking; a named take — right after the request that made it due — waits for the lock instead,
 *   so a racing settle that merely looked at the row does not make it miss it) and leases it: the
 *   due column moves on by the lease and the attempts column goes up — the lease's token;
 * - the taker renews the lease against its token just before it acts outside (false: another
 *   taker holds the row now — this one stalled past its lease — and the work is that one's);
 * - a failed try makes the row due again after the back-off (retryDelaySeconds), or never, after
 *   the tries; a row done is no longer due; rows out of their window are given up by the worker.
 *
 * Each outbox names its table and columns here, in code (never from input), and what keeps a
 * row open (not done yet). The one home of these queries, and of the retry schedule.
 */
export interface LeasedOutbox<T extends keyof Database> {
  table: T;
  /** When the row is next due; null when nothing is due. A take moves it on by the lease. */
  dueAt: keyof Database[T] & string;
  /** Takes so far, each take's bump the lease's token. */
  attempts: keyof Database[T] & string;
  /** What keeps a row's work to do (not done, still wanted), besides being due: every query asks it. */
  open: RawBuilder<boolean>;
}

/** What a job's run needs: the database, its log, and whether the server is stopping. */
export interface OutboxDeps {
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  /** Asked before each row: true ends the run there (the server is stopping). */
  stopping?: () => boolean;
}

/** How a job's rows are leased and given up. */
export interface OutboxPolicy {
  /** A taken row is left to its taker this long. */
  leaseSeconds: number;
  /** Tries before a row is given up. */
  maxAttempts: number;
  /** A row still due this long after what made it due is given up (the guest has left). */
  dueForSeconds: number;
}

/**
 * The policy of a job that calls one outside service once per row (a tips id, a letter): a lease
 * of twice the call's timeout; 8 tries, about 4 hours of an outage outlasted (30 s, 1, 5, 15
 * minutes, then hourly); a day after the payment.
 */
export function serviceCallPolicy(callTimeoutMs: number): OutboxPolicy {
  return { leaseSeconds: (2 * callTimeoutMs) / 1000, maxAttempts: 8, dueForSeconds: 24 * 60 * 60 };
}

/** Rows one run of a job takes at most; the next tick takes the rest. */
export const OUTBOX_RUN_LIMIT = 20;

/** What a take returns at least: the row and its lease's token. */
export interface Leased {
  id: number;
  attempts: number;
}

/** now() less `seconds`, in SQL: the one spelling of every age compared in the database (claims, windows). */
export function secondsAgo(seconds: number) {
  return sql<Date>`now() - make_interval(secs => ${seconds}::double precision)`;
}

/** now() plus `seconds`, in SQL: leases and retry times. */
export function secondsFromNow(seconds: number) {
  return sql<Date>`now() + make_interval(secs => ${seconds}::double precision)`;
}

/** Waits before the next try, by the number of tries made: then every hour. */
const RETRY_SECONDS = [30, 60, 300, 900, 3600] as const;

/**
 * The wait before the next try of any background work with the outside world — declines and
 * refunds at the bank, receipts and refund letters, tips ids — by the tries made so far: 30 s,
 * 1, 5, 15 minutes, then hourly. One schedule for all of them.
 */
export function retryDelaySeconds(attempts: number): number {
  return RETRY_SECONDS[Math.min(Math.max(attempts, 1), RETRY_SECONDS.length) - 1] ?? 3600;
}

/**
 * Takes one due open row (the longest due first, or only `id`), also meeting `where` when given
 * (a window, an order among rows), and leases it for `leaseSeconds`. Returns the row's `columns`
 * (`*`: all) with its id and its attempts after the take, or undefined when none is due.
 */
export async function takeDue<T extends keyof Database, Row>(
  db: Kysely<Database>,
  outbox: LeasedOutbox<T>,
  options: {
    id?: number | undefined;
    leaseSeconds: number;
    where?: RawBuilder<boolean>;
    columns: readonly (keyof Database[T] & string)[] | '*';
  },
): Promise<(Row & Leased) | undefined> {
  const table = sql.table(outbox.table);
  const due = sql.ref(outbox.dueAt);
  const attempts = sql.ref(outbox.attempts);
  const also = options.where ?? sql<boolean>`true`;
  const named = options.id === undefined ? sql`` : sql`and id = ${options.id}`;
  const lock = options.id === undefined ? sql`for update skip locked` : sql`for update`;
  const returning =
    options.columns === '*' ? sql`*` : sql.join(['id', ...options.columns].map((column) => sql.ref(column)));
  const taken = await sql<Row & { id: number; [column: string]: unknown }>`
    update ${table} set ${attempts} = ${attempts} + 1, ${due} = ${secondsFromNow(options.leaseSeconds)}
    where id in (
      select id from ${table}
      where ${due} <= now() and (${outbox.open}) and (${also}) ${named}
      order by ${due} limit 1 ${lock}
    )
    returning ${returning}, ${attempts} as lease_token`.execute(db);
  const row = taken.rows[0];
  if (!row) return undefined;
  const { lease_token: token, ...rest } = row as typeof row & { lease_token: number };
  return { ...(rest as unknown as Row), id: row.id, attempts: token };
}

/** Renews the row's lease just before its work goes out (also meeting `where`): false when another taker holds it now, or it is done. */
export async function renewLease<T extends keyof Database>(
  db: Kysely<Database>,
  outbox: LeasedOutbox<T>,
  row: Leased,
  leaseSeconds: number,
  where: RawBuilder<boolean> = sql<boolean>`true`,
): Promise<boolean> {
  const renewed = await sql`
    update ${sql.table(outbox.table)} set ${sql.ref(outbox.dueAt)} = ${secondsFromNow(leaseSeconds)}
    where id = ${row.id} and ${sql.ref(outbox.attempts)} = ${row.attempts} and (${outbox.open}) and (${where})
    returning id`.execute(db);
  return renewed.rows.length === 1;
}

/** After a failed try: due again in `delaySeconds`, or no longer (null), unless another take came since. */
export async function retryLater<T extends keyof Database>(
  db: Kysely<Database>,
  outbox: LeasedOutbox<T>,
  row: Leased,
  delaySeconds: number | null,
): Promise<void> {
  const next = delaySeconds === null ? sql`null` : secondsFromNow(delaySeconds);
  await sql`
    update ${sql.table(outbox.table)} set ${sql.ref(outbox.dueAt)} = ${next}
    where id = ${row.id} and ${sql.ref(outbox.attempts)} = ${row.attempts} and (${outbox.open})`.execute(db);
}

/**
 * After a failed try of the `maxAttempts`: due again after the back-off, or given up at the last
 * ('gave_up', the caller logs it as an error).
 */
export async function failedTry<T extends keyof Database>(
  db: Kysely<Database>,
  outbox: LeasedOutbox<T>,
  row: Leased,
  maxAttempts: number,
): Promise<'retry' | 'gave_up'> {
  const last = row.attempts >= maxAttempts;
  await retryLater(db, outbox, row, last ? null : retryDelaySeconds(row.attempts));
  return last ? 'gave_up' : 'retry';
}

/**
 * The row's work is done: `done` (the assignment that closes it, such as `sent_at = now()`) is
 * written and it is no longer due — once: false when it was done already.
 */
export async function markDone<T extends keyof Database>(
  db: Kysely<Database>,
  outbox: LeasedOutbox<T>,
  id: number,
  done: RawBuilder<unknown>,
): Promise<boolean> {
  const saved = await sql`
    update ${sql.table(outbox.table)} set ${done}, ${sql.ref(outbox.dueAt)} = null
    where id = ${id} and (${outbox.open})
    returning id`.execute(db);
  return saved.rows.length === 1;
}

/** Rows still due but no longer open, or out of `keep` (their window): no longer due. Their ids. */
export async function giveUpDue<T extends keyof Database>(
  db: Kysely<Database>,
  outbox: LeasedOutbox<T>,
  keep: RawBuilder<boolean>,
): Promise<number[]> {
  const given = await sql<{ id: number }>`
    update ${sql.table(outbox.table)} set ${sql.ref(outbox.dueAt)} = null
    where ${sql.ref(outbox.dueAt)} is not null and not coalesce((${outbox.open}) and (${keep}), false)
    returning id`.execute(db);
  return given.rows.map((row) => row.id);
}

/**
 * One run of an outbox's work: up to `limit` rows (OUTBOX_RUN_LIMIT) taken (or only the named one), each worked on
 * at once. A try that failed outside ('retry' or 'gave_up', failedTry's answers) ends the run: a
 * service failing now is not asked for the rest, so a hanging one costs one timeout per run,
 * never a worker's whole tick. `stopping` is asked before each row (the server is stopping).
 */
export async function runOutbox<Row, Result extends string>(job: {
  take: (id: number | undefined) => Promise<Row | undefined>;
  work: (row: Row) => Promise<Result>;
  id?: number | undefined;
  limit?: number;
  stopping?: (() => boolean) | undefined;
}): Promise<Array<{ row: Row; result: Result }>> {
  const done: Array<{ row: Row; result: Result }> = [];
  const tries = job.id === undefined ? (job.limit ?? OUTBOX_RUN_LIMIT) : 1;
  for (let index = 0; index < tries; index++) {
    if (job.stopping?.()) break;
    const row = await job.take(job.id);
    if (!row) break;
    const result = await job.work(row);
    done.push({ row, result });
    if (result === 'retry' || result === 'gave_up') break;
  }
  return done;
}
