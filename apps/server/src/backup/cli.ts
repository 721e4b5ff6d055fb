/**
 * `npm run backup -w @chain/server -- <file> [--server <url>]`: writes a consistent copy of the
 * PGlite database (DATA_DIR) to <file>, a gzip-compressed tar (decision 058; docs/operations.md,
 * «Backups and restore»). With the server running on the folder (its lock, db/data-dir-lock.ts)
 * the copy is the server's own, asked of it at `POST /operator/backup` with BACKUP_TOKEN (the
 * same variable the server has) — at `--server`, by default http://127.0.0.1:{PORT}; with no
 * server on the folder, the command opens it itself and copies it. Either way the copy is the
 * database as of one instant between two transactions. The file is written beside its final
 * name, checked (every header, the folder's required files) and only then renamed; an existing
 * file is never overwritten. On PostgreSQL (DATABASE_URL) it refuses: pg_dump is the tool.
 */
import { closeSync, existsSync, fsyncSync, linkSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ConfigError, parseConfig } from '../config';
import { BackupArchiveError, readBackup, withoutLockFile } from '../db/backup-archive';
import { createPglite, openDatabase } from '../db/client';
import { DataDirLockedError } from '../db/data-dir-lock';
import { BACKUP_PATH } from './routes';

const USAGE = 'Usage: npm run backup -w @chain/server -- <file> [--server http://127.0.0.1:3000]';

/** How long the command waits for the running server's copy. */
const SERVER_TIMEOUT_MS = 10 * 60_000;

class BackupFailed extends Error {}

function parseArgs(args: readonly string[]): { file: string; server: string | null } | null {
  const [file, flag, server, ...rest] = args;
  if (!file || file.startsWith('-') || file.length > 1000 || rest.length > 0) return null;
  if (flag === undefined) return { file, server: null };
  if (flag !== '--server' || !server || server.length > 200 || !/^https?:\/\/[^\s/]+\/?$/.test(server)) return null;
  return { file, server: server.replace(/\/$/, '') };
}

/** The copy, from the running server at `url`. */
async function fromServer(url: string, token: string): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(`${url}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(SERVER_TIMEOUT_MS),
    });
  } catch (error) {
    throw new BackupFailed(
      `the server holding the folder does not answer at ${url} (${error instanceof Error ? error.message : String(error)}); give its address with --server`,
    );
  }
  if (response.status === 404)
    throw new BackupFailed(
      `the server at ${url} has no ${BACKUP_PATH}: start it with BACKUP_TOKEN set (the same value as here)`,
    );
  if (response.status === 401)
    throw new BackupFailed(`the server at ${url} refused the token: BACKUP_TOKEN here differs from the server's`);
  if (!response.ok)
    throw new BackupFailed(
      `the server at ${url} answered ${response.status} (${(await response.text()).slice(0, 300)}); try again`,
    );
  return new Uint8Array(await response.arrayBuffer());
}

/** The copy, taken here from the folder no process holds (it is locked meanwhile). */
async function fromFolder(dataDir: string): Promise<Uint8Array> {
  const handle = await openDatabase({ kind: 'pglite', instance: await createPglite(dataDir) });
  try {
    const tar = await handle.dumpDataDir?.();
    if (!tar) throw new BackupFailed('this database cannot be copied as a folder');
    return gzipSync(withoutLockFile(tar));
  } finally {
    await handle.close();
  }
}

async function main(args: readonly string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  const config = parseConfig(process.env, { forTool: true });
  if (config.database.kind === 'postgres') {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with its own tools, e.g. pg_dump --format=custom --file=<file> "$DATABASE_URL" (docs/operations.md, «Backups and restore»).',
    );
    return 2;
  }
  const { dataDir } = config.database;
  if (existsSync(parsed.file)) {
    console.error(`${parsed.file} exists already: give a new file name (a backup never overwrites one).`);
    return 2;
  }
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    console.error(`No PGlite database in ${dataDir} (DATA_DIR): nothing to back up.`);
    return 1;
  }
  const started = performance.now();
  let file: Uint8Array;
  let source: string;
  try {
    file = await fromFolder(dataDir);
    source = `the folder ${dataDir} (no server was running on it)`;
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    if (config.backup === null)
      throw new BackupFailed(
        `${error.message}\nTo copy it while the server runs, set BACKUP_TOKEN for the server and for this command.`,
      );
    const url = parsed.server ?? `http://127.0.0.1:${config.port}`;
    file = await fromServer(url, config.backup.token);
    source = `the server running on ${dataDir} (at ${url})`;
  }
  const partial = `${parsed.file}.partial`;
  try {
    // On the disk before it takes its name: a crash never leaves a short file under the final name.
    // Readable by its owner only: it holds every guest's phone and e-mail and the password hashes.
    rmSync(partial, { force: true });
    const fd = openSync(partial, 'wx', 0o600);
    try {
      for (let at = 0; at < file.length;) at += writeSync(fd, file, at);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    const { files } = readBackup(file);
    // Never over a file that appeared meanwhile: a link fails where a rename would replace it.
    linkSync(partial, parsed.file);
    rmSync(partial, { force: true });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const megabytes = (statSync(parsed.file).size / 1e6).toFixed(1);
    console.log(
      `Backup written: ${parsed.file} (${megabytes} MB, ${files} files of the data folder) from ${source} in ${seconds} s.`,
    );
    return 0;
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const plain =
      error instanceof ConfigError ||
      error instanceof DataDirLockedError ||
      error instanceof BackupFailed ||
      error instanceof BackupArchiveError;
    console.error(plain ? error.message : `backup failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
