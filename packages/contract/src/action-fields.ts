import * as z from 'zod/mini';
import { parseClock } from '@chain/domain';
import { blankOrZeroToUndefined, blankToUndefined, leftOut, MAX_WIRE_ID, wireInt } from './common';

// Field types the generic call's actions share (SPEC 7). `fields` arrive as a JSON object or as
// its JSON text, and the app is loose with types: numbers come as digits in text, flags as
// 0/1, '0'/'1' or booleans. These schemas take every such form and give one type out; a wrong
// value is a 400 naming the field in Russian («Некорректное поле «fields.date»: …»).

const REQUIRED = 'обязательное поле';

/** Unix time in whole seconds (SPEC 9: the booking date is sent in seconds). */
export const unixSecondsInput = wireInt(0, 4_102_444_800, 'ожидается время в секундах (Unix)');
/** The same, optional; 0 also means "not given" (e.g. "now" for a load). */
export const optionalUnixSeconds = z.pipe(z.transform(blankOrZeroToUndefined), z.optional(unixSecondsInput));

/** A 0/1 flag as 0, 1, '0', '1', true or false; out: 0 or 1. */
export const wireFlag = z.pipe(
  z.union([z.literal([0, 1, true, false]), z.enum(['0', '1', 'true', 'false'])], {
    error: (issue) => (issue.input === undefined ? REQUIRED : 'ожидается 0 или 1'),
  }),
  z.transform((value): 0 | 1 => (value === 1 || value === true || value === '1' || value === 'true' ? 1 : 0)),
);
export const optionalWireFlag = leftOut(blankToUndefined, wireFlag);

/**
 * A restaurant: its id (a number or its digits) or its fs_uid. Out: the id as a number, or
 * the fs_uid as text.
 */
export const restaurantRef = z
  .pipe(
    z.union([z.number(), z.string()], {
      error: (issue) => (issue.input === undefined ? REQUIRED : 'ожидается номер или fs_uid ресторана'),
    }),
    z.transform((value): number | string => {
      if (typeof value === 'number') return value;
      const text = value.trim();
      return /^\d{1,10}$/.test(text) ? Number(text) : text;
    }),
  )
  .check(
    z.refine(
      (value) =>
        typeof value === 'number'
          ? Number.isInteger(value) && value > 0 && value <= MAX_WIRE_ID
          : value.length >= 1 && value.length <= 64 && !/\p{Cc}/u.test(value),
      'ожидается номер или fs_uid ресторана',
    ),
  );
export const optionalRestaurantRef = z.pipe(z.transform(blankOrZeroToUndefined), z.optional(restaurantRef));

/** A clock time 'HH:MM' (00:00..23:59), trimmed. */
export const clockInput = z
  .string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'ожидается время ЧЧ:ММ') })
  .check(
    z.trim(),
    z.maxLength(5, 'ожидается время ЧЧ:ММ'),
    z.refine((text) => {
      const minute = parseClock(text);
      return minute !== null && minute < 1440;
    }, 'ожидается время ЧЧ:ММ'),
  );
export const optionalClockInput = leftOut(blankToUndefined, clockInput);

/** Anything the app sends that the server accepts and does not read (kept short). */
export const ignoredText = z.optional(
  z.nullable(
    z.union([z.string().check(z.maxLength(64, 'не длиннее 64 символов')), z.number(), z.boolean()], {
      error: 'ожидается текст или число',
    }),
  ),
);

/** A restaurant to choose from on the booking, pre-order and delayed order pages. */
export const restaurantChoice = z.object({
  id: z.int(),
  fs_uid: z.string(),
  name: z.string(),
  nameShort: z.string(),
  address: z.string(),
  time_zone: z.string(),
});
export type RestaurantChoice = z.infer<typeof restaurantChoice>;
