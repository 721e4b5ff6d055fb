import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import { jsonStorage, safeStorage } from './safe-storage';
import { MemoryStorage } from './memory-storage.test-support';

const refusing: StateStorage = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
  removeItem: () => {
    throw new Error('SecurityError');
  },
};

describe('browser storage that never fails the app', () => {
  it('writes through to the browser storage', () => {
    const backing = new MemoryStorage();
    safeStorage(() => backing).setItem('k', 'v');
    expect(backing.values.get('k')).toBe('v');
  });

  it('keeps values for this visit when the browser refuses to store them', () => {
    const storage = safeStorage(() => refusing);
    expect(storage.getItem('k')).toBeNull();
    expect(() => storage.setItem('k', 'v')).not.toThrow();
    expect(storage.getItem('k')).toBe('v');
    expect(() => storage.removeItem('k')).not.toThrow();
    expect(storage.getItem('k')).toBeNull();
  });

  it('works when even reaching the storage throws', () => {
    const storage = safeStorage(() => {
      throw new Error('blocked');
    });
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
  });

  it('reads text that is not JSON as nothing stored', () => {
    expect(jsonStorage(new MemoryStorage({ k: '{oops' })).getItem('k')).toBeNull();
  });
});
