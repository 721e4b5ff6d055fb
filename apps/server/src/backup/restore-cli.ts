/**
 * `npm run restore -w @chain/server -- <file>`: puts a backup of `npm run backup` back as the
 * PGlite database in DATA_DIR, with the server stopped (decision 058; docs/operations.md,
 * «Backups and restore»). In order:
 * 1. the file is checked (gzip intact, every tar header, the folder's required files);
 * 2. it is unpacked beside DATA_DIR and opened there once — PostgreSQL starts on it, so a copy
 *    that does not open stops here, DATA_DIR untouched — and its figures read (orders, payments,
 *    accounts, the last migration);
 * 3. DATA_DIR is locked as a server locks it (db/data-dir-lock.ts): a server or a tool running on
 *    it refuses the restore, nothing changed;
 * 4. the current folder is moved aside to `<DATA_DIR>.before-restore-<time>` (kept: a restore of
 *    the wrong file is undone by moving it back) and the restored one takes its name.
 * The server started afterwards applies any migration newer than the backup. On PostgreSQL
 * (DATABASE_URL) it refuses: pg_restore is the tool.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { sql } from 'kysely';
import { ConfigError, parseDatabaseConfig } from '../config';
import { BackupArchiveError, readBackup } from '../db/backup-archive';
import { createPglite, openDatabase } from '../db/client';
import { DATA_DIR_LOCK_FILE, DataDirLockedError, lockDataDir } from '../db/data-dir-lock';

const USAGE = 'Usage: npm run restore -w @chain/server -- <backup file>';

/** What the restored copy holds, told to the operator to compare with what they expect. */
async function figuresOf(folder: string, tar: Uint8Array): Promise<string> {
  const handle = await openDatabase({ kind: 'pglite', instance: await createPglite(folder, new Blob([tar])) });
  try {
    const { rows } = await sql<{
      orders: number;
      payments: number;
      users: number;
      staff: number;
      migration: number | null;
      last_order: Date | null;
    }>`
      select (select count(*) from orders)::int as orders, (select count(*) from payments)::int as payments,
             (select count(*) from users)::int as users, (select count(*) from staff_accounts)::int as staff,
             (select max(version) from schema_migrations)::int as migration, (select max(created_at) from orders) as last_order`.execute(
      handle.db,
    );
    const f = rows[0];
    if (!f) return 'no figures';
    const last = f.last_order ? `, the last order placed ${f.last_order.toISOString()}` : '';
    return `${f.orders} orders, ${f.payments} payments, ${f.users} guest and ${f.staff} staff accounts, migrations up to ${f.migration ?? 'none'}${last}`;
  } finally {
    await handle.close();
  }
}

/**
 * Moves a folder to `to` (absent, or an empty folder). A rename where it can be; where it cannot —
 * DATA_DIR a volume's mount point (EBUSY), another file system (EXDEV) — a copy, then the source
 * emptied (a mount point itself stays).
 */
function moveFolder(from: string, to: string): void {
  try {
    renameSync(from, to);
    return;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (!['EXDEV', 'EBUSY', 'EPERM', 'ENOTEMPTY', 'EEXIST'].includes(code)) throw error;
  }
  cpSync(from, to, { recursive: true, errorOnExist: true, force: false });
  for (const entry of readdirSync(from)) rmSync(join(from, entry), { recursive: true, force: true });
  try {
    rmdirSync(from);
  } catch {
    // A mount point stays, empty.
  }
}

/**
 * After a failed swap, the folder moved aside goes back where it was (what the failed move left
 * in the data folder removed first); if even that fails, the operator is told where it is.
 */
function putBack(aside: string, dataDir: string): void {
  try {
    if (existsSync(dataDir))
      for (const entry of readdirSync(dataDir)) rmSync(join(dataDir, entry), { recursive: true, force: true });
    moveFolder(aside, dataDir);
    console.error(`The restore failed; ${dataDir} was put back as it was.`);
  } catch {
    console.error(
      `The restore failed, and the data folder could not be put back: it is kept at ${aside}. Move it back to ${dataDir} by hand before starting the server.`,
    );
  }
}

async function main(args: readonly string[]): Promise<number> {
  const [file] = args;
  if (args.length !== 1 || !file || file.startsWith('-') || file.length > 1000) {
    console.error(USAGE);
    return 2;
  }
  const database = parseDatabaseConfig(process.env);
  if (database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: restore PostgreSQL with its own tools, e.g. pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" <file> (docs/operations.md, «Backups and restore»).',
    );
    return 2;
  }
  const { dataDir } = database;
  const occupied = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  // A server or a tool on the folder refuses the restore at once (DataDirLockedError), before
  // the copy is unpacked; the lock is taken again for the swap below.
  if (occupied) lockDataDir(dataDir)();
  const { tar, files } = readBackup(readFileSync(file));
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const staging = join(dirname(dataDir), `${basename(dataDir)}.restoring-${stamp}`);
  mkdirSync(staging, { recursive: true });
  let figures: string;
  try {
    figures = await figuresOf(staging, tar);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
  let aside: string | null = null;
  let movedAside = false;
  try {
    if (occupied) {
      // Refuses (DataDirLockedError) while a server or a tool holds the folder.
      const release = lockDataDir(dataDir);
      aside = `${dataDir}.before-restore-${stamp}`;
      try {
        moveFolder(dataDir, aside);
        movedAside = true;
      } finally {
        release();
      }
      // The lock this command took went aside with the folder: the old folder is no one's now.
      rmSync(join(aside, DATA_DIR_LOCK_FILE), { force: true });
    }
    moveFolder(staging, dataDir);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    if (aside && movedAside) putBack(aside, dataDir);
    throw error;
  }
  console.log(`Restored ${file} (${files} files) into ${dataDir}: ${figures}.`);
  if (aside) console.log(`The folder it replaced is kept at ${aside}; delete it once the restored server is checked.`);
  console.log('Start the server now; then reconcile payments with the bank (docs/operations.md, «After a restore»).');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const plain =
      error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof BackupArchiveError;
    console.error(plain ? error.message : `restore failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
