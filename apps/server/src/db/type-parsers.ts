/**
 * The same JavaScript values from both databases:
 * - int8 (count(*), sums of integers) as a number: our figures stay far below 2^53;
 * - date as its 'YYYY-MM-DD' text: a calendar date has no time zone, and a JS Date would add one.
 * - numeric (percentages such as 12.50) as a number: we keep no money in numeric;
 * Timestamps stay Date objects (the default of both drivers).
 */
export const INT8_OID = 20;
export const NUMERIC_OID = 1700;
export const DATE_OID = 1082;

export const parseInt8 = (value: string): number => Number.parseInt(value, 10);
export const parseNumeric = (value: string): number => Number(value);
export const parseDate = (value: string): string => value;
