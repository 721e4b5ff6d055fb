import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './client';
import { DatabaseMonitor, isConnectionError, isPoolBusy } from './monitor';

// pg-pool's two connect failures (issue 11, second read, point 4): waiting for a free connection
// of a full pool is a rush; a new connection that cannot be made is a lost (or frozen) database.
describe('what a failed connect says about the database', () => {
  it('takes a wait for a free connection that timed out as a busy pool, never as a lost database', () => {
    const wait = new Error('timeout exceeded when trying to connect');
    expect(isPoolBusy(wait)).toBe(true);
    expect(isConnectionError(wait)).toBe(false);
  });

  it('takes a new connection that timed out, was refused or was cut as a lost database, not a busy pool', () => {
    const failures = [
      new Error('Connection terminated due to connection timeout'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new Error('Connection terminated unexpectedly'),
      new Error('Query read timeout'),
    ];
    for (const failure of failures) {
      expect(isConnectionError(failure), failure.message).toBe(true);
      expect(isPoolBusy(failure), failure.message).toBe(false);
    }
  });
});

describe('a copy that holds the database on purpose (decision 058)', () => {
  it('is not taken for a lost database: health reports the state as it was, without a ping', async () => {
    let pings = 0;
    const handle = { ping: () => ((pings += 1), new Promise<void>(() => undefined)) } as unknown as DatabaseHandle;
    const monitor = new DatabaseMonitor(handle, 1000, 20);
    let release!: () => void;
    const copy = monitor.during(() => new Promise<void>((resolve) => (release = resolve)));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect((await monitor.check()).state).toBe('up');
    expect(pings).toBe(0);
    release();
    await copy;
    // Afterwards a ping is a ping again: one that gets no answer marks the database lost.
    expect((await monitor.check()).state).toBe('down');
    expect(pings).toBe(1);
    monitor.close();
  });
});
