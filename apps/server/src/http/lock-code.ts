import type { Kysely } from 'kysely';
import { LOCK_CODE_ATTEMPTS_ERROR } from '@chain/contract';
import type { Database } from '../db/types';
import { addressLimitKey } from './client-address';
import { consumeRateLimits, giveBackRateLimits, type RateLimitRule } from './rate-limit';

/*
 * Wrong lock codes allowed in a window of 15 minutes (SPEC 4 locked dishes; the codes have four
 * digits). Decision 010 has the reasoning: a signed-in guest is one person, so 10; an address may
 * be a whole hall behind the restaurant's Wi-Fi, whose wrong codes are typos and codes an app kept
 * from before, so 30 (a rush of the busiest hall makes about 10). Guessing a 4-digit code from one
 * address at 30 per 15 minutes takes 3.5 days for the whole space, 1.7 on average.
 */
export const LOCK_CODE_ATTEMPTS_PER_ADDRESS = { limit: 30, windowSeconds: 15 * 60 } as const;
export const LOCK_CODE_ATTEMPTS_PER_GUEST = { limit: 10, windowSeconds: 15 * 60 } as const;
export const LOCK_CODE_ATTEMPTS_MESSAGE = 'Слишком много попыток ввести код. Попробуйте позже.';

/** Who tries a lock code, by what the client cannot choose: its address, and the guest when a session proved one. */
export interface LockCodeClient {
  ip: string;
  userId: number | null;
}

function lockCodeRules(client: LockCodeClient): RateLimitRule[] {
  const refusal = { message: LOCK_CODE_ATTEMPTS_MESSAGE, code: LOCK_CODE_ATTEMPTS_ERROR };
  return [
    { key: addressLimitKey('lock_code', client.ip), ...LOCK_CODE_ATTEMPTS_PER_ADDRESS, ...refusal },
    ...(client.userId === null
      ? []
      : [{ key: `lock_code:user:${client.userId}`, ...LOCK_CODE_ATTEMPTS_PER_GUEST, ...refusal }]),
  ];
}

/**
 * The one counter of lock-code tries, for every call that takes a lock code (the menu call and
 * order/create; issue 11 point 7). Every try is counted before the code is looked at, in the one
 * atomic statement of consumeRateLimits, and refused past the allowance, the right code too:
 * answering it while wrong ones get a 429 would tell the right code apart, and a read of the
 * count apart from its increment let a burst of 200 tries have 11 evaluated, the right one
 * answered unlocked (issue 11, second read). A right code then gives its count back, so a guest
 * whose app sends the right code with every call is never held back by it; while it is in
 * flight it holds one place of the allowance.
 */
export async function checkLockCodeTry(
  db: Kysely<Database>,
  client: LockCodeClient,
  right: boolean,
  now = new Date(),
): Promise<void> {
  const rules = lockCodeRules(client);
  await consumeRateLimits(db, rules, now);
  if (right) await giveBackRateLimits(db, rules, now);
}
