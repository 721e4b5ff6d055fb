import { kioskCheck, kioskEnter, kioskExit, restaurantTableNum, type TableResponse } from '@chain/contract';
import { type ApiClient, ApiError, call } from './client';

/*
 * The kiosk in the hall (issue 14): the table keypad's check, the staff code that turns kiosk
 * mode on (connecting the device: its token, decision 038) and off, and whether the server still
 * takes the kiosk's token. Failures other than the answers named below arrive as ApiError with
 * the server's Russian text, or SPEC 8's request-failed text without an answer.
 */

/** A staff code refused: the text to show beside the code. */
export type KioskCodeRefusal = { readonly ok: false; readonly message: string };
/** What the staff code sheet hears: the code is taken, or the text to show beside the code. */
export type KioskCodeAnswer = { readonly ok: true } | KioskCodeRefusal;
/** kiosk/enter's answer: the code is taken and the device connected with this token (decision 038), or refused. */
export type KioskEnterAnswer = { readonly ok: true; readonly token: string } | KioskCodeRefusal;

/** A refusal the server worded (4xx) as the sheet shows it; anything else goes on being thrown. */
function refusalOf(error: unknown): KioskCodeRefusal {
  if (error instanceof ApiError && error.kind === 'server' && error.status !== null && error.status < 500) {
    return { ok: false, message: error.message };
  }
  throw error;
}

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
        if (error instanceof ApiError && error.kind === 'server' && (error.status === 404 || error.status === 400))
          return null;
        throw error;
      }
    },

    /**
     * POST /api/v1/kiosk/enter: the staff code makes this device the restaurant's kiosk and gives
     * it its token (decision 038); the device's previous token, when it has one, ends with it. A
     * wrong code (403), too many tries (429) or a code that is not one (400) comes back as the
     * server's text for the sheet; a failure without an answer is thrown (the sheet shows SPEC 8's
     * text). kiosk/enter and kiosk/exit are one check on the server, with one allowance.
     */
    enterKiosk: async (restaurantId: string, code: string, previousToken = ''): Promise<KioskEnterAnswer> => {
      try {
        const answer = await send(kioskEnter, {
          restoran: restaurantId,
          code,
          ...(previousToken ? { kiosk_token: previousToken } : {}),
        });
        return { ok: true, token: answer.kiosk_token };
      } catch (error) {
        return refusalOf(error);
      }
    },

    /** POST /api/v1/kiosk/exit: whether the staff code lets this kiosk leave kiosk mode; the server ends its token. */
    exitKiosk: async (restaurantId: string, code: string, token = ''): Promise<KioskCodeAnswer> => {
      try {
        await send(kioskExit, { restoran: restaurantId, code, ...(token ? { kiosk_token: token } : {}) });
        return { ok: true };
      } catch (error) {
        return refusalOf(error);
      }
    },

    /**
     * POST /api/v1/kiosk/check: whether the server still takes this kiosk's token for the
     * restaurant (false: 403, the kiosk asks staff for the code again). A failure without an
     * answer, or the server's own (5xx), is thrown: the kiosk then keeps its token and asks later.
     */
    isKioskConnected: async (restaurantId: string, token: string): Promise<boolean> => {
      try {
        await send(kioskCheck, { restoran: restaurantId, kiosk_token: token });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.kind === 'server' && (error.status === 403 || error.status === 400))
          return false;
        throw error;
      }
    },
  };
}

export const { lookupTableNumber, enterKiosk, exitKiosk, isKioskConnected } = createKioskApi(call);
