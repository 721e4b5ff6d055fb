import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/*
 * A PGlite data folder is one process's database: PGlite keeps it open in the process's memory,
 * so a second process that opens the same folder (a second server, `npm run kiosk-code` or
 * `npm run seed` beside a running server) writes over the first one's pages: its changes are
 * lost when the first writes back, and the folder can be left corrupt. Every opener of a folder
 * (createPglite, client.ts) therefore takes this lock first: a file in the folder holding the
 * opener's process id, created only if absent (the 'wx' flag, atomic), removed when the database
 * is closed or the process exits. A lock whose process is gone (a server killed, a machine
 * restarted) is taken over. PostgreSQL and an in-memory PGlite need none.
 */

/** The lock's file name in the data folder (beside PGlite's own files, which it leaves alone). */
export const DATA_DIR_LOCK_FILE = 'chain-server.lock';

/** Folders this process holds, resolved: a second open in the same process is refused as well. */
const held = new Set<string>();

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    const holder = holderPid === null ? 'another process (its lock file is unreadable)' : holderPid === process.pid ? 'this process already' : `process ${holderPid}`;
    super(
      `the PGlite data folder ${dataDir} is in use by ${holder}: a running server, or a tool such as npm run seed or npm run kiosk-code. ` +
        'Stop the server first (or let the tool finish): two processes on one PGlite folder lose changes and can corrupt it. ' +
        `If no such process runs, delete ${join(dataDir, DATA_DIR_LOCK_FILE)}.`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether a process with this id runs (EPERM: it does, under another user). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The lock file's process id, or null when it is empty or unreadable (being written, or damaged). */
function holderOf(path: string): number | null | 'gone' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
  const match = /^(\d{1,10})\n?$/.exec(text);
  return match ? Number(match[1]) : null;
}

/**
 * Takes the folder's lock for this process, or throws DataDirLockedError when a live process
 * holds it. Returns its release (idempotent), which removes the file only while it is still this
 * process's.
 *
 * A lock of a process that no longer runs is taken over; so is one holding this process's own
 * id that this process does not hold (a container restarted with the same process id). A pid
 * reused by an unrelated live process after a crash reads as held: the message names the file
 * to delete. Two openers taking over the same stale lock in the same instant could both pass;
 * a second server starts seconds apart, not microseconds.
 */
export function lockDataDir(dataDir: string): () => void {
  const folder = resolve(dataDir);
  const path = join(folder, DATA_DIR_LOCK_FILE);
  if (held.has(folder)) throw new DataDirLockedError(dataDir, process.pid);
  const mine = `${process.pid}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(path);
      if (holder === 'gone') continue;
      if (holder === null || attempt > 2 || (holder !== process.pid && isAlive(holder))) throw new DataDirLockedError(dataDir, holder);
      // Stale: removed only if it still holds the dead process's id, then created anew above.
      if (holderOf(path) === holder) rmSync(path, { force: true });
    }
  }
  held.add(folder);
  const release = () => {
    if (!held.delete(folder)) return;
    process.removeListener('exit', release);
    try {
      if (readFileSync(path, 'utf8') === mine) rmSync(path, { force: true });
    } catch {
      // Already gone (the folder removed): nothing to release.
    }
  };
  // A process that exits without closing its database (an error at start-up, process.exit) leaves
  // no lock behind; one killed outright does, and the next opener takes it over.
  process.on('exit', release);
  return release;
}
