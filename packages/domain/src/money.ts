import type { Kopecks } from './units';

// Decision 006: a percentage of a sum is rounded to the whole kopeck, half away from zero
// (0,5 kopeck and above goes up, the school rule a Russian receipt uses). See
// docs/decisions/006-kopeck-rounding.md.

const KOPECKS_PER_ROUBLE = 100;
const BASIS_POINTS_PER_WHOLE = 10_000;

function assertWholeKopecks(kopecks: number): void {
  if (!Number.isSafeInteger(kopecks)) {
    throw new RangeError(`Money must be whole kopecks, got ${kopecks}`);
  }
}

/** Kopecks → '1234,50': two decimals, comma, no thousands separator, no currency (SPEC 9). */
export function formatAmount(kopecks: Kopecks): string {
  assertWholeKopecks(kopecks);
  const sign = kopecks < 0 ? '-' : '';
  const magnitude = Math.abs(kopecks);
  const roubles = Math.floor(magnitude / KOPECKS_PER_ROUBLE);
  const rest = magnitude % KOPECKS_PER_ROUBLE;
  return `${sign}${roubles},${String(rest).padStart(2, '0')}`;
}

/** Kopecks → '1234,50 ₽' with a regular space (U+0020) before the rouble sign (SPEC 9). */
export function formatMoney(kopecks: Kopecks): string {
  return `${formatAmount(kopecks)} ₽`;
}

/** Integer ÷ positive integer, rounded half away from zero: the discount rounding (SPEC 5, decision 006). */
export function divideRoundingHalfAwayFromZero(numerator: number, divisor: number): number {
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / divisor);
  const remainder = magnitude - quotient * divisor;
  const rounded = remainder * 2 >= divisor ? quotient + 1 : quotient;
  // + 0 turns a negative zero into 0, so a markup that rounds to nothing never shows as -0.
  return Math.sign(numerator) * rounded + 0;
}

// A negative percent is a markup and gives a negative discount. Percent counts to two decimals.
/** Discount in kopecks = total × percent / 100, to the kopeck, half away from zero (SPEC 5, decision 006). */
export function discountAmount(totalKopecks: Kopecks, percent: number): Kopecks {
  assertWholeKopecks(totalKopecks);
  if (!Number.isFinite(percent)) throw new RangeError(`Percent must be a finite number, got ${percent}`);
  const basisPoints = Math.round(percent * 100);
  return divideRoundingHalfAwayFromZero(totalKopecks * basisPoints, BASIS_POINTS_PER_WHOLE);
}

/**
 * What a person typed as an amount of roubles → kopecks, or null when it is not one: '1234',
 * '1234,5', '1234.50', '1 234,50' (spaces as thousands separators); at most two decimals, not
 * negative, not above `max` kopecks. The inverse of formatAmount, for back-office price fields.
 */
export function parseAmount(text: string, max = 100_000_000): Kopecks | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0]/g, ''));
  if (!match) return null;
  const kopecks = Number(match[1]) * KOPECKS_PER_ROUBLE + Number((match[2] ?? '').padEnd(2, '0'));
  return kopecks <= max ? kopecks : null;
}
