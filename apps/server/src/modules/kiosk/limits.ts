import { KIOSK_CODE_RATE_MESSAGE } from '@chain/domain';
import { addressLimitKey } from '../../http/client-address';
import type { RateLimitRule } from '../../http/rate-limit';

/*
 * How many staff codes POST kiosk/enter and kiosk/exit check (issue 14, decision 023). The two
 * calls share these counters: one allowance per address and per restaurant, whichever of them a
 * try goes to. Every try is counted before the code is looked at, in the one atomic statement of
 * consumeRateLimits, so a burst cannot have more tries checked than the limit; a right code is
 * counted too (staff enter and leave kiosk mode a few times a day, so it needs no allowance
 * back), and past the limit even the right code is refused, so a 429 never tells it apart.
 */

/**
 * Tries per client address: staff at one kiosk, typos and a second go included, need a handful;
 * the kiosks and guests' phones of a hall may share the restaurant's public address, and guests
 * have no reason to try codes, so 10 in 10 minutes holds back a script without holding back staff.
 */
export const KIOSK_CODE_TRIES_PER_ADDRESS = { limit: 10, windowSeconds: 10 * 60 } as const;

/**
 * Tries per restaurant, whatever the addresses: what holds a guess spread over many addresses.
 * At 30 an hour, finding a 4-digit code takes about a week on average (5 000 tries), a 6-digit
 * one about two years; a restaurant's staff never need a tenth of it. The price: someone who
 * spends it keeps the restaurant's staff out of kiosk mode's entry and exit for the rest of that
 * hour; the server logs a warning when it happens, and on call can give the allowance back with
 * `npm run kiosk-code -w @chain/server -- <id> --reset-tries` (docs/security.md).
 */
export const KIOSK_CODE_TRIES_PER_RESTAURANT = { limit: 30, windowSeconds: 60 * 60 } as const;

/**
 * The counter of a restaurant's tries, by its id (so its fs_uid is not a second allowance). Tries
 * that name no restaurant the database knows share one counter of their own with the same limit:
 * otherwise every made-up id would be a fresh allowance of scrypt work, and they are still
 * answered the same 403 after the same work as a wrong code.
 */
export function kioskRestaurantTriesKey(restaurantId: number | null): string {
  return `kiosk_code:restaurant:${restaurantId ?? 'unknown'}`;
}

/**
 * The limits a staff code try counts against: the address, then the restaurant (or the unknown
 * restaurants' counter). `onRestaurantLimitReached` is called by the one try that first goes past
 * the restaurant's limit in its hour (for the on-call warning, service.ts).
 */
export function kioskCodeRateLimits(
  client: { ip: string },
  restaurantId: number | null,
  onRestaurantLimitReached?: () => void,
): RateLimitRule[] {
  const refusal = { message: KIOSK_CODE_RATE_MESSAGE };
  return [
    { key: addressLimitKey('kiosk_code', client.ip), ...KIOSK_CODE_TRIES_PER_ADDRESS, ...refusal },
    {
      key: kioskRestaurantTriesKey(restaurantId),
      ...KIOSK_CODE_TRIES_PER_RESTAURANT,
      ...refusal,
      ...(onRestaurantLimitReached ? { onLimitReached: onRestaurantLimitReached } : {}),
    },
  ];
}
