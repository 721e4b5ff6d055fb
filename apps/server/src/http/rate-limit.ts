import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';
import { AppError, MESSAGES } from './errors';

export interface RateLimitRule {
  /** What is counted, e.g. `sms:ip:127.0.0.1` or `sms:contact:79991234567`. */
  key: string;
  limit: number;
  windowSeconds: number;
  /** The message when the limit is reached (Russian, shown to the guest). */
  message?: string;
  /** The answer's machine-readable `error` when a client must tell this limit from others; default `rate_limited`. */
  code?: string;
  /**
   * Called once a window, by the one try that first goes past the limit (the count is atomic, so
   * a burst calls it once): where a limit reached is worth a warning in the log, not every
   * refusal after it.
   */
  onLimitReached?: () => void;
}

/**
 * Counts one more hit for each rule in a fixed window kept in the database (so every
 * instance shares the count) and refuses with 429 when any rule is over its limit.
 */
export async function consumeRateLimits(db: Kysely<Database>, rules: RateLimitRule[], now = new Date()): Promise<void> {
  for (const rule of rules) {
    const window = windowOf(rule, now);
    const row = await db
      .insertInto('rate_limits')
      .values({ key: rule.key, window_start: window.start, count: 1 })
      .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    if (row.count > rule.limit) {
      if (row.count === rule.limit + 1) rule.onLimitReached?.();
      throw window.refusal();
    }
  }
}

/**
 * Takes back one hit of each rule counted by `consumeRateLimits` with the same `now`: for tries
 * that must pass the count like any other (so a burst cannot slip past the limit between a read
 * and a write) but do not use the allowance once they turn out right (a right lock code,
 * http/lock-code.ts).
 */
export async function giveBackRateLimits(db: Kysely<Database>, rules: RateLimitRule[], now = new Date()): Promise<void> {
  for (const rule of rules) {
    await db
      .updateTable('rate_limits')
      .set({ count: sql`count - 1` })
      .where('key', '=', rule.key)
      .where('window_start', '=', windowOf(rule, now).start)
      .where('count', '>', 0)
      .execute();
  }
}

/** The rule's fixed window that holds `now`, and its 429 (Retry-After: until the window ends). */
function windowOf(rule: RateLimitRule, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const refusal = () =>
    new RateLimitedError(rule.message ?? MESSAGES.rateLimited, Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000), rule.code);
  return { start, refusal };
}

export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    code = 'rate_limited',
  ) {
    super(429, code, message);
  }
}
