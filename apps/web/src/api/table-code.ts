import { restaurantHolidays, type RestaurantWire, type TableResponse } from '@chain/contract';
import {
  type DialogText,
  ERROR_TITLE,
  type Instant,
  TABLE_NUMBER_MESSAGE,
  tableOrderBlock,
  validateScannedTable,
} from '@chain/domain';

type ListEntry = Pick<
  RestaurantWire,
  'id' | 'fs_uid' | 'name' | 'nameShort' | 'active' | 'deliveryRest' | 'shedule' | 'time_zone'
> &
  Partial<Pick<RestaurantWire, 'holidays'>>;

/** What a table code leads to: the table's restaurant and number, or the dialog that refuses it. */
export type TableCodeOutcome =
  | {
      readonly kind: 'table';
      readonly restaurant: { id: string; name: string; nameShort: string };
      readonly table: string;
    }
  | { readonly kind: 'refused'; readonly dialog: DialogText };

const WRONG_TABLE: TableCodeOutcome = {
  kind: 'refused',
  dialog: { title: ERROR_TITLE, message: TABLE_NUMBER_MESSAGE },
};

/** The code as typed under the QR: spaces dropped, letters upper-case ('t-jqbb-01 ' → 'T-JQBB-01'). */
export function normaliseTableCode(code: string): string {
  return code.replace(/\s+/g, '').toUpperCase();
}

/**
 * SPEC 5 and 8: a resolved table code (null: no table has it) checked against the restaurant list.
 * No num, or a restaurant missing from the list → 'Неверный номер стола!'; otherwise the domain's
 * tableOrderBlock decides (active and deliveryRest, then open now on the restaurant's clock, its
 * holidays counted as order/create counts them).
 */
export function tableCodeOutcome(
  answer: TableResponse | null,
  restaurants: readonly ListEntry[],
  now: Instant,
): TableCodeOutcome {
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

/** tableOrderBlock on the restaurant's clock with its holidays; a zone the browser does not know reads as Moscow. */
function orderBlock(restaurant: ListEntry, now: Instant): DialogText | null {
  const holidays = restaurantHolidays(restaurant);
  try {
    return tableOrderBlock(restaurant, now, restaurant.time_zone || undefined, holidays);
  } catch {
    return tableOrderBlock(restaurant, now, undefined, holidays);
  }
}

/** The query parameters a table link may carry its code in, in order of preference. */
const CODE_PARAMETERS = ['table', 'code'] as const;

/**
 * SPEC 2 Restaurant option: the table code in what the table's QR holds. A QR may hold the code
 * itself ('T-JQBB-01') or a link carrying it: a link's `table` or `code` query parameter, else its
 * last path segment ('https://chain.example/t/T-JQBB-01'), else its fragment's last segment
 * ('https://chain.example/#/table/T-JQBB-01'). Anything that is not an absolute link is the code,
 * trimmed. A link with no code in it gives '' (the lookup's 'Неверный номер стола!').
 * The result is what a guest would have typed: tables.ts normalises it the same way.
 */
export function tableCodeFromQr(text: string): string {
  const trimmed = text.trim();
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed)) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return trimmed;
  }
  for (const name of CODE_PARAMETERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value) return value;
  }
  return lastSegment(url.pathname) || lastSegment(url.hash.replace(/^#/, '').split('?')[0] ?? '');
}

/** The last non-empty '/'-separated segment of a path, percent-decoded when it decodes. */
function lastSegment(path: string): string {
  const segment =
    path
      .split('/')
      .filter((part) => part.trim() !== '')
      .at(-1) ?? '';
  try {
    return decodeURIComponent(segment).trim();
  } catch {
    return segment.trim();
  }
}
