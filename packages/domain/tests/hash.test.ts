import { describe, expect, it } from 'vitest';
import { fnv1a32 } from '../src/hash';

describe('FNV-1a 32-bit (SPEC 3 line token)', () => {
  it('matches the published test vectors', () => {
    expect(fnv1a32('')).toBe('811c9dc5');
    expect(fnv1a32('a')).toBe('e40c292c');
    expect(fnv1a32('foobar')).toBe('bf9cf968');
  });

  it('pads to eight hex digits', () => {
    // a string whose hash is below 0x10000000 keeps its leading zeros
    const short = Array.from({ length: 5000 }, (_, i) => fnv1a32(String(i))).find((hash) => hash.startsWith('0'));
    expect(short).toMatch(/^0[0-9a-f]{7}$/);
  });
});
