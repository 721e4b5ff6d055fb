import * as z from 'zod/mini';
import { DEFAULT_PAY_METHOD, ORDER_TYPES, PAY_METHODS } from '@chain/domain';
import { EMPTY_CHECKOUT, EMPTY_USER, INITIAL_PERSISTED_STATE, type PersistedState, STATE_VERSION } from './app-store';

/*
 * The stored state's shape, its checks and its migrations. Read once, when the store loads what
 * the browser kept (load-state.ts), so this module and the schema library it needs are not on the
 * entry route: the store loads it before it hydrates (issue 18, the entry's JavaScript budget).
 */

// What a stored value must look like to be used. Each field falls back to its default on its
// own, so one damaged field (an older build, a hand-edited storage) costs only that field.
const text = z.catch(z.string(), '');
const yesNo = z.catch(z.boolean(), false);
const id = z.string();
const extraCounts = z.catch(z.record(z.string(), z.int().check(z.minimum(0))), {});
const chosenOption = z.object({ specid: id, cnt: z.int(), price: z.optional(z.int()) });
const persistedShape = z.object({
  kiosk: yesNo,
  user: z.catch(
    z.object({
      authorized: yesNo,
      id: z.catch(id, ''),
      password: text,
      name: text,
      phone: text,
      email: text,
      card: text,
      city: text,
      street: text,
      house: text,
      room: text,
      booking: yesNo,
      stoplist: yesNo,
    }),
    EMPTY_USER,
  ),
  cart: z.catch(
    z.array(
      z.object({
        token: z.string(),
        item: id,
        cnt: z.int(),
        comment: text,
        spec: z.catch(z.nullable(id), null),
        specs: z.catch(z.array(chosenOption), []),
      }),
    ),
    [],
  ),
  cartRestaurantId: z.catch(z.nullable(id), null),
  address: z.catch(
    z.nullable(
      z.object({
        id: z.catch(z.nullable(id), null),
        full: z.string(),
        short: text,
        long: text,
        lat: z.catch(z.nullable(z.number()), null),
        lon: z.catch(z.nullable(z.number()), null),
        podjezd: text,
        domofon: text,
        etaz: text,
        room: text,
        comment: text,
      }),
    ),
    null,
  ),
  favorites: z.catch(z.array(id), []),
  favoriteRestaurants: z.catch(z.array(id), []),
  checkout: z.catch(
    z.object({
      table: text,
      paySystem: z.catch(z.enum(PAY_METHODS), DEFAULT_PAY_METHOD),
      coupon: text,
      email: text,
      comment: text,
      deliveryDateTime: z.catch(
        z.nullable(z.object({ deliveryDate: z.string(), deliveryTime: z.string(), isTimePeriods: z.boolean() })),
        null,
      ),
      booking: z.catch(z.nullable(z.object({ num: z.string(), minSum: z.int().check(z.minimum(0)) })), null),
      delayed: yesNo,
      pribors: extraCounts,
      recommended: extraCounts,
      idempotencyKey: z.catch(z.nullable(z.string()), null),
      order: z.catch(
        z.nullable(
          z.object({
            id,
            number: z.string(),
            sum: z.int(),
            paySystem: z.enum(PAY_METHODS),
            followToken: z.catch(z.nullable(z.string()), null),
          }),
        ),
        null,
      ),
    }),
    EMPTY_CHECKOUT,
  ),
  orderType: z.catch(z.nullable(z.enum(ORDER_TYPES)), null),
  restaurant: z.catch(z.nullable(z.object({ id, name: text, nameShort: text })), null),
  lockCode: text,
});

/** The stored state reduced to what this version understands; never throws. */
export function sanitizePersistedState(stored: unknown): PersistedState {
  const result = persistedShape.safeParse(stored);
  return result.success ? result.data : INITIAL_PERSISTED_STATE;
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
 */
const MIGRATIONS: Record<number, (state: unknown) => unknown> = { 1: migrateCartToDomainLines };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

