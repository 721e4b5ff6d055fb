import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const REPO = fileURLToPath(new URL('../../', import.meta.url));

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/** Starts the product as `npm start` does (built app, demo data, sandbox) on a free port and a fresh data folder. */
export default async function setup(project: TestProject) {
  if (!existsSync(join(REPO, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run test:e2e does).');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'chain-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(REPO, 'apps/server/src/server.ts')], {
    cwd: REPO,
    // TRUST_PROXY: the test runner on loopback is the one proxy in front, so the guests it signs
    // in through the API come from the addresses it forwards for them (support/api.ts).
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SANDBOX: '1', LOG_LEVEL: 'warn', TRUST_PROXY: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode} during start-up`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  project.provide('baseUrl', baseUrl);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
