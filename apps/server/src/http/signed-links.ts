import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Links that open without the session token (a receipt in a browser tab, a photo in an <img>)
 * carry `sig`: an HMAC-SHA256 of what they point at, keyed with AUTH_SECRET, so only whoever was
 * given the link can open it and ids cannot be walked. Every instance shares the secret, so a
 * link made by one opens on any; rotating the secret retires every link.
 */
export type SignedKind = 'receipt' | 'rating-photo';

/** 128 bits of the HMAC, base64url (22 characters). */
export function linkSignature(secret: string, kind: SignedKind, id: number): string {
  return createHmac('sha256', secret).update(`${kind}:${id}`).digest().subarray(0, 16).toString('base64url');
}

/** Whether `sig` is the signature of this kind and id (constant-time). */
export function isLinkSignatureValid(secret: string, kind: SignedKind, id: number, sig: unknown): boolean {
  if (typeof sig !== 'string' || sig.length !== 22) return false;
  const expected = Buffer.from(linkSignature(secret, kind, id));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function receiptLink(secret: string, orderId: number): string {
  return `/api/v1/order/receipt/${orderId}?sig=${linkSignature(secret, 'receipt', orderId)}`;
}

export function ratingPhotoLink(secret: string, photoId: number): string {
  return `/api/v1/rate/photo/${photoId}?sig=${linkSignature(secret, 'rating-photo', photoId)}`;
}
