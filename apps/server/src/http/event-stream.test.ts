import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { openEventStream, StreamSlots } from './event-stream';

// Issue 30, second read: a stream route takes its slots before its first await (StreamSlots) and
// gives them back when the stream closes. A client that left while the route still awaited had
// closed the response before openEventStream listened for 'close', so the slots were never given
// back: 40 dropped tablets took a restaurant's board streams on that instance until a restart.

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A stream route that waits for `gate` between taking its slot and opening the stream. */
async function routeWithGate(
  slots: StreamSlots,
  gate: Promise<void>,
  arrived: () => void,
  closed: () => void,
): Promise<number> {
  app = Fastify();
  app.get('/stream', async (request, reply) => {
    const release = slots.take([
      { key: 'restaurant:1', limit: 1, refusal: () => new AppError(429, 'too_many_streams', 'Слишком много') },
    ]);
    arrived();
    await gate;
    const stream = openEventStream(request, reply, { idleMs: 10_000, connectionMs: 10_000 });
    stream.onClose(() => {
      release();
      closed();
    });
    stream.keepAlive();
    return reply;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

describe('openEventStream', () => {
  it('runs onClose at once for a client that left while the route awaited, so its slots are given back', async () => {
    const slots = new StreamSlots();
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let arrived!: () => void;
    const inRoute = new Promise<void>((resolve) => (arrived = resolve));
    let closes = 0;
    const port = await routeWithGate(slots, gate, arrived, () => (closes += 1));

    const client = http.get({ port, host: '127.0.0.1', path: '/stream' });
    client.on('error', () => undefined);
    await inRoute;
    expect(slots.held('restaurant:1')).toBe(1);
    client.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    open();
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(closes).toBe(1);
    expect(slots.held('restaurant:1')).toBe(0);
  });

  it('runs onClose once when a client leaves an open stream', async () => {
    const slots = new StreamSlots();
    let closes = 0;
    const port = await routeWithGate(
      slots,
      Promise.resolve(),
      () => undefined,
      () => (closes += 1),
    );
    await new Promise<void>((resolve) => {
      const client = http.get({ port, host: '127.0.0.1', path: '/stream' }, (response) => {
        response.once('data', () => {
          client.destroy();
          resolve();
        });
      });
      client.on('error', () => undefined);
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closes).toBe(1);
    expect(slots.held('restaurant:1')).toBe(0);
  });
});
