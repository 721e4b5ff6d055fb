/**
 * The same JavaScript values from both databases:
 * - int8 (count(*), sums of integers) as a number: our figures stay far below 2^53;
 * - date as its 'YYYY-MM-DD' text: a calendar date has no time zone, and a JS Date would add one.
 * Timestamps stay Date objects (the default of both drivers).
 */
export const INT8_OID = 20;
export const DATE_OID = 1082;

export const parseInt8 = (value: string): number => Number.parseInt(value, 10);
export const parseDate = (value: string): string => value;
