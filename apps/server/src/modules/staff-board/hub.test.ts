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
    let notify: (payload: string) => void = () => undefined;
    const database = {
      listen: vi.fn(async (_channel: string, onPayload: (payload: string) => void) => {
        notify = onPayload;
        return async () => undefined;
      }),
    };
    const read = vi.fn(async (orderId: number) => ({ restaurantId: 5, order: { id: orderId } as StaffOrder }));
    const hub = new BoardHub(database, read, 25_000, { warn: vi.fn() } as unknown as FastifyBaseLogger);
    await hub.start();
    expect(database.listen.mock.calls[0]?.[0]).toBe('order_board');
    const stream = fakeStream();
    hub.add(5, stream, () => undefined);

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

  it('takes a slot under the session, the account and the restaurant, refuses past a cap taking none, and gives each back once (issue 30.4)', () => {
    const hub = new BoardHub({ listen: vi.fn() }, vi.fn(), 25_000, { warn: vi.fn() } as unknown as FastifyBaseLogger);
    const releases = Array.from({ length: BOARD_STREAMS_PER_SESSION }, () => hub.admit({ sessionId: 1, staffId: 1, restaurantId: 5 }));
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
