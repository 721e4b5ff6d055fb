import * as z from 'zod/mini';
import { KIOSK_CODE_FORMAT_MESSAGE, KIOSK_CODE_PATTERN } from '@chain/domain';
import { defineCall } from './call';
import { restaurantRef } from './action-fields';

/**
 * The kiosk in the hall (issue 14): staff leave kiosk mode with the restaurant's staff code. The
 * follow link (orderFollow) is in order-history.ts, the table keypad's check (restaurantTableNum)
 * in restaurants.ts.
 */

export const kioskExitBody = z.object({
  restoran: restaurantRef.check(z.describe('The restaurant the kiosk runs for (id or fs_uid).')),
  code: z.string().check(z.regex(KIOSK_CODE_PATTERN, KIOSK_CODE_FORMAT_MESSAGE), z.describe('The staff code: 4 to 8 digits.')),
});
export type KioskExitBody = z.infer<typeof kioskExitBody>;

export const kioskExitResponse = z.object({ success: z.literal(true) });

/** POST /api/v1/kiosk/exit: whether the staff code opens this restaurant's kiosk. */
export const kioskExit = defineCall({
  name: 'kioskExit',
  method: 'POST',
  path: '/api/v1/kiosk/exit',
  tag: 'kiosk',
  summary: "Checks a restaurant's staff code before a kiosk leaves kiosk mode (issue 14)",
  description:
    "The kiosk asks this before it leaves kiosk mode, so a guest cannot walk away with a kiosk that signs in or pays by card. The code is kept hashed per restaurant (scrypt, docs/security.md); a restaurant with no code set, an unknown restaurant and a wrong code all answer the same 403 «Неверный код.», so nothing tells them apart. Tries are counted before the code is checked, per client address and per restaurant (429 «Слишком много попыток. Попробуйте через несколько минут.» with Retry-After). The answer changes nothing on the server: leaving kiosk mode is the kiosk's own state. JSON body.",
  auth: 'public',
  body: kioskExitBody,
  response: kioskExitResponse,
  errors: {
    kiosk_code_wrong: "a wrong code, or no code set for the restaurant, or an unknown restaurant: 'Неверный код.' (403)",
    rate_limited: "too many tries from this address or for this restaurant: 'Слишком много попыток. Попробуйте через несколько минут.' (429, Retry-After)",
    validation: 'restoran missing, or the code is not 4 to 8 digits (400)',
  },
});
