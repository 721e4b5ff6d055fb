import type { StoreApi } from 'zustand/vanilla';
import type { AppStores } from './app-stores';
import type { CartState } from './cart-store';
import type { ChromeState } from './chrome-store';
import type { GuestState } from './guest-store';
import type { KioskState } from './kiosk-store';
import { cartStore, chromeStore, guestStore, kioskStore, statePersistence } from './store';

/** Every store's state as one object: what tests that follow a step across concerns read. */
export type AllState = CartState & GuestState & KioskState & ChromeState;

/**
 * The stores seen as one, for tests that follow a step across concerns: getState merges their
 * states (a snapshot), setState hands each field to the store that has it.
 */
export function storeView(stores: Omit<AppStores, 'statePersistence'> & Partial<Pick<AppStores, 'statePersistence'>>) {
  const assign = <S extends object>(store: StoreApi<S>, patch: object) => {
    const own = Object.fromEntries(Object.entries(patch).filter(([key]) => key in store.getState()));
    if (Object.keys(own).length > 0) store.setState(own as Partial<S>);
  };
  return {
    getState: (): AllState => ({
      ...stores.cartStore.getState(),
      ...stores.guestStore.getState(),
      ...stores.kioskStore.getState(),
      ...stores.chromeStore.getState(),
    }),
    setState: (patch: Partial<AllState>): void => {
      assign(stores.cartStore, patch);
      assign(stores.guestStore, patch);
      assign(stores.kioskStore, patch);
      assign(stores.chromeStore, patch);
    },
  };
}

const running = storeView({ cartStore, guestStore, kioskStore, chromeStore, statePersistence });

/** Every running store's state at this moment as one object. */
export function appSnapshot(): AllState {
  return running.getState();
}

/** Each of the running app's stores back at its initial state (between component tests). */
export function resetAppStores(): void {
  cartStore.setState(cartStore.getInitialState());
  guestStore.setState(guestStore.getInitialState());
  kioskStore.setState(kioskStore.getInitialState());
  chromeStore.setState(chromeStore.getInitialState());
}
