import type { StatePersistence } from '../state/persistence';

const loading = new WeakMap<StatePersistence, Promise<void>>();

/**
 * SPEC 2 Navigation guard: the state is loaded once, on the first navigation. The app calls
 * this before its first route renders; later calls return the same promise and read nothing.
 */
export function loadStateOnce(persistence: StatePersistence): Promise<void> {
  let loaded = loading.get(persistence);
  if (!loaded) {
    loaded = persistence.hydrate();
    loading.set(persistence, loaded);
  }
  return loaded;
}
