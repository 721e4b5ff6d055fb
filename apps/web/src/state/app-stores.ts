import type { StateStorage } from 'zustand/middleware';
import { createCartStore } from './cart-store';
import { createChromeStore } from './chrome-store';
import { createGuestStore } from './guest-store';
import { createKioskStore } from './kiosk-store';
import { persistStores } from './persistence';

/*
 * The client state of SPEC 3, one store for each concern: the cart (the order being built), the
 * guest (user, favourites, lock code, filters), the kiosk session and the app's chrome (drawer,
 * dialogs, options sheet). A feature reads the ones it uses (state/store.ts); the first three
 * are kept in storage as one value (persistence.ts).
 */
export function createAppStores(storage: StateStorage) {
  const cartStore = createCartStore();
  const guestStore = createGuestStore();
  const chromeStore = createChromeStore();
  const kioskStore = createKioskStore({ cart: cartStore, guest: guestStore, chrome: chromeStore });
  const statePersistence = persistStores({ cart: cartStore, guest: guestStore, kiosk: kioskStore }, storage);
  return { cartStore, guestStore, kioskStore, chromeStore, statePersistence };
}

export type AppStores = ReturnType<typeof createAppStores>;
