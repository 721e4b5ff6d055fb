import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { StaffPrincipal } from './access';
import type { StaffEventsHub } from './events-hub';

/**
 * A back-office stream's route (decision 055), once the caller's role was checked: the caller's
 * slots taken before any await (a burst of requests cannot all pass the caps, then all open),
 * the hub's LISTENs in place, the answer hijacked into a Server-Sent Events stream that the hub
 * feeds until the client goes away, its session ends or its account changes. The hub ends every
 * stream before the server closes.
 */
export function openStaffEventStream(app: FastifyInstance, hub: StaffEventsHub) {
  app.addHook('preClose', () => hub.close());
  return async (staff: StaffPrincipal, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const release = hub.admit(staff);
    const { stream } = await hub.open(request, reply, { connectionMs: app.config.httpTimeouts.connectionMs, release });
    hub.add(staff, stream, release);
    // The first bytes at once, so clients and proxies see the stream open.
    stream.keepAlive();
    return reply;
  };
}
