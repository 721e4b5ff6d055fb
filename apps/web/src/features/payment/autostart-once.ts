import { safeStorage } from '../../state/safe-storage';

/*
 * SPEC 4's auto-start happens once per order in a tab. The order whose payment started by itself
 * is remembered in sessionStorage, so coming back to its payment screen — the browser's back from
 * the bank's card form, a reload — shows the screen and waits for the guest's tap instead of
 * sending them to the bank again (a back button that could never leave the bank's form). Only the
 * last order is kept.
 */

const KEY = 'payment-autostarted';
const storage = safeStorage(() => globalThis.sessionStorage);

/** Whether this order's payment already started by itself in this tab. */
export function autostartedBefore(orderId: string): boolean {
  return storage.getItem(KEY) === orderId;
}

/** Remembers that this order's payment started by itself. */
export function rememberAutostart(orderId: string): void {
  storage.setItem(KEY, orderId);
}
