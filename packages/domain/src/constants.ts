// Business constants of SPEC 9 that both the server and the web app read.

/** Orders per page of the order list; the next offset is the number loaded (SPEC 9). */
export const ORDER_LIST_PAGE_SIZE = 20;
/** Payment status is polled every 5000 ms (SPEC 4, 9). */
export const PAYMENT_POLL_MS = 5000;
/** A preselected payment starts after 500 ms (SPEC 4, 9). */
export const PAYMENT_AUTOSTART_MS = 500;
/** Inbound-call sign-in polls every 10 s (SPEC 4, 9). */
export const INBOUND_POLL_MS = 10_000;
/** The inbound call must be made within 1 minute (SPEC 9). */
export const INBOUND_CALL_WINDOW_MS = 60_000;
/** The kiosk idle overlay shows after 15000 ms without activity (SPEC 4, 9). */
export const KIOSK_IDLE_MS = 15_000;
/** The kiosk idle dialog counts down 10 s before going home (SPEC 4, 9). */
export const KIOSK_IDLE_COUNTDOWN_S = 10;
/**
 * How long kiosk staff hold the logo to ask for the exit code: a guest does not hold a logo for
 * seconds (issue 14). Here rather than in kiosk.ts: the shell on the entry route reads it, and
 * this module imports nothing, so the phone's entry route takes no kiosk rule with it.
 */
export const KIOSK_EXIT_HOLD_MS = 3000;
/** The booking countdown refreshes every 1 s (SPEC 9). */
export const BOOKING_TIMER_REFRESH_MS = 1000;
/** The delivery time screen ticks every 60 s (SPEC 9). */
export const DELIVERY_TIME_TICK_MS = 60_000;
/** Coupon input is debounced 1000 ms (SPEC 9). */
export const COUPON_DEBOUNCE_MS = 1000;
/** Add-to-cart taps are locked out for 500 ms (SPEC 9). */
export const ADD_TO_CART_LOCKOUT_MS = 500;
/** A lazy chunk gives up after 120 s (SPEC 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
/** Payload version of order create (SPEC 7, 9). */
export const ORDER_PAYLOAD_VERSION = 3;
/** Version of the menu call (SPEC 7, 9). */
export const MENU_CALL_VERSION = 4;
/** Map centre and zooms (SPEC 2, 9). */
export const MAP_CENTRE = { lat: 55.755864, lon: 37.617698 } as const;
export const MAP_ZOOM = 10;
export const MAP_POINT_ZOOM = 18;
/** Payment methods offered, SBP first and default; kiosks offer SBP only (SPEC 6, 9). */
export const PAY_METHODS = ['sbp', 'card'] as const;
export type PayMethod = (typeof PAY_METHODS)[number];
export const DEFAULT_PAY_METHOD: PayMethod = 'sbp';
