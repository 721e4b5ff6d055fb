import type { PersistStorage, StateStorage, StorageValue } from 'zustand/middleware';

/**
 * Browser storage that never throws: private modes and full quotas refuse localStorage, and a
 * guest must still be able to order. Values written during this visit are also kept in memory,
 * so the app keeps working when the browser refuses to store them.
 */
export function safeStorage(getStorage: () => StateStorage | undefined): StateStorage {
  const memory = new Map<string, string>();
  let storage: StateStorage | undefined;
  try {
    storage = getStorage();
  } catch {
    storage = undefined; // storage access itself is forbidden (e.g. blocked cookies)
  }
  return {
    getItem(name) {
      const kept = memory.get(name);
      if (kept !== undefined) return kept;
      try {
        return storage?.getItem(name) ?? null;
      } catch {
        return null;
      }
    },
    setItem(name, value) {
      memory.set(name, value);
      try {
        void storage?.setItem(name, value);
      } catch {
        // Quota exceeded or storage refused: the in-memory copy serves this visit.
      }
    },
    removeItem(name) {
      memory.delete(name);
      try {
        void storage?.removeItem(name);
      } catch {
        // Nothing stored to remove, or storage refused: nothing else to do.
      }
    },
  };
}

/**
 * JSON over a string storage. A stored value that is not valid JSON reads as nothing stored
 * (zustand's own JSON storage would throw and leave the state never hydrated).
 */
export function jsonStorage<S>(storage: StateStorage): PersistStorage<S> {
  return {
    getItem(name) {
      const raw = storage.getItem(name);
      if (typeof raw !== 'string') return null;
      try {
        return JSON.parse(raw) as StorageValue<S>;
      } catch {
        return null;
      }
    },
    setItem(name, value) {
      storage.setItem(name, JSON.stringify(value));
    },
    removeItem(name) {
      storage.removeItem(name);
    },
  };
}
