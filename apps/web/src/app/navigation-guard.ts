import { APP_ROUTES, matchAppRoute } from '@chain/contract';
import { readBookingResultState, readBookingStep2State, readPaymentState } from '../state/navigation';

/** Where the guest is going: the path and the history state that travels with it. */
export interface NavigationTarget {
  readonly path: string;
  readonly state: unknown;
  /** The query string ('order_id=17&failed=1', with or without '?'); absent: none. */
  readonly search?: string;
}

export interface NavigationSession {
  readonly authorized: boolean;
  readonly kiosk: boolean;
}

/** Changes to the client state that a navigation makes before it redirects. */
export type NavigationEffect =
  | { readonly type: 'setKiosk'; readonly kiosk: true }
  | { readonly type: 'setRestaurant'; readonly restaurantId: string }
  | { readonly type: 'logout' };

export interface NavigationDecision {
  /** Replace the current entry with this path; absent: show the target. */
  readonly redirect?: string;
  readonly effects?: readonly NavigationEffect[];
}

const ALLOW: NavigationDecision = {};

/**
 * The navigation guard of SPEC 2, as a pure function of the target and the session. The
 * router applies the effects, replaces the location with the redirect and asks again for the
 * new location, so one answer covers one step.
 */
export function guardNavigation(target: NavigationTarget, session: NavigationSession): NavigationDecision {
  const route = matchAppRoute(target.path);

  // SPEC 2: opening Kiosk sets kiosk mode, sets the current restaurant to the given id, logs
  // the user out and redirects to /. (SPEC 6: kiosk mode has no login.)
  if (route === 'kiosk') {
    return {
      redirect: APP_ROUTES.orderType,
      effects: [
        { type: 'setKiosk', kiosk: true },
        { type: 'setRestaurant', restaurantId: kioskRestaurantId(target.path) },
        { type: 'logout' },
      ],
    };
  }

  // SPEC 2 / SPEC 6: any route other than Auth needs an authorised user or kiosk mode.
  if (route !== 'auth' && !session.authorized && !session.kiosk) return { redirect: APP_ROUTES.auth };

  // SPEC 2: Payment without an order number goes to Thanks. The bank's return page
  // /payment?order_id={id} (decision 011) names the order in the query instead.
  if (route === 'payment' && !readPaymentState(target.state) && paymentOrderIdFromSearch(target.search) === null) {
    return { redirect: APP_ROUTES.thanks };
  }

  // SPEC 2: BookingStep2 without a period-from parameter goes to Booking.
  if (route === 'bookingStep2' && !readBookingStep2State(target.state)) return { redirect: APP_ROUTES.booking };

  // SPEC 2: BookingResult without a booking parameter goes to /.
  if (route === 'bookingResult' && !readBookingResultState(target.state)) return { redirect: APP_ROUTES.orderType };

  // SPEC 2: an authorised user opening Auth goes to OrderType.
  if (route === 'auth' && session.authorized) return { redirect: APP_ROUTES.orderType };

  return ALLOW;
}

/** The {id} of /kiosk/{id}, decoded. */
function kioskRestaurantId(path: string): string {
  const segment = path.split(/[?#]/, 1)[0]?.split('/').filter(Boolean)[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment; // a malformed escape: keep the id as it was typed
  }
}

/** The order id of the bank's return URL (`/payment?order_id={id}[&failed=1]`), or null. */
export function paymentOrderIdFromSearch(search: string | undefined): string | null {
  if (!search) return null;
  const value = new URLSearchParams(search).get('order_id')?.trim() ?? '';
  return /^\d{1,18}$/.test(value) ? value : null;
}
