import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderStatusEvent } from '@chain/contract';
import { OrderEventsHub, type OrderStream } from './hub';

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

function state(status: number, paid: 0 | 1 = 1, refunding = 0): OrderStatusEvent {
  return {
    id: 7,
    status,
    status_text: `${status}/${refunding}`,
    status_color: '#FF2E7D32',
    paid,
    progressBarData: { step: 2, text: '', steps: [] },
    tips_id: null,
    refunding,
  };
}

/** A hub over a fake LISTEN and a fake read whose answers the test releases one by one. */
function setUp(keepAliveMs = 60_000) {
  let notify: (payload: string) => void = () => undefined;
  let reconnect: () => void = () => undefined;
  const reads: Array<(event: OrderStatusEvent) => void> = [];
  const hub = new OrderEventsHub(
    {
      listen: async (_channel, onPayload, onReconnect) => {
        notify = onPayload;
        reconnect = onReconnect ?? (() => undefined);
        return async () => undefined;
      },
    },
    () => new Promise((resolve) => reads.push(resolve)),
    { perGuest: 2, perInstance: 3, keepAliveMs },
    silent,
  );
  const stream = () => {
    const got: string[] = [];
    let ended = false;
    const s: OrderStream = {
      send: (data) => got.push(data),
      keepAlive: () => got.push(': keep-alive'),
      end: () => (ended = true),
    };
    return { s, got, ended: () => ended };
  };
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { hub, stream, reads, tick, notify: (payload: string) => notify(payload), reconnect: () => reconnect() };
}

describe('the order events hub (issue 15)', () => {
  it('reads an order once for notifications that arrive during a read, and sends only what changed', async () => {
    const { hub, stream, reads, tick, notify } = setUp();
    await hub.start();
    const a = stream();
    hub.add(7, 1, a.s);
    expect(reads).toHaveLength(1);
    notify('7');
    notify('7');
    notify('8'); // nobody here watches order 8: no read
    reads.shift()!(state(10));
    await tick();
    expect(a.got).toEqual([JSON.stringify(state(10))]);
    expect(reads).toHaveLength(1); // one more read for the two notifications
    reads.shift()!(state(10));
    await tick();
    expect(a.got).toHaveLength(1); // the same state is not sent again
    notify('7');
    reads.shift()!(state(20));
    await tick();
    expect(a.got.at(-1)).toBe(JSON.stringify(state(20)));
  });

  it('re-reads every watched order after the LISTEN reconnected, ends streams at a final state, and counts places', async () => {
    const { hub, stream, reads, tick, reconnect } = setUp();
    await hub.start();
    const a = stream();
    const b = stream();
    hub.add(7, 1, a.s, hub.admit(1));
    reads.shift()!(state(40));
    await tick();
    hub.add(7, 1, b.s, hub.admit(1));
    reads.shift()!(state(40));
    await tick();
    expect(() => hub.admit(1)).toThrow(expect.objectContaining({ statusCode: 429, code: 'too_many_streams' }));
    const other = hub.admit(2);
    reconnect();
    expect(reads).toHaveLength(1);
    reads.shift()!(state(50, 1));
    await tick();
    expect(a.ended() && b.ended()).toBe(true);
    expect(hub.openStreams()).toBe(0);
    hub.admit(1);
    other();
  });

  it('keeps a cancelled order’s stream open while its refund’s money is on its way, and ends it once the bank answered (issue 31)', async () => {
    const { hub, stream, reads, tick, notify } = setUp();
    await hub.start();
    const a = stream();
    hub.add(7, 1, a.s);
    reads.shift()!(state(90, 1, 45_000));
    await tick();
    expect(a.ended()).toBe(false);
    notify('7');
    reads.shift()!(state(90, 1, 0));
    await tick();
    expect(a.got).toEqual([JSON.stringify(state(90, 1, 45_000)), JSON.stringify(state(90, 1, 0))]);
    expect(a.ended()).toBe(true);
  });

  it('writes the keep-alive comment to every stream, and ends them all on close', async () => {
    const { hub, stream, reads, tick } = setUp(20);
    await hub.start();
    const a = stream();
    hub.add(7, 1, a.s);
    reads.shift()!(state(10, 0));
    await tick();
    await new Promise((resolve) => setTimeout(resolve, 70));
    expect(a.got.filter((line) => line === ': keep-alive').length).toBeGreaterThanOrEqual(2);
    await hub.close();
    expect(a.ended()).toBe(true);
    expect(() => hub.admit(3)).toThrow(expect.objectContaining({ statusCode: 503 }));
  });
});
