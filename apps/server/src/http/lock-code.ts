import type { Kysely } from 'kysely';
import { LOCK_CODE_ATTEMPTS_ERROR } from '@chain/contract';
import type { Database } from '../db/types';
import { consumeRateLimits, refuseWhenSpent, type RateLimitRule } from './rate-limit';

/** Wrong lock codes an address or a signed-in guest may try in a window (SPEC 4 locked dishes; the codes are short). */
export const LOCK_CODE_ATTEMPTS = { limit: 10, windowSeconds: 15 * 60 } as const;
export const LOCK_CODE_ATTEMPTS_MESSAGE = 'Слишком много попыток ввести код. Попробуйте позже.';

/** Who tries a lock code, by what the client cannot choose: its address, and the guest when a session proved one. */
export interface LockCodeClient {
  ip: string;
  userId: number | null;
}

function lockCodeRules(client: LockCodeClient): RateLimitRule[] {
  const rule = { ...LOCK_CODE_ATTEMPTS, message: LOCK_CODE_ATTEMPTS_MESSAGE, code: LOCK_CODE_ATTEMPTS_ERROR };
  return [
    { key: `lock_code:ip:${client.ip}`, ...rule },
    ...(client.userId === null ? [] : [{ key: `lock_code:user:${client.userId}`, ...rule }]),
  ];
}

/**
 * The one counter of lock-code tries, for every call that takes a lock code (the menu call and
 * order/create; issue 11 point 7). Only wrong codes are counted, so a guest whose app sends the
 * right code with every call is never held back by it. Once the allowance is spent, every try
 * is refused until the window ends, the right code too: answering it while wrong ones get a 429
 * would tell the right code apart and let the guessing go on past the limit.
 */
export async function checkLockCodeTry(db: Kysely<Database>, client: LockCodeClient, right: boolean, now = new Date()): Promise<void> {
  const rules = lockCodeRules(client);
  await refuseWhenSpent(db, rules, now);
  if (!right) await consumeRateLimits(db, rules, now);
}
