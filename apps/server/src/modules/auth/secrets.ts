import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of a one-time secret bound to its purpose and contact: short codes cannot be reversed offline without the key. */
export function hmac(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
