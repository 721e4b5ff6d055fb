import { addressLimitKey } from '../../http/client-address';
import type { RateLimitRule } from '../../http/rate-limit';
import type { KioskDevice } from '../kiosk';

/*
 * How many new orders order/create takes (issue 11, point 7; decision 017 has the figures). The
 * counts live in the database (`consumeRateLimits`), so every instance shares them. Keys are what
 * a client cannot choose: the signed-in guest's id (after the session check), the connected kiosk
 * (after its token's check, decision 038) and its restaurant, and the client's address. A kiosk
 * has no guest, and a whole hall's phones and kiosks may share one public address
 * (the restaurant's Wi-Fi, a carrier's NAT), so the address limit is set from a rush hour of the
 * busiest hall with a margin of more than five times, and the guest limit from what one person can
 * tap through. A retry of an order that exists (same idempotency key, or a signed-in guest's
 * keyless retry) returns that order before anything is counted.
 */

/** One window for every limit: long enough to hold a rush's surge, short enough to forgive. */
export const ORDER_LIMIT_WINDOW_SECONDS = 600;

/** New orders per client address per window: 6 × a pessimistic rush at the busiest hall, about 250 attempts (decision 017). */
export const ORDERS_PER_ADDRESS = 1500;

/** New orders per signed-in guest per window: 5 × the 8 attempts a person can make in ten minutes (decision 017). */
export const ORDERS_PER_GUEST = 40;

/**
 * New orders per connected kiosk per window (decision 038): one guest at a time, each at least
 * half a minute from the table number to the pay tap, so about 20 in ten minutes at the busiest,
 * abandoned payments and a second try included; three times that.
 */
export const ORDERS_PER_KIOSK = 60;

/**
 * New kiosk orders per restaurant per window, whatever its kiosks (decision 038): ten busy kiosks
 * at their own limit. Holds a restaurant whose staff code leaked, where each device connected
 * with it would bring an allowance of its own.
 */
export const KIOSK_ORDERS_PER_RESTAURANT = 600;

export const ORDER_RATE_MESSAGE = 'Слишком много заказов подряд. Попробуйте через несколько минут.';

/**
 * The limits a new order counts against: its address, its guest when signed in, and a kiosk order
 * its kiosk (the device kiosk/enter connected, by its id) and its restaurant's kiosks together.
 */
export function orderRateLimits(client: {
  ip: string;
  userId: number | null;
  kiosk?: KioskDevice | null;
}): RateLimitRule[] {
  const window = { windowSeconds: ORDER_LIMIT_WINDOW_SECONDS, message: ORDER_RATE_MESSAGE };
  const { kiosk } = client;
  return [
    { key: addressLimitKey('order', client.ip), limit: ORDERS_PER_ADDRESS, ...window },
    ...(client.userId === null ? [] : [{ key: `order:user:${client.userId}`, limit: ORDERS_PER_GUEST, ...window }]),
    ...(kiosk
      ? [
          { key: `order:kiosk:${kiosk.id}`, limit: ORDERS_PER_KIOSK, ...window },
          { key: `order:kiosk-restaurant:${kiosk.restaurantId}`, limit: KIOSK_ORDERS_PER_RESTAURANT, ...window },
        ]
      : []),
  ];
}
