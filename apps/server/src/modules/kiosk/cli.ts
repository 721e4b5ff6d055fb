/**
 * `npm run kiosk-code -w @chain/server -- <restaurant id> <code>`: sets the staff code that lets
 * the restaurant's kiosks leave kiosk mode (4 to 8 digits; stored hashed, codes.ts), or with
 * `--remove` instead of a code removes it (no kiosk of the restaurant then leaves kiosk mode by a
 * code). Uses the same configuration as the server (DATABASE_URL, or the PGlite folder), on a
 * database the server has migrated. docs/sandbox.md, "Kiosk staff code".
 */
import { KIOSK_CODE_PATTERN } from '@chain/domain';
import { ConfigError, parseConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { hashKioskCode } from './codes';
import { setKioskCodeHash } from './repository';

const USAGE = 'Usage: npm run kiosk-code -w @chain/server -- <restaurant id> <code of 4 to 8 digits | --remove>';

async function main(args: readonly string[]): Promise<number> {
  const [idText = '', code = ''] = args;
  const restaurantId = /^\d{1,10}$/.test(idText) ? Number(idText) : NaN;
  if (!Number.isSafeInteger(restaurantId) || restaurantId < 1 || args.length !== 2 || (code !== '--remove' && !KIOSK_CODE_PATTERN.test(code))) {
    console.error(USAGE);
    return 2;
  }
  const config = parseConfig(process.env);
  const database =
    config.database.kind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: config.database.url })
      : await openDatabase({ kind: 'pglite', dataDir: config.database.dataDir });
  try {
    const hash = code === '--remove' ? null : await hashKioskCode(code);
    if (!(await setKioskCodeHash(database.db, restaurantId, hash))) {
      console.error(`No restaurant with id ${restaurantId}.`);
      return 1;
    }
    console.log(hash ? `Kiosk staff code set for restaurant ${restaurantId}.` : `Kiosk staff code removed for restaurant ${restaurantId}.`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Setting the kiosk code failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
