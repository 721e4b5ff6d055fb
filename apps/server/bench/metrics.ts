/**
 * `npm run bench:metrics`: what the metrics cost a request (issue 32, decision 057). The same
 * app (buildApp, production mode, logs off, PGlite) with METRICS_TOKEN unset and set, each with
 * one bare route added (`GET /bench/bare`, a small JSON answer: every hook of the app, no
 * database), measured in turns — off, on, off, on… — so a drift of the machine falls on both.
 * Prints each run, the median requests per second and p99 of each side, and the ratio on/off.
 * Between runs /metrics is scraped once, as Prometheus would. On a busy machine the runs' spread
 * is wider than the difference, so it also times the hook's own work alone (one histogram
 * observation with its labels, a million times): the cost each request pays.
 *
 * Environment: BENCH_SECONDS (default 8 per run), BENCH_CONNECTIONS (default 50), BENCH_RUNS
 * (default 3 per side).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { httpRequestDuration } from '../src/metrics/metrics';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TOKEN = 'benchmark-metrics-token-0123456789';

async function start(withMetrics: boolean): Promise<{ app: FastifyInstance; url: string; folder: string }> {
  const folder = mkdtempSync(join(tmpdir(), 'chain-bench-metrics-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: folder });
  await migrate(database.db);
  const config = testConfig({
    env: 'production',
    sandbox: false,
    demoData: false,
    metrics: withMetrics ? { token: TOKEN, listen: null } : null,
  });
  const app = await buildApp(config, { database });
  app.get('/bench/bare', async () => ({ success: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return { app, url: `http://127.0.0.1:${address.port}`, folder };
}

async function measure(url: string): Promise<{ rps: number; p99: number; failures: number }> {
  const options = { url: `${url}/bench/bare`, connections: CONNECTIONS, workers: 1, timeout: 10 };
  await autocannon({ ...options, duration: 1 });
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Microseconds of one request's metrics work: the onResponse hook's histogram observation. */
function observeCostMicroseconds(): number {
  const count = 1_000_000;
  const labels = { method: 'GET', route: '/bench/bare', status: '200' };
  const started = process.hrtime.bigint();
  for (let index = 0; index < count; index++) httpRequestDuration.observe(labels, 0.001);
  return Number(process.hrtime.bigint() - started) / 1000 / count;
}

async function main(): Promise<void> {
  const off = await start(false);
  const on = await start(true);
  const results: Record<'off' | 'on', Array<{ rps: number; p99: number }>> = { off: [], on: [] };
  try {
    for (let run = 1; run <= RUNS; run++) {
      for (const [side, server] of [
        ['off', off],
        ['on', on],
      ] as const) {
        const row = await measure(server.url);
        if (row.failures > 0) throw new Error(`${side}: ${row.failures} failed requests`);
        results[side].push(row);
        console.log(`run ${run} metrics ${side.padEnd(3)} ${row.rps.toFixed(0).padStart(7)} req/s  p99 ${row.p99} ms`);
      }
      const scrape = await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      if (scrape.status !== 200) throw new Error(`scrape answered ${scrape.status}`);
      const text = await scrape.text();
      console.log(`        scrape: ${text.length} bytes`);
    }
  } finally {
    for (const server of [off, on]) {
      await server.app.close();
      rmSync(server.folder, { recursive: true, force: true });
    }
  }
  const offRps = median(results.off.map((row) => row.rps));
  const onRps = median(results.on.map((row) => row.rps));
  console.log(
    `\n${cpus().length} cores, ${CONNECTIONS} connections, ${RUNS} runs of ${SECONDS} s per side, medians:\n` +
      `  metrics off ${offRps.toFixed(0)} req/s, p99 ${median(results.off.map((row) => row.p99))} ms\n` +
      `  metrics on  ${onRps.toFixed(0)} req/s, p99 ${median(results.on.map((row) => row.p99))} ms\n` +
      `  ratio on/off ${(onRps / offRps).toFixed(3)}\n` +
      `  one request's histogram observation alone: ${observeCostMicroseconds().toFixed(3)} µs`,
  );
}

await main();
