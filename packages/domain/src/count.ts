// Counts arrive from the client: anything but a whole number above zero counts as nothing.
/** A count as the cart rules read it: a whole number, else 0; never below 0. */
export function wholeCount(count: number): number {
  return Number.isInteger(count) ? Math.max(0, count) : 0;
}
