/**
 * `npm run bench:startup`: how long the server takes from its process starting to its first
 * `GET /api/health` 200, and its resident memory (RSS) once idle after that, on PGlite and on
 * PostgreSQL, run three ways (issue 32, decision 056):
 *
 * - `tsx (source)`: `node --import tsx src/server.ts`, how `npm start` ran before the build;
 * - `node (build)`: `node dist/server.js` with SANDBOX=1 DEMO_DATA=1, how `npm start` runs now;
 * - `node (build), production`: the same without the sandbox and the demo data (every
 *   provider's key set), so their chunks are never loaded.
 *
 * The server is built first. Runs alternate between the three, so a busy machine weighs on
 * each alike; the first start of each database (migrations, demo data) is not counted. PGlite
 * gets a temporary folder; PostgreSQL a throw-away database, dropped at the end.
 *
 * Environment: BENCH_RUNS (default 5 per way and database), BENCH_IDLE_MS (default 3000, the
 * wait before reading RSS), BENCH_DATABASE_URL (default TEST_DATABASE_URL or
 * postgres://postgres@127.0.0.1:5432/postgres).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildServer, DIST_DIR } from '../build';
import { SANDBOX_ENV } from '../src/config';
import { SERVER_ROOT } from '../src/paths';
import { freePort } from '../test/support/free-port';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HEALTHY_WITHIN_MS = 120_000;

/** Production's variables: every provider's key (none is called while idle). */
const PRODUCTION_KEYS = {
  AUTH_SECRET: 'bench-'.repeat(6),
  SMSRU_API_ID: 'bench',
  MAIL_API_KEY: 'bench',
  MAIL_DOMAIN: 'mg.chain.test',
  PUBLIC_ORIGIN: 'https://order.chain.test',
  ACQUIRING_USERNAME: 'bench',
  ACQUIRING_PASSWORD: 'bench',
  ACQUIRING_CALLBACK_SECRET: 'bench-'.repeat(4),
  MAP_TILES_URL: 'https://tiles.chain.test/{z}/{x}/{y}.png',
  GEOCODER_URL: 'https://photon.chain.test',
};

interface Way {
  name: string;
  args: string[];
  env: Record<string, string>;
}

const WAYS: Way[] = [
  { name: 'tsx (source)', args: ['--import', 'tsx', join(SERVER_ROOT, 'src/server.ts')], env: SANDBOX_ENV },
  { name: 'node (build)', args: [join(DIST_DIR, 'server.js')], env: SANDBOX_ENV },
  { name: 'node (build), production', args: [join(DIST_DIR, 'server.js')], env: PRODUCTION_KEYS },
];

interface Sample {
  startMs: number;
  rssMb: number;
}

/** Resident memory of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? NaN) / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One start: spawn, poll /api/health until 200, idle, read RSS, SIGTERM and wait for the exit. */
async function startOnce(way: Way, database: Record<string, string>): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, way.args, {
    cwd: SERVER_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: join(tmpdir(), 'no-web-app'),
      ...way.env,
      ...database,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${way.name} exited with ${child.exitCode} during start-up`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200) break;
      } catch {
        // Not listening yet.
      }
      if (performance.now() - started > HEALTHY_WITHIN_MS)
        throw new Error(`${way.name} not healthy within ${HEALTHY_WITHIN_MS} ms`);
      await sleep(10);
    }
    const startMs = performance.now() - started;
    await sleep(IDLE_MS);
    return { startMs, rssMb: rssMb(child.pid ?? 0) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? NaN) : ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

const range = (values: number[], digits: number) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function postgresAnswers(): Promise<boolean> {
  try {
    await admin('select 1');
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const built = performance.now();
  await buildServer();
  console.log(
    `server built in ${Math.round(performance.now() - built)} ms; ${RUNS} runs per way and database, RSS read after ${IDLE_MS} ms idle`,
  );
  const rows: string[] = [];
  const databases: { name: string; env: Record<string, string>; dispose: () => Promise<void> }[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'chain-bench-startup-'));
  databases.push({
    name: 'PGlite',
    env: { DATA_DIR: dataDir },
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  });
  if (await postgresAnswers()) {
    const name = `chain_bench_startup_${randomBytes(4).toString('hex')}`;
    await admin(`create database "${name}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    databases.push({
      name: 'PostgreSQL',
      env: { DATABASE_URL: url.toString() },
      dispose: () => admin(`drop database if exists "${name}" with (force)`),
    });
  } else {
    console.log(`PostgreSQL at ${new URL(ADMIN_URL).host} does not answer: PGlite only`);
  }
  try {
    for (const database of databases) {
      // The first start migrates and loads the demo chain: not counted.
      await startOnce(WAYS[0] as Way, database.env);
      const samples = new Map<string, Sample[]>(WAYS.map((way) => [way.name, []]));
      for (let run = 0; run < RUNS; run++) {
        for (const way of WAYS) {
          const sample = await startOnce(way, database.env);
          samples.get(way.name)?.push(sample);
          process.stdout.write('.');
        }
      }
      process.stdout.write('\n');
      for (const way of WAYS) {
        const taken = samples.get(way.name) ?? [];
        rows.push(
          `| ${database.name} | ${way.name} | ${range(
            taken.map((s) => s.startMs),
            0,
          )} | ${range(
            taken.map((s) => s.rssMb),
            0,
          )} |`,
        );
      }
    }
  } finally {
    for (const database of databases) await database.dispose();
  }
  console.log(`\nNode ${process.version}, ${cpus().length} cores; median (min–max) of ${RUNS} runs\n`);
  console.log('| Database | Run by | Start to /api/health 200, ms | RSS idle after start, MB |');
  console.log('|---|---|---|---|');
  for (const row of rows) console.log(row);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
