import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer } from '../build';
import { createPglite, openDatabase } from '../src/db/client';
import { SERVER_ROOT } from '../src/paths';
import { freePort } from './support/free-port';

// Issue 32, decision 056: the server built as JavaScript runs under plain node, and a server
// without SANDBOX=1 never loads the sandbox's modules — not merely leaves them unused.

/** A build folder directly inside apps/server, as dist/ is (src/paths.ts resolves from there). */
const OUTDIR = join(SERVER_ROOT, `.build-test-${randomBytes(4).toString('hex')}`);
const ENTRY = 'apps/server/src/server.ts';
/** What only the sandbox and the demo data use: never reached by the server's static imports. */
const ON_DEMAND = /^apps\/server\/src\/(sandbox\/|seed\/|modules\/staff\/demo\.ts$)/;

/** Production's variables: every provider's key, and neither SANDBOX nor DEMO_DATA. */
const PRODUCTION_KEYS = {
  AUTH_SECRET: 'x'.repeat(32),
  SMSRU_API_ID: 'id',
  MAIL_API_KEY: 'key',
  MAIL_DOMAIN: 'mg.chain.test',
  PUBLIC_ORIGIN: 'https://order.chain.test',
  ACQUIRING_USERNAME: 'chain-api',
  ACQUIRING_PASSWORD: 'secret',
  ACQUIRING_CALLBACK_SECRET: 'c'.repeat(32),
  MAP_TILES_URL: 'https://tiles.chain.test/{z}/{x}/{y}.png',
  GEOCODER_URL: 'https://photon.chain.test',
};

/** The output files the entry loads through static imports, followed transitively. */
function staticallyLoaded(metafile: Metafile): Set<string> {
  const entry = Object.keys(metafile.outputs).find((file) => metafile.outputs[file]?.entryPoint === ENTRY);
  const loaded = new Set<string>();
  const next = entry ? [entry] : [];
  for (let file = next.pop(); file !== undefined; file = next.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    for (const imported of metafile.outputs[file]?.imports ?? []) {
      if (imported.kind === 'import-statement' && imported.path in metafile.outputs) next.push(imported.path);
    }
  }
  return loaded;
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built server under plain node (no loader); `whileReady` talks to it before SIGTERM. */
function runBuilt(env: Record<string, string>, whileReady?: () => Promise<void>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(OUTDIR, 'server.js')], {
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', HOST: '127.0.0.1', SHUTDOWN_READY_DELAY_MS: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let ready = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!ready && whileReady && stdout.includes('ready on')) {
        ready = true;
        whileReady().then(
          () => child.kill('SIGTERM'),
          (error: unknown) => {
            child.kill('SIGKILL');
            reject(error instanceof Error ? error : new Error(String(error)));
          },
        );
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('the built server (decision 056)', () => {
  let metafile: Metafile;
  beforeAll(async () => {
    metafile = await buildServer(OUTDIR);
  }, 60_000);
  afterAll(() => rmSync(OUTDIR, { recursive: true, force: true }));

  it('bundles the sandbox and the demo data into chunks the server imports only when they are on', () => {
    const inputs = Object.keys(metafile.inputs);
    const sandboxSources = readdirSync(join(SERVER_ROOT, 'src/sandbox')).filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
    );
    expect(sandboxSources.length).toBeGreaterThan(0);
    for (const file of sandboxSources) expect(inputs).toContain(`apps/server/src/sandbox/${file}`);
    const loaded = staticallyLoaded(metafile);
    expect(loaded.size).toBeGreaterThan(0);
    const reached = [...loaded]
      .flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}))
      .filter((input) => ON_DEMAND.test(input));
    expect(reached).toEqual([]);
    // The workspace packages are inside the bundle; npm packages stay in node_modules.
    expect(inputs.some((input) => input.startsWith('packages/contract/src/'))).toBe(true);
    expect(inputs.some((input) => input.includes('node_modules/'))).toBe(false);
  });

  it("refuses to start with neither SANDBOX nor the providers' keys, in one line naming them", async () => {
    const run = await runBuilt({});
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: SANDBOX is off, so the real providers need AUTH_SECRET, SMSRU_API_ID, MAIL_API_KEY, MAIL_DOMAIN, PUBLIC_ORIGIN, ACQUIRING_USERNAME, ACQUIRING_PASSWORD, ACQUIRING_CALLBACK_SECRET, YANDEX_MAPS_KEY or MAP_TILES_URL, GEOCODER_URL (GEOCODER is photon) (not set); set them, or SANDBOX=1 for the test mode (docs/sandbox.md)',
    ]);
  });

  it("runs under plain node without SANDBOX with the sandbox's and the demo data's chunks deleted: no /sandbox/ route, the API serves", async () => {
    const onDemand = Object.entries(metafile.outputs)
      .filter(([, output]) => Object.keys(output.inputs).some((input) => ON_DEMAND.test(input)))
      .map(([file]) => file);
    expect(onDemand.length).toBeGreaterThan(0);
    for (const file of onDemand) rmSync(join(SERVER_ROOT, relative('apps/server', file)));
    // A data folder migrated ahead (the run's template), so the start is the server's alone.
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-built-'));
    await (
      await openDatabase({
        kind: 'pglite',
        instance: await createPglite(dataDir, new Blob([readFileSync(inject('pgliteTemplate'))])),
      })
    ).close();
    const port = await freePort();
    const metricsPort = await freePort();
    const metricsToken = 'metrics-token-of-the-built-server';
    const answers: Record<string, number> = {};
    try {
      const env = {
        ...PRODUCTION_KEYS,
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST: join(dataDir, 'no-web'),
        METRICS_TOKEN: metricsToken,
        METRICS_LISTEN: `127.0.0.1:${metricsPort}`,
      };
      const run = await runBuilt(env, async () => {
        for (const path of ['/api/health', '/api/v2/restoran/list', '/sandbox/outbox', '/sandbox/tiles/1/0/0.png']) {
          answers[path] = (await fetch(`http://127.0.0.1:${port}${path}`)).status;
        }
        // /metrics on its own address (METRICS_LISTEN), started with the server.
        answers['metrics'] = (
          await fetch(`http://127.0.0.1:${metricsPort}/metrics`, {
            headers: { authorization: `Bearer ${metricsToken}` },
          })
        ).status;
      });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(answers).toEqual({
        '/api/health': 200,
        '/api/v2/restoran/list': 200,
        '/sandbox/outbox': 404,
        '/sandbox/tiles/1/0/0.png': 404,
        metrics: 200,
      });
      const first = JSON.parse(run.stdout.split('\n')[0] ?? '') as { msg: string };
      expect(first.msg).toBe('sandbox off: real providers; demo data off');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
