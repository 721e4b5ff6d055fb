import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors';
import { LiveHub, type LiveStream } from './live-hub';

// The one mechanism of the live streams (issues 15, 17, 30; decision 055): lazy LISTEN of all its
// channels or none, caps, keep-alive, coalesced reads and the close every stream route relies on.

const silent = { warn: () => undefined } as unknown as FastifyBaseLogger;

function fakeStream(): LiveStream & { keepAlives: number; ended: boolean } {
  const stream = {
    keepAlives: 0,
    ended: false,
    keepAlive: () => void (stream.keepAlives += 1),
    end: () => void (stream.ended = true),
  };
  return stream;
}

describe('the live-stream hub', () => {
  it('listens to every channel with the first start, or to none (a failed start is tried again by the next), and once', async () => {
    const stopped: string[] = [];
    let failSecond = true;
    const listen = vi.fn(async (channel: string) => {
      if (channel === 'b' && failSecond) {
        failSecond = false;
        throw new Error('down');
      }
      return async () => void stopped.push(channel);
    });
    const hub = new LiveHub<number, LiveStream>({
      database: { listen },
      channels: [
        ['a', () => undefined],
        ['b', () => undefined],
      ],
      onReconnect: () => undefined,
      keepAliveMs: 60_000,
      log: silent,
    });
    await expect(hub.start()).rejects.toThrow('down');
    expect(stopped).toEqual(['a']);
    await hub.start();
    await hub.start();
    expect(listen.mock.calls.map(([channel]) => channel)).toEqual(['a', 'b', 'a', 'b']);
    await hub.close();
    expect(stopped).toEqual(['a', 'b', 'a']);
  });

  it('caps streams under each key, gives slots back with the stream, keeps streams alive and ends them all on close, refusing after', async () => {
    const hub = new LiveHub<string, LiveStream>({
      database: { listen: async () => async () => undefined },
      channels: [],
      onReconnect: () => undefined,
      keepAliveMs: 20,
      log: silent,
      keyOf: (viewer) => viewer,
    });
    const caps = (who: string) => [
      { key: `who:${who}`, limit: 1, refusal: () => new AppError(429, 'too_many_streams', 'много') },
    ];
    await hub.start();
    const a = fakeStream();
    const forget = hub.add('x', a, hub.admit(caps('x')));
    expect(() => hub.admit(caps('x'))).toThrow('много');
    expect([hub.has('x'), hub.openStreams(), hub.openStreams('who:x')]).toEqual([true, 1, 1]);
    expect(forget()).toBe(true);
    expect(forget()).toBe(false);
    expect([hub.has('x'), hub.openStreams(), hub.openStreams('who:x')]).toEqual([false, 0, 0]);
    const b = fakeStream();
    hub.add('y', b, hub.admit(caps('x')));
    await new Promise((resolve) => setTimeout(resolve, 70));
    expect(b.keepAlives).toBeGreaterThanOrEqual(2);
    await hub.close();
    expect(b.ended).toBe(true);
    expect(() => hub.admit([])).toThrow(expect.objectContaining({ statusCode: 503 }));
    await expect(hub.start()).rejects.toMatchObject({ statusCode: 503 });
  });

  it('reads a key once for the notifications during its read, and ends what the caller says when a read fails', async () => {
    const hub = new LiveHub<number, LiveStream>({
      database: { listen: async () => async () => undefined },
      channels: [],
      onReconnect: () => undefined,
      keepAliveMs: 60_000,
      log: silent,
    });
    const answers: Array<(fail?: boolean) => void> = [];
    const read = () =>
      new Promise<void>((resolve, reject) => answers.push((fail) => (fail ? reject(new Error('db')) : resolve())));
    const failed = vi.fn();
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    hub.refresh('k', read, () => true, failed);
    hub.refresh('k', read, () => true, failed);
    hub.refresh('k', read, () => true, failed);
    expect(answers).toHaveLength(1);
    answers.shift()!();
    await tick();
    expect(answers).toHaveLength(1);
    answers.shift()!(true);
    await tick();
    expect(failed).toHaveBeenCalledTimes(1);
    hub.refresh('k', read, () => true, failed);
    expect(answers).toHaveLength(1);
  });
});
