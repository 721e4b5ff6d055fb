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

export interface NavigationDecision {
  /** Replace the current entry with this path; absent: show the target. */
  readonly redirect?: string;
}

const ALLOW: NavigationDecision = {};

/**
 * The navigation guard of SPEC 2, as a pure function of the target and the session. The
 * router replaces the location with the redirect and asks again for the new location, so one
 * answer covers one step.
 */
export function guardNavigation(target: NavigationTarget, session: NavigationSession): NavigationDecision {
  const route = matchAppRoute(target.path);

  // SPEC 2 Home: the Kiosk start page asks whether to run in kiosk mode, so it is shown to
  // anyone, signed in or not, kiosk or not. Its «Да» sets kiosk mode for the restaurant, logs
  // out and goes to /; its «Нет» changes nothing (issue 14: the screen's reading of SPEC 2 wins
  // over the guard's immediate redirect).
  if (route === 'kiosk') return ALLOW;

  // Issue 14: the follow page is a signed, read-only link a kiosk guest opens on their own phone,
  // signed out and with empty storage: outside the SPEC 2 guard (its token is the permission).
  if (route === 'follow') return ALLOW;

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

  // SPEC 2: an authorised user opening Auth goes to OrderType. SPEC 6: kiosk mode has no login,
  // so a kiosk goes there too (staff leave kiosk mode with their code first, issue 14).
  if (route === 'auth' && (session.authorized || session.kiosk)) return { redirect: APP_ROUTES.orderType };

  return ALLOW;
}

/** The order id of the bank's return URL (`/payment?order_id={id}[&failed=1]`), or null. */
export function paymentOrderIdFromSearch(search: string | undefined): string | null {
  if (!search) return null;
  const value = new URLSearchParams(search).get('order_id')?.trim() ?? '';
  return /^\d{1,18}$/.test(value) ? value : null;
}
