import { ADD_TO_CART_LOCKOUT_MS } from '@chain/domain';

/**
 * SPEC 9's add-to-cart tap lockout: a tap that adds a dish locks adding that dish for
 * ADD_TO_CART_LOCKOUT_MS; taps meanwhile are ignored, so a double tap adds one. One lock for every
 * add-to-cart control of the app (the product screen's «Добавить в корзину», the menu card's «+»
 * and the stepper that takes the «+»'s place under the finger). It is the dish's: another dish is
 * added at once, so a guest (or a test) quickly choosing two dishes loses neither. Only the last
 * dish is kept.
 */
export interface TapLock {
  /** Whether a tap now may add the dish; when it may, the dish is locked for the lockout from now. */
  readonly take: (dishId: number) => boolean;
  /** Whether a tap now falls within the lockout of the dish's last tap taken (the lock is not taken). */
  readonly held: (dishId: number) => boolean;
}

/** A lock of `ms` on the clock `now` (ms, monotonic). */
export function createTapLock(ms: number, now: () => number): TapLock {
  let last: { dishId: number; at: number } | null = null;
  const held = (dishId: number) => last !== null && last.dishId === dishId && now() - last.at < ms;
  return {
    take: (dishId) => {
      if (held(dishId)) return false;
      last = { dishId, at: now() };
      return true;
    },
    held,
  };
}

/** The app's one add-to-cart lock (SPEC 9), on the page's monotonic clock. */
export const addToCartLock: TapLock = createTapLock(ADD_TO_CART_LOCKOUT_MS, () => performance.now());
