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
    const count = await countRateLimitHit(db, rule, now);
    if (count > rule.limit) {
      if (count === rule.limit + 1) rule.onLimitReached?.();
      throw windowOf(rule, now).refusal();
    }
  }
}

/**
 * Counts one more hit of the rule in its window, in one atomic statement, and answers the count
 * with it — for a limit past which a try is not refused but asked for more (a captcha), where
 * the caller decides; `giveBackRateLimits` takes it back.
 */
export async function countRateLimitHit(
  db: Kysely<Database>,
  rule: Pick<RateLimitRule, 'key' | 'windowSeconds'>,
  now = new Date(),
): Promise<number> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key: rule.key, window_start: windowOf(rule, now).start, count: 1 })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }))
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/**
 * Takes back one hit of each rule counted by `consumeRateLimits` with the same `now`: for tries
 * that must pass the count like any other (so a burst cannot slip past the limit between a read
 * and a write) but do not use the allowance once they turn out right (a right lock code,
 * http/lock-code.ts).
 */
export async function giveBackRateLimits(
  db: Kysely<Database>,
  rules: Array<Pick<RateLimitRule, 'key' | 'windowSeconds'>>,
  now = new Date(),
): Promise<void> {
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
function windowOf(rule: Pick<RateLimitRule, 'key' | 'windowSeconds' | 'message' | 'code'>, now: Date) {
  const windowMs = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const refusal = () =>
    new RateLimitedError(
      rule.message ?? MESSAGES.rateLimited,
      Math.ceil((start.getTime() + windowMs - now.getTime()) / 1000),
      rule.code,
    );
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
