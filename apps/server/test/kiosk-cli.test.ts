import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { SANDBOX_ENV } from '../src/config';
import { isKioskCodeRight } from '../src/modules/kiosk/codes';
import { connectKiosk, requireKioskDevice } from '../src/modules/kiosk/devices';
import { kioskRestaurantTriesKey } from '../src/modules/kiosk/limits';
import { freePort } from './support/free-port';
import { databaseKinds } from './support/build';
import { commandDatabase, runCommand } from './support/command';

// `npm run kiosk-code` (issue 14, apps/server/README.md «Kiosk staff codes») as on call runs it:
// the real command in a process of its own, on the database the server uses. And the PGlite
// folder's lock (db/data-dir-lock.ts): the command, or a second server, beside a server that
// holds the folder is refused with «stop the server first» and changes nothing.

const CLI = 'apps/server/src/modules/kiosk/cli.ts';
const SERVER = 'apps/server/src/server.ts';
const run = runCommand;

const RESTAURANT = 2;

// Each test starts the command (or a server) three to five times, each a cold Node with tsx: a
// few seconds apiece, many more on a busy two-core machine, so a test has two minutes.
describe.each(databaseKinds())('npm run kiosk-code on %s (issue 14)', { timeout: 120_000 }, (kind) => {
  let database: Awaited<ReturnType<typeof commandDatabase>>;
  beforeAll(async () => {
    database = await commandDatabase(kind);
  });
  afterAll(() => database.dispose());

  /** Runs the work on the database, closed again before the command runs (a PGlite folder is one process's). */
  const withDatabase = async <T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> => {
    const handle = await database.open();
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  };
  const kioskCode = (...args: string[]) => run(CLI, args, database.env);

  it("sets a restaurant's code (stored hashed) and removes it; refuses a bad code or an unknown restaurant", async () => {
    const set = await kioskCode(String(RESTAURANT), '40917');
    expect(set, set.stderr).toMatchObject({ code: 0, stdout: `Kiosk staff code set for restaurant ${RESTAURANT}.\n` });
    const hashOf = () =>
      withDatabase(
        async (handle) =>
          (
            await handle.db
              .selectFrom('restaurants')
              .select('kiosk_code_hash')
              .where('id', '=', RESTAURANT)
              .executeTakeFirstOrThrow()
          ).kiosk_code_hash,
      );
    expect(await isKioskCodeRight('40917', await hashOf())).toBe(true);
    expect((await kioskCode(String(RESTAURANT), '--remove')).stdout).toBe(
      `Kiosk staff code removed for restaurant ${RESTAURANT}.\n`,
    );
    expect(await hashOf()).toBeNull();
    expect(await kioskCode(String(RESTAURANT), '123')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Usage:') as string,
    });
    expect(await kioskCode('999999', '40917')).toMatchObject({ code: 1, stderr: 'No restaurant with id 999999.\n' });
  });

  it("--reset-tries forgets the restaurant's tries of every hour, says how many, and leaves other counters alone", async () => {
    const hour = (offset: number) => new Date(Math.floor(Date.now() / 3_600_000 + offset) * 3_600_000);
    const others = [
      { key: kioskRestaurantTriesKey(RESTAURANT + 1), window_start: hour(0), count: 7 },
      { key: kioskRestaurantTriesKey(null), window_start: hour(0), count: 5 },
      { key: 'kiosk_code:ip:10.14.9.9', window_start: hour(0), count: 9 },
    ];
    await withDatabase((handle) =>
      handle.db
        .insertInto('rate_limits')
        .values([
          { key: kioskRestaurantTriesKey(RESTAURANT), window_start: hour(0), count: 31 },
          { key: kioskRestaurantTriesKey(RESTAURANT), window_start: hour(-1), count: 4 },
          ...others,
        ])
        .execute(),
    );
    const reset = await kioskCode(String(RESTAURANT), '--reset-tries');
    expect(reset, reset.stderr).toMatchObject({
      code: 0,
      stdout: `Kiosk staff code tries cleared for restaurant ${RESTAURANT}: 35 tries.\n`,
    });
    const left = await withDatabase((handle) =>
      handle.db.selectFrom('rate_limits').select(['key', 'count']).orderBy('key').execute(),
    );
    expect(left).toEqual(others.map(({ key, count }) => ({ key, count })).sort((a, b) => a.key.localeCompare(b.key)));
    expect((await kioskCode(String(RESTAURANT), '--reset-tries')).stdout).toBe(
      `Kiosk staff code tries cleared for restaurant ${RESTAURANT}: 0 tries.\n`,
    );
    expect(await kioskCode('999999', '--reset-tries')).toMatchObject({
      code: 1,
      stderr: 'No restaurant with id 999999.\n',
    });
  });

  it("--end-kiosks ends every connected kiosk of the restaurant (decision 038), says how many, and leaves other restaurants' alone", async () => {
    const [mine, alsoMine, theirs] = await withDatabase(async (handle) => [
      await connectKiosk(handle.db, RESTAURANT, undefined),
      await connectKiosk(handle.db, RESTAURANT, undefined),
      await connectKiosk(handle.db, RESTAURANT + 1, undefined),
    ]);
    const ended = await kioskCode(String(RESTAURANT), '--end-kiosks');
    expect(ended, ended.stderr).toMatchObject({
      code: 0,
      stdout: `Kiosks ended for restaurant ${RESTAURANT}: 2. Each asks staff for the code again.\n`,
    });
    await withDatabase(async (handle) => {
      for (const token of [mine, alsoMine])
        await expect(requireKioskDevice(handle.db, token, RESTAURANT)).rejects.toMatchObject({
          statusCode: 403,
          code: 'kiosk_not_connected',
        });
      await expect(requireKioskDevice(handle.db, theirs, RESTAURANT + 1)).resolves.toMatchObject({
        restaurantId: RESTAURANT + 1,
      });
      const rows = await handle.db
        .selectFrom('kiosk_devices')
        .select(['restaurant_id', 'ended_by'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { restaurant_id: RESTAURANT, ended_by: 'operator' },
        { restaurant_id: RESTAURANT, ended_by: 'operator' },
        { restaurant_id: RESTAURANT + 1, ended_by: null },
      ]);
    });
    expect((await kioskCode(String(RESTAURANT), '--end-kiosks')).stdout).toBe(
      `Kiosks ended for restaurant ${RESTAURANT}: 0. Each asks staff for the code again.\n`,
    );
    expect(await kioskCode('999999', '--end-kiosks')).toMatchObject({
      code: 1,
      stderr: 'No restaurant with id 999999.\n',
    });
  });

  it.runIf(kind === 'pglite')(
    'refuses, with «stop the server first», to open the PGlite folder a server holds, and changes nothing; a second server refuses to start',
    async () => {
      const holder = await database.open();
      try {
        const refused = await kioskCode(String(RESTAURANT), '--reset-tries');
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`is in use by process ${process.pid}`);
        expect(refused.stderr).toContain('Stop the server first');
        expect(refused.stdout).toBe('');
        const set = await kioskCode(String(RESTAURANT), '51515');
        expect(set.code).toBe(1);
        const hash = (
          await holder.db
            .selectFrom('restaurants')
            .select('kiosk_code_hash')
            .where('id', '=', RESTAURANT)
            .executeTakeFirstOrThrow()
        ).kiosk_code_hash;
        expect(await isKioskCodeRight('51515', hash)).toBe(false);

        const server = await run(SERVER, [], { ...SANDBOX_ENV, ...database.env, PORT: String(await freePort()) });
        expect(server.code).toBe(1);
        expect(server.stderr).toContain(`Cannot start: database at ${database.env.DATA_DIR}: the PGlite data folder`);
        expect(server.stderr).toContain('Stop the server first');
      } finally {
        await holder.close();
      }
      // Given back on close: the command runs again.
      expect((await kioskCode(String(RESTAURANT), '--reset-tries')).code).toBe(0);
    },
  );
});
