// Units are plain numbers with clear names, not brands: the wire data of SPEC 3 (prices,
// minutes, seconds) flows straight into these functions without casts.

/** Money in whole kopecks: 45000 is 450,00 ₽ (SPEC 9). */
export type Kopecks = number;

/** Minutes since local midnight; schedules may run past 1440 for hours after midnight (SPEC 4). */
export type MinuteOfDay = number;

/** A length of time in minutes. */
export type Minutes = number;

/** Unix time in whole seconds, as the booking calls carry it (SPEC 3, 9). */
export type UnixSeconds = number;

/** An identifier as the wire gives it: ids arrive as numbers or numeric strings. */
export type Id = string | number;
