import { afterEach, describe, expect, it, vi } from 'vitest';
import { withTimeout } from '../src/deadline';

const late = (ms: number) => new RangeError(`not within ${ms} ms`);

describe('withTimeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('passes on what settles in time', async () => {
    await expect(withTimeout(Promise.resolve('value'), 1000, late)).resolves.toBe('value');
  });

  it('rejects with the given error once the time is up, not before', async () => {
    vi.useFakeTimers();
    let settled = false;
    const result = withTimeout(new Promise<string>(() => undefined), 500, late).finally(() => {
      settled = true;
    });
    const assertion = expect(result).rejects.toThrow(new RangeError('not within 500 ms'));
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('passes on an Error as it is, and wraps anything else in one', async () => {
    const failure = new TypeError('failed');
    await expect(withTimeout(Promise.reject(failure), 1000, late)).rejects.toBe(failure);
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a rejection that is not an Error is the case under test
    await expect(withTimeout(Promise.reject('text'), 1000, late)).rejects.toThrow(new Error('text'));
  });

  it('clears its timer once the promise settles', async () => {
    vi.useFakeTimers();
    await withTimeout(Promise.resolve(1), 1000, late);
    expect(vi.getTimerCount()).toBe(0);
  });
});
