import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig, SANDBOX_ENV } from '../src/config';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { solveCaptcha } from './support/sign-in';

/**
 * Issue 11 point 5: per-address limits are keyed on the address the trusted proxies saw, never
 * on what a client writes into X-Forwarded-For (docs/load-balancer.md). And an IPv6 client
 * controls a whole /64, so every per-address limit counts an IPv6 address by its /64 prefix and an
 * IPv4-mapped IPv6 address as the IPv4 address it is (issue 11, second read, point 3).
 */

let phoneSeq = 0;
const newPhone = () => `7917${String(process.pid % 1000).padStart(3, '0')}${String(phoneSeq++).padStart(4, '0')}`;

/** The load balancer in front, as the server's socket sees it. */
const BALANCER = '10.0.0.2';
/** The guest's real address, which the balancer appends to X-Forwarded-For. */
const GUEST = '203.0.113.7';

/** An app started with this TRUST_PROXY, as server.ts would read it from the environment. */
const withTrustProxy = (kind: Parameters<typeof buildTestApp>[0], value: string | undefined) =>
  buildTestApp(kind, { trustProxy: parseConfig({ ...SANDBOX_ENV, TRUST_PROXY: value }).trustProxy });

/**
 * The address the server keys its limits on for a request from `remoteAddress` carrying this
 * X-Forwarded-For: the key a captcha draw adds to the per-address limit.
 */
async function limitedAs(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const keys = async () =>
    new Set(
      (await t.database.db.selectFrom('rate_limits').select('key').where('key', 'like', 'captcha:ip:%').execute()).map(
        (r) => r.key,
      ),
    );
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
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/user/sendSms',
          payload: { phone, captcha },
          remoteAddress: BALANCER,
          headers,
        });
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

  describe('addresses counted as a client controls them (issue 11, second read, point 3)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await withTrustProxy(kind, undefined);
    });
    afterAll(() => t.close());

    it('limits 12 code sends from 12 addresses of one IPv6 /64 as one address', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const phone = newPhone();
        const captcha = await solveCaptcha(t.app, phone);
        // Every send from another interface id of the same /64, as a script on one line picks them.
        const remoteAddress = `2001:db8:7:1:${(i * 4099).toString(16)}:${(i + 1).toString(16)}::${i + 1}`;
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/v1/user/sendSms',
          payload: { phone, captcha },
          remoteAddress,
        });
        statuses.push(res.statusCode);
      }
      // Sign-in limit: 10 code requests per address in 10 minutes (decision 008).
      expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);
      // The next /64 is another client.
      const phone = newPhone();
      const captcha = await solveCaptcha(t.app, phone);
      const next = await t.app.inject({
        method: 'POST',
        url: '/api/v1/user/sendSms',
        payload: { phone, captcha },
        remoteAddress: '2001:db8:7:2::1',
      });
      expect(next.statusCode).toBe(200);
    });

    it('keys an IPv6 address on its /64 however it is written, an IPv4-mapped one on its IPv4 address, and IPv4 as it is', async () => {
      expect(await limitedAs(t, '2001:DB8:0:AB::1')).toBe('2001:db8:0:ab::/64');
      expect(await limitedAs(t, '2001:0db8:0000:00ac:ffff:ffff:ffff:ffff')).toBe('2001:db8:0:ac::/64');
      expect(await limitedAs(t, '::ffff:198.51.100.202')).toBe('198.51.100.202');
      expect(await limitedAs(t, '198.51.100.203')).toBe('198.51.100.203');
    });

    it('counts the /64 behind a trusted proxy too', async () => {
      const proxied = await withTrustProxy(kind, BALANCER);
      try {
        expect(await limitedAs(proxied, BALANCER, '2001:db8:9:1:aaaa::5')).toBe('2001:db8:9:1::/64');
      } finally {
        await proxied.close();
      }
    });
  });
});
