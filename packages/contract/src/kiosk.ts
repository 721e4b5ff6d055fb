import * as z from 'zod/mini';
import { KIOSK_CODE_FORMAT_MESSAGE, KIOSK_CODE_PATTERN } from '@chain/domain';
import { defineCall } from './call';
import { restaurantRef } from './action-fields';

/**
 * The kiosk in the hall (issue 14): staff enter and leave kiosk mode with the restaurant's staff
 * code. The follow link (orderFollow) is in order-follow.ts, the table keypad's check
 * (restaurantTableNum) in restaurants.ts.
 */

export const kioskCodeBody = z.object({
  restoran: restaurantRef.check(z.describe('The restaurant the kiosk runs for (id or fs_uid).')),
  code: z.string().check(z.regex(KIOSK_CODE_PATTERN, KIOSK_CODE_FORMAT_MESSAGE), z.describe('The staff code: 4 to 8 digits.')),
});
export type KioskCodeBody = z.infer<typeof kioskCodeBody>;

export const kioskCodeResponse = z.object({ success: z.literal(true) });

/** Kept under their first names: the exit's body and answer are the code check's. */
export const kioskExitBody = kioskCodeBody;
export type KioskExitBody = KioskCodeBody;
export const kioskExitResponse = kioskCodeResponse;

/** What both calls answer besides success: one check, one allowance. */
const kioskCodeErrors = {
  kiosk_code_wrong: "a wrong code, or no code set for the restaurant, or an unknown restaurant: 'Неверный код.' (403)",
  rate_limited:
    "too many tries (kiosk/enter and kiosk/exit together) from this address or for this restaurant: 'Слишком много попыток. Попробуйте через несколько минут.' (429, Retry-After)",
  validation: 'restoran missing, or the code is not 4 to 8 digits (400)',
};

const kioskCodeCheck =
  "The code is kept hashed per restaurant (scrypt, docs/security.md); a restaurant with no code set, an unknown restaurant and a wrong code all answer the same 403 «Неверный код.» after the same work, so nothing tells them apart. Tries are counted before the code is checked, per client address and per restaurant, and kiosk/enter and kiosk/exit share those counters: one allowance for both (429 «Слишком много попыток. Попробуйте через несколько минут.» with Retry-After). The answer changes nothing on the server: kiosk mode is the kiosk's own state. JSON body.";

/** POST /api/v1/kiosk/enter: whether the staff code lets this device become the restaurant's kiosk. */
export const kioskEnter = defineCall({
  name: 'kioskEnter',
  method: 'POST',
  path: '/api/v1/kiosk/enter',
  tag: 'kiosk',
  summary: "Checks a restaurant's staff code before a device enters kiosk mode (issue 14)",
  description:
    "The start page /kiosk/{id} asks this before it turns kiosk mode on, so a guest's phone that opened a kiosk link (a prank QR in the hall) is not trapped in kiosk mode, and a kiosk is not moved to another restaurant without that restaurant's code. The same check as kiosk/exit. " +
    kioskCodeCheck,
  auth: 'public',
  body: kioskCodeBody,
  response: kioskCodeResponse,
  errors: kioskCodeErrors,
});

/** POST /api/v1/kiosk/exit: whether the staff code opens this restaurant's kiosk. */
export const kioskExit = defineCall({
  name: 'kioskExit',
  method: 'POST',
  path: '/api/v1/kiosk/exit',
  tag: 'kiosk',
  summary: "Checks a restaurant's staff code before a kiosk leaves kiosk mode (issue 14)",
  description:
    'The kiosk asks this before it leaves kiosk mode, so a guest cannot walk away with a kiosk that signs in or pays by card. The same check as kiosk/enter. ' +
    kioskCodeCheck,
  auth: 'public',
  body: kioskCodeBody,
  response: kioskCodeResponse,
  errors: kioskCodeErrors,
});
