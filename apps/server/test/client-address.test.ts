import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { solveCaptcha } from './support/sign-in';

/**
 * Issue 11 point 5: per-address limits are keyed on the address the trusted proxies saw, never
 * on what a client writes into X-Forwarded-For (README «Behind a load balancer»).
 */

let phoneSeq = 0;
const newPhone = () => `7917${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq++).padStart(4, '0')}`;

/** The load balancer in front, as the server's socket sees it. */
const BALANCER = '10.0.0.2';
/** The guest's real address, which the balancer appends to X-Forwarded-For. */
const GUEST = '203.0.113.7';

/** An app started with this TRUST_PROXY, as server.ts would read it from the environment. */
const withTrustProxy = (kind: Parameters<typeof buildTestApp>[0], value: string | undefined) =>
  buildTestApp(kind, { trustProxy: parseConfig({ TRUST_PROXY: value }).trustProxy });

/**
 * The address the server keys its limits on for a request from `remoteAddress` carrying this
 * X-Forwarded-For: the key a captcha draw adds to the per-address limit.
 */
async function limitedAs(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const keys = async () =>
    new Set((await t.database.db.selectFrom('rate_limits').select('key').where('key', 'like', 'captcha:ip:%').execute()).map((r) => r.key));
  const before = await keys();
  const res = await t.app.inject({
    method: 'GET',
    url: `/captcha/${newPhone()}`,
    remoteAddress,
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
  expect(res.statusCode).toBe(200);
  const added = [...(await keys())].filter((key) => !before.has(key));
  // A key seen before cannot be told apart: each case below uses addresses of its own.
  expect(added).toHaveLength(1);
  return (added[0] ?? '').slice('captcha:ip:'.length);
}

describe.each(databaseKinds())('the client address behind proxies on %s (issue 11.5)', (kind) => {
  describe('TRUST_PROXY=1: one load balancer in front', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await withTrustProxy(kind, '1');
    });
    afterAll(() => t.close());

    it('limits 12 code sends from one guest as one address, whatever left-most X-Forwarded-For each one forges', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const phone = newPhone();
        // The guest forges a fresh address each time; the balancer appends the one it saw.
        const headers = { 'x-forwarded-for': `198.51.100.${i + 1}, ${GUEST}` };
        const captcha = await solveCaptcha(t.app, phone);
        const res = await t.app.inject({ method: 'POST', url: '/api/v1/user/sendSms', payload: { phone, captcha }, remoteAddress: BALANCER, headers });
        statuses.push(res.statusCode);
      }
      // Sign-in limit: 10 code requests per address in 10 minutes (decision 008).
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
    });

    it('takes the address the balancer appended, and the socket when nothing was forwarded', async () => {
      expect(await limitedAs(t, BALANCER, '6.6.6.1, 6.6.6.2, 203.0.113.21')).toBe('203.0.113.21');
      expect(await limitedAs(t, '10.0.0.3')).toBe('10.0.0.3');
    });
  });

  describe('TRUST_PROXY=2: a CDN and a balancer in front', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await withTrustProxy(kind, '2');
    });
    afterAll(() => t.close());

    it('skips exactly two hops', async () => {
      expect(await limitedAs(t, BALANCER, '6.6.6.3, 203.0.113.31, 10.0.1.5')).toBe('203.0.113.31');
    });
  });

  describe('TRUST_PROXY as a list of proxy addresses and networks', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await withTrustProxy(kind, `${BALANCER}, 10.0.1.0/24`);
    });
    afterAll(() => t.close());

    it('skips only the listed proxies: the first address they did not add keys the limits', async () => {
      expect(await limitedAs(t, BALANCER, '6.6.6.4, 203.0.113.41, 10.0.1.5')).toBe('203.0.113.41');
      // An IPv4 proxy seen on a dual-stack socket is the same proxy.
      expect(await limitedAs(t, `::ffff:${BALANCER}`, '6.6.6.5, 203.0.113.42')).toBe('203.0.113.42');
    });

    it('stops at a hop that is not listed, even when it forwards an address', async () => {
      expect(await limitedAs(t, BALANCER, '6.6.6.6, 10.0.2.7')).toBe('10.0.2.7');
    });

    it('ignores X-Forwarded-For from a client that reaches the server directly', async () => {
      expect(await limitedAs(t, '198.51.100.200', '6.6.6.7')).toBe('198.51.100.200');
    });
  });

  describe('TRUST_PROXY unset or 0', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await withTrustProxy(kind, undefined);
    });
    afterAll(() => t.close());

    it('trusts no forwarded address at all', async () => {
      expect(await limitedAs(t, '198.51.100.201', '6.6.6.8')).toBe('198.51.100.201');
    });
  });
});
