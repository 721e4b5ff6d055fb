import { restaurantTable, type TableResponse } from '@chain/contract';
import { ATTENTION_TITLE, ERROR_TITLE, TABLE_NUMBER_MESSAGE, TABLE_ORDER_TITLE } from '@chain/domain';
import { cartStore, showDialog } from '../state/store';
import { ApiError, call, REQUEST_FAILED_MESSAGE, type RequestOptions } from './client';
import { restaurantListQuery } from './restaurants';
import { normaliseTableCode, tableCodeOutcome } from './table-code';

/**
 * GET /api/v1/restoran/table/{code} (SPEC 7): the table number and restaurant of a table code,
 * or null when no table has it (404, or a code the server refuses as malformed, 400).
 * Other failures are thrown as ApiError.
 */
export async function lookupTable(code: string, options?: RequestOptions): Promise<TableResponse | null> {
  try {
    return await call(restaurantTable, { ...options, params: { code } });
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'server' && (error.status === 404 || error.status === 400))
      return null;
    throw error;
  }
}

export interface TableChosen {
  readonly restaurantId: string;
  readonly table: string;
}

/**
 * SPEC 2 Restaurant option: a typed table code → its table. When the table's restaurant takes
 * table orders now, sets the order type inrest, the restaurant (a new one empties the cart, SPEC
 * 4) and the table, and returns them; otherwise shows SPEC 8's table dialog and returns null.
 */
export async function chooseTableByCode(code: string): Promise<TableChosen | null> {
  const typed = normaliseTableCode(code);
  if (typed === '') {
    await showDialog({ title: ERROR_TITLE, message: TABLE_NUMBER_MESSAGE });
    return null;
  }
  try {
    const [answer, restaurants] = await Promise.all([lookupTable(typed), restaurantListQuery.fetch()]);
    const outcome = tableCodeOutcome(answer, restaurants, Date.now());
    if (outcome.kind === 'refused') {
      await showDialog(outcome.dialog);
      return null;
    }
    const state = cartStore.getState();
    state.setRestaurant(outcome.restaurant);
    state.setOrderType('inrest');
    state.updateCheckout({ table: outcome.table, deliveryDateTime: null });
    return { restaurantId: outcome.restaurant.id, table: outcome.table };
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'server' && error.status === 409) {
      // The server already knows the restaurant takes no table orders (SPEC 8 text in its message).
      await showDialog({ title: TABLE_ORDER_TITLE, message: error.message });
    } else {
      await showDialog({
        title: ATTENTION_TITLE,
        message: error instanceof ApiError ? error.message : REQUEST_FAILED_MESSAGE,
      });
    }
    return null;
  }
}
