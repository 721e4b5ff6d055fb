import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HAPROXY, missingHaproxy } from '../../tools/haproxy.mjs';
import { freePort } from '../../apps/server/test/support/free-port';
import {
  admin,
  databaseUrl,
  dropDatabase,
  postgresReachable,
  ADMIN_URL,
} from '../../apps/server/test/support/postgres';

// Two server instances on one PostgreSQL behind HAProxy, as production scales past one machine
// (docs/load-balancer.md): the harness of the scale-out test and of the mixed-load benchmark.

const REPO = fileURLToPath(new URL('../../', import.meta.url));
/**
 * Why the scale layer cannot run here, or null when it can: HAProxy from Debian's packages
 * (installed with apt-get when missing and we run as root) and PostgreSQL at 127.0.0.1:5432.
 */
export async function missingPrerequisite(): Promise<string | null> {
  const haproxy = missingHaproxy();
  if (haproxy) return haproxy;
  if (!(await postgresReachable())) return `PostgreSQL does not answer at ${ADMIN_URL}`;
  return null;
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
}

export interface Cluster {
  /** The balancer's address: what guests and staff reach. */
  url: string;
  /** The balancer's address in front of the bare server, when one was given (the benchmark's baseline). */
  bareUrl: string | null;
  databaseUrl: string;
  instances: Instance[];
  /** Kills an instance at once (SIGKILL), as a crashed machine. */
  kill(name: string): void;
  /**
   * A deploy of one instance: SIGTERM, wait for it to exit, start it again on its port and wait
   * until the balancer sends it requests. Returns how long it was stopping and how long out.
   */
  restart(name: string): Promise<{ stoppingMs: number; outMs: number; exitCode: number | null }>;
  /** The balancer's own count of requests it sent again (to the same or another instance) so far. */
  balancerRetries(): Promise<{ retries: number; redispatches: number }>;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, withinMs: number): Promise<void> {
  const until = Date.now() + withinMs;
  for (;;) {
    try {
      const response = await fetch(`${url}/api/health/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > until) throw new Error(`${url} did not become healthy within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function startInstance(name: string, port: number, database: string, env: Record<string, string>): Instance {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'apps/server/src/server.ts')], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database,
      SANDBOX: '1',
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      // HAProxy on loopback is the one proxy in front (docs/load-balancer.md).
      TRUST_PROXY: 'loopback',
      // The sandbox kitchen would move orders on its own; the test moves them itself.
      KITCHEN_STEP_SECONDS: '86400',
      // Stopped at the end of a run: no balancer to wait for unless a test says so.
      SHUTDOWN_READY_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { name, port, url: `http://127.0.0.1:${port}`, process: child };
}

function haproxyConfig(
  port: number,
  instances: Instance[],
  bare: { port: number; target: number } | null,
  statsSocket: string,
): string {
  const bareSection = bare
    ? [
        'frontend bare',
        `  bind 127.0.0.1:${bare.port}`,
        '  option forwardfor',
        '  default_backend bare',
        'backend bare',
        `  server bare 127.0.0.1:${bare.target}`,
      ]
    : [];
  return [
    'global',
    '  maxconn 9000',
    `  stats socket ${statsSocket} mode 600 level user`,
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    // Server-Sent Events stay open: an hour between bytes at most (the server sends keep-alives).
    '  timeout tunnel 1h',
    '  option redispatch',
    '  retries 3',
    // A request that never reached an instance, or found it gone, goes to the other: order
    // creation carries an idempotency key, so a retry is the same order.
    '  retry-on conn-failure empty-response',
    'frontend www',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    '  default_backend app',
    'backend app',
    '  balance roundrobin',
    // Readiness: 503 as soon as an instance is told to stop (SIGTERM) or loses its database.
    '  option httpchk GET /api/health/ready',
    '  http-check expect status 200',
    '  default-server inter 300ms fall 2 rise 2',
    // Which instance answered: for the test to know where a stream is held.
    '  http-response set-header X-Served-By %s',
    ...instances.map((instance) => `  server ${instance.name} 127.0.0.1:${instance.port} check`),
    ...bareSection,
    '',
  ].join('\n');
}

/**
 * A fresh database on the local PostgreSQL, instance A started first (it migrates and loads
 * the demo chain), then B, then HAProxy in front of both once both answer.
 */
export async function startCluster(
  options: { env?: Record<string, string>; barePort?: number } = {},
): Promise<Cluster> {
  const name = `chain_scale_${process.pid}_${Date.now()}`;
  await admin((client) => client.query(`create database "${name}"`));
  const database = databaseUrl(name);
  const folder = mkdtempSync(join(tmpdir(), 'chain-scale-'));
  const instances: Instance[] = [];
  let balancer: ChildProcess | undefined;
  const stop = async () => {
    balancer?.kill('SIGTERM');
    await Promise.all(
      instances.map(async (instance) => {
        if (instance.process.exitCode !== null || instance.process.signalCode !== null) return;
        instance.process.kill('SIGTERM');
        await new Promise((resolve) => instance.process.once('exit', resolve));
      }),
    );
    rmSync(folder, { recursive: true, force: true });
    await dropDatabase(name);
  };
  try {
    const env = options.env ?? {};
    const a = startInstance('a', await freePort(), database, env);
    instances.push(a);
    await waitHealthy(a.url, 90_000);
    const b = startInstance('b', await freePort(), database, env);
    instances.push(b);
    await waitHealthy(b.url, 90_000);
    const port = await freePort();
    const bare = options.barePort === undefined ? null : { port: await freePort(), target: options.barePort };
    const config = join(folder, 'haproxy.cfg');
    const statsSocket = join(folder, 'haproxy.sock');
    writeFileSync(config, haproxyConfig(port, instances, bare, statsSocket));
    balancer = spawn(HAPROXY, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'inherit'] });
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(url, 10_000);
    return {
      url,
      bareUrl: bare ? `http://127.0.0.1:${bare.port}` : null,
      databaseUrl: database,
      instances,
      balancerRetries: async () => {
        const csv = await new Promise<string>((resolve, reject) => {
          let text = '';
          const socket = connect(statsSocket, () => socket.write('show stat\n'));
          socket.on('data', (chunk) => (text += chunk.toString()));
          socket.on('end', () => resolve(text));
          socket.on('error', reject);
        });
        const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
        const columns = (header ?? '').split(',');
        const backend =
          rows.map((row) => row.split(',')).find((cells) => cells[0] === 'app' && cells[1] === 'BACKEND') ?? [];
        const value = (name: string) => Number(backend[columns.indexOf(name)] || 0);
        return { retries: value('wretr'), redispatches: value('wredis') };
      },
      kill: (which) => instances.find((instance) => instance.name === which)?.process.kill('SIGKILL'),
      restart: async (which) => {
        const index = instances.findIndex((instance) => instance.name === which);
        const old = instances[index]!;
        const began = Date.now();
        const exited = new Promise<number | null>((resolve) => old.process.once('exit', (code) => resolve(code)));
        old.process.kill('SIGTERM');
        const exitCode = await exited;
        const stoppingMs = Date.now() - began;
        const fresh = startInstance(which, old.port, database, env);
        instances[index] = fresh;
        await waitHealthy(fresh.url, 90_000);
        // In the balancer again: it answered a request through it.
        for (let served = false; !served;) {
          const response = await fetch(`${url}/api/health/live`);
          await response.arrayBuffer();
          served = response.headers.get('x-served-by') === which;
          if (Date.now() - began > 120_000) throw new Error(`the balancer did not take ${which} back`);
          if (!served) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return { stoppingMs, outMs: Date.now() - began, exitCode };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
