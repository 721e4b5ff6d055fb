import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, loadChunk } from './lazy-page';

describe('route chunk loading (SPEC 9: chunk load timeout 120 s)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is 120 seconds', () => {
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });

  it('passes a chunk that arrives in time', async () => {
    await expect(loadChunk(Promise.resolve('chunk'))).resolves.toBe('chunk');
  });

  it('fails a chunk that has not arrived after the timeout', async () => {
    vi.useFakeTimers();
    const never = new Promise<string>(() => undefined);
    const result = loadChunk(never);
    const assertion = expect(result).rejects.toBeInstanceOf(ChunkLoadTimeoutError);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS);
    await assertion;
  });

  it('passes on a loading failure as it is', async () => {
    const failure = new TypeError('Failed to fetch dynamically imported module');
    await expect(loadChunk(Promise.reject(failure))).rejects.toBe(failure);
  });
});
