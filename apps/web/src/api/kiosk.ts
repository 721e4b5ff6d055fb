import { kioskEnter, kioskExit, restaurantTableNum, type TableResponse } from '@chain/contract';
import { type ApiClient, ApiError, call } from './client';

/*
 * The kiosk in the hall (issue 14): the table keypad's check and the staff code that turns kiosk
 * mode on and off. Failures other than the answers named below arrive as ApiError with the
 * server's Russian text, or SPEC 8's request-failed text without an answer.
 */

/** What the staff code sheet hears: the code is taken, or the text to show beside the code. */
export type KioskCodeAnswer = { readonly ok: true } | { readonly ok: false; readonly message: string };

export function createKioskApi(send: ApiClient['call']) {
  /**
   * A staff code checked by kiosk/enter or kiosk/exit (one check on the server, one allowance). A
   * wrong code (403), too many tries (429) or a code that is not one (400) comes back as the
   * server's text for the sheet; a failure without an answer is thrown (the sheet shows SPEC 8's
   * text).
   */
  const checkCode = async (
    // kiosk/enter or kiosk/exit: the two calls share one body and one answer, so one type.
    definition: typeof kioskEnter,
    restaurantId: string,
    code: string,
  ): Promise<KioskCodeAnswer> => {
    try {
      await send(definition, { restoran: restaurantId, code });
      return { ok: true };
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'server' && error.status !== null && error.status < 500) {
        return { ok: false, message: error.message };
      }
      throw error;
    }
  };

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

    /** POST /api/v1/kiosk/enter: whether the staff code lets this device become the restaurant's kiosk. */
    enterKiosk: (restaurantId: string, code: string): Promise<KioskCodeAnswer> => checkCode(kioskEnter, restaurantId, code),

    /** POST /api/v1/kiosk/exit: whether the staff code lets this kiosk leave kiosk mode. */
    exitKiosk: (restaurantId: string, code: string): Promise<KioskCodeAnswer> => checkCode(kioskExit, restaurantId, code),
  };
}

export const { lookupTableNumber, enterKiosk, exitKiosk } = createKioskApi(call);
