/**
 * `npm run bench:api`: requests per second and p50/p99 latency of the menu call and the
 * restaurant list, on PGlite and (when it answers) PostgreSQL, beside a bare Fastify route that
 * answers the same bytes with nothing else on the path. The ratio to the bare route is the
 * figure to watch (issue 4: the menu at least half the bare rate).
 *
 * Everything runs in this process on loopback: the app (buildApp, production mode, logs off)
 * and the bare server on the main thread, autocannon in one worker thread. PGlite gets a fresh
 * temporary folder; PostgreSQL a throw-away database, dropped at the end.
 *
 * Environment: BENCH_SECONDS (default 10 per target), BENCH_CONNECTIONS (default 50),
 * BENCH_DATABASE_URL (default TEST_DATABASE_URL or postgres://postgres@127.0.0.1:5432/postgres).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import pg from 'pg';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { seedDemoChain } from '../src/seed/load';
import { DEMO_RESTAURANTS } from '../src/seed/demo-chain';
import { openSession } from '../src/modules/auth/sessions';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP_SECONDS = 1;
const ORDER_RATE = Number(process.env.BENCH_ORDER_RATE ?? 300);
/** A regular expression naming the targets to run (bare targets always run); unset: all. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null;
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The biggest menu of the demo chain: Патриаршие, restaurant menu, at a table. */
const MENU_BODY = JSON.stringify({ fs_uid: DEMO_RESTAURANTS[0]?.fsUid, order_type: 'inrest', is_shop: 0, ver: 4 });
const JSON_HEADERS = { 'content-type': 'application/json' };
/** Курский: open round the clock, so the order benchmark runs at any hour. */
const KURSKY = { id: 5 } as const;

interface Target {
  name: string;
  database: string;
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  /** Requests per second to hold (a paced run: its p99 is the latency at that load); unset: as fast as it goes. */
  rate?: number;
  /** Replace each `[<id>]` in the body with a fresh random id (a new order per request). */
  unique?: boolean;
  /**
   * Requests taken in turn by all connections together instead of `body` alone (order-pool.cjs):
   * one per guest, each from the guest's own address (X-Forwarded-For), so the per-guest and
   * per-address order limits see many guests, as in a rush.
   */
  pool?: Array<{ body: string; headers: Record<string, string> }>;
  headers?: Record<string, string>;
  /** Ask for br, as phones do. */
  brotli?: boolean;
  /** The bare target this one is compared with. */
  bare?: string;
}

interface Row {
  target: Target;
  rps: number;
  p50: number;
  p99: number;
  bytes: number;
  failures: number;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

async function startApp(
  database: DatabaseHandle,
): Promise<{ origin: string; app: FastifyInstance; guest: Guest; orderPool: NonNullable<Target['pool']> }> {
  await migrate(database.db);
  await seedDemoChain(database.db);
  // Production mode: answers are not re-checked against the contract, as in a real deployment.
  // autocannon stands where a load balancer would, on loopback, and says whose request it is.
  const app = await buildApp(
    testConfig({ env: 'production', logLevel: 'silent', sandbox: false, trustProxy: { addresses: ['loopback'] } }),
    { database },
  );
  const guest = await benchGuest(database);
  return { origin: await listen(app), app, guest, orderPool: await orderPool(database, guest) };
}

/**
 * Orders come from many guests at many addresses, as in a rush: each of ORDER_GUESTS guests
 * (the first is the bench guest) from an address of its own. A run of both order targets makes
 * about 10 000 orders, 10 a guest, under the per-guest and per-address limits of order/create
 * (decision 017) that one guest at one address would reach after 30.
 */
const ORDER_GUESTS = 1000;

async function orderPool(database: DatabaseHandle, first: Guest): Promise<NonNullable<Target['pool']>> {
  const users = await database.db
    .insertInto('users')
    .values(
      Array.from({ length: ORDER_GUESTS - 1 }, (_, i) => ({
        phone: `7999${String(i + 1).padStart(7, '0')}`,
        name: 'Нагрузка',
      })),
    )
    .returning('id')
    .execute();
  const guests = [
    first,
    ...(await Promise.all(
      users.map(async (user) => ({ id: user.id, token: await openSession(database.db, user.id) })),
    )),
  ];
  return guests.map((guest, i) => ({
    body: orderBody(guest),
    headers: { ...JSON_HEADERS, 'x-forwarded-for': `10.${Math.floor(i / 250)}.${i % 250}.1` },
  }));
}

interface Guest {
  id: number;
  token: string;
  /** A paid order of the guest, for the payment check's common case. */
  paidOrderId: number;
}

/** A signed-in guest with one paid order, made in the database as a sign-in and a payment would. */
async function benchGuest(database: DatabaseHandle): Promise<Guest> {
  const user = await database.db
    .insertInto('users')
    .values({ phone: '79990000000', name: 'Нагрузка' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = await openSession(database.db, user.id);
  const order = await database.db
    .insertInto('orders')
    .values({
      znumber: 'С-000',
      business_day: new Date().toISOString().slice(0, 10),
      restaurant_id: KURSKY.id,
      user_id: user.id,
      source: 'web',
      type: 'self',
      status: 20,
      paid: true,
      items_sum: 59_000,
      sum: 59_000,
      idempotency_key: 'bench-paid-order',
      request_hash: 'bench',
      props: JSON.stringify({}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, token, paidOrderId: order.id };
}

/** A self-pickup order at the round-the-clock restaurant: two pizzas with options and cutlery; a new key each time. */
function orderBody(guest: Pick<Guest, 'id' | 'token'>): string {
  return JSON.stringify({
    source: 'web',
    v: 3,
    user: { id: guest.id, password: guest.token },
    cart: [
      { item: 101, cnt: 2, comment: '' },
      { item: 102, cnt: 1, comment: '' },
    ],
    pribors: [{ id: 2, cnt: 2 }],
    order: { type: 'self', comment: '' },
    restoran: KURSKY.id,
    idempotency_key: 'bench-[<id>]',
  });
}

function orderTargets(origin: string, database: string, guest: Guest, pool: Target['pool']): Target[] {
  return [
    {
      name: 'POST order/create',
      database,
      method: 'POST',
      url: `${origin}/api/v2/order/create`,
      body: orderBody(guest),
      pool,
      unique: true,
      bare: 'bare (order bytes)',
    },
    // Issue 5's target: 300 orders a second with p99 under 100 ms, held at that pace.
    {
      name: `POST order/create at ${ORDER_RATE}/s`,
      database,
      method: 'POST',
      url: `${origin}/api/v2/order/create`,
      body: orderBody(guest),
      pool,
      unique: true,
      rate: ORDER_RATE,
      bare: 'bare (order bytes)',
    },
    {
      name: 'GET payment/check (paid)',
      database,
      method: 'GET',
      url: `${origin}/api/v1/order/payment/check/${guest.paidOrderId}`,
      headers: { authorization: `Bearer ${guest.token}` },
      bare: 'bare (check bytes)',
    },
  ];
}

/** A Fastify with one route per answer, each sending fixed bytes: the most the framework can do. */
async function startBare(answers: {
  menu: string;
  list: string;
  order: string;
  check: string;
}): Promise<{ origin: string; app: FastifyInstance }> {
  const app = Fastify({ logger: false });
  const menu = Buffer.from(answers.menu);
  const menuBrotli = brotliCompressSync(menu, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
  });
  const list = Buffer.from(answers.list);
  app.post('/bare/menu', async (_request, reply) => reply.type('application/json; charset=utf-8').send(menu));
  app.post('/bare/menu-br', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').header('content-encoding', 'br').send(menuBrotli),
  );
  app.get('/bare/list', async (_request, reply) => reply.type('application/json; charset=utf-8').send(list));
  const order = Buffer.from(answers.order);
  const check = Buffer.from(answers.check);
  app.post('/bare/order', async (_request, reply) => reply.type('application/json; charset=utf-8').send(order));
  app.get('/bare/check', async (_request, reply) => reply.type('application/json; charset=utf-8').send(check));
  return { origin: await listen(app), app };
}

const ORDER_POOL_MODULE = join(dirname(fileURLToPath(import.meta.url)), 'order-pool.cjs');

/** Writes the pool where order-pool.cjs, in autocannon's worker thread, reads it; the folder to remove after. */
function writePool(pool: NonNullable<Target['pool']>): string {
  const folder = mkdtempSync(join(tmpdir(), 'chain-bench-pool-'));
  const file = join(folder, 'pool.json');
  writeFileSync(file, JSON.stringify(pool));
  process.env.BENCH_ORDER_POOL = file;
  return folder;
}

async function run(target: Target): Promise<Row> {
  const poolFolder = target.pool ? writePool(target.pool) : null;
  try {
    return await runTarget(target);
  } finally {
    if (poolFolder) rmSync(poolFolder, { recursive: true, force: true });
  }
}

async function runTarget(target: Target): Promise<Row> {
  const options = {
    url: target.url,
    method: target.method,
    connections: CONNECTIONS,
    workers: 1,
    timeout: 10,
    ...(target.body ? { body: target.body } : {}),
    ...(target.unique ? { idReplacement: true } : {}),
    ...(target.pool ? { requests: [{ method: target.method, setupRequest: ORDER_POOL_MODULE }] } : {}),
    ...(target.rate ? { overallRate: target.rate } : {}),
    headers: {
      ...(target.body ? JSON_HEADERS : {}),
      ...(target.brotli ? { 'accept-encoding': 'gzip, deflate, br' } : {}),
      ...target.headers,
    },
  };
  await autocannon({ ...options, duration: WARMUP_SECONDS });
  const result = await autocannon({ ...options, duration: SECONDS });
  return {
    target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Bytes read per answer, headers included: what crosses the wire.
    bytes: result.requests.total > 0 ? Math.round(result.throughput.total / result.requests.total) : 0,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function fetchText(target: Target): Promise<string> {
  const body = target.unique ? target.body?.replaceAll('[<id>]', randomBytes(8).toString('hex')) : target.body;
  const response = await fetch(target.url, {
    method: target.method,
    body,
    headers: { ...(target.body ? JSON_HEADERS : {}), ...target.headers },
  });
  if (!response.ok)
    throw new Error(`${target.name} on ${target.database}: ${response.status} ${await response.text()}`);
  return response.text();
}

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A cleanup that runs at most once, so it can be called early and again at the end. */
function once(fn: () => Promise<unknown>): () => Promise<void> {
  let done = false;
  return async () => {
    if (done) return;
    done = true;
    await fn();
  };
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

function printTable(rows: Row[]): void {
  const bare = new Map(rows.filter((row) => row.target.database === '—').map((row) => [row.target.name, row.rps]));
  const lines = [
    ['target', 'database', 'req/s', 'p50 ms', 'p99 ms', 'bytes/answer', 'ratio to bare', 'failures'],
    ...rows.map((row) => {
      const base = row.target.bare ? bare.get(row.target.bare) : undefined;
      return [
        row.target.name,
        row.target.database,
        Math.round(row.rps).toString(),
        row.p50.toFixed(1),
        row.p99.toFixed(1),
        row.bytes.toString(),
        base ? (row.rps / base).toFixed(2) : '1.00',
        row.failures.toString(),
      ];
    }),
  ];
  const [header, ...body] = lines;
  if (!header) return;
  const widths = header.map((_, column) => Math.max(...lines.map((line) => line[column]?.length ?? 0)));
  const format = (line: string[]) => `| ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  for (const line of body) console.log(format(line));
}

async function main(): Promise<void> {
  const started = Date.now();
  const cpu = cpus();
  console.log(
    `API benchmark ${new Date().toISOString().slice(0, 10)}: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, node ${process.version}; ${CONNECTIONS} connections, ${SECONDS} s per target (after ${WARMUP_SECONDS} s warm-up), autocannon in a worker thread`,
  );
  const rows: Row[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  try {
    // PGlite: a fresh folder, migrated and seeded.
    const folder = mkdtempSync(join(tmpdir(), 'chain-bench-'));
    cleanups.push(async () => rmSync(folder, { recursive: true, force: true }));
    const pglite = await startApp(await openDatabase({ kind: 'pglite', dataDir: folder }));
    const closePglite = once(() => pglite.app.close());
    cleanups.unshift(closePglite);
    const appTargets = (origin: string, database: string): Target[] => [
      {
        name: 'POST menu',
        database,
        method: 'POST',
        url: `${origin}/api/v2/restoran/menu`,
        body: MENU_BODY,
        bare: 'bare (menu bytes)',
      },
      {
        name: 'POST menu, br',
        database,
        method: 'POST',
        url: `${origin}/api/v2/restoran/menu`,
        body: MENU_BODY,
        brotli: true,
        bare: 'bare (menu, br)',
      },
      {
        name: 'GET restaurant list',
        database,
        method: 'GET',
        url: `${origin}/api/v2/restoran/list`,
        bare: 'bare (list bytes)',
      },
    ];
    const pgliteTargets = appTargets(pglite.origin, 'PGlite');
    const menuTarget = pgliteTargets.find((target) => target.name === 'POST menu');
    const listTarget = pgliteTargets.find((target) => target.name === 'GET restaurant list');
    if (!menuTarget || !listTarget) throw new Error('no targets');
    const pgliteOrderTargets = orderTargets(pglite.origin, 'PGlite', pglite.guest, pglite.orderPool);
    const [createTarget, , checkTarget] = pgliteOrderTargets;
    if (!createTarget || !checkTarget) throw new Error('no order targets');
    const answers = {
      menu: await fetchText(menuTarget),
      list: await fetchText(listTarget),
      order: await fetchText(createTarget),
      check: await fetchText(checkTarget),
    };
    const bare = await startBare(answers);
    cleanups.unshift(once(() => bare.app.close()));
    const measure = async (target: Target) => {
      if (ONLY && target.database !== '—' && !ONLY.test(target.name)) return;
      const row = await run(target);
      rows.push(row);
      console.log(`  ${target.name} on ${target.database}: ${Math.round(row.rps)} req/s, p99 ${row.p99} ms`);
    };

    await measure({
      name: 'bare (menu bytes)',
      database: '—',
      method: 'POST',
      url: `${bare.origin}/bare/menu`,
      body: MENU_BODY,
    });
    await measure({
      name: 'bare (menu, br)',
      database: '—',
      method: 'POST',
      url: `${bare.origin}/bare/menu-br`,
      body: MENU_BODY,
      brotli: true,
    });
    await measure({ name: 'bare (list bytes)', database: '—', method: 'GET', url: `${bare.origin}/bare/list` });
    await measure({
      name: 'bare (order bytes)',
      database: '—',
      method: 'POST',
      url: `${bare.origin}/bare/order`,
      body: orderBody(pglite.guest),
    });
    await measure({ name: 'bare (check bytes)', database: '—', method: 'GET', url: `${bare.origin}/bare/check` });
    for (const target of [...pgliteTargets, ...pgliteOrderTargets]) await measure(target);
    await closePglite();

    // PostgreSQL, when it answers: a throw-away database.
    const name = `chain_bench_${randomBytes(4).toString('hex')}`;
    let postgres: DatabaseHandle | undefined;
    try {
      await adminQuery(`create database "${name}"`);
      cleanups.push(() => adminQuery(`drop database if exists "${name}" with (force)`));
      postgres = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(name),
        poolSize: Number(process.env.BENCH_POOL_SIZE ?? 10),
      });
    } catch (error) {
      console.log(`  PostgreSQL skipped: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (postgres) {
      const served = await startApp(postgres);
      cleanups.unshift(once(() => served.app.close()));
      const targets = appTargets(served.origin, 'PostgreSQL');
      if ((await fetchText({ ...menuTarget, url: `${served.origin}/api/v2/restoran/menu` })) !== answers.menu) {
        throw new Error('PostgreSQL answers another menu than PGlite');
      }
      for (const target of [...targets, ...orderTargets(served.origin, 'PostgreSQL', served.guest, served.orderPool)])
        await measure(target);
    }
  } finally {
    for (const cleanup of cleanups) await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
  }
  console.log('');
  printTable(rows);
  console.log(`\nTotal ${((Date.now() - started) / 1000).toFixed(0)} s.`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
