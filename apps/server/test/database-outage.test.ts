import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { testConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { admin, ADMIN_URL, dropDatabase } from './support/postgres';
import { TcpProxy } from './support/tcp-proxy';

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

// Losing the database is a PostgreSQL matter: PGlite lives inside the process.
describe.skipIf(!inject('postgresTemplate'))('losing PostgreSQL while running, and getting it back', () => {
  const proxy = new TcpProxy(new URL(ADMIN_URL).hostname, Number(new URL(ADMIN_URL).port || 5432));
  const name = `chain_t_${randomBytes(6).toString('hex')}`;
  let app: FastifyInstance;

  beforeAll(async () => {
    await admin((client) => client.query(`create database "${name}" template "${inject('postgresTemplate') ?? ''}"`));
    const port = await proxy.start();
    const url = new URL(ADMIN_URL);
    url.port = String(port);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 3, connectTimeoutMs: 1000 });
    app = await buildApp(testConfig(), { database });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await proxy.cut();
    await dropDatabase(name);
  });

  it('answers 503 while the database is gone and recovers on its own when it returns', async () => {
    expect((await app.inject({ method: 'GET', url: '/settings.php' })).statusCode).toBe(200);

    await proxy.cut();
    const during = await app.inject({ method: 'GET', url: '/settings.php' });
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({ success: false, error: 'unavailable', message: 'Сервис временно недоступен. Попробуйте позже.' });

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: { state: 'down' } });
    // While down, API calls are refused at once instead of waiting for a connection.
    const started = Date.now();
    expect((await app.inject({ method: 'GET', url: '/settings.php' })).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(500);

    await proxy.restore();
    const recovered = await until(async () => (await app.inject({ method: 'GET', url: '/settings.php' })).statusCode === 200, 10_000);
    expect(recovered).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ status: 'ok', database: { state: 'up' } });
  });
});
