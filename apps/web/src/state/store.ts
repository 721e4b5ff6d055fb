import { useStore } from 'zustand';
import { createAppStores } from './app-stores';
import type { CartState } from './cart-store';
import type { ChromeState, DialogChoice } from './chrome-store';
import { type AlertOptions, type ChoiceOptions, openDialog } from './dialog';
import type { GuestState } from './guest-store';
import type { KioskState } from './kiosk-store';
import { safeStorage } from './safe-storage';

/** The running app's stores, kept in localStorage (SPEC 3). */
export const { cartStore, guestStore, kioskStore, chromeStore, statePersistence } = createAppStores(
  safeStorage(() => globalThis.localStorage),
);

/** The cart: the order being built (lines, restaurant, order type, address, checkout). */
export function useCartState<T>(selector: (state: CartState) => T): T {
  return useStore(cartStore, selector);
}

/** The guest on this device: user, favourites, lock code, the menu's filters. */
export function useGuestState<T>(selector: (state: GuestState) => T): T {
  return useStore(guestStore, selector);
}

/** The kiosk session: kiosk mode, its token, idle, accessibility mode, which guest this is. */
export function useKioskState<T>(selector: (state: KioskState) => T): T {
  return useStore(kioskStore, selector);
}

/** The app's chrome: drawer, dialogs, options sheet. */
export function useChromeState<T>(selector: (state: ChromeState) => T): T {
  return useStore(chromeStore, selector);
}

/** SPEC 8 dialog helper: an alert, or a choice resolving to the chosen item (null if dismissed). */
export function showDialog(options: AlertOptions): Promise<void>;
export function showDialog<T extends DialogChoice>(options: ChoiceOptions<T>): Promise<T | null>;
export function showDialog<T extends DialogChoice>(options: AlertOptions | ChoiceOptions<T>): Promise<T | null | void> {
  return 'items' in options ? openDialog(chromeStore, options) : openDialog(chromeStore, options);
}
