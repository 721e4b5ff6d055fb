import type { Kysely } from 'kysely';
import { settingsResponse, type Settings } from '@chain/contract';
import type { Database } from '../../db/types';

/** The chain's settings, assembled from one row per key and checked against the contract. */
export async function loadSettings(db: Kysely<Database>): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return settingsResponse.parse(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}
