import { APP_ROUTES, type AppRouteName, matchAppRoute } from '@chain/contract';
import { PAY_METHODS, type PayMethod } from '@chain/domain';
import * as z from 'zod/mini';

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

const present = z.union([z.string().check(z.minLength(1)), z.number()]);
const paySystem = z.enum(PAY_METHODS);
/** A field that is optional; a value of the wrong type reads as absent. */
const optional = <T extends z.ZodMiniType>(schema: T) => z.catch(z.optional(schema), undefined);

const paymentState = z.object({
  order: z.optional(z.unknown()),
  orderNum: present,
  orderSum: optional(z.number()),
  orderId: optional(present),
  paysystems: optional(z.array(paySystem)),
  paysystem: optional(z.nullable(paySystem)),
  card: z.optional(z.unknown()),
  bindings: optional(z.array(z.unknown())),
  navback: optional(z.nullable(z.string())),
});

const bookingStep2State = z.object({
  parameters: z.looseObject({ periodfrom: present }),
});

const bookingResultState = z.object({
  booking: z.looseObject({}),
});

/** The payment state, or null without an order number. */
export function readPaymentState(state: unknown): PaymentRouteState | null {
  const result = paymentState.safeParse(state);
  return result.success ? result.data : null;
}

/** The booking parameters, or null without a period-from. */
export function readBookingStep2State(state: unknown): BookingStep2RouteState | null {
  const result = bookingStep2State.safeParse(state);
  return result.success ? result.data : null;
}

/** The booking, or null without one. */
export function readBookingResultState(state: unknown): BookingResultRouteState | null {
  const result = bookingResultState.safeParse(state);
  return result.success ? result.data : null;
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
  'booking', 'bookingStep2', 'bookingResult',
  'predzakaz', 'delayedzakaz',
  'zagruzka', 'zagruzkaRestList', 'zagruzkaDetail', 'restMap',
]);

/** Whether an in-app path leads to a built screen (an outside link, tel: or mailto: counts as built). */
export function isBuiltScreen(href: string): boolean {
  if (!href.startsWith('/')) return true;
  const name = matchAppRoute(href);
  return name !== undefined && BUILT_SCREENS.has(name);
}
