import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { ProviderError } from '../src/adapters/http';
import { buildApp } from '../src/app';
import { testConfig, type DatabaseTimeouts } from '../src/config';
import { openDatabase } from '../src/db/client';
import { buildTestApp, databaseKinds, postgresTemplateCopy, type TestApp } from './support/build';
import { baseUrl } from './support/event-stream';
import { selfPickupOrderBody } from './support/orders';
import { ADMIN_URL, dropDatabase } from './support/postgres';
import { TcpProxy } from './support/tcp-proxy';
import { signedInUser } from './support/users';

/**
 * Issue 30.2: every class of error maps to its status whatever the request's method. A stalled
 * database answered every GET 503 with Retry-After and every POST with a body 400 «Некорректный
 * запрос.», logged at info as "client closed the connection": the error handler read
 * `request.raw.destroyed`, which is true for any request whose body has been read. Clients and the
 * balancer did not retry, and real server errors were hidden from logs and alerts.
 *
 * These calls go over real HTTP (a body is read from a socket, as in production), each on a GET
 * and on a POST with a JSON body, and the log line's level is checked with the answer.
 */

interface LogLine {
  level: 'info' | 'warn' | 'error';
  msg: string;
}

/** Keeps what the error handler logs for each request, by request id. */
function captureLogs(app: FastifyInstance): Map<string, LogLine[]> {
  const lines = new Map<string, LogLine[]>();
  app.addHook('onRequest', async (request) => {
    const own: LogLine[] = [];
    lines.set(request.id, own);
    const log = request.log;
    const keep = (level: LogLine['level']) => (obj: unknown, msg?: string) => {
      own.push({ level, msg: typeof obj === 'string' ? obj : (msg ?? '') });
    };
    request.log = Object.assign(Object.create(log) as typeof log, {
      info: keep('info'),
      warn: keep('warn'),
      error: keep('error'),
    });
  });
  return lines;
}

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { success?: boolean; error?: string; message?: string; requestId?: string };
}

async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  token?: string,
): Promise<Answer> {
  const response = await fetch(`${baseUrl(app)}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Answer['body'],
  };
}

const UNAVAILABLE = { success: false, error: 'unavailable', message: 'Сервис временно недоступен. Попробуйте позже.' };

function expectUnavailable(
  answer: Answer,
  logs: Map<string, LogLine[]>,
  what: string,
  level: LogLine['level'],
  msg: string,
): void {
  expect(answer.status, `${what}: ${JSON.stringify(answer.body)}`).toBe(503);
  expect(answer.retryAfter, what).toBe('5');
  expect(answer.body, what).toMatchObject(UNAVAILABLE);
  const lines = logs.get(answer.body.requestId ?? '') ?? [];
  expect(lines, what).toContainEqual({ level, msg });
  expect(
    lines.map((line) => line.msg),
    what,
  ).not.toContain('client closed the connection');
}

describe.each(databaseKinds())('errors that are not the database on %s (issue 30.2)', (kind) => {
  let t: TestApp;
  let logs: Map<string, LogLine[]>;
  beforeAll(async () => {
    t = await buildTestApp(kind, {}, (app) => {
      logs = captureLogs(app);
      const boom = async () => {
        throw new Error('relation "secret_table" does not exist at /srv/app/internal.ts:42');
      };
      const provider = async () => {
        throw new ProviderError('acquiring', 'no answer from https://bank.example');
      };
      // A stream of the answer fails because its client left (as send or a compressing stream
      // report it: ERR_STREAM_PREMATURE_CLOSE once the socket is gone).
      app.get('/api/test/left', async (request) => {
        await new Promise<void>((resolve) => request.raw.socket.once('close', () => resolve()));
        throw Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
      });
      app.get('/api/test/boom', boom);
      app.post('/api/test/boom', boom);
      app.get('/api/test/provider', provider);
      app.post('/api/test/provider', provider);
    });
  });
  afterAll(() => t.close());

  for (const method of ['GET', 'POST'] as const) {
    const body = method === 'POST' ? { comment: 'x'.repeat(2000) } : undefined;

    it(`answers an unexpected throw on a ${method} 500 with the request id, logged as an error`, async () => {
      const answer = await call(t.app, method, '/api/test/boom', body);
      expect(answer.status).toBe(500);
      expect(answer.body).toMatchObject({
        success: false,
        error: 'internal',
        message: 'Внутренняя ошибка сервера. Попробуйте позже.',
      });
      expect(JSON.stringify(answer.body)).not.toContain('secret_table');
      expect(logs.get(answer.body.requestId ?? '')).toContainEqual({ level: 'error', msg: 'request failed' });
    });

    it(`answers a provider that failed, unanswered by its module, on a ${method} 503 with Retry-After, logged as an error`, async () => {
      expectUnavailable(
        await call(t.app, method, '/api/test/provider', body),
        logs,
        method,
        'error',
        'provider failed',
      );
    });
  }

  it('logs a client that left before its answer was written at info, as the client gone, not as a server error', async () => {
    const http = await import('node:http');
    const { port } = t.app.server.address() as { port: number };
    const requestId = `left-${kind}`;
    await new Promise<void>((resolve) => {
      const client = http.get({
        port,
        host: '127.0.0.1',
        path: '/api/test/left',
        headers: { 'x-request-id': requestId },
      });
      client.on('error', () => undefined);
      setTimeout(() => {
        client.destroy();
        resolve();
      }, 100);
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(logs.get(requestId)).toEqual([{ level: 'info', msg: 'client closed the connection' }]);
  });

  it('still answers a body the client cut off with a reset as a 400 of its reading, and the database stays up (issue 11, second read)', async () => {
    const { port } = t.app.server.address() as { port: number };
    const net = await import('node:net');
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          'POST /api/v1/feedback/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"message":"half',
        );
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 100);
      });
      socket.on('error', () => undefined);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(t.app.dbMonitor.state).toBe('up');
    const reset = [...logs.values()].find((lines) => lines.some((line) => line.msg === 'client closed the connection'));
    expect(reset, 'the reset is logged as the client gone, at info').toEqual([
      { level: 'info', msg: 'client closed the connection' },
    ]);
    expect((await call(t.app, 'GET', '/settings.php')).status).toBe(200);
  });
});

interface Stalled {
  app: FastifyInstance;
  logs: Map<string, LogLine[]>;
  url: string;
  guest: { id: number; token: string };
  orderId: number;
  close(): Promise<void>;
}

/** The server on a copy of the template with these timeouts and pool size, listening, with GET/POST /api/test/slow (a 1 s statement). */
async function stalledApp(timeouts: DatabaseTimeouts, poolSize: number, proxy?: TcpProxy): Promise<Stalled> {
  const copy = await postgresTemplateCopy(proxy);
  const handle = await openDatabase({ kind: 'postgres', url: copy.url, poolSize, timeouts });
  const app = await buildApp(testConfig({ databaseTimeouts: timeouts }), { database: handle });
  const logs = captureLogs(app);
  const slow = async () => {
    await sql`select pg_sleep(1)`.execute(app.db);
    return { success: true };
  };
  app.get('/api/test/slow', slow);
  app.post('/api/test/slow', slow);
  // Two transactions that each hold one lock and then ask for the other's: a deadlock, which
  // PostgreSQL ends by aborting one of them (SQLSTATE 40P01) after deadlock_timeout.
  let locked = 0;
  let bothLocked!: () => void;
  const barrier = new Promise<void>((resolve) => (bothLocked = resolve));
  app.post<{ Params: { side: string } }>('/api/test/deadlock/:side', async (request) => {
    const [first, second] = request.params.side === 'a' ? [1, 2] : [2, 1];
    await app.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(${first})`.execute(trx);
      locked += 1;
      if (locked === 2) bothLocked();
      await barrier;
      await sql`select pg_advisory_xact_lock(${second})`.execute(trx);
    });
    return { success: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const guest = await signedInUser(handle);
  const order = await call(app, 'POST', '/api/v2/order/create', selfPickupOrderBody(guest));
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  return {
    app,
    logs,
    url: copy.url,
    guest,
    orderId: (order.body as { id: number }).id,
    async close() {
      await app.close();
      await proxy?.cut();
      await dropDatabase(copy.name);
    },
  };
}

/** order/create (a POST with a body) and the payment check (a GET), both reading and writing orders. */
const realCalls = (s: Stalled) => [
  { what: 'POST order/create', run: () => call(s.app, 'POST', '/api/v2/order/create', selfPickupOrderBody(s.guest)) },
  {
    what: 'GET payment/check',
    run: () => call(s.app, 'GET', `/api/v1/order/payment/check/${s.orderId}`, undefined, s.guest.token),
  },
];

describe.skipIf(!inject('postgresTemplate'))('a stalled PostgreSQL, on a POST as on a GET (issue 30.2)', () => {
  describe('the orders table locked longer than the statement timeout', () => {
    let s: Stalled;
    beforeAll(async () => {
      s = await stalledApp({ connectMs: 1000, statementMs: 300, queryMs: 2000 }, 4);
    });
    afterAll(() => s.close());

    it('answers 503 with Retry-After to every call that waits on the lock, logged as a cancelled statement', async () => {
      const locker = new pg.Client({ connectionString: s.url });
      await locker.connect();
      try {
        await locker.query('begin');
        await locker.query('lock table orders in access exclusive mode');
        for (const { what, run } of realCalls(s))
          expectUnavailable(await run(), s.logs, what, 'warn', 'statement cancelled');
        for (const method of ['GET', 'POST'] as const) {
          expectUnavailable(
            await call(s.app, method, '/api/test/slow', method === 'POST' ? { a: 1 } : undefined),
            s.logs,
            `${method} slow`,
            'warn',
            'statement cancelled',
          );
        }
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      expect(s.app.dbMonitor.state).toBe('up');
      expect((await realCalls(s)[0]!.run()).status).toBe(200);
    });
  });

  describe('two transactions in a deadlock', () => {
    let s: Stalled;
    beforeAll(async () => {
      s = await stalledApp({ connectMs: 1000, statementMs: 3000, queryMs: 4000 }, 4);
    });
    afterAll(() => s.close());

    it('answers the one PostgreSQL ends 503 with Retry-After, logged as a transaction conflict, and the other goes on', async () => {
      const answers = await Promise.all(
        ['a', 'b'].map((side) => call(s.app, 'POST', `/api/test/deadlock/${side}`, { side })),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 503]);
      const ended = answers.find((answer) => answer.status === 503)!;
      expectUnavailable(ended, s.logs, 'the deadlock', 'warn', 'transaction conflict');
      expect(s.app.dbMonitor.state).toBe('up');
    });
  });

  describe('a pool exhausted by a burst (DATABASE_POOL_SIZE=2)', () => {
    let s: Stalled;
    beforeAll(async () => {
      s = await stalledApp({ connectMs: 300, statementMs: 3000, queryMs: 4000 }, 2);
    });
    afterAll(() => s.close());

    it('answers 503 with Retry-After to the calls that found no free connection, logged as such', async () => {
      const holding = [call(s.app, 'GET', '/api/test/slow'), call(s.app, 'POST', '/api/test/slow', { a: 1 })];
      await new Promise((resolve) => setTimeout(resolve, 100));
      const answers = await Promise.all(realCalls(s).map(async ({ what, run }) => ({ what, answer: await run() })));
      for (const { what, answer } of answers)
        expectUnavailable(answer, s.logs, what, 'warn', 'no free database connection');
      for (const held of await Promise.all(holding)) expect(held.status).toBe(200);
      expect(s.app.dbMonitor.state).toBe('up');
    });
  });

  describe('the database lost while running', () => {
    const proxy = new TcpProxy(new URL(ADMIN_URL).hostname, Number(new URL(ADMIN_URL).port || 5432));
    let s: Stalled;
    beforeAll(async () => {
      s = await stalledApp({ connectMs: 1000, statementMs: 3000, queryMs: 2000 }, 3, proxy);
    });
    afterAll(() => s.close());

    it('answers the first POST and GET that meet the lost database 503 with Retry-After, logged as an error', async () => {
      await proxy.cut();
      for (const [index, { what, run }] of realCalls(s).entries()) {
        const answer = await run();
        expect(answer.status, what).toBe(503);
        expect(answer.retryAfter, what).toBe('5');
        expect(answer.body, what).toMatchObject(UNAVAILABLE);
        // The first call meets the lost connection in the error handler; once the monitor knows,
        // the gate answers before any handler runs (nothing to log per call then).
        const lines = s.logs.get(answer.body.requestId ?? '') ?? [];
        if (index === 0) expect(lines, what).toContainEqual({ level: 'error', msg: 'database unreachable' });
        expect(
          lines.every((line) => line.level === 'error' && line.msg === 'database unreachable'),
          `${what}: ${JSON.stringify(lines)}`,
        ).toBe(true);
      }
      expect(s.app.dbMonitor.state).toBe('down');
    });
  });
});
