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
