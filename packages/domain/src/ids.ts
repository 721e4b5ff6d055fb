/** A source of cryptographic random bytes: globalThis.crypto in Node 20 and browsers. */
export interface RandomSource {
  getRandomValues<T extends Uint8Array>(array: T): T;
}

function systemRandom(): RandomSource {
  const source = (globalThis as { crypto?: RandomSource }).crypto;
  if (source === undefined) throw new Error('globalThis.crypto.getRandomValues is not available');
  return source;
}

/** A random version-4 UUID, 'xxxxxxxx-xxxx-4xxx-[89ab]xxx-xxxxxxxxxxxx' (SPEC 9). */
export function randomUuid(random: RandomSource = systemRandom()): string {
  const bytes = random.getRandomValues(new Uint8Array(16));
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  const [time, middle, tail, node] = [hex.slice(0, 8), hex.slice(8, 12), hex.slice(13, 16), hex.slice(20, 32)];
  return `${time}-${middle}-4${tail}-${variant}${hex.slice(17, 20)}-${node}`;
}

/** A uniformly random string of `length` decimal digits, e.g. a 6-digit e-mail code (SPEC 5, decision 005). */
export function randomDigits(length: number, random: RandomSource = systemRandom()): string {
  let digits = '';
  while (digits.length < length) {
    for (const byte of random.getRandomValues(new Uint8Array(length))) {
      // 250 = 25 × 10: bytes from 250 up would favour the digits 0 to 5, so they are drawn again.
      if (byte < 250 && digits.length < length) digits += String(byte % 10);
    }
  }
  return digits;
}
