import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_EVENTS_KEEP_ALIVE_MS } from '@chain/contract';
import { openEventStream, type EventStream } from '../../http/event-stream';
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
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    await hub.close();
  });
  return async (staff: StaffPrincipal, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const release = hub.admit(staff);
    let stream: EventStream;
    try {
      await hub.start();
      stream = openEventStream(request, reply, { idleMs: 2 * STAFF_EVENTS_KEEP_ALIVE_MS, connectionMs: app.config.httpTimeouts.connectionMs, shuttingDown: () => closing });
    } catch (error) {
      release();
      throw error;
    }
    hub.add(staff, stream, release);
    // The first bytes at once, so clients and proxies see the stream open.
    stream.keepAlive();
    return reply;
  };
}
