import { type Flag, isOn } from './flag';
import type { ChosenOption, LineChoice } from './cart-lines';
import { wholeCount } from './count';
import { discountAmount } from './money';
import type { Id, Kopecks } from './units';

/** A dish option (SPEC 3 spec): price in kopecks; disabled options are never charged. */
export interface DishOption {
  readonly specid: Id;
  readonly price: Kopecks;
  readonly disabled: Flag;
}

/** The dish fields the cart rules read (SPEC 3): price in kopecks, options in `spec`. */
export interface Dish {
  readonly id: Id;
  readonly price: Kopecks;
  readonly allowed: Flag;
  readonly is_shop: Flag;
  readonly is_locked?: Flag;
  readonly spec: readonly DishOption[];
}

/** A priced line without a token: a cart line or the product screen's draft (SPEC 2, 5). */
export type PricedLine = LineChoice & { readonly cnt: number };

/** Dishes keyed by String(id), so numeric and string ids meet. */
export type DishIndex = ReadonlyMap<string, Dish>;

/** A cutlery item (pribor) (SPEC 3): price in kopecks, the first free_cnt free, at most max. */
export interface CutleryItem {
  readonly id: Id;
  readonly name: string;
  readonly cnt: number;
  readonly price: Kopecks;
  readonly free_cnt: number;
  readonly max: number;
}

/** A recommended item (SPEC 3): price in kopecks, the first free_cnt free. */
export interface RecommendedItem {
  readonly id: Id;
  readonly name: string;
  readonly cnt: number;
  readonly price: Kopecks;
  readonly free_cnt: number;
}

/**
 * Anything charged only above a free count (SPEC 5), named by its id: the free count and the
 * maximum belong to the item, so entries of one id are summed before they apply.
 */
export type FreeCountItem = Pick<RecommendedItem, 'id' | 'cnt' | 'price' | 'free_cnt'>;

/** Why a dish cannot be added right now (SPEC 4). */
export type AddBlocker = 'not-allowed' | 'locked';

/** Dishes indexed by String(id) for cartTotal and friends (SPEC 3). */
export function indexDishes(dishes: readonly Dish[]): Map<string, Dish> {
  return new Map(dishes.map((dish) => [String(dish.id), dish]));
}

// The single option counts once per dish; the multi options carry their own counts.
function chosenOptions(choice: LineChoice): ChosenOption[] {
  return [...(choice.spec == null ? [] : [{ specid: choice.spec, cnt: 1 }]), ...(choice.specs ?? [])];
}

/** Why a dish cannot be added: not allowed, or locked without a lock code; null when it can (SPEC 4). */
export function addToCartBlocker(dish: Dish, lockCode?: string | null): AddBlocker | null {
  if (!isOn(dish.allowed)) return 'not-allowed';
  if (isOn(dish.is_locked) && !lockCode) return 'locked';
  return null;
}

function optionOf(dish: Dish, specid: Id): DishOption | undefined {
  return dish.spec.find((option) => String(option.specid) === String(specid));
}

function chargedOptionPrice(dish: Dish, specid: Id): Kopecks {
  const option = optionOf(dish, specid);
  return option !== undefined && !isOn(option.disabled) ? option.price : 0;
}

// = (price + single option price) × cnt + Σ multi option price × its cnt × cnt, skipping disabled
// or unknown options; a missing or disallowed dish counts nothing. The line's copied prices are
// never read: the server does not trust client prices.
/** A line's kopecks: (price + options not disabled) × cnt, menu prices only (SPEC 5). */
export function lineTotal(line: PricedLine, dish: Dish | undefined): Kopecks {
  if (dish === undefined || !isOn(dish.allowed)) return 0;
  const options = chosenOptions(line).reduce(
    (sum, option) => sum + chargedOptionPrice(dish, option.specid) * wholeCount(option.cnt),
    0,
  );
  return (dish.price + options) * wholeCount(line.cnt);
}

/** The cart's dishes total in kopecks: the sum of lineTotal with prices from the menu (SPEC 5). */
export function cartTotal(lines: readonly PricedLine[], dishes: DishIndex): Kopecks {
  return lines.reduce((sum, line) => sum + lineTotal(line, dishes.get(String(line.item))), 0);
}

/** Whether a line counts: dish exists and is allowed, chosen options exist and are enabled (SPEC 5). */
export function isLineAvailable(line: LineChoice, dishes: DishIndex): boolean {
  const dish = dishes.get(String(line.item));
  if (dish === undefined || !isOn(dish.allowed)) return false;
  return chosenOptions(line).every(({ specid }) => {
    const option = optionOf(dish, specid);
    return option !== undefined && !isOn(option.disabled);
  });
}

/** The lines that do not count, for the availability warning (SPEC 4, 5). */
export function unavailableLines<L extends LineChoice>(lines: readonly L[], dishes: DishIndex): L[] {
  return lines.filter((line) => !isLineAvailable(line, dishes));
}

/** Whether any cart line is a shop item, which switches minimum sums to the shop variant (SPEC 5). */
export function hasShopItem(lines: readonly LineChoice[], dishes: DishIndex): boolean {
  return lines.some((line) => isOn(dishes.get(String(line.item))?.is_shop));
}

// One entry per key, counts summed; the first entry's other fields stand for the item (its
// price, free count and maximum are the catalogue's, the same on every entry of one id).
function mergeRepeated<T extends { readonly cnt: number }>(entries: readonly T[], keyOf: (entry: T) => Id): T[] {
  const merged = new Map<string, T>();
  for (const entry of entries) {
    const key = String(keyOf(entry));
    const earlier = merged.get(key);
    merged.set(key, { ...(earlier ?? entry), cnt: (earlier?.cnt ?? 0) + wholeCount(entry.cnt) });
  }
  return [...merged.values()];
}

/**
 * Cutlery or recommended entries with one entry per item id, the counts of repeated entries
 * summed: 50 lines of 1 soy sauce are one item of 50 (SPEC 5: free count and maximum per item).
 */
export function mergeRepeatedItems<T extends { readonly id: Id; readonly cnt: number }>(items: readonly T[]): T[] {
  return mergeRepeated(items, (item) => item.id);
}

/** A line's multi options with one entry per option, repeated entries summed before the option's maximum (SPEC 3, 5). */
export function mergeRepeatedOptions<T extends { readonly specid: Id; readonly cnt: number }>(
  options: readonly T[],
): T[] {
  return mergeRepeated(options, (option) => option.specid);
}

/** How many of an item are charged: only the quantity above free_cnt (SPEC 5). */
export function chargedCount(item: Pick<FreeCountItem, 'cnt' | 'free_cnt'>): number {
  return Math.max(0, wholeCount(item.cnt) - Math.max(0, item.free_cnt));
}

/** Kopecks for cutlery or recommended items: per item id, price × the count above free_cnt, summed (SPEC 5). */
export function extrasTotal(items: readonly FreeCountItem[]): Kopecks {
  return mergeRepeatedItems(items).reduce((sum, item) => sum + chargedCount(item) * item.price, 0);
}

/** Whether one more cutlery item may be taken: the count is below max (SPEC 5). */
export function canIncreaseCutlery(item: Pick<CutleryItem, 'cnt' | 'max'>): boolean {
  return item.cnt < item.max;
}

/** A cutlery count kept within 0..max (SPEC 5): what the cart may hold and what cartPribors answers. */
export function cutleryCountWithin(cnt: number, max: number): number {
  return Math.min(Math.max(0, max), Math.max(0, cnt));
}

// SPEC 5 'below max' is the stepper's guard: + is offered while cnt < max, so max is reachable.
/** The cutlery item with its count changed by delta, kept within 0..max (SPEC 5). */
export function changeCutleryCount<T extends Pick<CutleryItem, 'cnt' | 'max'>>(item: T, delta: number): T {
  return { ...item, cnt: cutleryCountWithin(item.cnt + delta, item.max) };
}

/** The recommended item with its count changed by delta, never below 0 (SPEC 5). */
export function changeRecommendedCount<T extends Pick<RecommendedItem, 'cnt'>>(item: T, delta: number): T {
  return { ...item, cnt: Math.max(0, item.cnt + delta) };
}

/** The cart's figures in kopecks (SPEC 2 Cart, SPEC 5). */
export interface OrderTotals {
  /** Dishes. */
  readonly items: Kopecks;
  /** Cutlery above the free counts. */
  readonly cutlery: Kopecks;
  /** Recommended items above the free counts. */
  readonly recommended: Kopecks;
  /** items + cutlery + recommended: the base of the discount and of the minimum sum. */
  readonly subtotal: Kopecks;
  /** subtotal × percent / 100 rounded to the kopeck (negative for a markup), or a fixed coupon's amount up to the subtotal. */
  readonly discount: Kopecks;
  /** The delivery charge, not discounted. */
  readonly delivery: Kopecks;
  /** subtotal − discount + delivery, never below zero. */
  readonly toPay: Kopecks;
}

// The discount is rounded to the kopeck (decision 006); delivery is added after the discount.
/** All cart figures in kopecks; the discount covers dishes + cutlery + recommended (SPEC 5). */
export function orderTotals(input: {
  readonly lines: readonly PricedLine[];
  readonly dishes: DishIndex;
  readonly cutlery?: readonly FreeCountItem[];
  readonly recommended?: readonly FreeCountItem[];
  readonly discountPercent?: number;
  /** A fixed coupon's kopecks off (issue 31), in place of the percent; capped at the subtotal. */
  readonly discountFixed?: Kopecks;
  readonly deliverySum?: Kopecks;
}): OrderTotals {
  const items = cartTotal(input.lines, input.dishes);
  const cutlery = extrasTotal(input.cutlery ?? []);
  const recommended = extrasTotal(input.recommended ?? []);
  const subtotal = items + cutlery + recommended;
  const discount =
    input.discountFixed === undefined
      ? discountAmount(subtotal, input.discountPercent ?? 0)
      : Math.min(Math.max(0, input.discountFixed), subtotal);
  const delivery = input.deliverySum ?? 0;
  const toPay = Math.max(0, subtotal - discount + delivery);
  return { items, cutlery, recommended, subtotal, discount, delivery, toPay };
}

/** A cart line whose price per portion changed under the guest (issue 31: a manager's price edit). */
export interface LinePriceChange {
  readonly token: string;
  readonly item: Id;
  /** Per portion, with its options, in kopecks: as the cart showed it, and now. */
  readonly before: Kopecks;
  readonly after: Kopecks;
}

/**
 * The lines whose price per portion differs between two menus (SPEC 5 prices; issue 31): what a
 * cart open while the menu changed must tell the guest before they pay. A line unavailable in
 * either menu is not a price change (the availability warning speaks of it).
 */
export function linePriceChanges(
  lines: readonly (PricedLine & { readonly token: string })[],
  before: DishIndex,
  after: DishIndex,
): LinePriceChange[] {
  const changes: LinePriceChange[] = [];
  for (const line of lines) {
    if (!isLineAvailable(line, before) || !isLineAvailable(line, after)) continue;
    const portion = { ...line, cnt: 1 };
    const was = lineTotal(portion, before.get(String(line.item)));
    const now = lineTotal(portion, after.get(String(line.item)));
    if (was !== now) changes.push({ token: line.token, item: line.item, before: was, after: now });
  }
  return changes;
}
