import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { BOARD_STREAMS_PER_SESSION, STAFF_TEXTS, type StaffOrder } from '@chain/contract';
import type { EventStream } from '../../http/event-stream';
import { BoardHub } from './hub';

// Issue 17: a board's stream hears of its restaurant's orders only, and an order of a restaurant
// whose board is not open here costs no read at all.
function fakeStream(): EventStream & { sent: string[]; closed: () => void } {
  const listeners: Array<() => void> = [];
  const sent: string[] = [];
  return {
    sent,
    send: (_event, data) => void sent.push(data),
    keepAlive: () => undefined,
    end: () => listeners.forEach((listener) => listener()),
    onClose: (listener) => void listeners.push(listener),
    closed: () => listeners.forEach((listener) => listener()),
  };
}

describe('the board hub (issue 17)', () => {
  it('reads and sends only orders of restaurants with an open board', async () => {
    const channels = new Map<string, (payload: string) => void>();
    const notify = (payload: string) => channels.get('order_board')?.(payload);
    const database = {
      listen: vi.fn(async (channel: string, onPayload: (payload: string) => void) => {
        channels.set(channel, onPayload);
        return async () => undefined;
      }),
    };
    const read = vi.fn(async (orderId: number) => ({ restaurantId: 5, order: { id: orderId } as StaffOrder }));
    const hub = new BoardHub(database, read, 25_000, { warn: vi.fn() } as unknown as FastifyBaseLogger);
    await hub.start();
    expect(database.listen.mock.calls[0]?.[0]).toBe('order_board');
    const stream = fakeStream();
    hub.add({ sessionId: 1, staffId: 1, restaurantId: 5 }, stream, () => undefined);

    notify('2:10');
    notify('garbage');
    await Promise.resolve();
    expect(read).not.toHaveBeenCalled();
    notify('5:11');
    await vi.waitFor(() => expect(stream.sent).toEqual([JSON.stringify({ id: 11 })]));
    expect(read).toHaveBeenCalledTimes(1);

    stream.closed();
    notify('5:12');
    await Promise.resolve();
    expect(read).toHaveBeenCalledTimes(1);
    await hub.close();
  });

  it('ends the streams of sessions announced ended, and no other (issue 31, the team screen)', async () => {
    const channels = new Map<string, (payload: string) => void>();
    const database = {
      listen: vi.fn(async (channel: string, onPayload: (payload: string) => void) => {
        channels.set(channel, onPayload);
        return async () => undefined;
      }),
    };
    const hub = new BoardHub(database, vi.fn(), 25_000, { warn: vi.fn() } as unknown as FastifyBaseLogger);
    await hub.start();
    expect([...channels.keys()]).toEqual(['order_board', 'staff_sessions_ended']);
    const ended = { one: vi.fn(), two: vi.fn(), other: vi.fn() };
    const released = vi.fn();
    const streams = { one: fakeStream(), two: fakeStream(), other: fakeStream() };
    hub.add({ sessionId: 7, staffId: 3, restaurantId: 5 }, streams.one, released);
    hub.add({ sessionId: 7, staffId: 3, restaurantId: 6 }, streams.two, released);
    hub.add({ sessionId: 8, staffId: 4, restaurantId: 5 }, streams.other, released);
    streams.one.onClose(ended.one);
    streams.two.onClose(ended.two);
    streams.other.onClose(ended.other);
    channels.get('staff_sessions_ended')?.('9,7');
    expect(ended.one).toHaveBeenCalledTimes(1);
    expect(ended.two).toHaveBeenCalledTimes(1);
    expect(ended.other).not.toHaveBeenCalled();
    expect(released).toHaveBeenCalledTimes(2);
    await hub.close();
  });

  it('takes a slot under the session, the account and the restaurant, refuses past a cap taking none, and gives each back once (issue 30.4)', () => {
    const hub = new BoardHub({ listen: vi.fn() }, vi.fn(), 25_000, { warn: vi.fn() } as unknown as FastifyBaseLogger);
    const releases = Array.from({ length: BOARD_STREAMS_PER_SESSION }, () =>
      hub.admit({ sessionId: 1, staffId: 1, restaurantId: 5 }),
    );
    expect(() => hub.admit({ sessionId: 1, staffId: 1, restaurantId: 6 })).toThrow(STAFF_TEXTS.tooManyBoardStreams);
    // Another session of the account still has room; the refusal took nothing.
    const other = hub.admit({ sessionId: 2, staffId: 1, restaurantId: 5 });
    releases[0]!();
    releases[0]!();
    releases.push(hub.admit({ sessionId: 1, staffId: 1, restaurantId: 5 }));
    expect(() => hub.admit({ sessionId: 1, staffId: 1, restaurantId: 5 })).toThrow(STAFF_TEXTS.tooManyBoardStreams);
    other();
    for (const release of releases) release();
  });
});
