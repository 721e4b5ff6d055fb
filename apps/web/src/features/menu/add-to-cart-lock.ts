import { ADD_TO_CART_LOCKOUT_MS } from '@chain/domain';

/**
 * SPEC 9's add-to-cart tap lockout: a tap that adds a dish locks adding for ADD_TO_CART_LOCKOUT_MS;
 * taps meanwhile are ignored, so a double tap adds one. One lock for every add-to-cart control of
 * the app (the product screen's «Добавить в корзину», the menu card's «+» and the stepper that
 * takes its place): the second tap of a double tap may land on another control, the stepper that
 * replaced the «+» or the menu card under the product screen that just closed.
 */
export interface TapLock {
  /** Whether a tap now may add; when it may, the lock is taken for the lockout from now. */
  readonly take: () => boolean;
  /** Whether a tap now falls within the lockout of the last tap taken (the lock is not taken). */
  readonly held: () => boolean;
}

/** A lock of `ms` on the clock `now` (ms, monotonic). */
export function createTapLock(ms: number, now: () => number): TapLock {
  let last = Number.NEGATIVE_INFINITY;
  const held = () => now() - last < ms;
  return {
    take: () => {
      if (held()) return false;
      last = now();
      return true;
    },
    held,
  };
}

/** The app's one add-to-cart lock (SPEC 9), on the page's monotonic clock. */
export const addToCartLock: TapLock = createTapLock(ADD_TO_CART_LOCKOUT_MS, () => performance.now());
