import type { Kysely } from 'kysely';
import type { KioskExitBody } from '@chain/contract';
import { KIOSK_CODE_WRONG_MESSAGE } from '@chain/domain';
import type { Database } from '../../db/types';
import { AppError } from '../../http/errors';
import { consumeRateLimits } from '../../http/rate-limit';
import { isKioskCodeRight } from './codes';
import { kioskCodeRateLimits } from './limits';
import { findKioskRestaurant } from './repository';

const wrongCode = () => new AppError(403, 'kiosk_code_wrong', KIOSK_CODE_WRONG_MESSAGE);

/**
 * POST kiosk/exit: whether the staff code opens this restaurant's kiosk. The try is counted
 * first (per address, and per restaurant when the request names a real one, by its id so its
 * fs_uid is not a second allowance); then an unknown restaurant, a restaurant with no code set
 * and a wrong code all answer the same 403 after the same scrypt work.
 */
export async function checkKioskExit(db: Kysely<Database>, body: KioskExitBody, client: { ip: string }, now = new Date()): Promise<{ success: true }> {
  const restaurant = await findKioskRestaurant(db, body.restoran);
  await consumeRateLimits(db, kioskCodeRateLimits(client, restaurant?.id ?? null), now);
  if (!(await isKioskCodeRight(body.code, restaurant?.kiosk_code_hash ?? null)) || !restaurant) throw wrongCode();
  return { success: true };
}
