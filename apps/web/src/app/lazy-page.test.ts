import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, withTimeout } from './lazy-page';

describe('route chunk loading (SPEC 9: chunk load timeout 120 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 120 seconds', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(withTimeout(Promise.resolve('chunk'), 1000)).resolves.toBe('chunk');
  });

  it('fails a chunk that has not arrived after the timeout', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const result = withTimeout(never, CHUNK_LOAD_TIMEOUT_MS);
    const assertion = expect(result).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await assertion;
  });

  it('passes on a loading failure as it is', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(withTimeout(Promise.reject(failure), 1000)).rejects.toBe(failure);
  });
});
