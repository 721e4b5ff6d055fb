import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { BACKUP_PATH } from '../src/backup/routes';
import { testConfig } from '../src/config';
import { BACKUP_MEDIA_TYPE, readBackup } from '../src/db/backup-archive';
import { DATA_DIR_LOCK_FILE } from '../src/db/data-dir-lock';
import { openDatabase, type DatabaseHandle } from '../src/db/client';
import { buildTestApp, databaseKinds } from './support/build';
import { post } from './support/calls';
import { commandDatabase, runCommand, type CommandDatabase } from './support/command';
import { selfPickupOrderBody } from './support/orders';
import { check, pressCardForm, startCard, type Guest } from './support/payments';
import { admin, databaseUrl, dropDatabase } from './support/postgres';
import { staffAccount } from './support/staff';
import { signedInUser } from './support/users';

// Issue 32, «Backups»: back up, change data, restore — every order, payment and account of the
// backup is back as it was, and what changed after it is gone. PGlite: `npm run backup` takes the
// copy from the running server while it serves writes (decision 058), `npm run restore` puts it
// back with the server stopped. PostgreSQL: its own pg_dump / pg_restore.

const TOKEN = 'backup-test-token-0123456789abcdefghij';

/**
 * The server of these tests: with BACKUP_TOKEN, and without the tips service, whose outbox would
 * otherwise write paid orders in the background — every write here is one the test makes.
 */
const serverConfig = () =>
  testConfig({ backup: { token: TOKEN }, providers: { ...testConfig().providers, tips: null } });

/** The tables whose rows a restore must give back: accounts, orders, payments and their parts. */
const TABLES = [
  'users',
  'staff_accounts',
  'orders',
  'order_items',
  'order_status_history',
  'payments',
  'payment_events',
  'order_refunds',
] as const;
type Table = (typeof TABLES)[number];
type RowSets = Record<Table, string[]>;

/** Every row of every table, each as its JSON text (all columns), sorted: sets to compare. */
async function rowSets(database: DatabaseHandle): Promise<RowSets> {
  const sets = {} as RowSets;
  for (const table of TABLES) {
    const { rows } = await sql<{ row: string }>`select row_to_json(t)::text as row from ${sql.table(table)} t`.execute(
      database.db,
    );
    sets[table] = rows.map((r) => r.row).sort();
  }
  return sets;
}

const idOf = (row: string) => (JSON.parse(row) as { id: number }).id;
const orderIdOf = (row: string) => (JSON.parse(row) as { order_id: number }).order_id;

/** A guest with an order created through the API and paid at the sandbox's bank. */
async function paidOrder(app: FastifyInstance, guest: Guest): Promise<number> {
  const orderId = await createdOrder(app, guest);
  const started = await startCard(app, guest, orderId);
  await pressCardForm(app, started.formUrl ?? '', 'pay');
  expect(await check(app, orderId, guest.token)).toBe('ok');
  return orderId;
}

async function createdOrder(app: FastifyInstance, guest: Guest): Promise<number> {
  const created = await post(app, '/api/v2/order/create', selfPickupOrderBody(guest));
  expect(created.statusCode, created.body).toBe(200);
  return created.json<{ id: number }>().id;
}

interface Before {
  guests: Guest[];
  paid: number[];
  /** Started at the bank, not paid: a payment in flight when the backup is taken. */
  pending: number;
  /** The bank's form of that payment, paid after the backup. */
  pendingForm: string;
  unpaid: number;
  staffId: number;
}

/** The data the backup is to hold: accounts, paid and unpaid orders, a payment in flight. */
async function dataBefore(app: FastifyInstance, database: DatabaseHandle): Promise<Before> {
  const guests = [await signedInUser(database), await signedInUser(database), await signedInUser(database)];
  const paid = [await paidOrder(app, guests[0]!), await paidOrder(app, guests[1]!)];
  const pending = await createdOrder(app, guests[2]!);
  const pendingForm = (await startCard(app, guests[2]!, pending)).formUrl ?? '';
  const unpaid = await createdOrder(app, guests[0]!);
  const staff = await staffAccount(database);
  return { guests, paid, pending, pendingForm, unpaid, staffId: staff.id };
}

/**
 * Guests and their orders created one after another until `until` settles: writes the server
 * serves while the backup is taken. Resolves to how many orders it created.
 */
async function writesDuring(app: FastifyInstance, database: DatabaseHandle, until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => (done = true));
  let created = 0;
  while (!done) {
    await createdOrder(app, await signedInUser(database));
    created += 1;
    // A steady stream, not a flood: the command's own process shares the machine's cores.
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return created;
}

/**
 * What happens after the backup, to be undone by the restore: a new account and its paid order,
 * the payment in flight paid, an order's status and a guest's name changed, a paid order (with
 * its payment) and a staff account deleted.
 */
async function changesAfter(app: FastifyInstance, database: DatabaseHandle, before: Before): Promise<void> {
  const newcomer = await signedInUser(database);
  await paidOrder(app, newcomer);
  await pressCardForm(app, before.pendingForm, 'pay');
  expect(await check(app, before.pending, before.guests[2]!.token)).toBe('ok');
  await database.db.updateTable('orders').set({ status: 50 }).where('id', '=', before.unpaid).execute();
  await database.db
    .updateTable('users')
    .set({ name: 'Изменено после копии' })
    .where('id', '=', before.guests[1]!.id)
    .execute();
  await database.db.deleteFrom('orders').where('id', '=', before.paid[0]!).execute();
  await database.db.deleteFrom('staff_accounts').where('id', '=', before.staffId).execute();
}

/**
 * The restored rows against the states around the backup: `atStart` read before the copy began,
 * `atEnd` once it was taken (the writes served meanwhile in it), `changed` after the changes.
 */
function expectRestored(
  restored: RowSets,
  atStart: RowSets,
  atEnd: RowSets,
  changed: RowSets,
  before: Before,
): { inCopy: number; after: number } {
  for (const table of TABLES) {
    const known = new Set([...atStart[table], ...atEnd[table]]);
    const back = new Set(restored[table]);
    // Every row the database had before the copy began, and no write touched while it was taken, is back as it was.
    const steady = atStart[table].filter((row) => atEnd[table].includes(row));
    expect(
      steady.filter((row) => !back.has(row)),
      `${table}: rows of the backup missing or changed`,
    ).toEqual([]);
    // Every row restored is one the database had at the backup: nothing from after it.
    expect(
      restored[table].filter((row) => !known.has(row)),
      `${table}: rows that were not in the database at the backup`,
    ).toEqual([]);
    // What the changes wrote is gone (each changed table had rows of its own after the changes).
    const after = changed[table].filter((row) => !known.has(row));
    expect(
      after.filter((row) => back.has(row)),
      `${table}: rows written after the backup`,
    ).toEqual([]);
  }
  // One instant: every order in the copy has all its lines and history, none has half of them.
  const ordersBack = new Set(restored.orders.map(idOf));
  for (const table of ['order_items', 'order_status_history', 'payments'] as const) {
    const expected = atEnd[table].filter((row) => ordersBack.has(orderIdOf(row)));
    expect(
      restored[table].filter((row) => ordersBack.has(orderIdOf(row))).sort(),
      `${table} of the restored orders`,
    ).toEqual(expected.sort());
  }
  // The particular changes, named: the deleted paid order and its payment, the deleted staff
  // account, the order and the guest changed, the payment in flight — each as at the backup.
  const rowOf = (sets: RowSets, table: Table, id: number) => sets[table].find((row) => idOf(row) === id);
  for (const [table, id] of [
    ['orders', before.paid[0]!],
    ['orders', before.unpaid],
    ['orders', before.pending],
    ['users', before.guests[1]!.id],
    ['staff_accounts', before.staffId],
  ] as const) {
    expect(rowOf(restored, table, id), `${table} ${id}`).toBe(rowOf(atStart, table, id));
    expect(rowOf(changed, table, id), `${table} ${id} was changed after the backup`).not.toBe(
      rowOf(atStart, table, id),
    );
  }
  const pendingPayments = (sets: RowSets) => sets.payments.filter((row) => orderIdOf(row) === before.pending);
  expect(pendingPayments(restored)).toEqual(pendingPayments(atStart));
  expect(pendingPayments(restored).map((row) => (JSON.parse(row) as { status: string }).status)).not.toContain('paid');
  // The orders written while the copy was taken: those before its instant are in it, the rest not.
  const startIds = new Set(atStart.orders.map(idOf));
  const during = atEnd.orders.map(idOf).filter((id) => !startIds.has(id));
  const inCopy = during.filter((id) => ordersBack.has(id)).length;
  return { inCopy, after: during.length - inCopy };
}

describe('PGlite: npm run backup while the server serves writes, npm run restore with it stopped (issue 32, decision 058)', () => {
  let command: CommandDatabase;
  let app: FastifyInstance;
  let database: DatabaseHandle;
  let closed = false;
  const folder = mkdtempSync(join(tmpdir(), 'chain-backup-'));
  const file = join(folder, 'backup.tar.gz');

  beforeAll(async () => {
    command = await commandDatabase('pglite');
    database = await command.open();
    app = await buildApp(serverConfig(), { database });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    if (!closed) await app.close();
    await command.dispose();
    rmSync(folder, { recursive: true, force: true });
  });

  it('answers 401 without the token or with another, 404 to another method', async () => {
    const without = await app.inject({ method: 'POST', url: BACKUP_PATH });
    expect(without.statusCode).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer');
    const wrong = await app.inject({
      method: 'POST',
      url: BACKUP_PATH,
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['content-type']).not.toContain('gzip');
    expect(
      (await app.inject({ method: 'GET', url: BACKUP_PATH, headers: { authorization: `Bearer ${TOKEN}` } })).statusCode,
    ).toBe(404);
  });

  it('answers the folder as a checked gzip archive without its lock file, one copy at a time (a second meanwhile: 409)', async () => {
    const ask = () => app.inject({ method: 'POST', url: BACKUP_PATH, headers: { authorization: `Bearer ${TOKEN}` } });
    const [first, second] = await Promise.all([ask(), ask()]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 409]);
    const copy = first.statusCode === 200 ? first : second;
    expect(copy.headers['content-type']).toBe(BACKUP_MEDIA_TYPE);
    expect(copy.headers['cache-control']).toBe('no-store');
    const { tar, files } = readBackup(copy.rawPayload);
    expect(files).toBeGreaterThan(100);
    expect(Buffer.from(tar).includes(Buffer.from(DATA_DIR_LOCK_FILE))).toBe(false);
    expect((first.statusCode === 409 ? first : second).json()).toMatchObject({
      success: false,
      error: 'backup_in_progress',
    });
  });

  it('gives back every account, order and payment of the copy taken while orders were being written, and nothing written after it', async () => {
    const started = performance.now();
    const before = await dataBefore(app, database);
    const atStart = await rowSets(database);
    const backup = runCommand(
      'apps/server/src/backup/cli.ts',
      [file, '--server', `http://127.0.0.1:${String((app.server.address() as { port: number }).port)}`],
      {
        ...command.env,
        BACKUP_TOKEN: TOKEN,
      },
    );
    const written = await writesDuring(app, database, backup);
    const run = await backup;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Backup written: .*backup\.tar\.gz \([\d.]+ MB, \d+ files of the data folder\) from the server running on/,
    );
    // Its owner's alone: the copy holds every guest's phone and the password hashes.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder).filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(written).toBeGreaterThan(0);
    const atEnd = await rowSets(database);

    await changesAfter(app, database, before);
    const changed = await rowSets(database);

    // With the server on the folder the restore refuses at once, and changes nothing.
    const refused = await runCommand('apps/server/src/backup/restore-cli.ts', [file], command.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is in use by process');
    expect(await rowSets(database)).toEqual(changed);
    const dataDir = command.env.DATA_DIR ?? '';
    const siblings = () => readdirSync(dirname(dataDir)).filter((name) => name.startsWith(`${basename(dataDir)}.`));
    expect(siblings()).toEqual([]);

    await app.close();
    closed = true;
    const restore = await runCommand('apps/server/src/backup/restore-cli.ts', [file], command.env);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(
      /^Restored .* into .*: \d+ orders, \d+ payments, \d+ guest and \d+ staff accounts, migrations up to \d+/,
    );
    const aside = siblings();
    expect(aside).toEqual([expect.stringMatching(/\.before-restore-/)]);

    const restoredDb = await openDatabase({ kind: 'pglite', dataDir });
    let split: { inCopy: number; after: number };
    try {
      split = expectRestored(await rowSets(restoredDb), atStart, atEnd, changed, before);
    } finally {
      await restoredDb.close();
      for (const name of aside) rmSync(join(dirname(dataDir), name), { recursive: true, force: true });
    }
    // Taken while serving writes: orders were written on both sides of the copy's instant.
    expect(split.inCopy, 'orders written during the backup and before its instant').toBeGreaterThan(0);
    expect(split.after, 'orders written during the backup and after its instant').toBeGreaterThan(0);
    console.log(
      `PGlite backup and restore: ${written} orders written while the command ran, ${split.inCopy} of them before the copy's instant (restored), ${split.after} after (gone); ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
    );
  }, 60_000);

  it('has no route without BACKUP_TOKEN: 404 even with a token', async () => {
    const plain = await buildTestApp('pglite');
    try {
      expect(
        (await plain.app.inject({ method: 'POST', url: BACKUP_PATH, headers: { authorization: `Bearer ${TOKEN}` } }))
          .statusCode,
      ).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

/** pg_dump and pg_restore on PATH; CI must have them (the test fails there rather than skip). */
function postgresTools(): boolean {
  const found = ['pg_dump', 'pg_restore'].every((tool) => spawnSync(tool, ['--version']).status === 0);
  if (!found && process.env.CI === 'true')
    throw new Error('CI=true but pg_dump / pg_restore are not on PATH: the PostgreSQL backup must be proven');
  return found;
}

function runTool(tool: string, args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

describe.skipIf(!databaseKinds().includes('postgres') || !postgresTools())(
  'PostgreSQL: pg_dump while the server serves writes, pg_restore (issue 32)',
  () => {
    let command: CommandDatabase;
    let app: FastifyInstance;
    let database: DatabaseHandle;
    let closed = false;
    const folder = mkdtempSync(join(tmpdir(), 'chain-backup-pg-'));
    const file = join(folder, 'chain.dump');
    const fresh = `chain_t_${randomBytes(6).toString('hex')}`;

    beforeAll(async () => {
      command = await commandDatabase('postgres');
      database = await command.open();
      app = await buildApp(serverConfig(), { database });
      await app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(async () => {
      if (!closed) await app.close();
      await command.dispose();
      await dropDatabase(fresh);
      rmSync(folder, { recursive: true, force: true });
    });

    it('has no /operator/backup: PostgreSQL is copied with pg_dump (404 even with the token)', async () => {
      expect(
        (await app.inject({ method: 'POST', url: BACKUP_PATH, headers: { authorization: `Bearer ${TOKEN}` } }))
          .statusCode,
      ).toBe(404);
    });

    it('gives back every account, order and payment of the dump taken while orders were being written, in place (--clean) and into a new database', async () => {
      const started = performance.now();
      const url = command.env.DATABASE_URL ?? '';
      const before = await dataBefore(app, database);
      const atStart = await rowSets(database);
      const dump = runTool('pg_dump', ['--format=custom', `--file=${file}`, url]);
      const written = await writesDuring(app, database, dump);
      const dumped = await dump;
      expect(dumped.code, dumped.stderr).toBe(0);
      const atEnd = await rowSets(database);

      await changesAfter(app, database, before);
      const changed = await rowSets(database);
      await app.close();
      closed = true;

      // In place: the database's objects dropped and made again from the dump, in one transaction.
      const inPlace = await runTool('pg_restore', [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${url}`,
        file,
      ]);
      expect(inPlace.code, inPlace.stderr).toBe(0);
      const restoredDb = await openDatabase({ kind: 'postgres', url, poolSize: 1 });
      let split: { inCopy: number; after: number };
      try {
        split = expectRestored(await rowSets(restoredDb), atStart, atEnd, changed, before);
      } finally {
        await restoredDb.close();
      }

      // Into a new, empty database (the drill, or a restore beside the damaged one).
      await admin((client) => client.query(`create database "${fresh}"`));
      const beside = await runTool('pg_restore', [
        '--no-owner',
        '--exit-on-error',
        `--dbname=${databaseUrl(fresh)}`,
        file,
      ]);
      expect(beside.code, beside.stderr).toBe(0);
      const besideDb = await openDatabase({ kind: 'postgres', url: databaseUrl(fresh), poolSize: 1 });
      try {
        expectRestored(await rowSets(besideDb), atStart, atEnd, changed, before);
      } finally {
        await besideDb.close();
      }
      console.log(
        `PostgreSQL pg_dump and pg_restore: ${written} orders written while pg_dump ran, ${split.inCopy} of them before its snapshot (restored), ${split.after} after (gone); ${((performance.now() - started) / 1000).toFixed(1)} s in all`,
      );
    }, 60_000);
  },
);
