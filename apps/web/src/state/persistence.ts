import type { StateStorage } from 'zustand/middleware';
import type { StoreApi } from 'zustand/vanilla';
import { CART_KEYS, type CartFields, type CartStore } from './cart-store';
import { GUEST_KEYS, type GuestFields, type GuestStore } from './guest-store';
import { KIOSK_KEYS, type KioskFields, type KioskStore } from './kiosk-store';
import { migratePersistedState, sanitizePersistedState, STATE_VERSION, STORAGE_KEY } from './persisted-shape';
import { jsonStorage } from './safe-storage';

/*
 * SPEC 3's client state kept in localStorage: one stored value (STORAGE_KEY, { state, version })
 * for the stores that keep something — the cart, the guest, the kiosk — in the shape and version
 * it had when they were one store (persisted-shape.ts), so what a phone saved before loads as it
 * was, and a build rolled back still reads what this one wrote. The chrome keeps nothing.
 */

/** Everything stored, as one value. */
export type PersistedState = CartFields & GuestFields & KioskFields;

export interface PersistedStores {
  cart: CartStore;
  guest: GuestStore;
  kiosk: KioskStore;
}

export interface StatePersistence {
  /** Reads the stored value into the stores (migrating an older version), once asked: SPEC 2 Navigation guard. */
  hydrate: () => Promise<void>;
  hasHydrated: () => boolean;
  /** Calls the listener each time a hydrate has finished; returns the unsubscribe. */
  onFinishHydration: (listener: () => void) => () => void;
}

function picked<S, K extends keyof S>(state: S, keys: readonly K[]): Pick<S, K> {
  const fields = {} as Pick<S, K>;
  for (const key of keys) fields[key] = state[key];
  return fields;
}

/** The stored value of the stores' state now. */
export function pickPersisted(stores: PersistedStores): PersistedState {
  return {
    ...picked(stores.cart.getState(), CART_KEYS),
    ...picked(stores.guest.getState(), GUEST_KEYS),
    ...picked(stores.kiosk.getState(), KIOSK_KEYS),
  };
}

/** A store's kept fields changed between two of its states. */
function changed<S>(keys: ReadonlyArray<keyof S>): (state: S, previous: S) => boolean {
  return (state, previous) => keys.some((key) => state[key] !== previous[key]);
}

/**
 * Ties the stores to storage. Nothing is read until `hydrate()`; after it, each change of a kept
 * field writes the one stored value. Before it nothing is written, so a change made before the
 * state is loaded cannot overwrite what the guest saved.
 */
export function persistStores(stores: PersistedStores, storage: StateStorage): StatePersistence {
  const json = jsonStorage<PersistedState>(storage);
  let hydrated = false;
  let hydrating = false;
  const listeners = new Set<() => void>();

  const write = () => {
    if (!hydrated || hydrating) return;
    json.setItem(STORAGE_KEY, { state: pickPersisted(stores), version: STATE_VERSION });
  };
  const watch = <S>(store: StoreApi<S>, keys: ReadonlyArray<keyof S>) => {
    const fieldsChanged = changed(keys);
    store.subscribe((state, previous) => {
      if (fieldsChanged(state, previous)) write();
    });
  };
  watch(stores.cart, CART_KEYS);
  watch(stores.guest, GUEST_KEYS);
  watch(stores.kiosk, KIOSK_KEYS);

  return {
    hydrate: () => {
      hydrated = false;
      hydrating = true;
      const saved = json.getItem(STORAGE_KEY) as { state: unknown; version?: unknown } | null;
      // A value of another version is migrated (and written back); one without a version is read as it is.
      const migrated = saved !== null && typeof saved.version === 'number' && saved.version !== STATE_VERSION;
      const state = migrated
        ? migratePersistedState(saved.state, saved.version as number)
        : sanitizePersistedState(saved?.state);
      stores.cart.setState(picked(state, CART_KEYS));
      stores.guest.setState(picked(state, GUEST_KEYS));
      stores.kiosk.setState(picked(state, KIOSK_KEYS));
      hydrating = false;
      hydrated = true;
      if (migrated) write();
      for (const listener of listeners) listener();
      return Promise.resolve();
    },
    hasHydrated: () => hydrated,
    onFinishHydration: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
