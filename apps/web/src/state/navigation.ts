import { APP_ROUTES, type AppRouteName, matchAppRoute } from '@chain/contract';
import { PAY_METHODS, type PayMethod } from '@chain/domain';

/*
 * What travels between screens in history state (SPEC 2: the screens that "receive" values),
 * and how to build the paths of SPEC 2's route table. Screens navigate with
 * `navigate(path, { state })`; the guard and the receiving screen read the state through the
 * readers below, so both agree on what "missing" means.
 */

/** SPEC 2 Payment receives: order, orderNum, orderSum, orderId, paysystems, paysystem, card, bindings, navback. */
export interface PaymentRouteState {
  order?: unknown;
  orderNum: string | number;
  /** Integer kopecks. */
  orderSum?: number;
  orderId?: string | number;
  paysystems?: readonly PayMethod[];
  paysystem?: PayMethod | null;
  card?: unknown;
  bindings?: readonly unknown[];
  /** Where the back button of the payment screen leads. */
  navback?: string | null;
}

/** SPEC 2 BookingStep2 receives the chosen booking parameters, periodfrom among them. */
export interface BookingParameters {
  periodfrom: string | number;
  readonly [field: string]: unknown;
}

export interface BookingStep2RouteState {
  parameters: BookingParameters;
}

/** SPEC 2 BookingResult receives a booking (SPEC 3 Booking). */
export interface BookingResultRouteState {
  booking: { readonly [field: string]: unknown };
}

// The readers below are plain checks rather than schemas: the navigation guard is on the entry
// route, and a schema library there would weigh a tenth of it (issue 18).
type Fields = Readonly<Record<string, unknown>>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
/** A value a screen needs: a number, or text that is not empty. */
const isPresent = (value: unknown): value is string | number =>
  typeof value === 'number' || (typeof value === 'string' && value !== '');
const isPayMethod = (value: unknown): value is PayMethod => (PAY_METHODS as readonly unknown[]).includes(value);
/** An optional value, read as absent when it has the wrong type. */
const optional = <T>(value: unknown, accepts: (value: unknown) => value is T): T | undefined =>
  accepts(value) ? value : undefined;

/** The payment state, or null without an order number. */
export function readPaymentState(state: unknown): PaymentRouteState | null {
  if (!isFields(state) || !isPresent(state['orderNum'])) return null;
  const read: PaymentRouteState = {
    order: state['order'],
    orderNum: state['orderNum'],
    orderSum: optional(state['orderSum'], (value) => typeof value === 'number'),
    orderId: optional(state['orderId'], isPresent),
    paysystems: optional(
      state['paysystems'],
      (value): value is PayMethod[] => Array.isArray(value) && value.every(isPayMethod),
    ),
    paysystem: optional(state['paysystem'], (value): value is PayMethod | null => value === null || isPayMethod(value)),
    card: state['card'],
    bindings: optional(state['bindings'], Array.isArray),
    navback: optional(state['navback'], (value): value is string | null => value === null || typeof value === 'string'),
  };
  // Absent fields are left out, not carried as undefined.
  return Object.fromEntries(Object.entries(read).filter(([, value]) => value !== undefined)) as PaymentRouteState;
}

/** The booking parameters, or null without a period-from. */
export function readBookingStep2State(state: unknown): BookingStep2RouteState | null {
  if (!isFields(state)) return null;
  const parameters = state['parameters'];
  if (!isFields(parameters) || !isPresent(parameters['periodfrom'])) return null;
  return { parameters: { ...parameters, periodfrom: parameters['periodfrom'] } };
}

/** The booking, or null without one. */
export function readBookingResultState(state: unknown): BookingResultRouteState | null {
  if (!isFields(state) || !isFields(state['booking'])) return null;
  return { booking: { ...state['booking'] } };
}

export type RouteParams = Readonly<Record<string, string | number | undefined>>;

/**
 * The path of a SPEC 2 route: `routePath('restoranMenu', { restoran_id: 7, order_type: 'self' })`
 * → '/menu/7/self'. Segments are URI-encoded; an optional segment left out is dropped.
 */
export function routePath(name: AppRouteName, params: RouteParams = {}): string {
  const segments = APP_ROUTES[name].split('/').filter(Boolean);
  const built: string[] = [];
  for (const segment of segments) {
    if (!segment.startsWith(':')) {
      built.push(segment);
      continue;
    }
    const optional = segment.endsWith('?');
    const key = segment.slice(1, optional ? -1 : undefined);
    const value = params[key];
    if (value === undefined || value === '') {
      if (optional) continue;
      throw new Error(`routePath(${name}): the "${key}" parameter is required`);
    }
    built.push(encodeURIComponent(String(value)));
  }
  return `/${built.join('/')}`;
}

/** The query that names the restaurant a later order's screen opens at (SPEC 2 Предзаказ, Отложенный заказ). */
const CAME_FROM_RESTAURANT = 'restaurant';

/**
 * SPEC 2 Предзаказ / Отложенный заказ opened from a restaurant (its menu's closed notice): the
 * screen starts with that restaurant chosen. In the query, so a reload keeps it.
 */
export function laterOrderPath(route: 'predzakaz' | 'delayedzakaz', restaurantId: string): string {
  return `${APP_ROUTES[route]}?${new URLSearchParams({ [CAME_FROM_RESTAURANT]: restaurantId }).toString()}`;
}

/** The restaurant a later order's screen was opened for (laterOrderPath), or null. */
export function cameFromRestaurant(search: string): string | null {
  const id = new URLSearchParams(search).get(CAME_FROM_RESTAURANT)?.trim() ?? '';
  return id === '' ? null : id;
}

/**
 * The SPEC 2 screens this release has built. Every route has a screen (the others say calmly
 * that they are being prepared, for a guest who follows an old link), but the app offers no way
 * into a screen that is not built: links, tiles and choices leading to one are hidden, not shown
 * dead. A screen joins the set in the release that builds it.
 */
export const BUILT_SCREENS: ReadonlySet<AppRouteName> = new Set<AppRouteName>([
  'orderType',
  'auth',
  'selfFrom',
  'restoranMenu',
  'menuList',
  'product',
  'cart',
  'payment',
  'thanks',
  'orderList',
  'orderDetail',
  'liked',
  'deliveryTo',
  'deliveryTime',
  'addressList',
  'addressDetail',
  'kiosk',
  'follow',
  'about',
  'aboutById',
  'aboutRestoran',
  'aboutDelivery',
  'aboutOferta',
  'profile',
  'rateList',
  'feedback',
  'booking',
  'bookingStep2',
  'bookingResult',
  'predzakaz',
  'delayedzakaz',
  'zagruzka',
  'zagruzkaRestList',
  'zagruzkaDetail',
  'restMap',
]);

/** Whether an in-app path leads to a built screen (an outside link, tel: or mailto: counts as built). */
export function isBuiltScreen(href: string): boolean {
  if (!href.startsWith('/')) return true;
  const name = matchAppRoute(href);
  return name !== undefined && BUILT_SCREENS.has(name);
}
