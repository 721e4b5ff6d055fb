import { spawn } from 'node:child_process';
import { Agent, get, request as httpRequest, type IncomingMessage } from 'node:http';
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

/**
 * Starts the real server process; `whileRunning` may talk to it before it is stopped with SIGTERM
 * (or send the SIGTERM itself with `sigterm`, and go on talking to it while it drains).
 */
function runServer(
  env: Record<string, string>,
  whileRunning?: (port: number, sigterm: () => void) => Promise<void>,
  port = 0,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', LOG_LEVEL: 'info', ...SANDBOX_ENV, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    let signalled = false;
    const sigterm = () => {
      if (signalled) return;
      signalled = true;
      child.kill('SIGTERM');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (!started && whileRunning && stdout.includes('ready on')) {
        started = true;
        whileRunning(port, sigterm).then(sigterm, (error: unknown) => {
          child.kill('SIGKILL');
          reject(error instanceof Error ? error : new Error(String(error)));
        });
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
    expect(run.stderr).toMatch(
      /^Cannot start: database at postgres:\/\/app:\*\*\*@127\.0\.0\.1:\d+\/chain: database unreachable/,
    );
    expect(run.stderr).not.toContain('secret');
  });

  it('creates and migrates a new data folder, serves, and shuts down gracefully on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-start-'));
    const port = await freePort();
    let health: unknown;
    try {
      const run = await runServer(
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST: join(dataDir, 'no-web'),
          SHUTDOWN_READY_DELAY_MS: '0',
        },
        async () => {
          health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
        },
        port,
      );
      expect(health).toMatchObject({ status: 'ok', database: { driver: 'pglite', state: 'up' } });
      expect(run.code).toBe(0);
      const lines = run.stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { msg: string; reqId?: string });
      expect(lines.some((line) => line.msg === 'shutting down: finishing requests in flight')).toBe(true);
      expect(lines.some((line) => typeof line.reqId === 'string')).toBe(true);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('on SIGTERM answers readiness 503 for SHUTDOWN_READY_DELAY_MS while it still serves, then drains and exits 0 (issue 32)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-drain-'));
    const port = await freePort();
    const delayMs = 2000;
    const seen: Array<{ ready: number; health: number; settings: number; at: number }> = [];
    let readyBefore = 0;
    let signalledAt = 0;
    let streamEnded: Promise<number> = Promise.resolve(-1);
    let connectionDuring = '';
    let lateAnswer: Promise<{ status: number; connection: string }> = Promise.resolve({ status: 0, connection: '' });
    try {
      const run = await runServer(
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          WEB_DIST: join(dataDir, 'no-web'),
          SHUTDOWN_READY_DELAY_MS: String(delayMs),
        },
        async (_port, sigterm) => {
          const base = `http://127.0.0.1:${port}`;
          readyBefore = (await fetch(`${base}/api/health/ready`)).status;
          // Keep-alive connections as a balancer holds them: a live stream open through the
          // shutdown, and one idle between requests. Neither may hold the exit.
          const agent = new Agent({ keepAlive: true });
          const open = (path: string) =>
            new Promise<IncomingMessage>((resolve, reject) =>
              get({ host: '127.0.0.1', port, path, agent }, resolve).on('error', reject),
            );
          const stream = await open('/api/v1/menu/events');
          stream.on('data', () => undefined);
          streamEnded = new Promise((resolve) => stream.once('end', () => resolve(Date.now() - signalledAt)));
          (await open('/api/health/live')).resume();
          // A request in flight when the server stops taking connections: its body comes late.
          const body = JSON.stringify({ ver: 4, order_type: 'self', fs_uid: 'none' });
          const late = httpRequest({
            host: '127.0.0.1',
            port,
            path: '/api/v2/restoran/menu',
            method: 'POST',
            agent,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          });
          lateAnswer = new Promise((resolve, reject) => {
            late.on('response', (response) => {
              response.resume();
              resolve({ status: response.statusCode ?? 0, connection: String(response.headers.connection) });
            });
            late.on('error', reject);
          });
          late.write(body.slice(0, 10));
          signalledAt = Date.now();
          sigterm();
          // Once it drains (the signal takes a moment to arrive), an answer closes its connection.
          while ((await fetch(`${base}/api/health/ready`)).status !== 503)
            await new Promise((resolve) => setTimeout(resolve, 20));
          const during = await open('/settings.php');
          during.resume();
          connectionDuring = String(during.headers.connection);
          setTimeout(() => late.end(body.slice(10)), delayMs + 300);
          // Asked through the wait, as a balancer and guests would.
          while (Date.now() - signalledAt < delayMs - 700) {
            const [ready, health, settings] = await Promise.all(
              [`${base}/api/health/ready`, `${base}/api/health`, `${base}/settings.php`].map(
                async (url) => (await fetch(url)).status,
              ),
            );
            seen.push({ ready: ready!, health: health!, settings: settings!, at: Date.now() - signalledAt });
            await new Promise((resolve) => setTimeout(resolve, 100));
          }
        },
        port,
      );
      const exitedAfter = Date.now() - signalledAt;
      expect(readyBefore).toBe(200);
      expect(seen.length).toBeGreaterThan(3);
      // Out of the balancer at once, and every request still answered during the wait.
      expect(seen.every((row) => row.ready === 503 && row.health === 200 && row.settings === 200)).toBe(true);
      expect(run.code).toBe(0);
      expect(exitedAfter).toBeGreaterThanOrEqual(delayMs);
      // The live stream ended when the server closed, and nothing held the exit (the forced one
      // comes after SHUTDOWN_TIMEOUT_MS, 10 s, with status 1).
      expect(await streamEnded).toBeGreaterThanOrEqual(delayMs);
      expect(exitedAfter).toBeLessThan(delayMs + 5000);
      expect(connectionDuring).toBe('close');
      // The request in flight was answered, not cut, and its connection closed with it.
      expect(await lateAnswer).toMatchObject({ connection: 'close' });
      expect((await lateAnswer).status).toBeLessThan(500);
      const messages = run.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages.indexOf('draining: readiness answers 503, requests still served')).toBeGreaterThan(-1);
      expect(messages.indexOf('shutting down: finishing requests in flight')).toBeGreaterThan(
        messages.indexOf('draining: readiness answers 503, requests still served'),
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
