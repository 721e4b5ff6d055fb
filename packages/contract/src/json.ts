/**
 * JSON nesting (issue 11, point 9). A body nested thousands of levels deep overflows the stack of
 * whatever walks it recursively afterwards (JSON.stringify, a canonical form for hashing, zod):
 * a 500 instead of an answer. Every JSON text the server takes from a client — a JSON body, and
 * JSON carried as text in a form field (the generic call's `fields`, a saved `address`) — is
 * therefore measured with `jsonDepthExceeds` before it is parsed, and refused beyond
 * MAX_JSON_DEPTH with JSON_TOO_DEEP_MESSAGE.
 *
 * The limit: the deepest body the web app sends is 6 levels (measured on its request builders:
 * the cart actions' `fields.cart_items[].specs[]` object), an order is 5; SPEC 7's clients may
 * add their own cart as `cart_raw` (a cart, its lines, an option: a few levels more). 32 is five
 * times the web app's deepest and stays far below any stack limit.
 */
export const MAX_JSON_DEPTH = 32;

export const JSON_TOO_DEEP_MESSAGE = `JSON вложен глубже ${MAX_JSON_DEPTH} уровней.`;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether the JSON text opens more than `max` objects or arrays inside one another. One linear
 * scan, no recursion and no allocation; brackets inside strings are text. Malformed JSON is left
 * to JSON.parse to refuse.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      // Skip the string: to the next quote not escaped by a backslash.
      for (i++; i < length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (++depth > max) return true;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

export type JsonTextResult = { ok: true; value: unknown } | { ok: false; reason: 'too_deep' | 'malformed' };

/** JSON.parse behind the depth check, without throwing: for JSON carried as text in a field. */
export function parseJsonText(text: string, max = MAX_JSON_DEPTH): JsonTextResult {
  if (jsonDepthExceeds(text, max)) return { ok: false, reason: 'too_deep' };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
