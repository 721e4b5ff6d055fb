import * as z from 'zod/mini';

/**
 * The body of every error answer: a machine-readable code and a message a person can read
 * (in Russian where the app shows it, SPEC 8). HTTP status carries the class (4xx / 5xx).
 */
export const errorResponse = z.object({
  success: z.literal(false),
  error: z.string(),
  message: z.string(),
  requestId: z.optional(z.string()),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** A 0/1 flag as the wire carries it (SPEC 3 uses 0/1 and "1" flags). */
export const flag = z.union([z.literal(0), z.literal(1)]);
export type Flag = z.infer<typeof flag>;

/** Money on the wire: integer kopecks (docs/decisions/003-money-on-the-wire.md). */
export const kopecks = z.int().check(z.minimum(0));

// ---------------------------------------------------------------------------------------------
// Numbers on the wire (issue 11, point 9). Bodies come as JSON or form-urlencoded, so a count, an
// id or a coordinate arrives as a number or as its digits in text. Nothing else is a number:
// `z.coerce.number()` took `[5]`, `true`, `"0x10"`, `"1e3"`, `""` and `" "` for one. Every count,
// id and coordinate of the contract is made by `wireNumber` below; a refusal is a 400 naming the
// field (apps/server/src/http/validate.ts).

/** The message of a required field left out. */
export const REQUIRED = 'обязательное поле';

/** The largest id the database keeps (PostgreSQL `integer`); larger ones are refused, not looked up. */
export const MAX_WIRE_ID = 2_147_483_647;

/** Digits with an optional minus: how a form body carries a whole number. */
const INTEGER_TEXT = /^-?\d{1,16}$/;
/** The same with an optional decimal fraction after a point (a coordinate, 55.7574). */
const DECIMAL_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

export interface WireNumberOptions {
  /** Whole numbers only (counts, ids, minutes); false takes a decimal fraction (coordinates). */
  integer: boolean;
  min: number;
  max: number;
  /** What the client reads for anything that is not such a number, e.g. 'ожидается номер блюда'. */
  message: string;
  minMessage?: string;
  maxMessage?: string;
}

/**
 * THE number of the wire: a JSON number, or its plain decimal digits as text (surrounding spaces
 * trimmed), within min..max. Lists, booleans, hexadecimal, exponents and empty or blank text are
 * refused with `message`. Out: the number.
 */
export function wireNumber(options: WireNumberOptions) {
  const { integer, min, max, message } = options;
  return z
    .pipe(
      z.union([z.number(), z.string().check(z.trim(), z.regex(integer ? INTEGER_TEXT : DECIMAL_TEXT, message))], {
        error: (issue) => (issue.input === undefined ? REQUIRED : message),
      }),
      z.transform(Number),
    )
    .check(
      z.refine((value) => !integer || Number.isInteger(value), message),
      z.gte(min, options.minMessage ?? `не меньше ${min}`),
      z.lte(max, options.maxMessage ?? `не больше ${max}`),
    );
}

/**
 * '' and null are how SPEC 7 clients leave an optional value out (`user_id: ""` for a guest),
 * as absent is (issue 11, point 10).
 */
export const blankToUndefined = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

/**
 * `schema` for a value a client may leave out: what `blank` turns into undefined (e.g. '' or
 * null) reads as absent. The key stays optional in the input type, so a typed client may omit it.
 */
export function leftOut<S extends z.ZodMiniType>(blank: (value: unknown) => unknown, schema: S) {
  return z.optional(z.pipe(z.transform(blank), z.optional(schema)));
}

/** A whole number within min..max (a count, minutes, an offset), as a number or its digits. */
export function wireInt(min: number, max: number, message = 'ожидается целое число') {
  return wireNumber({ integer: true, min, max, message });
}

/** The same, optional: absent, null or '' means not given. */
export function optionalWireInt(min: number, max: number, message = 'ожидается целое число') {
  return leftOut(blankToUndefined, wireInt(min, max, message));
}

/** An id: a positive whole number up to MAX_WIRE_ID, or its digits as text. */
export const wireId = wireNumber({
  integer: true,
  min: 1,
  max: MAX_WIRE_ID,
  message: 'ожидается номер (целое число)',
  minMessage: 'ожидается номер больше нуля',
  maxMessage: 'такого номера нет',
});

/**
 * How SPEC 7 clients leave an id (or a "none" value such as a time of 0) out: '' or null, and 0
 * (the app's empty select) — undefined; anything else as it is.
 */
export const blankOrZeroToUndefined = (value: unknown): unknown =>
  value === 0 || value === '0' ? undefined : blankToUndefined(value);

/**
 * An id the client may leave out (issue 11, point 10): absent, null, '' and 0 all mean "none"
 * (0 is how the app's empty select arrives). Out: the id or undefined.
 */
export const optionalWireId = leftOut(blankOrZeroToUndefined, wireId);

/** A coordinate in degrees within ±limit, as a number or its decimal text; `what` names it in the message. */
export function wireCoordinate(limit: number, what: string) {
  const range = `${what} от -${limit} до ${limit}`;
  return wireNumber({
    integer: false,
    min: -limit,
    max: limit,
    message: `${what}: ожидается число`,
    minMessage: range,
    maxMessage: range,
  });
}

/** The same, optional: absent, null or '' means none. */
export function optionalWireCoordinate(limit: number, what: string) {
  return leftOut(blankToUndefined, wireCoordinate(limit, what));
}

/** A latitude and a longitude (SPEC 3 address, a delivery point). */
export const latitude = wireCoordinate(90, 'широта');
export const longitude = wireCoordinate(180, 'долгота');

/**
 * Text a guest or a QR code sends that is looked up in the database: min (1)..max characters, no
 * control characters (PostgreSQL refuses a NUL byte in text, which would otherwise be a 500).
 */
export function lookupText(max: number, min = 1) {
  return z.string({ error: (issue) => (issue.input === undefined ? 'обязательное поле' : 'ожидается строка') }).check(
    z.minLength(min, 'не может быть пустым'),
    z.maxLength(max, `не длиннее ${max} символов`),
    z.refine((text) => !/\p{Cc}/u.test(text), 'недопустимые символы'),
  );
}

// ---------------------------------------------------------------------------------------------
// Text, the session token and the plain success answer: used by most calls' schemas, so they live
// here rather than with the account calls (a screen that signs a call loads no account schema).

/**
 * Text of at most `max` characters, trimmed. A number is taken as its digits (a house or a flat
 * number sent as 12), null as empty text.
 */
export function wireText(max: number) {
  return z
    .pipe(
      z.union([z.string(), z.number(), z.null()], {
        error: (issue) => (issue.input === undefined ? REQUIRED : 'ожидается текст'),
      }),
      z.transform((value) => (value === null ? '' : String(value).trim())),
    )
    .check(z.maxLength(max, `не длиннее ${max} символов`));
}

/** A session token as the app holds it: the signed-in user's `password` (SPEC 3, 6). */
export const sessionToken = z
  .string({
    error: (issue) => (issue.input === undefined ? REQUIRED : 'ожидается текст'),
  })
  .check(z.maxLength(512, 'не длиннее 512 символов'));

/** `{ success: true }` */
export const successResponse = z.object({ success: z.literal(true) });

/** Every live stream's (Server-Sent Events) keep-alive comment: the guest's order, the menu's catalogue, the staff board. A client that hears nothing for twice this takes the stream as lost. */
export const EVENT_STREAM_KEEP_ALIVE_MS = 25_000;
