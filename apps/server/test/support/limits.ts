import type { DatabaseHandle } from '../../src/db/client';
import type { RateLimitRule } from '../../src/http/rate-limit';

/**
 * Waits out the end of a limit's fixed window when fewer than `seconds` are left of it, so a
 * burst a test sends lands in one window.
 */
export async function awayFromWindowEdge(windowSeconds: number, seconds = 20): Promise<void> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Sets a limit's count in its current window, as earlier tries would have. */
export async function countSoFar(database: DatabaseHandle, rule: RateLimitRule, count: number): Promise<void> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  await database.db
    .insertInto('rate_limits')
    .values({ key: rule.key, window_start: windowStart, count })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count }))
    .execute();
}
