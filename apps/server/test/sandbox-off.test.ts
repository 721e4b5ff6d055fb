import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';

// Issue 32: without SANDBOX=1 nothing answers under /sandbox/ (the provider counterparts, the
// outbox, the bank pages, the tiles are unauthenticated by design, docs/sandbox.md).
describe.each(databaseKinds())('a server without the sandbox on %s (issue 32)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { sandbox: false, demoData: false });
  });
  afterAll(() => t.close());

  it('has no route under /sandbox/ and answers every such path 404', async () => {
    expect(t.app.printRoutes({ commonPrefix: false })).not.toContain('sandbox');
    const calls = [
      { method: 'GET', url: '/sandbox/outbox' },
      { method: 'POST', url: '/sandbox/providers/smsru/sms/send', payload: 'to=79990000000&msg=1' },
      { method: 'POST', url: '/sandbox/acquiring/payment/rest/register.do' },
      { method: 'GET', url: '/sandbox/tiles/1/0/0.png' },
      { method: 'GET', url: '/sandbox/' },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect(response.statusCode, call.url).toBe(404);
      expect(response.headers['content-type'], call.url).toMatch(/^application\/json/);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
