import { randomBytes } from 'node:crypto';
import { STAFF_DEVICE_DAYS } from '@chain/contract';
import { hmac, sameHash } from '../auth';

/**
 * Device tokens (issue 30.3, decision 039; OWASP's "device cookies"): a device that has signed in
 * as an account — password and e-mailed code — gets a token naming that account, when and a
 * random nonce, signed with AUTH_SECRET. Sent back with the login's next sign-ins, it makes the
 * device trusted for that account: its wrong passwords count under its own nonce, and nobody
 * else's count against it. Nothing is stored; a token is good for STAFF_DEVICE_DAYS from the
 * sign-in that gave it (every sign-in gives a new one). It is no credential: the password and
 * the code are still asked.
 */
const VERSION = 'd1';
const DAY_MS = 24 * 3600_000;

const signature = (secret: string, staffId: number, issuedSeconds: number, nonce: string) =>
  hmac(secret, 'staff-device', VERSION, String(staffId), String(issuedSeconds), nonce);

export function issueDeviceToken(secret: string, staffId: number, now: Date): string {
  const issuedSeconds = Math.floor(now.getTime() / 1000);
  const nonce = randomBytes(16).toString('hex');
  return [VERSION, staffId, issuedSeconds, nonce, signature(secret, staffId, issuedSeconds, nonce)].join('.');
}

/** The device's nonce when the token is this account's, signed by us and not older than STAFF_DEVICE_DAYS; else null. */
export function trustedDevice(secret: string, token: string | undefined, staffId: number, now: Date): string | null {
  if (!token) return null;
  const [version, id, issued, nonce, mac, ...rest] = token.split('.');
  if (version !== VERSION || rest.length > 0 || !id || !issued || !nonce || !mac) return null;
  if (
    !/^\d{1,10}$/.test(id) ||
    !/^\d{1,12}$/.test(issued) ||
    !/^[0-9a-f]{32}$/.test(nonce) ||
    !/^[0-9a-f]{64}$/.test(mac)
  )
    return null;
  const issuedSeconds = Number(issued);
  if (Number(id) !== staffId) return null;
  const age = now.getTime() - issuedSeconds * 1000;
  if (age < -60_000 || age > STAFF_DEVICE_DAYS * DAY_MS) return null;
  return sameHash(mac, signature(secret, staffId, issuedSeconds, nonce)) ? nonce : null;
}
