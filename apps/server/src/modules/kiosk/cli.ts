/**
 * `npm run kiosk-code -w @chain/server -- <restaurant id> <code>`: sets the staff code that lets a
 * device enter the restaurant's kiosk mode and a kiosk leave it (4 to 8 digits; stored hashed,
 * codes.ts). Instead of a code:
 * - `--remove` removes it (no device then enters or leaves the restaurant's kiosk mode by a code);
 * - `--reset-tries` forgets the restaurant's tries counted so far (on call, when strangers used up
 *   its hour and its staff are refused with 429; the server logged a warning), and says how many;
 * - `--end-kiosks` ends every connected kiosk of the restaurant (decision 038: a kiosk stolen, a
 *   code leaked), and says how many: each asks staff for the code again before its next guest.
 * Uses the same configuration as the server (DATABASE_URL, or the PGlite folder), on a database
 * the server has migrated. On PGlite the folder is one process's: with the server running on it
 * this refuses (stop the server first, db/data-dir-lock.ts). docs/sandbox.md, "Kiosk staff code";
 * apps/server/README.md, "Kiosk staff codes".
 */
import { KIOSK_CODE_PATTERN } from '@chain/domain';
import { ConfigError, parseDatabaseConfig } from '../../config';
import { openToolDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { hashKioskCode } from './codes';
import { clearKioskCodeTries, endRestaurantKioskDevices, findKioskRestaurant, setKioskCodeHash } from './repository';

const USAGE =
  'Usage: npm run kiosk-code -w @chain/server -- <restaurant id> <code of 4 to 8 digits | --remove | --reset-tries | --end-kiosks>';

async function main(args: readonly string[]): Promise<number> {
  const [idText = '', action = ''] = args;
  const restaurantId = /^\d{1,10}$/.test(idText) ? Number(idText) : NaN;
  const known =
    action === '--remove' || action === '--reset-tries' || action === '--end-kiosks' || KIOSK_CODE_PATTERN.test(action);
  if (!Number.isSafeInteger(restaurantId) || restaurantId < 1 || args.length !== 2 || !known) {
    console.error(USAGE);
    return 2;
  }
  const database = await openToolDatabase(parseDatabaseConfig(process.env));
  try {
    const noRestaurant = () => {
      console.error(`No restaurant with id ${restaurantId}.`);
      return 1;
    };
    if (action === '--reset-tries') {
      if (!(await findKioskRestaurant(database.db, restaurantId))) return noRestaurant();
      const cleared = await clearKioskCodeTries(database.db, restaurantId);
      console.log(
        `Kiosk staff code tries cleared for restaurant ${restaurantId}: ${cleared} ${cleared === 1 ? 'try' : 'tries'}.`,
      );
      return 0;
    }
    if (action === '--end-kiosks') {
      if (!(await findKioskRestaurant(database.db, restaurantId))) return noRestaurant();
      const ended = await endRestaurantKioskDevices(database.db, restaurantId, 'operator');
      console.log(`Kiosks ended for restaurant ${restaurantId}: ${ended}. Each asks staff for the code again.`);
      return 0;
    }
    const hash = action === '--remove' ? null : await hashKioskCode(action);
    if (!(await setKioskCodeHash(database.db, restaurantId, hash))) return noRestaurant();
    console.log(
      hash
        ? `Kiosk staff code set for restaurant ${restaurantId}.`
        : `Kiosk staff code removed for restaurant ${restaurantId}.`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const plain = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(
      plain ? error.message : `kiosk-code failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
