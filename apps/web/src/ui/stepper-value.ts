/** The stepper's next count: value + delta, kept within [min, max]. */
export function stepperValue(value: number, delta: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value + delta));
}
