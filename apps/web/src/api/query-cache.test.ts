import { describe, expect, it, vi } from 'vitest';
import { ApiError, REQUEST_FAILED_MESSAGE } from './client';
import { createQuery, type QueryOptions } from './query-cache';

/** A load whose answers the test hands out one by one (`answer`, `fail`), in the order asked. */
function controlledLoad<A, T>() {
  const waiting: Array<{ resolve: (data: T) => void; reject: (cause: unknown) => void }> = [];
  const load = vi.fn(
    (_args: A) =>
      new Promise<T>((resolve, reject) => {
        waiting.push({ resolve, reject });
      }),
  );
  const next = () => {
    const first = waiting.shift();
    if (!first) throw new Error('no request is waiting');
    return first;
  };
  return { load, answer: (data: T) => next().resolve(data), fail: (cause: unknown) => next().reject(cause) };
}

function setup<A = void, T = string>(options: Omit<QueryOptions<A, T>, 'load' | 'now'> = {}) {
  const control = controlledLoad<A, T>();
  let clock = 1_000;
  const query = createQuery<A, T>({ ...options, load: control.load, now: () => clock });
  return { query, ...control, tick: (ms: number) => (clock += ms) };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('query cache (decision 018)', () => {
  it('shares one request between everyone asking while it is on its way', async () => {
    const { query, load, answer } = setup();
    const first = query.fetch();
    query.ensure();
    const second = query.fetch();
    expect(load).toHaveBeenCalledTimes(1);
    answer('settings');
    await expect(Promise.all([first, second])).resolves.toEqual(['settings', 'settings']);
    expect(query.get()).toMatchObject({ status: 'ready', data: 'settings' });
  });

  it('keeps entries per key: other arguments are another request', async () => {
    const { query, load, answer } = setup<{ id: string }>({ key: (args) => args.id });
    const one = query.fetch({ id: '1' });
    const two = query.fetch({ id: '2' });
    query.ensure({ id: '1' });
    expect(load).toHaveBeenCalledTimes(2);
    answer('first');
    answer('second');
    await expect(one).resolves.toBe('first');
    await expect(two).resolves.toBe('second');
    expect(query.get({ id: '2' })).toMatchObject({ status: 'ready', args: { id: '2' }, data: 'second' });
  });

  it('answers from the cache while fresh, and asks again once the stale time has passed, showing the old answer meanwhile', async () => {
    const { query, load, answer, tick } = setup({ staleTime: 60_000 });
    query.ensure();
    answer('old');
    await settled();
    tick(59_999);
    await expect(query.fetch()).resolves.toBe('old');
    expect(load).toHaveBeenCalledTimes(1);
    tick(1);
    query.ensure();
    expect(load).toHaveBeenCalledTimes(2);
    expect(query.get()).toMatchObject({ status: 'ready', data: 'old' });
    answer('new');
    await settled();
    expect(query.get()).toMatchObject({ status: 'ready', data: 'new' });
  });

  it('takes a stale time per answer (the restaurant list: an empty one is asked again)', async () => {
    const { query, load, answer } = setup<void, string[]>({ staleTime: (list) => (list.length > 0 ? Infinity : 0) });
    query.ensure();
    answer([]);
    await settled();
    query.ensure();
    expect(load).toHaveBeenCalledTimes(2);
    answer(['Курский']);
    await settled();
    query.ensure();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks again after invalidate, one key or all', async () => {
    const { query, load, answer } = setup<string>({ key: (id) => id });
    query.ensure('a');
    query.ensure('b');
    answer('A');
    answer('B');
    await settled();
    query.invalidate('a');
    query.ensure('a');
    query.ensure('b');
    expect(load.mock.calls.map(([id]) => id)).toEqual(['a', 'b', 'a']);
    expect(query.get('a')).toMatchObject({ status: 'ready', data: 'A' });
    answer('A2');
    await settled();
    query.invalidate();
    query.ensure('a');
    query.ensure('b');
    expect(load.mock.calls.map(([id]) => id)).toEqual(['a', 'b', 'a', 'a', 'b']);
  });

  it('does not keep a failure as an answer: the state says it, the next use asks again', async () => {
    const { query, load, answer, fail } = setup();
    const failed = query.fetch();
    fail(new ApiError('Сервис недоступен', 'server', 503));
    await expect(failed).rejects.toMatchObject({ message: 'Сервис недоступен', status: 503 });
    expect(query.get()).toMatchObject({ status: 'error', data: null, error: { message: 'Сервис недоступен' } });
    const again = query.fetch();
    expect(load).toHaveBeenCalledTimes(2);
    expect(query.get().status).toBe('loading');
    answer('settings');
    await expect(again).resolves.toBe('settings');
  });

  it("turns a failure that is not an ApiError into SPEC 8's request-failed text", async () => {
    const { query, fail } = setup();
    const failed = query.fetch();
    fail(new TypeError('Failed to fetch'));
    await expect(failed).rejects.toMatchObject({ message: REQUEST_FAILED_MESSAGE, kind: 'network' });
  });

  it('refetch asks even while fresh, and shares a request on its way', async () => {
    const { query, load, answer } = setup();
    query.ensure();
    answer('one');
    await settled();
    query.refetch();
    query.refetch();
    expect(load).toHaveBeenCalledTimes(2);
    answer('two');
    await settled();
    expect(query.get()).toMatchObject({ data: 'two' });
  });

  it('keeps at most `keep` entries: the older one is forgotten and its late answer dropped', async () => {
    const { query, answer } = setup<string>({ key: (id) => id, keep: 1 });
    const early = query.fetch('shop');
    query.ensure('bar');
    answer('shop menu');
    await expect(early).resolves.toBe('shop menu');
    expect(query.get('shop').status).toBe('idle');
    expect(query.latest()).toMatchObject({ status: 'loading', args: 'bar' });
    answer('bar menu');
    await settled();
    expect(query.latest()).toMatchObject({ status: 'ready', args: 'bar', data: 'bar menu' });
  });

  it('set puts an answer in place of a request on its way, whose answer is then dropped', async () => {
    const { query, load, answer } = setup<string>({ key: (id) => id });
    query.ensure('menu');
    query.set('menu', 'unlocked');
    answer('late');
    await settled();
    expect(query.get('menu')).toMatchObject({ status: 'ready', data: 'unlocked' });
    await expect(query.fetch('menu')).resolves.toBe('unlocked');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tells subscribers of each change, and stops when they leave', async () => {
    const { query, answer } = setup();
    const listener = vi.fn();
    const leave = query.subscribe(listener);
    query.ensure();
    expect(listener).toHaveBeenCalledTimes(1);
    const seen = query.get();
    answer('settings');
    await settled();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(query.get()).not.toBe(seen);
    // The same state object while nothing changed (useSyncExternalStore compares them).
    expect(query.get()).toBe(query.get());
    leave();
    query.refetch();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
