/**
 * `npm run bench:scale` (issue 17): the mixed load through HAProxy in front of two server
 * instances on one PostgreSQL — menu reads, order creation, payment checks — each measured alone
 * (throughput and p99) beside a bare Fastify route behind the same balancer, first with no live
 * connections and then with BENCH_STREAMS (default 2 000: 1 000 per instance) idle Server-Sent
 * Events streams held open. The ratios to the bare route, and the p99 with the streams against
 * without, are the figures to read (machines are shared and noisy). Not part of `npm test`.
 *
 * Environment: BENCH_SECONDS (default 8 per call), BENCH_CONNECTIONS (default 20), BENCH_STREAMS.
 */
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import autocannon, { type Options, type RequestShape } from 'autocannon';
import Fastify from 'fastify';
import { openDatabase } from '../../apps/server/src/db/client';
import { DEMO_RESTAURANTS } from '../../apps/server/src/seed/demo-chain';
import { insertTestOrder } from '../../apps/server/test/support/orders';
import { signedInUser } from '../../apps/server/test/support/users';
import { missingPrerequisite, startCluster } from './cluster';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 2000);
const KURSKY = DEMO_RESTAURANTS.find((restaurant) => restaurant.id === 5)!;

interface Figure {
  call: string;
  rps: number;
  p99: number;
  failures: number;
}

type Requests = NonNullable<Options['requests']>;

async function measure(call: string, url: string, requests: Requests): Promise<Figure> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, requests });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, requests });
  return {
    call,
    rps: result.requests.average,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Opens `count` idle menu-events streams through the balancer from a process of its own (hold-streams.ts). */
async function holdStreams(
  url: string,
  count: number,
): Promise<{ perInstance: Record<string, number>; close: () => void }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./hold-streams.ts', import.meta.url)), url, String(count)],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    child.once('exit', (code) => reject(new Error(`hold-streams exited with ${code}`)));
  });
  return { perInstance: JSON.parse(line) as Record<string, number>, close: () => child.kill('SIGTERM') };
}

async function main(): Promise<void> {
  const missing = await missingPrerequisite();
  if (missing) {
    console.error(`bench:scale cannot run: ${missing}`);
    process.exit(1);
  }
  const bare = Fastify({ logger: false });
  bare.get('/bare', async () => ({ ok: true }));
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const address = bare.server.address();
  if (!address || typeof address !== 'object') throw new Error('bare server not listening');
  const cluster = await startCluster({ barePort: address.port, env: { LOG_LEVEL: 'error' } });
  const database = await openDatabase({ kind: 'postgres', url: cluster.databaseUrl, poolSize: 3 });
  try {
    const guests = await Promise.all(Array.from({ length: 400 }, () => signedInUser(database)));
    const owner = guests[0]!;
    const checked = await insertTestOrder(database, { userId: owner.id, restaurantId: 5 });
    let serial = 0;
    const menu: Requests = [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ver: 4, order_type: 'self', fs_uid: KURSKY.fsUid }),
      },
    ];
    const orders: Requests = [
      {
        method: 'POST',
        setupRequest: (request: RequestShape) => {
          serial += 1;
          const guest = guests[serial % guests.length]!;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'x-forwarded-for': `10.8.${Math.floor(serial / 250) % 250}.${(serial % 250) + 1}`,
            },
            body: JSON.stringify({
              source: 'web',
              v: 3,
              user: { id: guest.id, password: guest.token },
              cart: [{ item: 101, cnt: 1 }],
              order: { type: 'self' },
              restoran: 5,
              idempotency_key: `bench-${process.pid}-${serial}`,
            }),
          };
        },
      },
    ];
    const check: Requests = [
      {
        method: 'GET',
        path: `/api/v1/order/payment/check/${checked.id}`,
        headers: { authorization: `Bearer ${owner.token}` },
      },
    ];

    const round = async (label: string) => {
      const figures = [
        await measure('bare route', `${cluster.bareUrl}/bare`, [{ method: 'GET' }]),
        await measure('menu (POST /api/v2/restoran/menu)', `${cluster.url}/api/v2/restoran/menu`, menu),
        await measure('order create (POST /api/v2/order/create)', `${cluster.url}/api/v2/order/create`, orders),
        await measure(
          'payment check (GET /api/v1/order/payment/check/{id})',
          `${cluster.url}/api/v1/order/payment/check/${checked.id}`,
          check,
        ),
      ];
      return { label, figures };
    };

    const quiet = await round('no live connections');
    const streams = await holdStreams(cluster.url, STREAMS);
    const held = await round(`${STREAMS} idle live connections held`);
    streams.close();

    console.log(
      `\nbench:scale — ${new Date().toISOString()} — ${cpus().length} cores, HAProxy → 2 instances → PostgreSQL, ${CONNECTIONS} connections, ${SECONDS} s per call`,
    );
    console.log(`idle streams held: ${JSON.stringify(streams.perInstance)}`);
    const bareQuiet = quiet.figures[0]!;
    const bareHeld = held.figures[0]!;
    console.log(
      '\n| call | rps (no streams) | p99 ms | rps ÷ bare | rps (streams held) | p99 ms | rps ÷ bare | p99 held ÷ p99 quiet | failures |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const [index, figure] of quiet.figures.entries()) {
      const other = held.figures[index]!;
      console.log(
        `| ${figure.call} | ${figure.rps.toFixed(0)} | ${figure.p99} | ${(figure.rps / bareQuiet.rps).toFixed(2)} | ${other.rps.toFixed(0)} | ${other.p99} | ${(other.rps / bareHeld.rps).toFixed(2)} | ${(other.p99 / Math.max(1, figure.p99)).toFixed(2)} | ${figure.failures + other.failures} |`,
      );
    }
  } finally {
    await database.close();
    await cluster.stop();
    await bare.close();
  }
}

await main();
