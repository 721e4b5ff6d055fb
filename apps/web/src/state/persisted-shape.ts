import { DEFAULT_PAY_METHOD, normalizedFilters, ORDER_TYPES, PAY_METHODS } from '@chain/domain';
import { type Checkout, EMPTY_CHECKOUT, INITIAL_CART } from './cart-store';
import { EMPTY_USER, INITIAL_GUEST, type User } from './guest-store';
import { INITIAL_KIOSK } from './kiosk-store';
import type { PersistedState } from './persistence';

/*
 * The stored state's shape (SPEC 3, client state kept locally): its empty values, the checks a
 * stored value passes before it is used, and the steps from older versions. The checks are plain
 * functions rather than schemas: they run at every start, on the entry route, where a schema
 * library would weigh a tenth of its JavaScript (issue 18).
 */

/** The key in localStorage and the version of the stored shape. */
export const STORAGE_KEY = 'chain-ordering:state';
export const STATE_VERSION = 9;

/** Nothing stored: each store's empty values. */
export const INITIAL_PERSISTED_STATE: PersistedState = { ...INITIAL_CART, ...INITIAL_GUEST, ...INITIAL_KIOSK };

// What a stored value must look like to be used. Each field falls back to its default on its
// own, so one damaged field (an older build, a hand-edited storage) costs only that field.

/** A value that does not pass its check. */
const INVALID: unique symbol = Symbol('invalid');
type Check<T> = (value: unknown) => T | typeof INVALID;
type Checked<C> = C extends Check<infer T> ? T : never;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text: Check<string> = (value) => (typeof value === 'string' ? value : INVALID);
const yes: Check<boolean> = (value) => (typeof value === 'boolean' ? value : INVALID);
const int: Check<number> = (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? value : INVALID);
const positive: Check<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : INVALID;
const count: Check<number> = (value) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : INVALID;
const number: Check<number> = (value) => (typeof value === 'number' && Number.isFinite(value) ? value : INVALID);
const oneOf =
  <T extends string>(values: readonly T[]): Check<T> =>
  (value) =>
    (values as readonly unknown[]).includes(value) ? (value as T) : INVALID;
const nullable =
  <T>(check: Check<T>): Check<T | null> =>
  (value) =>
    value === null ? null : check(value);
const optional =
  <T>(check: Check<T>): Check<T | undefined> =>
  (value) =>
    value === undefined ? undefined : check(value);
/** The value when it passes, else the default: never invalid. */
const or =
  <T>(check: Check<T>, otherwise: T): Check<T> =>
  (value) => {
    const checked = check(value);
    return checked === INVALID ? otherwise : checked;
  };
const list =
  <T>(check: Check<T>): Check<T[]> =>
  (value) => {
    if (!Array.isArray(value)) return INVALID;
    const items: T[] = [];
    for (const item of value) {
      const checked = check(item);
      if (checked === INVALID) return INVALID;
      items.push(checked);
    }
    return items;
  };
const countsById: Check<Record<string, number>> = (value) => {
  if (!isRecord(value)) return INVALID;
  const counts: Record<string, number> = {};
  for (const [key, entry] of Object.entries(value)) {
    const checked = count(entry);
    if (checked === INVALID) return INVALID;
    counts[key] = checked;
  }
  return counts;
};
/** An object with exactly these fields (others dropped); absent optional fields stay absent. */
const object =
  <S extends Record<string, Check<unknown>>>(shape: S): Check<{ [K in keyof S]: Checked<S[K]> }> =>
  (value) => {
    if (!isRecord(value)) return INVALID;
    const checked: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const field = check(value[key]);
      if (field === INVALID) return INVALID;
      if (field !== undefined) checked[key] = field;
    }
    return checked as { [K in keyof S]: Checked<S[K]> };
  };

const someText = or(text, '');
const flag = or(yes, false);
const extraCounts = or(countsById, {});
const chosenOption = object({ specid: text, cnt: int, price: optional(int) });
const payMethod = oneOf(PAY_METHODS);

const persistedShape = object({
  kiosk: flag,
  kioskToken: someText,
  user: or<User>(
    object({
      authorized: flag,
      id: someText,
      password: someText,
      name: someText,
      phone: someText,
      email: someText,
      card: someText,
      city: someText,
      street: someText,
      house: someText,
      room: someText,
      booking: flag,
      stoplist: flag,
    }),
    EMPTY_USER,
  ),
  cart: or(
    list(
      object({
        token: text,
        item: text,
        cnt: int,
        comment: someText,
        spec: or(nullable(text), null),
        specs: or(list(chosenOption), []),
      }),
    ),
    [],
  ),
  cartRestaurantId: or(nullable(text), null),
  address: or(
    nullable(
      object({
        id: or(nullable(text), null),
        full: text,
        short: someText,
        long: someText,
        lat: or(nullable(number), null),
        lon: or(nullable(number), null),
        podjezd: someText,
        domofon: someText,
        etaz: someText,
        room: someText,
        comment: someText,
      }),
    ),
    null,
  ),
  favorites: or(list(text), []),
  favoriteRestaurants: or(list(text), []),
  checkout: or<Checkout>(
    object({
      table: someText,
      paySystem: or(payMethod, DEFAULT_PAY_METHOD),
      coupon: someText,
      email: someText,
      comment: someText,
      deliveryDateTime: or(nullable(object({ deliveryDate: text, deliveryTime: text, isTimePeriods: yes })), null),
      booking: or(nullable(object({ num: text, minSum: count })), null),
      delayed: flag,
      resumedOrderId: or(nullable(positive), null),
      pribors: extraCounts,
      recommended: extraCounts,
      idempotencyKey: or(nullable(text), null),
      order: or(
        nullable(
          object({ id: text, number: text, sum: int, paySystem: payMethod, followToken: or(nullable(text), null) }),
        ),
        null,
      ),
    }),
    EMPTY_CHECKOUT,
  ),
  orderType: or(nullable(oneOf(ORDER_TYPES)), null),
  restaurant: or(nullable(object({ id: text, name: someText, nameShort: someText })), null),
  lockCode: someText,
  // An unknown label (a rollback from a build with more) is dropped, not the whole list.
  menuFilters: or(
    (value) =>
      Array.isArray(value)
        ? normalizedFilters(value.filter((label): label is string => typeof label === 'string'))
        : INVALID,
    [],
  ),
});

/** The stored state reduced to what this version understands; never throws. */
export function sanitizePersistedState(stored: unknown): PersistedState {
  const checked = persistedShape(stored);
  return checked === INVALID ? INITIAL_PERSISTED_STATE : checked;
}

/**
 * Steps from one stored version to the next: MIGRATIONS[n] turns version n into n + 1. A version
 * that only gained fields with defaults needs no step: sanitizePersistedState fills them in.
 * Raise STATE_VERSION whenever the shape changes, and add a step when old data must be reshaped.
 *   0 → 1: zustand's number for a store saved without a version; nothing was ever saved that way.
 *   1 → 2: migrateCartToDomainLines.
 *   2 → 3: checkout gains idempotencyKey and order; both start empty (their defaults).
 *   3 → 4: the address gains long and the courier's details; they start empty (their defaults).
 *   4 → 5: the placed order gains followToken; an order placed before has none (null).
 *   5 → 6: checkout's bookingNum (never set by any build) becomes booking { num, minSum }; null.
 *   6 → 7: checkout gains resumedOrderId; null (a cart resumed before resumes nothing).
 *   7 → 8: kioskToken; '' — a kiosk connected before device tokens has none, and its Home asks
 *          staff for the code before the next guest orders (decision 038).
 *   8 → 9: menuFilters (issue 31); [] — no filter, every dish shown.
 */
const MIGRATIONS: Record<number, (state: unknown) => unknown> = { 1: migrateCartToDomainLines };

/**
 * Version 1 → 2: a cart line's single option was an object ({ specid, price, cnt }) and is now its
 * id (the domain's CartLine); the cart remembers its restaurant, which in version 1 could only
 * be the current one (changing the restaurant emptied it).
 */
export function migrateCartToDomainLines(state: unknown): unknown {
  if (!isRecord(state)) return state;
  const cart = Array.isArray(state['cart']) ? state['cart'] : [];
  const lines = cart.map((line: unknown) => {
    if (!isRecord(line)) return line;
    const spec = line['spec'];
    return { ...line, spec: isRecord(spec) ? (spec['specid'] ?? null) : (spec ?? null) };
  });
  const restaurant = state['restaurant'];
  const restaurantId = isRecord(restaurant) && typeof restaurant['id'] === 'string' ? restaurant['id'] : null;
  return { ...state, cart: lines, cartRestaurantId: lines.length > 0 ? restaurantId : null };
}

export function migratePersistedState(stored: unknown, fromVersion: number): PersistedState {
  let state = stored;
  for (let version = fromVersion; version < STATE_VERSION; version += 1) {
    const step = MIGRATIONS[version];
    if (step) state = step(state);
  }
  // A newer build's state (after a rollback) keeps whatever this version still understands.
  return sanitizePersistedState(state);
}
