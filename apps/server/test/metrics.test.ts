import { readFileSync } from 'node:fs';
import { orderEventsUrl } from '@chain/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMetricsListener } from '../src/metrics/routes';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { post } from './support/calls';
import { openEventStream } from './support/event-stream';
import { freePort } from './support/free-port';
import { selfPickupOrderBody } from './support/orders';
import { check, pressCardForm, startCard } from './support/payments';
import { signedInUser } from './support/users';

// Issue 32, metrics (decision 057): /metrics in the Prometheus text format behind a bearer token,
// every listed family after a small exercise, route labels as patterns; and the alert rules and
// the dashboard name only metrics the server exports.

const TOKEN = 'metrics-token-for-the-tests-0123';
const REPO = new URL('../../../', import.meta.url);

/** The families the issue lists, each a metric the server must export. */
const FAMILIES = [
  'chain_http_request_duration_seconds',
  'chain_db_pool_in_use',
  'chain_db_pool_waiting',
  'chain_db_errors_total',
  'chain_payment_worker_backlog',
  'chain_payment_worker_retries_total',
  'chain_payment_worker_needs_operator',
  'chain_outbox_backlog',
  'chain_outbox_overdue_seconds',
  'chain_live_streams_open',
  'chain_orders_created_total',
  'chain_orders_paid_total',
  'chain_refunds_total',
  'chain_provider_call_duration_seconds',
  'chain_provider_failures_total',
];

/** The series names a scrape can carry: each sample's name, and a histogram's _bucket, _count and _sum. */
function exportedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type?.[1]) {
      names.add(type[1]);
      if (type[2] === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) names.add(`${type[1]}${suffix}`);
    } else if (line !== '' && !line.startsWith('#')) names.add(line.split(/[{ ]/, 1)[0] ?? '');
  }
  return names;
}

/** One sample's value by its name and exact labels as printed, or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Metric names a PromQL expression uses: the product's own (chain_), Node's (process_, nodejs_) and Prometheus's `up`. */
function namesIn(expr: string): string[] {
  return [...expr.matchAll(/\b(chain_[a-z0-9_]+|process_[a-z0-9_]+|nodejs_[a-z0-9_]+|up)\b(?=\s*[{[)\s]|$)/g)].map(
    (match) => match[1] ?? '',
  );
}

/** The rules file's exprs: one line each (the file says so), one per alert. */
function alertExprs(): string[] {
  const text = readFileSync(new URL('ops/prometheus/alerts.yml', REPO), 'utf8');
  const alerts = [...text.matchAll(/^\s+- alert: (\S+)$/gm)].length;
  const exprs = [...text.matchAll(/^\s+expr: (.+)$/gm)].map((match) => match[1] ?? '');
  expect(exprs.length, 'every alert has one single-line expr').toBe(alerts);
  return exprs;
}

function dashboardExprs(): string[] {
  const dashboard = JSON.parse(readFileSync(new URL('ops/grafana/dashboard.json', REPO), 'utf8')) as {
    panels: { targets: { expr: string }[] }[];
  };
  return dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr));
}

function scrape(app: FastifyInstance, authorization?: string) {
  return app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
}

describe.each(databaseKinds())('metrics on %s (issue 32)', (kind) => {
  let t: TestApp;
  let text = '';
  let orderId = 0;
  beforeAll(async () => {
    // A short idle limit: the test client's connection left after its aborted stream would
    // otherwise hold close() for the server's full idle time.
    t = await buildTestApp(kind, {
      metrics: { token: TOKEN, listen: null },
      httpTimeouts: { requestMs: 120_000, connectionMs: 3000 },
    });
    // A small exercise: an order created and paid in the sandbox (the bank over HTTP), its
    // payment checked, and its live stream open while scraped.
    const guest = await signedInUser(t.database);
    const created = await post(t.app, '/api/v2/order/create', selfPickupOrderBody(guest));
    expect(created.statusCode, created.body).toBe(200);
    orderId = created.json<{ id: number }>().id;
    const started = await startCard(t.app, guest, orderId);
    await pressCardForm(t.app, started.formUrl ?? '', 'pay');
    expect(await check(t.app, orderId, guest.token)).toBe('ok');
    const stream = await openEventStream(t.app, orderEventsUrl(orderId, guest.id), {
      authorization: `Bearer ${guest.token}`,
    });
    expect(stream.status).toBe(200);
    await stream.next();
    const res = await scrape(t.app, `Bearer ${TOKEN}`);
    stream.close();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    text = res.body;
  });
  afterAll(() => t.close());

  it('answers 401 to a missing or wrong token, without a figure', async () => {
    for (const authorization of [
      undefined,
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
    ]) {
      const res = await scrape(t.app, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer');
      expect(res.body).not.toContain('chain_');
    }
  });

  it('exports every listed family, with the exercise counted', () => {
    const names = exportedNames(text);
    for (const family of FAMILIES) expect(names.has(family) || names.has(`${family}_count`), family).toBe(true);
    expect(sample(text, 'chain_orders_created_total{type="self",source="web"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'chain_orders_paid_total{type="self",source="web"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'chain_live_streams_open{route="/api/v1/order/:id/events"}')).toBe(1);
    expect(
      sample(text, 'chain_provider_call_duration_seconds_count{provider="acquiring",outcome="ok"}'),
    ).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'chain_db_up')).toBe(1);
    expect(sample(text, 'chain_db_pool_size')).toBe(kind === 'pglite' ? 1 : 5);
    for (const queue of ['closing', 'refund'])
      expect(sample(text, `chain_payment_worker_backlog{queue="${queue}"}`), queue).toBe(0);
    for (const outbox of ['receipt_mail', 'refund_mail', 'tips'])
      expect(sample(text, `chain_outbox_backlog{outbox="${outbox}"}`), outbox).toBeGreaterThanOrEqual(0);
  });

  it('labels requests by route pattern and status, never by the URL', () => {
    expect(
      sample(
        text,
        'chain_http_request_duration_seconds_count{method="POST",route="/api/v2/order/create",status="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1] ?? '');
    expect(routes.some((route) => route.includes('/:'))).toBe(true);
    // No path segment is the order's id (or any number), no query string: patterns only.
    expect(
      routes.filter(
        (route) => route.split('/').includes(String(orderId)) || /\/\d+(\/|$)/.test(route) || route.includes('?'),
      ),
    ).toEqual([]);
  });

  it('the alert rules and the dashboard name only metrics the server exports', () => {
    const exported = exportedNames(text);
    // `up` is the series Prometheus itself writes for every scrape target.
    exported.add('up');
    const used = [...alertExprs(), ...dashboardExprs()].map((expr) => ({ expr, names: namesIn(expr) }));
    for (const { expr, names } of used) expect(names.length, expr).toBeGreaterThan(0);
    const unknown = used.flatMap(({ names }) => names).filter((name) => !exported.has(name));
    expect(unknown).toEqual([]);
  });
});

describe('metrics without METRICS_TOKEN, and on an address of its own (issue 32)', () => {
  it('answers 404 at /metrics when no token is configured', async () => {
    const t = await buildTestApp('pglite');
    try {
      const res = await scrape(t.app, `Bearer ${TOKEN}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('chain_');
    } finally {
      await t.close();
    }
  });

  it('serves /metrics only on METRICS_LISTEN when it is set', async () => {
    const port = await freePort();
    const t = await buildTestApp('pglite', { metrics: { token: TOKEN, listen: { host: '127.0.0.1', port } } });
    const stop = await startMetricsListener(t.app);
    try {
      expect((await scrape(t.app, `Bearer ${TOKEN}`)).statusCode).toBe(404);
      const url = `http://127.0.0.1:${port}/metrics`;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
      expect(
        (await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { authorization: `Bearer ${TOKEN}` } })).status,
      ).toBe(404);
      const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('chain_db_pool_in_use');
    } finally {
      await stop();
      await t.close();
    }
  });
});
