import { kioskExit, restaurantTableNum, type TableResponse } from '@chain/contract';
import { type ApiClient, ApiError, call } from './client';

/*
 * The kiosk in the hall (issue 14): the table keypad's check and the staff exit. Failures other
 * than the answers named below arrive as ApiError with the server's Russian text, or SPEC 8's
 * request-failed text without an answer.
 */

/** What the staff code sheet hears: left kiosk mode, or the text to show beside the code. */
export type KioskExitAnswer = { readonly ok: true } | { readonly ok: false; readonly message: string };

export function createKioskApi(send: ApiClient['call']) {
  return {
    /**
     * GET /api/v1/restoran/{id}/tables/{num}: the table when the restaurant has this number, or
     * null when it has not (404) or the number is not one (400) — SPEC 8 'Неверный номер стола!'.
     */
    lookupTableNumber: async (restaurantId: string, num: string): Promise<TableResponse | null> => {
      try {
        return await send(restaurantTableNum, { params: { id: restaurantId, num } });
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'server' && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },

    /**
     * POST /api/v1/kiosk/exit: whether the staff code lets this kiosk leave kiosk mode. A wrong
     * code (403), too many tries (429) or a code that is not one (400) comes back as the server's
     * text for the sheet; a failure without an answer is thrown (the sheet shows SPEC 8's text).
     */
    exitKiosk: async (restaurantId: string, code: string): Promise<KioskExitAnswer> => {
      try {
        await send(kioskExit, { restoran: restaurantId, code });
        return { ok: true };
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'server' && error.status !== null && error.status < 500) {
          return { ok: false, message: error.message };
        }
        throw error;
      }
    },
  };
}

export const { lookupTableNumber, exitKiosk } = createKioskApi(call);
