import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that open without the session token (a receipt in a browser tab, a photo in an <img>)
 * carry `sig`: an HMAC-SHA256 of what they point at, keyed with AUTH_SECRET, so only whoever was
 * given the link can open it and ids cannot be walked. A follow link (a kiosk order's status on
 * the guest's phone) signs its expiry too. Every instance shares the secret, so a link made by
 * one opens on any; rotating the secret retires every link.
 */
export type SignedKind = 'receipt' | 'rating-photo' | 'follow';

/** Characters of a signature: 128 bits of the HMAC, base64url. */
const SIGNATURE_LENGTH = 22;

/**
 * 128 bits of the HMAC, base64url (22 characters). A link that expires signs its expiry too
 * (Unix seconds), so the expiry cannot be moved without the secret.
 */
export function linkSignature(secret: string, kind: SignedKind, id: number, expiresAtSeconds?: number): string {
  const message = expiresAtSeconds === undefined ? `${kind}:${id}` : `${kind}:${id}:${expiresAtSeconds}`;
  return createHmac('sha256', secret).update(message).digest().subarray(0, 16).toString('base64url');
}

/** Whether `sig` is the signature of this kind and id (and expiry, for a link that has one), compared in constant time. */
export function isLinkSignatureValid(
  secret: string,
  kind: SignedKind,
  id: number,
  sig: unknown,
  expiresAtSeconds?: number,
): boolean {
  if (typeof sig !== 'string' || sig.length !== SIGNATURE_LENGTH) return false;
  const expected = Buffer.from(linkSignature(secret, kind, id, expiresAtSeconds));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The follow token of a kiosk order (issue 14, decision 023): `{order id}.{expiry in Unix seconds,
 * base36}.{signature}`, about 40 URL-safe characters, short enough for a QR a phone reads from a
 * metre away. The expiry is in the token, so the server keeps no state for it; the same order and
 * expiry always give the same token, so a retried order/create answers the same one.
 */
export function followToken(secret: string, orderId: number, expiresAt: Date): string {
  const seconds = Math.floor(expiresAt.getTime() / 1000);
  return `${orderId}.${seconds.toString(36)}.${linkSignature(secret, 'follow', orderId, seconds)}`;
}

/** A follow token read: a genuine one for this order (expired or not), or one that is not ours. */
export type FollowTokenCheck = { valid: true; orderId: number; expiresAt: Date; expired: boolean } | { valid: false };

const FOLLOW_TOKEN = new RegExp(`^([1-9]\\d{0,14})\\.([0-9a-z]{1,10})\\.([A-Za-z0-9_-]{${SIGNATURE_LENGTH}})$`);

/**
 * Reads a follow token. The signature is checked before the expiry is even looked at, so a forged
 * or altered token is just not valid: it never learns whether its order exists or when it would
 * expire.
 */
export function checkFollowToken(secret: string, token: string, now: Date): FollowTokenCheck {
  const match = FOLLOW_TOKEN.exec(token);
  if (!match) return { valid: false };
  const orderId = Number(match[1]);
  const seconds = parseInt(match[2] ?? '', 36);
  if (!Number.isSafeInteger(orderId) || !Number.isSafeInteger(seconds)) return { valid: false };
  // The signature signs these numbers; a second spelling of them (a leading zero) is not the token that was given out.
  if (`${orderId}.${seconds.toString(36)}` !== `${match[1]}.${match[2]}`) return { valid: false };
  if (!isLinkSignatureValid(secret, 'follow', orderId, match[3], seconds)) return { valid: false };
  const expiresAt = new Date(seconds * 1000);
  return { valid: true, orderId, expiresAt, expired: now.getTime() >= expiresAt.getTime() };
}

export function receiptLink(secret: string, orderId: number): string {
  return `/api/v1/order/receipt/${orderId}?sig=${linkSignature(secret, 'receipt', orderId)}`;
}

export function ratingPhotoLink(secret: string, photoId: number): string {
  return `/api/v1/rate/photo/${photoId}?sig=${linkSignature(secret, 'rating-photo', photoId)}`;
}
