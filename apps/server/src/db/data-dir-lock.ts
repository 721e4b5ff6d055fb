import { existsSync, readFileSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/*
 * A PGlite data folder is one process's database: PGlite keeps it open in the process's memory,
 * so a second process that opens the same folder (a second server, `npm run kiosk-code` or
 * `npm run seed` beside a running server) writes over the first one's pages: its changes are
 * lost when the first writes back, and the folder can be left corrupt. Every opener of a folder
 * (createPglite, client.ts) therefore takes this lock first: a file in the folder, created only
 * if absent (the 'wx' flag, atomic), removed when the database is closed or the process exits.
 *
 * A process id alone does not tell whether the holder still runs: a process in another
 * container (another pid namespace, on the same volume) cannot see the holder's id at all, and
 * after a restart the id may belong to an unrelated process. So the file records who holds it
 * (DataDirLockHolder: the id, the host name, the kernel's boot id and the process's start
 * time), and a lock is taken over only when its holder is provably gone:
 * - written on this host name in another boot (the machine restarted);
 * - written on this host name and boot by a process id that no longer runs, or that runs with
 *   another start time (the id reused: a restarted container's pid 1 among them);
 * - empty or unreadable for UNREADABLE_LOCK_GRACE_MS (its writer died between creating and
 *   writing it; a fresh one may still be being written).
 * Anything else is refused with a message naming the holder and what to do, among them a lock
 * of another host name (another container or machine sharing the folder: whether its holder
 * runs cannot be seen from here). The host name is what tells containers apart: two containers
 * that share a folder and a host name (the host's network, or one `hostname:` given to both) are
 * read as one, as a restarted container is. Where there is no /proc (macOS, Windows: no boot id
 * or start times to read) a holder on this host is judged by whether its process id runs.
 * PostgreSQL and an in-memory PGlite need no lock.
 */

/** The lock's file name in the data folder (beside PGlite's own files, which it leaves alone). */
export const DATA_DIR_LOCK_FILE = 'chain-server.lock';

/**
 * How old an empty or unreadable lock file must be to be taken over: younger, it may be one
 * another opener has just created and is writing.
 */
export const UNREADABLE_LOCK_GRACE_MS = 10_000;

/** A lock file larger than this is not one this module wrote: read as unreadable. */
const LOCK_FILE_MAX_BYTES = 4096;

/** What a lock file records of the process that holds the folder (JSON, one line). */
export interface DataDirLockHolder {
  pid: number;
  hostname: string;
  /** The kernel's boot id (/proc/sys/kernel/random/boot_id); null where there is none. */
  bootId: string | null;
  /** Field 22 of /proc/<pid>/stat: clock ticks from boot to the process's start. */
  startTime: string | null;
  /** When the lock was taken, ISO 8601. */
  since: string;
}

/** Why a folder's lock was refused. */
export type DataDirLockRefusal =
  | { kind: 'this-process' }
  /** `where`: null for this host, else why the holder cannot be seen from here. */
  | { kind: 'holder'; holder: DataDirLockHolder; where: string | null }
  | { kind: 'pid-only'; pid: number }
  | { kind: 'unreadable'; ageMs: number };

const IN_USE_BY = 'a running server, or a tool such as npm run seed or npm run kiosk-code';
const WHY = 'two processes on one PGlite folder lose changes and can corrupt it';

function refusalText(dataDir: string, lockFile: string, refusal: DataDirLockRefusal): string {
  const folder = `the PGlite data folder ${dataDir}`;
  switch (refusal.kind) {
    case 'this-process':
      return `${folder} is in use by this process already: it is opened once, and closed before it is opened again (${WHY}).`;
    case 'holder': {
      const { pid, hostname: host, since } = refusal.holder;
      const holder = `${folder} is in use by process ${pid} on ${host} since ${since}`;
      if (refusal.where === null) {
        return `${holder}: ${IN_USE_BY}. Stop the server first (or let the tool finish): ${WHY}. If no such process runs on ${host}, delete ${lockFile}.`;
      }
      return (
        `${holder} (${refusal.where}: whether it still runs cannot be seen from here): ${IN_USE_BY}. ` +
        `Stop the server there first (or let the tool finish): ${WHY}. If no server or tool runs on ${host}, delete ${lockFile}.`
      );
    }
    case 'pid-only':
      return (
        `${folder} is in use by process ${refusal.pid}, by a lock of an earlier version that records no host, so whether it still runs cannot be told: ${IN_USE_BY}. ` +
        `Stop the server first (or let the tool finish): ${WHY}. If no such process runs, delete ${lockFile}.`
      );
    case 'unreadable':
      return (
        `${folder} is being locked by another process: its lock file ${lockFile}, written ${Math.max(0, Math.round(refusal.ageMs / 1000))} s ago, is still empty or unreadable. ` +
        `Try again in a few seconds (such a file older than ${UNREADABLE_LOCK_GRACE_MS / 1000} s is taken over).`
      );
  }
}

export class DataDirLockedError extends Error {
  /** The holder's process id, where the lock names one. */
  readonly holderPid: number | null;

  constructor(
    readonly dataDir: string,
    readonly lockFile: string,
    readonly refusal: DataDirLockRefusal,
  ) {
    super(refusalText(dataDir, lockFile, refusal));
    this.name = 'DataDirLockedError';
    this.holderPid =
      refusal.kind === 'this-process'
        ? process.pid
        : refusal.kind === 'holder'
          ? refusal.holder.pid
          : refusal.kind === 'pid-only'
            ? refusal.pid
            : null;
  }
}

/** What this machine tells of its processes, read from a /proc folder (replaced in tests). */
interface Machine {
  /** Whether there is a /proc at all: without one, only process ids can be compared. */
  readonly hasProc: boolean;
  bootId(): string | null;
  /** When this boot started, ms since the epoch. */
  bootTime(): number | null;
  startTime(pid: number): string | null;
}

function readText(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function machineOf(proc: string): Machine {
  return {
    hasProc: existsSync(join(proc, 'self')),
    bootId() {
      const id = readText(join(proc, 'sys/kernel/random/boot_id'))?.trim();
      return id && /^[\w-]{1,64}$/.test(id) ? id : null;
    },
    bootTime() {
      const seconds = /^btime (\d{1,12})$/m.exec(readText(join(proc, 'stat')) ?? '')?.[1];
      return seconds ? Number(seconds) * 1000 : null;
    },
    startTime(pid) {
      // The command name (field 2, in parentheses) may itself hold spaces and parentheses: the
      // fields are counted from after its last ')', where field 3 begins.
      const stat = readText(join(proc, String(pid), 'stat'));
      if (stat === null) return null;
      const field = stat
        .slice(stat.lastIndexOf(')') + 1)
        .trim()
        .split(/\s+/)[22 - 3];
      return field && /^\d{1,20}$/.test(field) ? field : null;
    },
  };
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

/** A lock file as found: its holder, a bare process id (an earlier version's), or nothing readable. */
interface FoundLock {
  text: string;
  ageMs: number;
  holder: DataDirLockHolder | { pidOnly: number } | null;
}

const nullableString = (value: unknown, pattern: RegExp): string | null | undefined =>
  value === null || value === undefined ? null : typeof value === 'string' && pattern.test(value) ? value : undefined;

function parseHolder(text: string): FoundLock['holder'] {
  const pidOnly = /^(\d{1,10})\n?$/.exec(text);
  if (pidOnly) return { pidOnly: Number(pidOnly[1]) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const { pid, hostname: host, since } = record;
  const bootId = nullableString(record.bootId, /^[\w-]{1,64}$/);
  const startTime = nullableString(record.startTime, /^\d{1,20}$/);
  if (!Number.isSafeInteger(pid) || (pid as number) <= 0) return null;
  if (typeof host !== 'string' || host.length === 0 || host.length > 255) return null;
  if (typeof since !== 'string' || since.length > 64) return null;
  if (bootId === undefined || startTime === undefined) return null;
  return { pid: pid as number, hostname: host, bootId, startTime, since };
}

/** The lock file's content, or 'gone' when it was removed meanwhile. */
function readLock(path: string): FoundLock | 'gone' {
  try {
    const stat = statSync(path);
    const text = stat.size > LOCK_FILE_MAX_BYTES ? '' : readFileSync(path, 'utf8');
    return { text, ageMs: Date.now() - stat.mtimeMs, holder: text === '' ? null : parseHolder(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'gone';
    throw error;
  }
}

/**
 * Whether a lock found in the folder is stale (its holder provably gone), or else why it is
 * refused. `me` is this process's own record; a lock this process holds never gets here.
 */
function judge(
  found: FoundLock,
  me: DataDirLockHolder,
  machine: Machine,
): { stale: true } | { stale: false; refusal: DataDirLockRefusal } {
  const stale = { stale: true } as const;
  const refuse = (refusal: DataDirLockRefusal) => ({ stale: false, refusal }) as const;
  const { holder } = found;
  if (holder === null)
    return found.ageMs >= UNREADABLE_LOCK_GRACE_MS ? stale : refuse({ kind: 'unreadable', ageMs: found.ageMs });
  // An earlier version's lock (a bare process id) records no host: it may be another container's.
  if ('pidOnly' in holder) return refuse({ kind: 'pid-only', pid: holder.pidOnly });
  if (holder.hostname !== me.hostname)
    return refuse({ kind: 'holder', holder, where: 'in another container or on another machine, by its host name' });
  if (holder.bootId !== null && me.bootId !== null && holder.bootId !== me.bootId) {
    // This machine restarted since, unless the lock was written after this boot began: then it
    // was written by another machine that goes by the same name.
    const since = Date.parse(holder.since);
    const boot = machine.bootTime();
    if (boot !== null && since >= boot)
      return refuse({
        kind: 'holder',
        holder,
        where: 'on another machine of the same name: another boot, and the lock is newer than this boot',
      });
    return stale;
  }
  if (holder.pid === me.pid) {
    // This process's own id, in a lock this process does not hold: with this start time, a
    // leftover of this very process; with another, an earlier process with the same id (a
    // restarted container's pid 1), gone. Without a recorded start time to compare, it may be
    // another container's process of the same id and host name: refused. Without /proc at all
    // (no containers there) a process id is the whole identity, and this one is this process's.
    const startTimesKnown = holder.startTime !== null && me.startTime !== null;
    return startTimesKnown || !machine.hasProc ? stale : refuse({ kind: 'holder', holder, where: null });
  }
  if (!isAlive(holder.pid)) return stale;
  const runningSince = machine.startTime(holder.pid);
  if (holder.startTime !== null && runningSince !== null && holder.startTime !== runningSince) return stale;
  return refuse({ kind: 'holder', holder, where: null });
}

/** Folders this process holds (real paths): a second open in the same process is refused as well. */
const held = new Set<string>();

/**
 * Takes the folder's lock for this process, or throws DataDirLockedError when its holder may
 * still run. The folder must exist (createPglite makes it first): its real path is what is
 * locked, so two paths to one folder (a symlink) share one lock. Returns the release
 * (idempotent), which removes the file only while it is still this process's.
 *
 * Two openers taking over the same stale lock in the same instant could both pass: the stale
 * file is removed only if it still reads as judged, and a second server starts seconds apart,
 * not microseconds.
 *
 * `options.proc`: the /proc folder to read (tests give another, or none).
 */
export function lockDataDir(dataDir: string, options: { proc?: string } = {}): () => void {
  const folder = realpathSync(dataDir);
  const path = join(folder, DATA_DIR_LOCK_FILE);
  if (held.has(folder)) throw new DataDirLockedError(dataDir, path, { kind: 'this-process' });
  const machine = machineOf(options.proc ?? '/proc');
  const me: DataDirLockHolder = {
    pid: process.pid,
    hostname: hostname(),
    bootId: machine.bootId(),
    startTime: machine.startTime(process.pid),
    since: new Date().toISOString(),
  };
  const mine = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; ; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = readLock(path);
      if (found === 'gone') {
        if (attempt > 4) throw error;
        continue;
      }
      const verdict = judge(found, me, machine);
      if (!verdict.stale) throw new DataDirLockedError(dataDir, path, verdict.refusal);
      // Stale again and again: another opener keeps writing such locks; leave the folder to it.
      if (attempt > 2) {
        const { holder } = found;
        throw new DataDirLockedError(
          dataDir,
          path,
          holder === null || 'pidOnly' in holder
            ? { kind: 'unreadable', ageMs: found.ageMs }
            : { kind: 'holder', holder, where: null },
        );
      }
      const again = readLock(path);
      if (again !== 'gone' && again.text === found.text) rmSync(path, { force: true });
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
