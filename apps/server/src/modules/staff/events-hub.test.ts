import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { EventStream } from '../../http/event-stream';
import type { StaffPrincipal } from './access';
import { StaffEventsHub, type StaffEvent } from './events-hub';
import { STAFF_SESSIONS_CHANNEL, STAFF_TEAM_CHANNEL } from './repository';

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

function viewer(id: number, sessionId: number, restaurantIds: number[] = []): StaffPrincipal {
  return {
    id,
    login: `m${id}`,
    name: 'М',
    role: 'manager',
    chain: restaurantIds.length === 0,
    restaurantIds,
    sessionId,
  };
}

/** A hub of the topic 'topic' over a fake LISTEN, whose reads the test answers one by one. */
function setUp() {
  const handlers = new Map<string, { onPayload: (payload: string) => void; onReconnect?: () => void }>();
  const reads: Array<{ payload: string; answer: (event: StaffEvent | undefined) => void }> = [];
  const hub = new StaffEventsHub(
    {
      listen: async (channel, onPayload, onReconnect) => {
        handlers.set(channel, { onPayload, ...(onReconnect ? { onReconnect } : {}) });
        return async () => undefined;
      },
    },
    {
      channel: 'topic',
      concerns: (payload, who) => who.chain || who.restaurantIds.includes(Number(payload.split(':')[0])),
      read: (payload) => new Promise((answer) => reads.push({ payload, answer })),
    },
    60_000,
    silent,
  );
  const stream = (who: StaffPrincipal) => {
    const got: string[] = [];
    let ended = false;
    const closers: Array<() => void> = [];
    const s: EventStream = {
      send: (event, data) => got.push(`${event} ${data}`),
      keepAlive: () => undefined,
      end: () => {
        ended = true;
        for (const close of closers.splice(0)) close();
      },
      onClose: (listener) => void closers.push(listener),
    };
    const release = hub.admit(who);
    hub.add(who, s, release);
    return { got, ended: () => ended };
  };
  const notify = (channel: string, payload: string) => handlers.get(channel)?.onPayload(payload);
  const tick = () => new Promise((resolve) => setImmediate(resolve));
  return { hub, stream, reads, notify, tick, reconnect: () => handlers.get('topic')?.onReconnect?.() };
}

const event = (data: string, forWhom: (who: StaffPrincipal) => boolean = () => true): StaffEvent => ({
  event: 'refund',
  data,
  for: forWhom,
});

describe('the back office’s events hub (decision 055)', () => {
  it('reads a payload once for the notifications that come during its read, so the last state is sent last; to the viewers it is for', async () => {
    const { hub, stream, reads, notify, tick } = setUp();
    await hub.start();
    const chain = stream(viewer(1, 11));
    const other = stream(viewer(2, 12, [2]));
    notify('topic', '1:5');
    notify('topic', '1:5');
    notify('topic', '1:5');
    expect(reads).toHaveLength(1);
    reads.shift()!.answer(event('pending'));
    await tick();
    expect(reads).toHaveLength(1);
    reads.shift()!.answer(event('done', (who) => who.chain));
    await tick();
    expect(chain.got).toEqual(['refund pending', 'refund done']);
    // Restaurant 1's refund: the other restaurant's manager was sent only what was for them, and
    // a payload none of them may see costs no read.
    expect(other.got).toEqual(['refund pending']);
    const onlyOther = setUp();
    await onlyOther.hub.start();
    onlyOther.stream(viewer(2, 12, [2]));
    onlyOther.notify('topic', '1:5');
    expect(onlyOther.reads).toHaveLength(0);
  });

  it('ends an ended session’s streams and a changed account’s streams (not for a change of its sessions only), and every stream when the LISTEN reconnects', async () => {
    const { hub, stream, notify, reconnect } = setUp();
    await hub.start();
    const first = stream(viewer(1, 11));
    const second = stream(viewer(1, 12));
    const third = stream(viewer(2, 13));
    notify(STAFF_SESSIONS_CHANNEL, '12,99');
    expect([first.ended(), second.ended(), third.ended()]).toEqual([false, true, false]);
    notify(STAFF_TEAM_CHANNEL, '1:sessions');
    expect(first.ended()).toBe(false);
    notify(STAFF_TEAM_CHANNEL, '1');
    expect([first.ended(), third.ended()]).toEqual([true, false]);
    expect(hub.openStreams()).toBe(1);
    reconnect();
    expect(third.ended()).toBe(true);
    expect(hub.openStreams()).toBe(0);
  });
});
