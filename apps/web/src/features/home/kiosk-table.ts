import { restaurantHolidays, type RestaurantWire, type TableResponse } from '@chain/contract';
import {
  ATTENTION_TITLE,
  type DialogText,
  ERROR_TITLE,
  type Instant,
  TABLE_NUMBER_MESSAGE,
  tableOrderBlock,
} from '@chain/domain';
import { ApiError, REQUEST_FAILED_MESSAGE } from '../../api/client';
import { lookupTableNumber } from '../../api/kiosk';
import { restaurantListQuery } from '../../api/restaurants';
import { cartStore, showDialog } from '../../state/store';

type ListEntry = Pick<RestaurantWire, 'id' | 'active' | 'deliveryRest' | 'shedule' | 'time_zone'> &
  Partial<Pick<RestaurantWire, 'holidays'>>;

/** What a typed table number leads to: the table, or the dialog that refuses it. */
export type KioskTableOutcome =
  { readonly kind: 'table'; readonly table: string } | { readonly kind: 'refused'; readonly dialog: DialogText };

const WRONG_TABLE: KioskTableOutcome = {
  kind: 'refused',
  dialog: { title: ERROR_TITLE, message: TABLE_NUMBER_MESSAGE },
};

export interface KioskTableSources {
  readonly restaurants: () => Promise<readonly ListEntry[]>;
  readonly lookup: (restaurantId: string, num: string) => Promise<TableResponse | null>;
  readonly now: () => Instant;
}

const LIVE: KioskTableSources = {
  restaurants: () => restaurantListQuery.fetch(),
  lookup: lookupTableNumber,
  now: Date.now,
};

/**
 * SPEC 2 Home (kiosk mode), SPEC 5 and 8: the number typed on the kiosk's keypad, in this order:
 * empty → 'Неверный номер стола!'; the kiosk's restaurant must take table orders now (active,
 * deliveryRest "1", open now on its own clock with its holidays → else «Заказ невозможен»); then the restaurant's
 * own list of tables must have the number (GET restoran/{id}/tables/{num}). A failure to ask
 * is SPEC 8's request-failed text, or the server's own.
 */
export async function kioskTableOutcome(
  restaurantId: string,
  typed: string,
  sources: KioskTableSources = LIVE,
): Promise<KioskTableOutcome> {
  const num = typed.trim();
  if (num === '') return WRONG_TABLE;
  try {
    const restaurant = (await sources.restaurants()).find((entry) => String(entry.id) === restaurantId);
    if (!restaurant) return WRONG_TABLE;
    const block = tableOrderBlock(
      restaurant,
      sources.now(),
      restaurant.time_zone || undefined,
      restaurantHolidays(restaurant),
    );
    if (block) return { kind: 'refused', dialog: block };
    const table = await sources.lookup(restaurantId, num);
    if (table === null) return WRONG_TABLE;
    return { kind: 'table', table: String(table.num).trim() };
  } catch (error) {
    return {
      kind: 'refused',
      dialog: { title: ATTENTION_TITLE, message: error instanceof ApiError ? error.message : REQUEST_FAILED_MESSAGE },
    };
  }
}

/**
 * The keypad's OK: a table taken sets an in-restaurant order at it (no later time: the kiosk
 * orders for now) and answers true; otherwise the refusal's dialog is shown and it answers false.
 */
export async function chooseKioskTable(
  restaurantId: string,
  typed: string,
  sources: KioskTableSources = LIVE,
): Promise<boolean> {
  const outcome = await kioskTableOutcome(restaurantId, typed, sources);
  if (outcome.kind === 'refused') {
    await showDialog(outcome.dialog);
    return false;
  }
  const state = cartStore.getState();
  state.setOrderType('inrest');
  state.updateCheckout({ table: outcome.table, deliveryDateTime: null });
  return true;
}
