import { FOLLOW_LINK_TTL_HOURS } from '@chain/domain';
import type { DatabaseHandle } from '../../src/db/client';
import { followToken } from '../../src/http/signed-links';
import { hashToken } from '../../src/modules/auth/sessions';
import { connectKiosk } from '../../src/modules/kiosk/devices';

/** A connected kiosk, as kiosk/enter makes one: its device token and row id (decision 038). */
export interface TestKiosk {
  token: string;
  id: number;
}

/**
 * A kiosk connected to the restaurant, straight through the service kiosk/enter uses (no staff
 * code tries spent): for tests of what a connected kiosk does. kiosk.test.ts connects through the
 * call itself.
 */
export async function connectedKiosk(database: DatabaseHandle, restaurantId: number): Promise<TestKiosk> {
  const token = await connectKiosk(database.db, restaurantId, undefined);
  const row = await database.db
    .selectFrom('kiosk_devices')
    .select('id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

/**
 * Moves an order's placing time back past the follow link's time to live, and answers the genuine
 * follow token of that past expiry (signed with `secret`): a link that was given out and is now
 * too old.
 */
export async function expiredFollowToken(database: DatabaseHandle, secret: string, orderId: number): Promise<string> {
  await database.db
    .updateTable('orders')
    .set({ created_at: new Date(Date.now() - (FOLLOW_LINK_TTL_HOURS * 3_600_000 + 60_000)) })
    .where('id', '=', orderId)
    .execute();
  const row = await database.db
    .selectFrom('orders')
    .select('created_at')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return followToken(secret, orderId, new Date(row.created_at.getTime() + FOLLOW_LINK_TTL_HOURS * 3_600_000));
}
