import type { DatabaseHandle } from '../../src/db/client';
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
  const row = await database.db.selectFrom('kiosk_devices').select('id').where('token_hash', '=', hashToken(token)).executeTakeFirstOrThrow();
  return { token, id: row.id };
}
