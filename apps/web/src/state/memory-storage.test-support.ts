import type { StateStorage } from 'zustand/middleware';

/** A localStorage stand-in for tests (the unit project runs in node, without a DOM). */
export class MemoryStorage implements StateStorage {
  readonly values = new Map<string, string>();
  reads = 0;
  writes = 0;

  constructor(initial: Record<string, string> = {}) {
    for (const [key, value] of Object.entries(initial)) this.values.set(key, value);
  }

  getItem(name: string): string | null {
    this.reads += 1;
    return this.values.get(name) ?? null;
  }

  setItem(name: string, value: string): void {
    this.writes += 1;
    this.values.set(name, value);
  }

  removeItem(name: string): void {
    this.values.delete(name);
  }

  json(name: string): unknown {
    const raw = this.values.get(name);
    return raw === undefined ? undefined : JSON.parse(raw);
  }
}
