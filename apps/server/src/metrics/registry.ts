import { withTimeout } from '@chain/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/client';
import type { DatabaseMonitor } from '../db/monitor';
import type { Database } from '../db/types';
import { EVENT_METRICS } from './metrics';

/**
 * A count of waiting work stops at this many rows: past it the figure is "at least", and the
 * query's cost is bounded however large a queue grows (each count reads a partial index).
 */
export const BACKLOG_COUNT_CAP = 10_000;
/** One scrape's figures are reused this long: several gauges, and several scrapers, share one query. */
const QUEUES_MAX_AGE_MS = 5_000;
/**
 * The counts of work left to a person read payments and refunds without an index of their own
 * (a scan of the table): read at most once a minute. An alert on them waits minutes anyway.
 */
const OPERATOR_MAX_AGE_MS = 60_000;
/** A scrape does not wait longer than this for the database; the queues' gauges are left out then. */
const QUERY_WAIT_MS = 2_000;

/** The payment worker's queues and the outboxes: how many are due or waiting, and how overdue the oldest is. */
const QUEUES = {
  /** Payments to decline, reverse or refund at the bank (decision 016). */
  closing: { table: 'payments', where: sql`status in ('cancelling', 'refund_due')`, due: sql`next_attempt_at` },
  /** Managers' refunds still to ask of the bank (decision 050). */
  refund: { table: 'order_refunds', where: sql`status = 'pending'`, due: sql`next_attempt_at` },
} as const;

const OUTBOXES = {
  /** Receipts of paid orders to e-mail (decision 032). */
  receipt_mail: { table: 'orders', where: sql`receipt_due_at is not null`, due: sql`receipt_due_at` },
  /** Refund letters to e-mail (decision 050). */
  refund_mail: { table: 'order_refunds', where: sql`mail_due_at is not null`, due: sql`mail_due_at` },
  /** Paid orders still to get their tips id from the tips service (decision 025). */
  tips: { table: 'orders', where: sql`tips_due_at is not null`, due: sql`tips_due_at` },
} as const;

interface QueueFigures {
  backlog: number;
  overdueSeconds: number;
}

type Queue = (typeof QUEUES)[keyof typeof QUEUES] | (typeof OUTBOXES)[keyof typeof OUTBOXES];

/** One queue's capped count and the seconds its most overdue entry has been due (0 when none is). */
function queueColumns(name: string, queue: Queue) {
  const table = sql.table(queue.table);
  return [
    sql<number>`(select count(*)::integer from (select 1 from ${table} where ${queue.where} limit ${BACKLOG_COUNT_CAP}) as capped)`.as(
      `${name}_backlog`,
    ),
    sql<number>`(select coalesce(greatest(extract(epoch from now() - min(${queue.due})), 0), 0)::float8 from ${table} where ${queue.where})`.as(
      `${name}_overdue`,
    ),
  ];
}

async function readQueues(db: Kysely<Database>): Promise<Record<string, QueueFigures>> {
  const all = { ...QUEUES, ...OUTBOXES };
  const row = (await db
    .selectNoFrom(Object.entries(all).flatMap(([name, queue]) => queueColumns(name, queue)))
    .executeTakeFirstOrThrow()) as Record<string, number>;
  return Object.fromEntries(
    Object.keys(all).map((name) => [
      name,
      { backlog: Number(row[`${name}_backlog`]), overdueSeconds: Number(row[`${name}_overdue`]) },
    ]),
  );
}

async function readOperatorCounts(db: Kysely<Database>): Promise<{ closing: number; refund: number }> {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*)::integer from (select 1 from payments where status in ('needs_operator', 'refund_failed') limit ${BACKLOG_COUNT_CAP}) as capped)`.as(
        'closing',
      ),
      sql<number>`(select count(*)::integer from (select 1 from order_refunds where status = 'failed' limit ${BACKLOG_COUNT_CAP}) as capped)`.as(
        'refund',
      ),
    ])
    .executeTakeFirstOrThrow();
  return { closing: Number(row.closing), refund: Number(row.refund) };
}

/** A read kept `maxAgeMs`; callers within it share one query, a failed one is not kept. */
function cached<T>(maxAgeMs: number, read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | undefined;
  return () => {
    const now = Date.now();
    if (last && now - last.at < maxAgeMs) return last.value;
    const value = withTimeout(read(), QUERY_WAIT_MS, (ms) => new Error(`no answer within ${ms} ms`));
    const entry = { at: now, value };
    last = entry;
    value.catch(() => {
      if (last === entry) last = undefined;
    });
    return value;
  };
}

export interface MetricsSources {
  database: DatabaseHandle;
  monitor: DatabaseMonitor;
  log: FastifyBaseLogger;
}

/**
 * The registry one app's /metrics answers with: the process's event metrics (metrics.ts), the
 * library's standard process metrics (CPU, memory, event loop lag: `process_*`, `nodejs_*`),
 * and the gauges read when scraped — the pool from the handle, the queues from the database.
 * Each instance exports its own figures; the queues are the database's, so every instance
 * reports the same backlog (dashboards take max, not sum, of them).
 */
export function createMetricsRegistry(sources: MetricsSources): Registry {
  const registry = new Registry();
  for (const metric of EVENT_METRICS) registry.registerMetric(metric);
  collectDefaultMetrics({ register: registry });
  const { database, monitor, log } = sources;
  const registers = [registry];

  new Gauge({
    name: 'chain_db_up',
    help: 'The database answers, as this instance sees it (1) or is lost (0); API calls answer 503 while it is 0',
    registers,
    collect() {
      this.set(monitor.state === 'up' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'chain_db_pool_size',
    help: 'Connections the pool may open (PGlite: its one session)',
    registers,
    collect() {
      this.set(database.poolStats().size);
    },
  });
  new Gauge({
    name: 'chain_db_pool_in_use',
    help: 'Connections handed out to calls now (PGlite: 1 while a call holds its one session)',
    registers,
    collect() {
      this.set(database.poolStats().inUse);
    },
  });
  new Gauge({
    name: 'chain_db_pool_waiting',
    help: 'Calls waiting for a connection now (PGlite: calls queued for its one session)',
    registers,
    collect() {
      this.set(database.poolStats().waiting);
    },
  });

  const queues = cached(QUEUES_MAX_AGE_MS, () => readQueues(database.db));
  const operator = cached(OPERATOR_MAX_AGE_MS, () => readOperatorCounts(database.db));
  /** Sets each label's figure, or leaves the gauge empty when the database did not answer. */
  const fill = async <T>(
    gauge: Gauge<string>,
    label: string,
    names: readonly string[],
    read: () => Promise<T>,
    pick: (value: T, name: string) => number,
  ) => {
    gauge.reset();
    let value: T;
    try {
      value = await read();
    } catch (error) {
      log.warn(
        { err: error },
        'metrics: the database did not give the queues; their gauges are left out of this scrape',
      );
      return;
    }
    for (const name of names) gauge.set({ [label]: name }, pick(value, name));
  };
  const queueNames = Object.keys(QUEUES);
  const outboxNames = Object.keys(OUTBOXES);

  new Gauge({
    name: 'chain_payment_worker_backlog',
    help: `Work due or waiting for the payment worker: closing (payments to decline, reverse or refund at the bank), refund (managers' refunds); counted up to ${BACKLOG_COUNT_CAP}`,
    labelNames: ['queue'],
    registers,
    async collect() {
      await fill(this, 'queue', queueNames, queues, (value, name) => value[name]?.backlog ?? 0);
    },
  });
  new Gauge({
    name: 'chain_payment_worker_overdue_seconds',
    help: "How long the most overdue entry of the queue has been due (0: none is): grows when no instance's worker takes it",
    labelNames: ['queue'],
    registers,
    async collect() {
      await fill(this, 'queue', queueNames, queues, (value, name) => value[name]?.overdueSeconds ?? 0);
    },
  });
  new Gauge({
    name: 'chain_payment_worker_needs_operator',
    help: "Left to a person: closing (payments needs_operator or refund_failed), refund (managers' refunds failed); read at most once a minute",
    labelNames: ['queue'],
    registers,
    async collect() {
      await fill(this, 'queue', queueNames, operator, (value, name) => value[name as keyof typeof value]);
    },
  });
  new Gauge({
    name: 'chain_outbox_backlog',
    help: `Entries due or waiting in each outbox: receipt_mail, refund_mail, tips; counted up to ${BACKLOG_COUNT_CAP}`,
    labelNames: ['outbox'],
    registers,
    async collect() {
      await fill(this, 'outbox', outboxNames, queues, (value, name) => value[name]?.backlog ?? 0);
    },
  });
  new Gauge({
    name: 'chain_outbox_overdue_seconds',
    help: "How long the outbox's most overdue entry has been due (0: none is)",
    labelNames: ['outbox'],
    registers,
    async collect() {
      await fill(this, 'outbox', outboxNames, queues, (value, name) => value[name]?.overdueSeconds ?? 0);
    },
  });
  return registry;
}
