import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { testConfig, type DatabaseTimeouts } from '../src/config';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { admin, ADMIN_URL, dropDatabase } from './support/postgres';
import { postgresTemplateCopy } from './support/build';
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
    const database = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      poolSize: 3,
      timeouts: { ...testConfig().databaseTimeouts, connectMs: 1000 },
    });
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
    expect(during.json()).toMatchObject({
      success: false,
      error: 'unavailable',
      message: 'Сервис временно недоступен. Попробуйте позже.',
    });

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ status: 'degraded', database: { state: 'down' } });
    // While down, API calls are refused at once instead of waiting for a connection.
    const started = Date.now();
    expect((await app.inject({ method: 'GET', url: '/settings.php' })).statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(500);

    await proxy.restore();
    const recovered = await until(
      async () => (await app.inject({ method: 'GET', url: '/settings.php' })).statusCode === 200,
      10_000,
    );
    expect(recovered).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      database: { state: 'up' },
    });
  });
});

// Issue 11.11: PostgreSQL stopped by SIGSTOP kept every call in flight hanging as long as it was
// stopped. The proxy freezes the "database" the same way: connections stay open, nothing moves.
describe.skipIf(!inject('postgresTemplate'))('a frozen PostgreSQL (issue 11.11)', () => {
  const proxy = new TcpProxy(new URL(ADMIN_URL).hostname, Number(new URL(ADMIN_URL).port || 5432));
  const config = testConfig();
  let app: FastifyInstance;
  let name: string;

  beforeAll(async () => {
    const copy = await postgresTemplateCopy(proxy);
    name = copy.name;
    const database = await openDatabase({
      kind: 'postgres',
      url: copy.url,
      poolSize: 4,
      timeouts: config.databaseTimeouts,
    });
    app = await buildApp(config, { database });
    // A call that is inside a transaction when the database freezes.
    app.get('/api/test/transaction', async () => {
      await app.db.transaction().execute(async (trx) => {
        await sql`select pg_sleep(0.3)`.execute(trx);
        await sql`select 1`.execute(trx);
      });
      return { success: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    proxy.thaw();
    await app.close();
    await proxy.cut();
    await dropDatabase(name);
  });

  const timed = async (url: string) => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url });
    return { res, ms: Date.now() - started };
  };
  const expect503Within5s = ({ res, ms }: { res: LightMyRequestResponse; ms: number }, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
    expect(res.json(), what).toMatchObject({
      success: false,
      error: 'unavailable',
      message: 'Сервис временно недоступен. Попробуйте позже.',
    });
    expect(res.headers['retry-after'], what).toBe('5');
    expect(ms, what).toBeLessThan(5000);
  };

  it('answers 503 within 5 s to calls in flight and to new ones, and serves again by itself after the thaw', async () => {
    expect((await app.inject({ method: 'GET', url: '/settings.php' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/test/transaction' })).statusCode).toBe(200);

    const inTransaction = timed('/api/test/transaction');
    await new Promise((resolve) => setTimeout(resolve, 100));
    proxy.freeze();
    // Sent to the database after it froze, before anyone noticed: in flight too.
    const inFlight = [
      timed('/settings.php'),
      timed('/api/v2/restoran/list'),
      timed('/settings.php'),
      timed('/api/v2/restoran/list'),
      timed('/settings.php'),
    ];
    expect503Within5s(await inTransaction, 'a call inside a transaction');
    for (const [index, call] of (await Promise.all(inFlight)).entries())
      expect503Within5s(call, `call ${index} in flight`);

    // Noticed: new calls are refused at once, and health says so.
    expect503Within5s(await timed('/settings.php'), 'a new call');
    const health = await timed('/api/health');
    expect(health.res.statusCode).toBe(503);
    expect(health.res.json()).toMatchObject({ status: 'degraded', database: { state: 'down' } });
    expect(health.ms).toBeLessThan(5000);

    proxy.thaw();
    const recovered = await until(
      async () => (await app.inject({ method: 'GET', url: '/settings.php' })).statusCode === 200,
      10_000,
    );
    expect(recovered).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/test/transaction' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      database: { state: 'up' },
    });
  });
});

/** An app on a throw-away copy of the template with these timeouts and pool size, and GET /api/test/slow: a statement of 1 s. */
async function appWithSlowRoute(
  timeouts: DatabaseTimeouts,
  poolSize: number,
): Promise<{ app: FastifyInstance; handle: DatabaseHandle; name: string }> {
  const copy = await postgresTemplateCopy();
  const handle = await openDatabase({ kind: 'postgres', url: copy.url, poolSize, timeouts });
  const app = await buildApp(testConfig({ databaseTimeouts: timeouts }), { database: handle });
  app.get('/api/test/slow', async () => {
    await sql`select pg_sleep(1)`.execute(app.db);
    return { success: true };
  });
  await app.ready();
  return { app, handle, name: copy.name };
}

describe.skipIf(!inject('postgresTemplate'))('the statement timeout and long legitimate work (issue 11.11)', () => {
  const timeouts = { connectMs: 1000, statementMs: 300, queryMs: 600 };
  let handle: DatabaseHandle;
  let app: FastifyInstance;
  let name: string;

  beforeAll(async () => {
    ({ app, handle, name } = await appWithSlowRoute(timeouts, 3));
  });
  afterAll(async () => {
    await app.close();
    await dropDatabase(name);
  });

  it('cancels a statement slower than the statement timeout with a 503, and the database stays up', async () => {
    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/test/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ error: 'unavailable' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      database: { state: 'up' },
    });
    expect((await app.inject({ method: 'GET', url: '/settings.php' })).statusCode).toBe(200);
  });

  it('lets a transaction of short statements run longer than both timeouts', async () => {
    const started = Date.now();
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 4; i++) await sql`select pg_sleep(0.2)`.execute(trx);
    });
    expect(Date.now() - started).toBeGreaterThan(timeouts.queryMs);
  });

  it('runs start-up work (migrations, the demo data) without the timeouts', async () => {
    const slow = { version: 990, name: '990_slow', sql: 'select pg_sleep(1)', checksum: 'slow' };
    await expect(handle.db.transaction().execute((trx) => sql`select pg_sleep(1)`.execute(trx))).rejects.toThrow();
    const applied = await handle.runLong((db) => migrate(db, [slow]));
    expect(applied).toEqual(['990_slow']);
  });
});

// Issue 11, second read, point 4: a rush that keeps every connection of the pool busy makes calls
// wait for a free one; pg-pool gives up on that wait with «timeout exceeded when trying to
// connect». That is a busy database, not a lost one: it must not mark the database down, or one
// rush takes every instance out (503 to everything, /api/health failing) at once.
describe.skipIf(!inject('postgresTemplate'))(
  'a pool busy with slow statements (issue 11, second read, point 4)',
  () => {
    const timeouts = { connectMs: 300, statementMs: 3000, queryMs: 4000 };
    let app: FastifyInstance;
    let name: string;

    beforeAll(async () => {
      ({ app, name } = await appWithSlowRoute(timeouts, 2));
    });
    afterAll(async () => {
      await app.close();
      await dropDatabase(name);
    });

    it('answers the calls that found no free connection in time 503 with Retry-After, and keeps the database up for health and every other call', async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => app.inject({ method: 'GET', url: '/api/test/slow' })),
      );
      const statuses = answers.map((res) => res.statusCode);
      // Two connections: two calls run their statement, the others wait past the connect timeout.
      expect(statuses.filter((status) => status === 200)).toHaveLength(2);
      for (const res of answers.filter((answer) => answer.statusCode !== 200)) {
        expect(res.statusCode).toBe(503);
        expect(res.headers['retry-after']).toBeDefined();
        expect(res.json()).toMatchObject({
          success: false,
          error: 'unavailable',
          message: 'Сервис временно недоступен. Попробуйте позже.',
        });
      }
      expect(app.dbMonitor.state).toBe('up');
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({ status: 'ok', database: { state: 'up' } });
      expect((await app.inject({ method: 'GET', url: '/settings.php' })).statusCode).toBe(200);
    });
  },
);
