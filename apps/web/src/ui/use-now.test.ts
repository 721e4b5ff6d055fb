import { describe, expect, it } from 'vitest';
import { secondsUntil } from './use-now';

describe('countdowns', () => {
  it('count whole seconds down to zero, a started second counting as one', () => {
    expect(secondsUntil(60_000, 0)).toBe(60);
    expect(secondsUntil(60_000, 59_001)).toBe(1);
    expect(secondsUntil(60_000, 60_000)).toBe(0);
    expect(secondsUntil(60_000, 61_000)).toBe(0);
  });
});
