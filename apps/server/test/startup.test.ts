import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SANDBOX_ENV } from '../src/config';
import { freePort } from './support/free-port';

const SERVER = fileURLToPath(new URL('../src/server.ts', import.meta.url));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Starts the real server process; `whileRunning` may talk to it before it is stopped with SIGTERM. */
function runServer(env: Record<string, string>, whileRunning?: (port: number) => Promise<void>, port = 0): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...SANDBOX_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!started && whileRunning && stdout.includes('ready on')) {
        started = true;
        whileRunning(port).then(
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

describe('starting the server', () => {
  it('stops with one line naming a malformed variable', async () => {
    const run = await runServer({ PORT: 'eighty' });
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual(['Invalid configuration: PORT must be a port number (got "eighty")']);
  });

  it('names the variable without echoing a value that may hold a password', async () => {
    const run = await runServer({ DATABASE_URL: 'mysql://user:secret@db/x' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('DATABASE_URL');
    expect(run.stderr).not.toContain('secret');
  });

  it('exits non-zero with a clear error when the database is unreachable', async () => {
    const closed = await freePort();
    const run = await runServer({ DATABASE_URL: `postgres://app:secret@127.0.0.1:${closed}/chain` });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^Cannot start: database at postgres:\/\/app:\*\*\*@127\.0\.0\.1:\d+\/chain: database unreachable/);
    expect(run.stderr).not.toContain('secret');
  });

  it('creates and migrates a new data folder, serves, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-start-'));
    const port = await freePort();
    let health: unknown;
    try {
      const run = await runServer(
        { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: join(dataDir, 'no-web') },
        async () => {
          health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
        },
        port,
      );
      expect(health).toMatchObject({ status: 'ok', database: { driver: 'pglite', state: 'up' } });
      expect(run.code).toBe(0);
      const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { msg: string; reqId?: string });
      expect(lines.some((line) => line.msg === 'shutting down: finishing requests in flight')).toBe(true);
      expect(lines.some((line) => typeof line.reqId === 'string')).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
