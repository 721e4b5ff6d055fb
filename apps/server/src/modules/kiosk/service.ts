import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { KioskCheckBody, KioskCodeBody } from '@chain/contract';
import { KIOSK_CODE_WRONG_MESSAGE } from '@chain/domain';
import type { Database } from '../../db/types';
import { AppError } from '../../http/errors';
import { consumeRateLimits } from '../../http/rate-limit';
import { isKioskCodeRight } from './codes';
import { connectKiosk, disconnectKiosk, requireKioskDevice } from './devices';
import { KIOSK_CODE_TRIES_PER_RESTAURANT, kioskCodeRateLimits } from './limits';
import { findKioskRestaurant } from './repository';

const wrongCode = () => new AppError(403, 'kiosk_code_wrong', KIOSK_CODE_WRONG_MESSAGE);

/**
 * POST kiosk/enter and kiosk/exit: whether the staff code opens this restaurant's kiosk mode, to
 * enter it or to leave it; one check and one allowance for both (decision 023); the restaurant's
 * id when it does. The try is
 * counted first (per address, and per restaurant, or under the unknown restaurants' counter);
 * then an unknown restaurant, a restaurant with no code set and a wrong code all answer the same
 * 403 after the same scrypt work. The one try that first uses up a restaurant's hour logs a
 * warning with the restaurant's id (never the code): its staff are locked out until the hour
 * ends or on call clears the tries (`npm run kiosk-code -w @chain/server -- <id> --reset-tries`).
 */
export async function checkKioskCode(
  db: Kysely<Database>,
  body: KioskCodeBody,
  client: { ip: string; log?: Pick<FastifyBaseLogger, 'warn'> },
  now = new Date(),
): Promise<{ restaurantId: number }> {
  const restaurant = await findKioskRestaurant(db, body.restoran);
  const restaurantId = restaurant?.id ?? null;
  const limitReached = () =>
    client.log?.warn(
      {
        restaurantId,
        limit: KIOSK_CODE_TRIES_PER_RESTAURANT.limit,
        windowSeconds: KIOSK_CODE_TRIES_PER_RESTAURANT.windowSeconds,
      },
      restaurantId === null
        ? 'kiosk staff code: tries naming unknown restaurants reached their limit for this hour'
        : "kiosk staff code: the restaurant's tries reached their limit for this hour; its staff cannot enter or leave kiosk mode until the hour ends or `npm run kiosk-code -w @chain/server -- <id> --reset-tries`",
    );
  await consumeRateLimits(db, kioskCodeRateLimits(client, restaurantId, limitReached), now);
  if (!(await isKioskCodeRight(body.code, restaurant?.kiosk_code_hash ?? null)) || !restaurant) throw wrongCode();
  return { restaurantId: restaurant.id };
}

/** POST kiosk/enter: the right code connects the device as the restaurant's kiosk and answers its token (decision 038). */
export async function enterKiosk(
  db: Kysely<Database>,
  body: KioskCodeBody,
  client: { ip: string; log?: Pick<FastifyBaseLogger, 'warn'> },
): Promise<{ success: true; kiosk_token: string }> {
  const { restaurantId } = await checkKioskCode(db, body, client);
  return { success: true, kiosk_token: await connectKiosk(db, restaurantId, body.kiosk_token) };
}

/** POST kiosk/exit: the right code lets the kiosk leave kiosk mode, and ends the device's token sent (decision 038). */
export async function exitKiosk(
  db: Kysely<Database>,
  body: KioskCodeBody,
  client: { ip: string; log?: Pick<FastifyBaseLogger, 'warn'> },
): Promise<{ success: true }> {
  const { restaurantId } = await checkKioskCode(db, body, client);
  await disconnectKiosk(db, restaurantId, body.kiosk_token);
  return { success: true };
}

/** POST kiosk/check: whether the token is still a kiosk connected to this restaurant (403 otherwise); a use of it. */
export async function checkKioskDevice(db: Kysely<Database>, body: KioskCheckBody): Promise<{ success: true }> {
  const restaurant = await findKioskRestaurant(db, body.restoran);
  await requireKioskDevice(db, body.kiosk_token, restaurant?.id ?? null);
  return { success: true };
}
