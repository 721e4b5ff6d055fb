import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import type { TrustProxy } from '../config';

/**
 * Fastify's `trustProxy` for TRUST_PROXY, so that `request.ip` — the key of every per-address
 * limit — is the first address the trusted proxies did not add (issue 11 point 5). Walking
 * X-Forwarded-For from the right, the socket's peer is hop 0:
 * - `hops`: the first `hops` hops are proxies whoever they are (Fastify refuses a bare number,
 *   so the count is a function here). Safe only when the server is reachable through the
 *   proxies alone: a client that reaches it directly picks its own address.
 * - `addresses`: only hops from those addresses or networks are proxies; anything else, the
 *   direct client included, is the client.
 */
export function fastifyTrustProxy(setting: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address: string, hop: number) => hop < hops;
  }
  return setting.addresses;
}

/**
 * What every per-address limit counts for a client address (`request.ip`, behind the proxies
 * TRUST_PROXY names; issue 11, second read, point 3): an IPv4 address as it is; an IPv6 address
 * by its /64 prefix, since one subscriber line or host gets a whole /64 and picks any address in
 * it (RFC 6177, SLAAC privacy addresses), so a script would otherwise get a fresh allowance per
 * request; an IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, a dual-stack socket) as its IPv4.
 * Anything else (no address at all) is kept as it is.
 */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0] ?? ip; // an IPv6 zone (`fe80::1%eth0`) is no part of the address
  const family = isIP(address);
  if (family !== 6) return family === 4 ? address : ip;
  const groups = ipv6Groups(address.toLowerCase());
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (isIP said so), `::` and a dotted IPv4 tail expanded. */
function ipv6Groups(address: string): number[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const hex = dotted
    ? `${address.slice(0, dotted.index)}${((Number(dotted[1]) << 8) | Number(dotted[2])).toString(16)}:${((Number(dotted[3]) << 8) | Number(dotted[4])).toString(16)}`
    : address;
  const [head = '', tail] = hex.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key of a per-address limit: `{what}:ip:{addressKey}`. Every per-address limit (sign-in codes
 * and checks, captcha images, feedback, new orders, lock codes) builds its key here and nowhere
 * else, so none counts an address another way.
 */
export function addressLimitKey(what: string, ip: string): string {
  return `${what}:ip:${addressKey(ip)}`;
}
