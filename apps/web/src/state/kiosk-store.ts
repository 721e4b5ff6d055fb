import { createStore } from 'zustand/vanilla';
import type { CartStore } from './cart-store';
import type { ChromeStore } from './chrome-store';
import type { GuestStore } from './guest-store';

/*
 * The kiosk session (SPEC 2 kiosk mode, SPEC 4 Kiosk idle). Stored: kiosk and kioskToken (a
 * kiosk's device token, decision 038). For this visit only: the idle overlay, accessibility mode
 * (a kiosk's accessibility mode is one guest's choice: a reload or the next guest starts without
 * it), kioskGuestGeneration (which kiosk guest this is, so an answer meant for a guest who has
 * gone is not shown to the next) and whether the pay tap's order/create is on its way.
 */

/** The kiosk's part of the stored state. */
export interface KioskFields {
  kiosk: boolean;
  /**
   * The device token kiosk/enter gave this kiosk (decision 038): sent with each order and with the
   * payment calls of its orders. '' for none: a phone, or a kiosk left without one (connected
   * before tokens existed, or ended by staff elsewhere), whose Home then asks staff for the code.
   */
  kioskToken: string;
}

export const KIOSK_KEYS = ['kiosk', 'kioskToken'] as const satisfies ReadonlyArray<keyof KioskFields>;

export interface KioskVisit {
  kioskIdleVisible: boolean;
  /** The kiosk's accessibility mode (issue 14): larger type, content within reach, longer idle times. */
  kioskAccessible: boolean;
  /**
   * Which kiosk guest this is: endKioskGuest counts it up. A request started for one guest (the
   * pay tap) compares it when its answer comes, and drops an answer that is a gone guest's.
   */
  kioskGuestGeneration: number;
  /** An order/create of the pay tap is on its way: the kiosk's idle count waits for its answer. */
  placingOrder: boolean;
}

export interface KioskActions {
  /** Kiosk mode on or off; off forgets the kiosk's token too. */
  setKiosk: (kiosk: boolean) => void;
  /** The kiosk's device token (kiosk/enter), or '' when the server no longer takes it. */
  setKioskToken: (kioskToken: string) => void;
  setKioskIdleVisible: (visible: boolean) => void;
  setPlacingOrder: (placing: boolean) => void;
  setKioskAccessible: (on: boolean) => void;
  /**
   * SPEC 4 Kiosk idle: the guest has gone; the next one starts clean. Empties the cart and the
   * checkout (table included), the lock code, the menu's filters, the order type back to 'inrest', closes every open
   * dialog (each resolves with null), the options sheet, the drawer and the idle overlay, turns
   * accessibility mode off and counts kioskGuestGeneration up. Kiosk mode and the restaurant stay.
   */
  endKioskGuest: () => void;
}

export type KioskState = KioskFields & KioskVisit & KioskActions;

export const INITIAL_KIOSK: KioskFields = { kiosk: false, kioskToken: '' };

/** What a guest's end reaches beyond the kiosk's own state. */
export interface KioskGuestParts {
  cart: CartStore;
  guest: GuestStore;
  chrome: ChromeStore;
}

export function createKioskStore(parts: KioskGuestParts) {
  return createStore<KioskState>()((set, get) => ({
    ...INITIAL_KIOSK,
    kioskIdleVisible: false,
    kioskAccessible: false,
    kioskGuestGeneration: 0,
    placingOrder: false,
    setKiosk: (kiosk) => set(kiosk ? { kiosk } : { kiosk, kioskToken: '' }),
    setKioskToken: (kioskToken) => set({ kioskToken }),
    setKioskIdleVisible: (kioskIdleVisible) => set({ kioskIdleVisible }),
    setPlacingOrder: (placingOrder) => set({ placingOrder }),
    setKioskAccessible: (kioskAccessible) => set({ kioskAccessible }),
    endKioskGuest: () => {
      parts.cart.getState().startNextKioskGuest();
      parts.guest.getState().startNextKioskGuest();
      const open = parts.chrome.getState().closeAll();
      set({ kioskIdleVisible: false, kioskAccessible: false, kioskGuestGeneration: get().kioskGuestGeneration + 1 });
      // Answered after the state is clean, so a waiting caller sees the next guest's state.
      for (const dialog of open) dialog.resolve(null);
    },
  }));
}

export type KioskStore = ReturnType<typeof createKioskStore>;
