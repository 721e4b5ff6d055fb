import type { AppState } from './app-store';

/**
 * SPEC 4 Kiosk idle: someone has left something of theirs at the kiosk (a cart, a table, a
 * checkout attempt's key, a placed order, a lock code, accessibility mode). Home idles only then
 * (kioskIdleTimes), so a guest who tapped their way back to Home and walked off leaves none of it
 * to the next one; an untouched Home waits for the next guest as long as it takes. Beside the
 * store rather than in it: only the kiosk's lazy idle part reads it, so a phone never loads it.
 */
export function kioskGuestPresent(state: Pick<AppState, 'cart' | 'checkout' | 'lockCode' | 'kioskAccessible'>): boolean {
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
