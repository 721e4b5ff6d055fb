import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallAuth } from '@chain/contract';
import { buildTestApp, type TestApp } from './support/build';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  description?: string;
}
type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown> };
};

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
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    for (const call of t.app.calls) {
      expect(operations).toContain(`${call.method} ${call.path.replace(/:(\w+)\??/g, '{$1}')}`);
    }
    for (const path of [
      '/api/v2/user/sendEmailCode',
      '/api/v1/user/sendSms',
      '/api/v2/user/auth_inbound',
      '/captcha/{contact}',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });

  it("declares who may make every operation (security) from the call's auth in the contract: none is left without", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<OpenApi>();
    const authOf = new Map(t.app.calls.map((call) => [call.name, call.auth]));
    // What each kind means for a client: may it call without credentials, must it send some.
    const anonymous: Record<CallAuth, 'only' | 'never' | 'too'> = {
      public: 'only',
      user: 'never',
      'optional-user': 'too',
      owner: 'too',
      'per-action': 'too',
      staff: 'never',
    };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ at: `${method} ${path}`, op })),
    );
    expect(operations.length).toBe(t.app.calls.length);
    const without = operations.filter(({ op }) => !Array.isArray(op.security)).map(({ at }) => at);
    expect(without).toEqual([]);
    for (const { at, op } of operations) {
      const auth = authOf.get(op.operationId);
      expect(auth, at).toBeDefined();
      const requirements = op.security ?? [];
      const withCredentials = requirements.filter((requirement) => Object.keys(requirement).length > 0);
      const kind = anonymous[auth as CallAuth];
      // `security: []` or an empty requirement `{}` among others: no credentials needed.
      expect(
        requirements.length === 0 || requirements.length > withCredentials.length,
        `${at}: may call without credentials`,
      ).toBe(kind !== 'never');
      expect(withCredentials.length > 0, `${at}: takes credentials`).toBe(kind !== 'only');
      for (const requirement of op.security ?? []) {
        for (const scheme of Object.keys(requirement))
          expect(doc.components.securitySchemes, at).toHaveProperty([scheme]);
      }
      expect(op.description, at).toContain('Who may call:');
    }
    // Each kind is in use, so a new call cannot hide behind a kind nothing tests.
    expect(new Set(t.app.calls.map((call) => call.auth))).toEqual(new Set(Object.keys(anonymous)));
  });

  it("passes the recommended rules of a maintained OpenAPI linter (Redocly) with no error, every operation's security defined", async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json<OpenApi>();
    const problems = await lintFromString({
      source: JSON.stringify(doc),
      absoluteRef: 'openapi.json',
      config: await createConfig({ extends: ['recommended'] }),
    });
    // SPEC 7 puts the generic call at /rest/ (REST_PATH), trailing slash and all: the one known exception.
    const expected = (problem: (typeof problems)[number]) =>
      problem.ruleId === 'no-path-trailing-slash' && problem.location[0]?.pointer === '#/paths/~1rest~1';
    const described = problems
      .filter((problem) => !expected(problem))
      .map(
        (problem) =>
          `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`,
      );
    expect(described.filter((line) => line.startsWith('error') || line.includes('security-defined'))).toEqual([]);
  });

  it('serves a readable page of the same, under the product’s own CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('POST /api/v2/user/checkEmailCode');
    expect(res.body).not.toMatch(/<script/);
  });
});
