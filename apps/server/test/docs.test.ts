import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/build';

describe('the API reference at /api/docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('pglite');
  });
  afterAll(() => t.close());

  it('generates OpenAPI 3.1 from the contract, with every registered call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { operationId: string }>> }>();
    expect(doc.openapi).toBe('3.1.0');
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    for (const call of t.app.calls) {
      expect(operations).toContain(`${call.method} ${call.path.replace(/:(\w+)\??/g, '{$1}')}`);
    }
    for (const path of ['/api/v2/user/sendEmailCode', '/api/v1/user/sendSms', '/api/v2/user/auth_inbound', '/captcha/{contact}']) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });

  it('serves a readable page of the same, under the product’s own CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('POST /api/v2/user/checkEmailCode');
    expect(res.body).not.toMatch(/<script/);
  });
});
