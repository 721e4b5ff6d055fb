import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ORDER_EVENTS_KEEP_ALIVE_MS, type OrderStatusEvent } from '@chain/contract';
import { followOrderEvents, ORDER_EVENTS_RECONNECT_MS } from './order-events';

const update = (status: number, paid: 0 | 1 = 1, refunding = 0): OrderStatusEvent => ({
  id: 501,
  status,
  status_text: `status ${status}`,
  status_color: '#FF2E7D32',
  paid,
  progressBarData: { step: 2, text: 'Готовим ваш заказ', steps: [] },
  tips_id: null,
  refunding,
});
const frame = (value: OrderStatusEvent) => `event: status\ndata: ${JSON.stringify(value)}\n\n`;

/** A response whose body the test writes to and ends. */
function streamResponse() {
  const encoder = new TextEncoder();
  let control!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => void (control = controller),
    cancel: () => void (cancelled = true),
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send: (text: string) => control.enqueue(encoder.encode(text)),
    end: () => control.close(),
    /** The client let go of the stream (a final state). */
    cancelled: () => cancelled,
  };
}

function fakeDocument() {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => void listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => void listeners.delete(listener),
    set(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      for (const listener of listeners) listener();
    },
    listeners,
  };
  return doc;
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe('following an order live (GET /api/v1/order/{id}/events)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the bearer token and user_id, passes each status event on and stops after a final one', async () => {
    const stream = streamResponse();
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(stream.response);
    const seen: number[] = [];
    const doc = fakeDocument();
    followOrderEvents({
      session: { id: '7', password: 'tok' },
      orderId: 501,
      onStatus: (value) => seen.push(value.status),
      fetchImpl,
      document: doc,
    });
    await flush();
    const [url, init] = fetchImpl.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/order/501/events?user_id=7');
    expect(init?.headers).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    expect(url as string).not.toContain('tok');

    stream.send(frame(update(20)) + ': keep-alive\n\n');
    await flush();
    stream.send('event: status\ndata: {not json}\n\n');
    stream.send(frame(update(30)));
    await flush();
    stream.send(frame(update(50)));
    await flush();
    expect(seen).toEqual([20, 30, 50]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('does not stop at a cancelled state while a refund’s money is on its way: the bank’s answer is still to come (issue 31)', async () => {
    const stream = streamResponse();
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(stream.response);
    const seen: number[] = [];
    followOrderEvents({
      session: { id: '7', password: 'tok' },
      orderId: 501,
      onStatus: (value) => seen.push(value.refunding),
      fetchImpl,
      document: fakeDocument(),
    });
    await flush();
    stream.send(frame(update(90, 1, 45_000)));
    await flush();
    expect(stream.cancelled()).toBe(false);
    stream.send(frame(update(90, 1, 0)));
    await flush();
    expect(seen).toEqual([45_000, 0]);
    expect(stream.cancelled()).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('reconnects after 1, 2, 5 … and at most 30 s, and a stream that delivers resets the wait', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockRejectedValue(new TypeError('offline'));
    const doc = fakeDocument();
    followOrderEvents({
      session: { id: '7', password: 'tok' },
      orderId: 501,
      onStatus: () => {},
      fetchImpl,
      document: doc,
    });
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    let calls = 1;
    for (const wait of [...ORDER_EVENTS_RECONNECT_MS, 30_000]) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(fetchImpl).toHaveBeenCalledTimes(calls);
      await vi.advanceTimersByTimeAsync(1);
      calls += 1;
      expect(fetchImpl).toHaveBeenCalledTimes(calls);
    }
    expect(ORDER_EVENTS_RECONNECT_MS.slice(0, 3)).toEqual([1000, 2000, 5000]);
    expect(Math.max(...ORDER_EVENTS_RECONNECT_MS)).toBe(30_000);

    // A stream that delivers an event and then drops: the next wait is 1 s again.
    const stream = streamResponse();
    fetchImpl.mockResolvedValueOnce(stream.response);
    await vi.advanceTimersByTimeAsync(30_000);
    calls += 1;
    stream.send(frame(update(20)));
    await flush();
    stream.end();
    await flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchImpl).toHaveBeenCalledTimes(calls + 1);
  });

  it('closes while the tab is hidden, opens at once when visible, and stops for good when stopped', async () => {
    const first = streamResponse();
    const second = streamResponse();
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(first.response)
      .mockResolvedValueOnce(second.response);
    const doc = fakeDocument();
    const stop = followOrderEvents({
      session: { id: '7', password: 'tok' },
      orderId: 501,
      onStatus: () => {},
      fetchImpl,
      document: doc,
    });
    await flush();
    const signal = fetchImpl.mock.calls[0]?.[1]?.signal;
    doc.set('hidden');
    expect(signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    doc.set('visible');
    await flush();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    stop();
    expect(fetchImpl.mock.calls[1]?.[1]?.signal?.aborted).toBe(true);
    expect(doc.listeners.size).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('drops a stream silent for twice the keep-alive and opens it again', async () => {
    const quiet = streamResponse();
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(quiet.response)
      .mockRejectedValue(new TypeError('offline'));
    followOrderEvents({
      session: { id: '7', password: 'tok' },
      orderId: 501,
      onStatus: () => {},
      fetchImpl,
      document: fakeDocument(),
    });
    await flush();
    quiet.send(': keep-alive\n\n');
    await vi.advanceTimersByTimeAsync(2 * ORDER_EVENTS_KEEP_ALIVE_MS - 1);
    expect(fetchImpl.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(ORDER_EVENTS_RECONNECT_MS[0]!);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('gives up on a refusal (404: not this guest’s order)', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(new Response('{}', { status: 404 }));
    const refused = vi.fn();
    followOrderEvents({
      session: { id: '7', password: 'tok' },
      orderId: 9,
      onStatus: () => {},
      onRefused: refused,
      fetchImpl,
      document: fakeDocument(),
    });
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refused).toHaveBeenCalledWith(404);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});
