import { Counter, Gauge, Histogram, type Metric } from 'prom-client';

/**
 * The product's event metrics (issue 32, decision 057): counters and histograms bumped where the
 * event happens, one place each. They belong to the process, not to one app: a server is one
 * process, and each instance exports its own figures (Prometheus scrapes every instance and sums
 * them). They are in no registry here; each app's /metrics registry lists them (metrics/registry.ts).
 * The gauges of what is waiting (backlogs, the pool) are read when scraped, in registry.ts.
 */

/** Seconds: a cached menu answers in a millisecond, a payment start waits for the bank. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Seconds: a provider answers in tens of milliseconds to seconds; its timeouts are 3–10 s. */
const PROVIDER_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const httpRequestDuration = new Histogram({
  name: 'chain_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route pattern (never the raw URL) and status; event streams are not in it',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: REQUEST_BUCKETS,
  registers: [],
});

/** What a database error was (db/monitor.ts decides, error-handler.ts answers 503 for the first three). */
export type DatabaseErrorKind = 'timeout' | 'pool_busy' | 'connection' | 'query';

export const databaseErrors = new Counter({
  name: 'chain_db_errors_total',
  help: 'Errors the database handle raised: timeout (statement cancelled or no answer in time), pool_busy (no free connection), connection (lost), query (any other)',
  labelNames: ['kind'] as const,
  registers: [],
});

export const paymentRetries = new Counter({
  name: 'chain_payment_worker_retries_total',
  help: "Bank operations the payment worker left for a later try: closing (decline, reverse, refund of a payment) or refund (a manager's refund)",
  labelNames: ['queue'] as const,
  registers: [],
});

export const paymentWorkGivenUp = new Counter({
  name: 'chain_payment_worker_gave_up_total',
  help: 'Payments or refunds the worker stopped trying and left to a person (payments needs_operator, refunds failed)',
  labelNames: ['queue'] as const,
  registers: [],
});

export const liveStreams = new Gauge({
  name: 'chain_live_streams_open',
  help: 'Server-Sent Events streams open on this instance, by route pattern',
  labelNames: ['route'] as const,
  registers: [],
});

export const ordersCreated = new Counter({
  name: 'chain_orders_created_total',
  help: 'Orders written, by type (delivery, self, inrest) and source (web, kiosk)',
  labelNames: ['type', 'source'] as const,
  registers: [],
});

export const ordersPaid = new Counter({
  name: 'chain_orders_paid_total',
  help: 'Orders paid (their payment settled), by type and source',
  labelNames: ['type', 'source'] as const,
  registers: [],
});

export const refundOutcomes = new Counter({
  name: 'chain_refunds_total',
  help: "Managers' refunds: requested, and at the bank done, retry or failed",
  labelNames: ['outcome'] as const,
  registers: [],
});

export const providerCallDuration = new Histogram({
  name: 'chain_provider_call_duration_seconds',
  help: 'Calls to outside services (acquiring, sms, mail, geocoder, tips), by provider and outcome (ok, failed)',
  labelNames: ['provider', 'outcome'] as const,
  buckets: PROVIDER_BUCKETS,
  registers: [],
});

export const providerFailures = new Counter({
  name: 'chain_provider_failures_total',
  help: 'Calls to outside services that failed: no answer in time, an HTTP error, an unreadable answer',
  labelNames: ['provider'] as const,
  registers: [],
});

/** Every event metric, for each app's registry. */
export const EVENT_METRICS: readonly Metric<string>[] = [
  httpRequestDuration,
  databaseErrors,
  paymentRetries,
  paymentWorkGivenUp,
  liveStreams,
  ordersCreated,
  ordersPaid,
  refundOutcomes,
  providerCallDuration,
  providerFailures,
];

/**
 * Times one call to an outside service: its latency by outcome, and a failure counted. The one
 * home of provider metrics (adapters/http.ts and the tips client call it).
 */
export async function observeProviderCall<T>(provider: string, call: () => Promise<T>): Promise<T> {
  const end = providerCallDuration.startTimer({ provider });
  try {
    const result = await call();
    end({ outcome: 'ok' });
    return result;
  } catch (error) {
    end({ outcome: 'failed' });
    providerFailures.inc({ provider });
    throw error;
  }
}
