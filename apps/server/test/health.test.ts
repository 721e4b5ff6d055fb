import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { healthResponse, livenessResponse, readinessResponse } from '@chain/contract';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

describe.each(databaseKinds())('GET /api/health on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports the database as up, with its driver and latency', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponse.parse(res.json());
    expect(body.status).toBe('ok');
    expect(body.database).toMatchObject({ driver: kind, state: 'up' });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('gives every response a request id, keeping a sane one the client sent', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'lb-42.abc' } });
    expect(kept.headers['x-request-id']).toBe('lb-42.abc');
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': '<script>' } });
    expect(replaced.headers['x-request-id']).not.toBe('<script>');
  });

  it('sends security headers and a CSP of the own origin plus the configured maps and tips hosts', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self' https://api-maps.yandex.ru");
    expect(csp).toContain('https://pay.cloudtips.ru');
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

// Issue 32: liveness and readiness apart, for balancers and supervisors.
describe.each(databaseKinds())('GET /api/health/live and /api/health/ready on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('ready: a pending migration of this release keeps the instance out, with the reason', async () => {
    // Before the first readiness answer (a positive one is believed for a while).
    const last = await sql<{ version: number; name: string; checksum: string }>`
      select version, name, checksum from schema_migrations order by version desc limit 1`.execute(t.app.db);
    const row = last.rows[0]!;
    await sql`delete from schema_migrations where version = ${row.version}`.execute(t.app.db);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(readinessResponse.parse(res.json())).toMatchObject({
        status: 'not_ready',
        checks: { database: 'up', migrations: 'pending', draining: false },
      });
    } finally {
      await sql`insert into schema_migrations (version, name, checksum) values (${row.version}, ${row.name}, ${row.checksum})`.execute(
        t.app.db,
      );
    }
  });

  it('ready: 200 when the database answers, every migration is applied and the instance is not draining; a newer schema is fine', async () => {
    // A migration of the next release, applied by an instance of it (expand, then contract).
    await sql`insert into schema_migrations (version, name, checksum) values (999, '999_next_release', 'x')`.execute(
      t.app.db,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(readinessResponse.parse(res.json())).toMatchObject({
        status: 'ready',
        checks: { database: 'up', migrations: 'applied', draining: false },
      });
    } finally {
      await sql`delete from schema_migrations where version = 999`.execute(t.app.db);
    }
  });

  it('draining (after SIGTERM): ready answers 503 while liveness, /api/health and every route still answer', async () => {
    t.app.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(readinessResponse.parse(ready.json()).checks.draining).toBe(true);
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(livenessResponse.parse(live.json()).status).toBe('ok');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/settings.php' })).statusCode).toBe(200);
    } finally {
      t.app.lifecycle.draining = false;
    }
  });

  it('live: 200 without asking the database', async () => {
    const spy = t.app.dbMonitor.check.bind(t.app.dbMonitor);
    let asked = 0;
    t.app.dbMonitor.check = async () => {
      asked += 1;
      return spy();
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(res.statusCode).toBe(200);
      expect(asked).toBe(0);
    } finally {
      t.app.dbMonitor.check = spy;
    }
  });
});
