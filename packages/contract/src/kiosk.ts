import * as z from 'zod/mini';
import {
  KIOSK_CODE_FORMAT_MESSAGE,
  KIOSK_CODE_PATTERN,
  KIOSK_DEVICE_IDLE_DAYS,
  KIOSK_NOT_CONNECTED_MESSAGE,
} from '@chain/domain';
import { defineCall } from './call';
import { restaurantRef } from './action-fields';

/**
 * The kiosk in the hall (issue 14): staff enter and leave kiosk mode with the restaurant's staff
 * code, which connects the device as the restaurant's kiosk and gives it its token (decision
 * 038). The follow link (orderFollow) is in order-follow.ts, the table keypad's check
 * (restaurantTableNum) in restaurants.ts.
 */

/**
 * A connected kiosk's device token (kiosk/enter, decision 038): 256 random bits in base64url. The
 * kiosk keeps it and sends it with each order (order/create `kiosk_token`) and with the payment
 * calls of its orders. Any text of the alphabet up to 128 characters is taken and looked up, so a
 * token that is not one is the same 403 as an ended one.
 */
export const kioskToken = z
  .string()
  .check(
    z.regex(/^[A-Za-z0-9_-]{1,128}$/, 'ожидается токен киоска'),
    z.describe("A connected kiosk's device token, as POST /api/v1/kiosk/enter gave it (43 base64url characters)."),
  );

export const kioskCodeBody = z.object({
  restoran: restaurantRef.check(z.describe('The restaurant the kiosk runs for (id or fs_uid).')),
  code: z
    .string()
    .check(z.regex(KIOSK_CODE_PATTERN, KIOSK_CODE_FORMAT_MESSAGE), z.describe('The staff code: 4 to 8 digits.')),
  kiosk_token: z
    .optional(kioskToken)
    .check(
      z.describe(
        "The device's token, when it has one: kiosk/exit ends it; kiosk/enter ends it as it gives the new one (a kiosk connected again, or moved to another restaurant). Not needed for either.",
      ),
    ),
});
export type KioskCodeBody = z.infer<typeof kioskCodeBody>;

export const kioskEnterResponse = z.object({
  success: z.literal(true),
  kiosk_token: z
    .string()
    .check(
      z.describe(
        `The device's token: kept by the kiosk and sent with each order and each payment call of its orders. It lasts until kiosk/exit, the next kiosk/enter of the device, on call ending the restaurant's kiosks, or ${KIOSK_DEVICE_IDLE_DAYS} days without a call; kiosk/check says whether it still does. Never shown again: the server keeps only its SHA-256.`,
      ),
    ),
});
export type KioskEnterResponse = z.infer<typeof kioskEnterResponse>;

export const kioskCodeResponse = z.object({ success: z.literal(true) });

/** Kept under their first names: the exit's body is the code check's. */
export const kioskExitBody = kioskCodeBody;
export type KioskExitBody = KioskCodeBody;
export const kioskExitResponse = kioskCodeResponse;

/** What both calls answer besides success: one check, one allowance. */
const kioskCodeErrors = {
  kiosk_code_wrong: "a wrong code, or no code set for the restaurant, or an unknown restaurant: 'Неверный код.' (403)",
  rate_limited:
    "too many tries (kiosk/enter and kiosk/exit together) from this address or for this restaurant: 'Слишком много попыток. Попробуйте через несколько минут.' (429, Retry-After)",
  validation: 'restoran missing, or the code is not 4 to 8 digits, or kiosk_token not of the token alphabet (400)',
};

const kioskCodeCheck =
  'The code is kept hashed per restaurant (scrypt, docs/security.md); a restaurant with no code set, an unknown restaurant and a wrong code all answer the same 403 «Неверный код.» after the same work, so nothing tells them apart. Tries are counted before the code is checked, per client address and per restaurant, and kiosk/enter and kiosk/exit share those counters: one allowance for both (429 «Слишком много попыток. Попробуйте через несколько минут.» with Retry-After). JSON body.';

/** POST /api/v1/kiosk/enter: the staff code makes this device the restaurant's kiosk, and gives it its token. */
export const kioskEnter = defineCall({
  name: 'kioskEnter',
  method: 'POST',
  path: '/api/v1/kiosk/enter',
  tag: 'kiosk',
  summary:
    "Connects a device as a restaurant's kiosk with the staff code, and gives it its device token (issue 14, decision 038)",
  description:
    "The start page /kiosk/{id} asks this before it turns kiosk mode on, so a guest's phone that opened a kiosk link (a prank QR in the hall) is not trapped in kiosk mode, and a kiosk is not moved to another restaurant without that restaurant's code. The right code answers the device's `kiosk_token`, without which no kiosk order is taken (order/create with source kiosk: 403 kiosk_not_connected): a stranger on the internet cannot place kiosk orders. The same code check as kiosk/exit. " +
    kioskCodeCheck,
  auth: 'public',
  personal: true,
  body: kioskCodeBody,
  response: kioskEnterResponse,
  errors: kioskCodeErrors,
});

/** POST /api/v1/kiosk/exit: whether the staff code opens this restaurant's kiosk; ends the device's token. */
export const kioskExit = defineCall({
  name: 'kioskExit',
  method: 'POST',
  path: '/api/v1/kiosk/exit',
  tag: 'kiosk',
  summary:
    "Checks a restaurant's staff code before a kiosk leaves kiosk mode, and ends its device token (issue 14, decision 038)",
  description:
    "The kiosk asks this before it leaves kiosk mode, so a guest cannot walk away with a kiosk that signs in or pays by card. With the right code, the `kiosk_token` sent (when it is this restaurant's) ends: the device places no more kiosk orders. The same code check as kiosk/enter. " +
    kioskCodeCheck,
  auth: 'public',
  body: kioskExitBody,
  response: kioskExitResponse,
  errors: kioskCodeErrors,
});

export const kioskCheckBody = z.object({
  restoran: restaurantRef.check(z.describe('The restaurant the kiosk runs for (id or fs_uid).')),
  kiosk_token: kioskToken,
});
export type KioskCheckBody = z.infer<typeof kioskCheckBody>;

/** POST /api/v1/kiosk/check: whether the device is still this restaurant's connected kiosk. */
export const kioskCheck = defineCall({
  name: 'kioskCheck',
  method: 'POST',
  path: '/api/v1/kiosk/check',
  tag: 'kiosk',
  summary: "Whether a kiosk's device token is still connected to the restaurant (decision 038)",
  description: `A kiosk asks this when its Home shows and every hour while it does, so a kiosk whose token ended (kiosk/exit elsewhere, on call, ${KIOSK_DEVICE_IDLE_DAYS} days unused) asks staff for the code before a guest orders, instead of failing the guest at the pay tap. Counts as a use of the token. JSON body.`,
  auth: 'public',
  body: kioskCheckBody,
  response: kioskCodeResponse,
  errors: {
    kiosk_not_connected: `the token is unknown, ended, or another restaurant's: '${KIOSK_NOT_CONNECTED_MESSAGE}' (403)`,
    validation: 'restoran or kiosk_token missing or malformed (400)',
  },
});
