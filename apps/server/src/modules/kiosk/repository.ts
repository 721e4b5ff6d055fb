import type { Kysely } from 'kysely';
import type { Database } from '../../db/types';
import { kioskRestaurantTriesKey } from './limits';

/** The restaurant a kiosk names (by id or fs_uid, active or not) and its staff code's hash, or undefined. */
export function findKioskRestaurant(db: Kysely<Database>, ref: number | string): Promise<{ id: number; kiosk_code_hash: string | null } | undefined> {
  return db
    .selectFrom('restaurants')
    .select(['id', 'kiosk_code_hash'])
    .where(typeof ref === 'number' ? 'id' : 'fs_uid', '=', ref)
    .executeTakeFirst();
}

/** Sets (or with null, removes) a restaurant's staff code hash; whether the restaurant exists. */
export async function setKioskCodeHash(db: Kysely<Database>, restaurantId: number, hash: string | null): Promise<boolean> {
  const result = await db.updateTable('restaurants').set({ kiosk_code_hash: hash }).where('id', '=', restaurantId).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Forgets a restaurant's staff code tries, every window of them (on call, when strangers used up
 * its hour: `npm run kiosk-code -w @chain/server -- <id> --reset-tries`); how many tries were
 * forgotten. The addresses' counters stay: they are not the restaurant's, and pass in ten
 * minutes.
 */
export async function clearKioskCodeTries(db: Kysely<Database>, restaurantId: number): Promise<number> {
  const rows = await db.deleteFrom('rate_limits').where('key', '=', kioskRestaurantTriesKey(restaurantId)).returning('count').execute();
  return rows.reduce((sum, row) => sum + row.count, 0);
}
