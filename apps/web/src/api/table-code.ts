import type { RestaurantWire, TableResponse } from '@chain/contract';
import { type DialogText, type Instant, TABLE_NUMBER_MESSAGE, tableOrderBlock, validateScannedTable } from '@chain/domain';

/** SPEC 8 Table dialogs: the title of 'Неверный номер стола!'. */
export const TABLE_ERROR_TITLE = 'Ошибка';

type ListEntry = Pick<RestaurantWire, 'id' | 'fs_uid' | 'name' | 'nameShort' | 'active' | 'deliveryRest' | 'shedule' | 'time_zone'>;

/** What a table code leads to: the table's restaurant and number, or the dialog that refuses it. */
export type TableCodeOutcome =
  | { readonly kind: 'table'; readonly restaurant: { id: string; name: string; nameShort: string }; readonly table: string }
  | { readonly kind: 'refused'; readonly dialog: DialogText };

const WRONG_TABLE: TableCodeOutcome = { kind: 'refused', dialog: { title: TABLE_ERROR_TITLE, message: TABLE_NUMBER_MESSAGE } };

/** The code as typed under the QR: spaces dropped, letters upper-case ('t-jqbb-01 ' → 'T-JQBB-01'). */
export function normaliseTableCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/**
 * SPEC 5 and 8: a resolved table code (null: no table has it) checked against the restaurant list.
 * No num, or a restaurant missing from the list → 'Неверный номер стола!'; otherwise the domain's
 * tableOrderBlock decides (active and deliveryRest, then open now on the restaurant's clock).
 */
export function tableCodeOutcome(answer: TableResponse | null, restaurants: readonly ListEntry[], now: Instant): TableCodeOutcome {
  if (answer === null || validateScannedTable(answer) !== null) return WRONG_TABLE;
  const restaurant = restaurants.find((entry) => entry.fs_uid === answer.fs_uid);
  if (!restaurant) return WRONG_TABLE;
  const block = orderBlock(restaurant, now);
  if (block) return { kind: 'refused', dialog: block };
  return {
    kind: 'table',
    restaurant: { id: String(restaurant.id), name: restaurant.name, nameShort: restaurant.nameShort },
    table: String(answer.num).trim(),
  };
}

/** tableOrderBlock on the restaurant's clock; a zone the browser does not know reads as Moscow. */
function orderBlock(restaurant: ListEntry, now: Instant): DialogText | null {
  try {
    return tableOrderBlock(restaurant, now, restaurant.time_zone || undefined);
  } catch {
    return tableOrderBlock(restaurant, now);
  }
}
