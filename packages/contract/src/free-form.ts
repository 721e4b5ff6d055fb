import * as z from 'zod/mini';

/*
 * Free-form values a call takes without reading their shape (issue 11, point 7): the client's
 * own copy of its cart (`cart_raw`, stored for support), ids and sums SPEC 7 clients send that
 * the server ignores, and the extra keys of a loose object. The body limit (1 MB) is not a bound
 * worth having for them: each is capped by the size of its JSON text, so a script cannot park
 * hundreds of kilobytes in an order, and a person reads why in the 400.
 */

/**
 * The cap of `cart_raw` on order/create. Measured: a 100-line cart (the contract's most) as the
 * web app keeps it (the domain's CartLine), every line a dish with its single option and all its
 * multi options at their maximum and a 40-character comment, is 23.9 KB of JSON (16.9 KB without
 * comments); 64 KB leaves 2.7 times that (decision 017).
 */
export const MAX_CART_RAW_BYTES = 64 * 1024;

/** The cap of an id or a sum the server does not read (order/delivery `order_sum`, `table`, a saved address's `id`). */
export const MAX_IGNORED_VALUE_BYTES = 256;

/** The cap of the delivery date and time object: its three known fields take under 60 bytes. */
export const MAX_DELIVERY_PROPS_BYTES = 1024;

const sizeText = (bytes: number) => (bytes >= 1024 ? `${bytes / 1024} КБ` : `${bytes} байт`);

// UTF-8 bytes of a string, counted without encoding it (the contract runs in browsers and Node
// alike, with neither's APIs): a surrogate pair is 4 bytes, 2 for each half.
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    bytes += code < 0x80 ? 1 : code < 0x800 || (code >= 0xd800 && code < 0xe000) ? 2 : 3;
  }
  return bytes;
}

/** The UTF-8 size of the value's JSON text; Infinity for a value JSON cannot write. */
export function jsonBytes(value: unknown): number {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? 0 : utf8Bytes(text);
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** A check that the value's JSON text is at most `max` bytes, with a message that says so in Russian. */
export function jsonAtMost(max: number) {
  return z.refine((value: unknown) => jsonBytes(value) <= max, { error: `не больше ${sizeText(max)} в JSON` });
}

/** Any JSON value whose text is at most `max` bytes (read by no one but people, or ignored). */
export function boundedJson(max: number) {
  return z.unknown().check(jsonAtMost(max));
}
