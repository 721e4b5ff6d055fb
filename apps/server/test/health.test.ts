import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponse } from '@chain/contract';
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
