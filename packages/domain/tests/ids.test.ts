import { describe, expect, it } from 'vitest';
import { randomDigits, randomUuid, type RandomSource } from '../src/ids';

function fixedBytes(...batches: number[][]): RandomSource {
  let call = 0;
  return {
    getRandomValues<T extends Uint8Array>(array: T): T {
      const batch = batches[call] ?? [];
      call += 1;
      array.forEach((_, index) => {
        array[index] = batch[index] ?? 0;
      });
      return array;
    },
  };
}

describe('random ids (SPEC 9)', () => {
  it('forms a version-4 UUID from random bytes (SPEC 9)', () => {
    const ones = fixedBytes(Array.from({ length: 16 }, () => 0xff));
    expect(randomUuid(ones)).toBe('ffffffff-ffff-4fff-bfff-ffffffffffff');
    const zeros = fixedBytes([]);
    expect(randomUuid(zeros)).toBe('00000000-0000-4000-8000-000000000000');
    const counting = fixedBytes(Array.from({ length: 16 }, (_, i) => i * 17));
    expect(randomUuid(counting)).toBe('00112233-4455-4677-8899-aabbccddeeff');
    const mixed = fixedBytes([0, 0, 0, 0, 0, 0, 0, 0, 0x5c]);
    expect(randomUuid(mixed)).toBe('00000000-0000-4000-9c00-000000000000');
  });

  it('draws from globalThis.crypto by default, a new id each time (SPEC 9)', () => {
    const ids = new Set(Array.from({ length: 50 }, () => randomUuid()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('explains when no crypto source exists', () => {
    const original = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
    try {
      expect(() => randomUuid()).toThrow('globalThis.crypto.getRandomValues is not available');
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });
});

describe('random numeric codes (SPEC 5, decision 005)', () => {
  it('turns bytes into digits', () => {
    expect(randomDigits(6, fixedBytes([1, 12, 123, 249, 10, 99]))).toBe('123909');
  });

  it('draws again for bytes from 250 up, which would bias the digits', () => {
    expect(randomDigits(4, fixedBytes([250, 255, 3, 4], [5, 6, 7, 8]))).toBe('3456');
  });

  it('gives exactly the length asked for from the system source', () => {
    for (let i = 0; i < 20; i += 1) expect(randomDigits(6)).toMatch(/^\d{6}$/);
    expect(randomDigits(0)).toBe('');
  });
});
