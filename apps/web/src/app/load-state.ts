import type { AppStore } from '../state/app-store';

const loading = new WeakMap<AppStore, Promise<void>>();

/**
 * SPEC 2 Navigation guard: the state is loaded once, on the first navigation. The app calls
 * this before its first route renders; later calls return the same promise and read nothing.
 */
export function loadStateOnce(store: AppStore): Promise<void> {
  let loaded = loading.get(store);
  if (!loaded) {
    loaded = store.persist.rehydrate();
    loading.set(store, loaded);
  }
  return loaded;
}
