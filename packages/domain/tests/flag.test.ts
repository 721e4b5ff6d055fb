import { describe, expect, it } from 'vitest';
import { isOn } from '../src/flag';

describe('wire flags (SPEC 3)', () => {
  it('reads "1", 1 and true as yes (SPEC 3)', () => {
    expect([true, 1, '1'].map((flag) => isOn(flag as never))).toEqual([true, true, true]);
  });

  it('reads everything else as no (SPEC 3)', () => {
    expect([false, 0, '0', null, undefined].map((flag) => isOn(flag as never))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
