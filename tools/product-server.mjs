// Starts the product as `npm start` does (the built web app and the built server, run by plain
// node, with SANDBOX=1 and DEMO_DATA=1) for a tool that drives it from outside: the end-to-end
// journeys and the Lighthouse measurement. Both run `npm run build` first (decision 056).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../', import.meta.url));
const HEALTHY_WITHIN_MS = 60_000;

/** A TCP port free on loopback right now. */
export async function freePort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(() => resolve()));
  if (typeof address !== 'object' || !address) throw new Error('no free port');
  return address.port;
}

/**
 * The server on a free loopback port with a fresh data folder and photo cache (named from
 * `dataPrefix`) and the sandbox, once /api/health answers (within 60 s, or it is stopped and this
 * throws). `env` adds to the environment. `stop()` ends it and removes both folders.
 */
export async function startProduct({ dataPrefix, env = {} }) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), dataPrefix));
  // The menu photos' renditions (decision 034) made afresh for this run, and removed with it.
  const photoCacheDir = mkdtempSync(join(tmpdir(), `${dataPrefix}photos-`));
  const built = join(REPO, 'apps/server/dist/server.js');
  if (!existsSync(built)) throw new Error('the server is not built: run `npm run build` first');
  const server = spawn(process.execPath, [built], {
    cwd: REPO,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PHOTO_CACHE_DIR: photoCacheDir,
      SANDBOX: '1',
      DEMO_DATA: '1',
      LOG_LEVEL: 'warn',
      SHUTDOWN_READY_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) =>
      server.exitCode === null && server.signalCode === null ? server.once('exit', resolve) : resolve(undefined),
    );
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(photoCacheDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + HEALTHY_WITHIN_MS;
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
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
