import { randomBytes, randomInt, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { STAFF_GENERATED_PASSWORD_LENGTH, STAFF_PASSWORD_MAX_LENGTH, STAFF_PASSWORD_MIN_LENGTH } from '@chain/contract';

const scrypt = promisify(scryptCallback) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** scrypt's cost: N = 2^15, r = 8, p = 1 (about 32 MB and tens of milliseconds per check). */
const COST = { N: 32768, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const MAX_MEMORY = 64 * 1024 * 1024;

/** 'scrypt$N$r$p$salt$hash', salt and hash base64url: the cost travels with the hash. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { ...COST, maxmem: MAX_MEMORY });
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** A hash that matches nothing, checked when the login is unknown so both cost the same. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  return (decoy ??= hashPassword(randomBytes(24).toString('base64url')));
}

/** Whether the password matches the stored hash, compared in constant time. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Letters and digits a person copies without mistaking one for another (no 0/O, 1/l/I). */
const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new password for a staff account (the team screen's reset, issue 31): `length` characters
 * drawn uniformly (crypto.randomInt) from 57 — 16 of them are about 93 bits.
 */
export function generatePassword(length = STAFF_GENERATED_PASSWORD_LENGTH): string {
  let password = '';
  for (let index = 0; index < length; index++) password += PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)];
  return password;
}

/** The rule a typed password keeps (the `npm run staff` command's STAFF_PASSWORD): its length. */
export function passwordLengthFits(password: string): boolean {
  return password.length >= STAFF_PASSWORD_MIN_LENGTH && password.length <= STAFF_PASSWORD_MAX_LENGTH;
}
