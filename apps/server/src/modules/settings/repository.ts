import type { Kysely, Transaction } from 'kysely';
import { settingsResponse, type Settings } from '@chain/contract';
import type { Database } from '../../db/types';

/** The chain's settings, assembled from one row per key and checked against the contract. */
export async function loadSettings(db: Kysely<Database> | Transaction<Database>): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  return settingsResponse.parse(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** Rows of these settings keys with their values and versions (issue 31's back office); `lock` holds them to the end of the transaction. */
export async function settingRows(db: Kysely<Database> | Transaction<Database>, keys: readonly string[], lock = false) {
  if (keys.length === 0) return [];
  const query = db
    .selectFrom('settings')
    .select(['key', 'value', 'version'])
    .where('key', 'in', [...keys])
    .orderBy('key');
  return lock ? query.forUpdate().execute() : query.execute();
}

/** Writes a setting and bumps its version (a new key starts at 1). */
export async function writeSetting(trx: Transaction<Database>, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await trx
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ value: json, version: eb('settings.version', '+', 1) })),
    )
    .execute();
}
