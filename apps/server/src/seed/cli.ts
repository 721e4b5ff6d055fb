/**
 * `npm run seed -w @chain/server`: migrates the configured database and loads the demo chain
 * when its catalogue is empty. Uses the same configuration as the server.
 */
import { parseDatabaseConfig, ConfigError } from '../config';
import { openToolDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { seedDemoChain } from './load';

async function main(): Promise<number> {
  const database = await openToolDatabase(parseDatabaseConfig(process.env));
  try {
    const applied = await migrate(database.db);
    const { seeded } = await seedDemoChain(database.db);
    console.log(
      `${applied.length} migration(s) applied; demo chain ${seeded ? 'loaded' : 'not loaded: the catalogue already has restaurants'}`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      error instanceof ConfigError
        ? error.message
        : `Seeding failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
