import type { CartFields } from './cart-store';
import type { GuestFields } from './guest-store';
import type { KioskVisit } from './kiosk-store';
import { useCartState, useGuestState, useKioskState } from './store';

/**
 * SPEC 4 Kiosk idle: someone has left something of theirs at the kiosk (a cart, a table, a
 * checkout attempt's key, a placed order, a lock code, accessibility mode). Home idles only then
 * (kioskIdleTimes), so a guest who tapped their way back to Home and walked off leaves none of it
 * to the next one; an untouched Home waits for the next guest as long as it takes. Beside the
 * stores rather than in them: only the kiosk's lazy idle part reads it, so a phone never loads it.
 */
export function kioskGuestPresent(
  state: Pick<CartFields, 'cart' | 'checkout'> & Pick<GuestFields, 'lockCode'> & Pick<KioskVisit, 'kioskAccessible'>,
): boolean {
  const { checkout } = state;
  return (
    state.cart.length > 0 ||
    checkout.table !== '' ||
    checkout.order !== null ||
    checkout.idempotencyKey !== null ||
    state.lockCode !== '' ||
    state.kioskAccessible
  );
}

/** kioskGuestPresent over the running app's stores, re-rendering when it changes. */
export function useKioskGuestPresent(): boolean {
  const cart = useCartState((state) => state.cart);
  const checkout = useCartState((state) => state.checkout);
  const lockCode = useGuestState((state) => state.lockCode);
  const kioskAccessible = useKioskState((state) => state.kioskAccessible);
  return kioskGuestPresent({ cart, checkout, lockCode, kioskAccessible });
}
