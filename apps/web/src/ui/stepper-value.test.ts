import { describe, expect, it } from 'vitest';
import { stepperValue } from './stepper-value';

describe('stepper count', () => {
  it('adds and removes one', () => {
    expect(stepperValue(2, 1, 0, 10)).toBe(3);
    expect(stepperValue(2, -1, 0, 10)).toBe(1);
  });

  it('stops at the minimum and the maximum', () => {
    expect(stepperValue(0, -1, 0, 10)).toBe(0);
    expect(stepperValue(10, 1, 0, 10)).toBe(10);
  });

  it('counts without an upper bound when none is given', () => {
    expect(stepperValue(99, 1, 0, Number.POSITIVE_INFINITY)).toBe(100);
  });
});
