import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/*
 * The kiosk's staff code (issue 14, decision 023), kept per restaurant as
 * `scrypt$N$r$p$salt$hash` in restaurants.kiosk_code_hash: scrypt (RFC 7914) of the code with a
 * salt of 16 random bytes of its own, N = 2^14, r = 8, p = 1 (about 16 MB and tens of
 * milliseconds a try), a 32-byte result; salt and hash base64url. The parameters travel with
 * each hash, so a later, stronger setting reads the codes set before it. A code is 4 to 8 digits,
 * a small space: the hash keeps a copied database from reading the codes at a glance and makes
 * trying them all offline cost hours instead of microseconds; what holds a guess online is the
 * rate limit (limits.ts).
 */

const COST = { N: 16_384, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;
/** scrypt needs 128·N·r bytes; Node's default cap (32 MB) is just enough for N = 2^14, so the cap follows the parameters read from a hash. */
const memoryFor = (N: number, r: number) => 256 * N * r;

function derive(
  code: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
  length: number,
): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: memoryFor(cost.N, cost.r) };
  return new Promise((resolve, reject) =>
    scrypt(code, salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** The stored form of a staff code, with a fresh salt. */
export async function hashKioskCode(code: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(code, salt, COST, KEY_LENGTH);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

const STORED = /^scrypt\$(\d{1,7})\$(\d{1,2})\$(\d{1,2})\$([A-Za-z0-9_-]{16,64})\$([A-Za-z0-9_-]{32,128})$/;

/**
 * A hash of no code at all, checked when a restaurant has none set, so that such a try costs the
 * same time as a wrong code: the answer's timing does not tell whether a restaurant has a code.
 */
let noCodeHash: Promise<string> | undefined;

/**
 * Whether `code` is the one `stored` was made of (constant-time comparison). A restaurant with no
 * code (null) or an unreadable hash opens with nothing, after the same work as a real check.
 */
export async function isKioskCodeRight(code: string, stored: string | null): Promise<boolean> {
  const match = stored === null ? null : STORED.exec(stored);
  if (!match) {
    await isKioskCodeRight(code, await (noCodeHash ??= hashKioskCode(randomBytes(SALT_BYTES).toString('hex'))));
    return false;
  }
  const [, n, r, p, saltText, hashText] = match;
  const expected = Buffer.from(hashText ?? '', 'base64url');
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const given = await derive(code, Buffer.from(saltText ?? '', 'base64url'), cost, expected.length);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
