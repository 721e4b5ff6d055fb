import { createHash } from 'node:crypto';

/**
 * An ETag for a body: a short hash of its text, the same on every instance. Weak, because the
 * same text goes out plain, gzip or br (a strong ETag would have to differ per encoding).
 */
export function etagOf(text: string): string {
  return `W/"${createHash('sha1').update(text).digest('base64url').slice(0, 22)}"`;
}

/**
 * Whether an If-None-Match header names this ETag (RFC 9110 13.1.2: a list, `*`, weak
 * comparison), so the answer can be a 304 without a body.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/**
 * Sets the validators of an answer that changes only with the catalogue: clients revalidate
 * every time (no-cache) and get a 304 without a body while their copy is current. A personal
 * answer (`personal`) keeps its ETag but is `no-store`: no cache keeps it at all.
 * Returns true when the 304 was sent.
 */
export function notModified(
  request: { headers: Record<string, string | string[] | undefined> },
  reply: { header(name: string, value: string): unknown; status(code: number): { send(): unknown } },
  etag: string,
  { personal = false } = {},
): boolean {
  reply.header('etag', etag);
  reply.header('cache-control', personal ? 'no-store' : 'no-cache');
  const ifNoneMatch = request.headers['if-none-match'];
  if (!etagMatches(Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch, etag)) return false;
  reply.status(304).send();
  return true;
}
