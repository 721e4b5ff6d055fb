import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, KioskDeviceEnd, KioskDevicesTable } from '../../db/types';
import { kioskRestaurantTriesKey } from './limits';

type Reader = Kysely<Database> | Transaction<Database>;

/** The restaurant a kiosk names (by id or fs_uid, active or not) and its staff code's hash, or undefined. */
export function findKioskRestaurant(
  db: Kysely<Database>,
  ref: number | string,
): Promise<{ id: number; kiosk_code_hash: string | null } | undefined> {
  return db
    .selectFrom('restaurants')
    .select(['id', 'kiosk_code_hash'])
    .where(typeof ref === 'number' ? 'id' : 'fs_uid', '=', ref)
    .executeTakeFirst();
}

/** Sets (or with null, removes) a restaurant's staff code hash; whether the restaurant exists. */
export async function setKioskCodeHash(db: Reader, restaurantId: number, hash: string | null): Promise<boolean> {
  const result = await db
    .updateTable('restaurants')
    .set({ kiosk_code_hash: hash })
    .where('id', '=', restaurantId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Forgets a restaurant's staff code tries, every window of them (on call, when strangers used up
 * its hour: `npm run kiosk-code -w @chain/server -- <id> --reset-tries`); how many tries were
 * forgotten. The addresses' counters stay: they are not the restaurant's, and pass in ten
 * minutes.
 */
export async function clearKioskCodeTries(db: Kysely<Database>, restaurantId: number): Promise<number> {
  const rows = await db
    .deleteFrom('rate_limits')
    .where('key', '=', kioskRestaurantTriesKey(restaurantId))
    .returning('count')
    .execute();
  return rows.reduce((sum, row) => sum + row.count, 0);
}

// The connected kiosks (kiosk_devices, migration 021, decision 038).

export type KioskDeviceRow = Pick<Selectable<KioskDevicesTable>, 'id' | 'restaurant_id' | 'last_used_at' | 'ended_at'>;

/** Connects a device: a new row under the SHA-256 of its token; its id. */
export async function insertKioskDevice(db: Reader, restaurantId: number, tokenHash: string): Promise<number> {
  const row = await db
    .insertInto('kiosk_devices')
    .values({ restaurant_id: restaurantId, token_hash: tokenHash })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The device of a token's hash, ended or not. */
export function findKioskDevice(db: Reader, tokenHash: string): Promise<KioskDeviceRow | undefined> {
  return db
    .selectFrom('kiosk_devices')
    .select(['id', 'restaurant_id', 'last_used_at', 'ended_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Marks the device used now, when its last use is older than `before` (one write an hour, not one a call). */
export async function touchKioskDevice(db: Reader, id: number, before: Date): Promise<void> {
  await db
    .updateTable('kiosk_devices')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('last_used_at', '<', before)
    .execute();
}

/** Ends one device, when it is still live; whether it was. */
export async function endKioskDevice(db: Reader, id: number, by: KioskDeviceEnd): Promise<boolean> {
  const result = await db
    .updateTable('kiosk_devices')
    .set({ ended_at: sql<Date>`now()`, ended_by: by })
    .where('id', '=', id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Ends every live device of a restaurant (on call: a stolen kiosk, a leaked code); how many. */
export async function endRestaurantKioskDevices(db: Reader, restaurantId: number, by: KioskDeviceEnd): Promise<number> {
  const result = await db
    .updateTable('kiosk_devices')
    .set({ ended_at: sql<Date>`now()`, ended_by: by })
    .where('restaurant_id', '=', restaurantId)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** How many of the restaurant's kiosks are connected: not ended, and used since `idleSince` (devices.ts). */
export async function countLiveKioskDevices(db: Reader, restaurantId: number, idleSince: Date): Promise<number> {
  const row = await db
    .selectFrom('kiosk_devices')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('restaurant_id', '=', restaurantId)
    .where('ended_at', 'is', null)
    .where('last_used_at', '>', idleSince)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
