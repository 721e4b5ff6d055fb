import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_DIR_LOCK_FILE,
  DataDirLockedError,
  lockDataDir,
  UNREADABLE_LOCK_GRACE_MS,
  type DataDirLockHolder,
} from './data-dir-lock';

// Two processes on one PGlite folder lose changes and can corrupt it: whoever opens a folder
// takes its lock, and a second opener is refused while the first may run. A lock is taken over
// only when its holder is provably gone: the lock files below are written by hand, naming the
// holder each rule is about.

const folders: string[] = [];
const releases: (() => void)[] = [];
afterEach(() => {
  for (const release of releases.splice(0)) release();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const folder = () => {
  const dir = mkdtempSync(join(tmpdir(), 'chain-lock-'));
  folders.push(dir);
  return dir;
};
const lock = (dir: string, options?: { proc?: string }) => {
  const release = lockDataDir(dir, options);
  releases.push(release);
  return release;
};
const lockFile = (dir: string) => join(dir, DATA_DIR_LOCK_FILE);
const readHolder = (dir: string) => JSON.parse(readFileSync(lockFile(dir), 'utf8')) as DataDirLockHolder;
/** The id of a process that has run and exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

const hasProc = existsSync('/proc/self/stat');
/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces). */
const startTimeOf = (pid: number) => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1)?.split(' ')[19] ?? '';

/** This process's own record, as the lock writes it: taken once, then given back. */
function myRecord(): DataDirLockHolder {
  const dir = folder();
  const release = lockDataDir(dir);
  const record = readHolder(dir);
  release();
  return record;
}

/** A folder whose lock file names this holder (fields of this process's record, overridden). */
function lockedBy(fields: Partial<DataDirLockHolder>): string {
  const dir = folder();
  writeFileSync(lockFile(dir), `${JSON.stringify({ ...myRecord(), since: '2026-11-23T10:00:00.000Z', ...fields })}\n`);
  return dir;
}

/** Asserts the folder's lock is taken over: this process's record replaces the file's. */
function expectTakenOver(dir: string, options?: { proc?: string }) {
  const release = lock(dir, options);
  expect(readHolder(dir)).toMatchObject({ pid: process.pid, hostname: hostname() });
  release();
  expect(existsSync(lockFile(dir))).toBe(false);
}

/** Asserts the folder's lock is refused with these words, and the file is left as it was. */
function expectRefused(dir: string, ...words: (string | RegExp)[]) {
  const before = readFileSync(lockFile(dir), 'utf8');
  const second = () => lockDataDir(dir);
  expect(second).toThrow(DataDirLockedError);
  for (const word of words) expect(second).toThrow(word);
  expect(readFileSync(lockFile(dir), 'utf8')).toBe(before);
}

describe('the data folder lock (PGlite)', () => {
  it('records the holder (pid, host name, boot, start time, since) while open, and gives the folder back on release', () => {
    const dir = folder();
    const release = lock(dir);
    const record = readHolder(dir);
    expect(record).toMatchObject({ pid: process.pid, hostname: hostname() });
    expect(Date.now() - Date.parse(record.since)).toBeLessThan(60_000);
    if (hasProc) {
      expect(record.bootId).toBe(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
      expect(record.startTime).toBe(startTimeOf(process.pid));
    }
    release();
    expect(existsSync(lockFile(dir))).toBe(false);
    release();
    lock(dir);
  });

  it('refuses a second open of a folder this process holds, by another path too (a symlink: one folder, one lock)', () => {
    const dir = folder();
    const link = join(folder(), 'data');
    symlinkSync(dir, link);
    lock(link);
    expect(() => lockDataDir(dir)).toThrow(/in use by this process already/);
    expect(() => lockDataDir(join(dir, '.'))).toThrow(/in use by this process already/);
    expect(existsSync(lockFile(dir))).toBe(true);
  });

  it('leaves a lock that is no longer its own when released', () => {
    const dir = folder();
    const release = lock(dir);
    writeFileSync(lockFile(dir), `${JSON.stringify({ ...readHolder(dir), pid: process.ppid })}\n`);
    const other = readFileSync(lockFile(dir), 'utf8');
    release();
    expect(readFileSync(lockFile(dir), 'utf8')).toBe(other);
  });

  describe('on this host', () => {
    it('refuses while the holder runs, naming it (pid, host, since) with «stop the server first» and the file to delete', () => {
      const dir = lockedBy({ pid: process.ppid, startTime: hasProc ? startTimeOf(process.ppid) : null });
      expectRefused(
        dir,
        `in use by process ${process.ppid} on ${hostname()} since 2026-11-23T10:00:00.000Z`,
        /Stop the server first/,
        `If no such process runs on ${hostname()}, delete ${lockFile(dir)}`,
      );
    });

    it('takes over a lock whose process no longer runs', () => {
      expectTakenOver(lockedBy({ pid: deadPid() }));
    });

    it.runIf(hasProc)('takes over a lock whose process id now runs with another start time (the id reused)', () => {
      expectTakenOver(lockedBy({ pid: process.ppid, startTime: String(Number(startTimeOf(process.ppid)) + 1) }));
    });

    it.runIf(hasProc)('takes over a lock of another boot, though its process id runs (the machine restarted)', () => {
      expectTakenOver(
        lockedBy({
          pid: process.ppid,
          startTime: startTimeOf(process.ppid),
          bootId: 'another-boot',
          since: '2020-01-01T00:00:00.000Z',
        }),
      );
    });

    it.runIf(hasProc)(
      'refuses a lock of another boot written after this boot began: another machine of the same name',
      () => {
        const dir = lockedBy({ pid: deadPid(), bootId: 'another-boot', since: new Date().toISOString() });
        expectRefused(dir, /another machine of the same name/, `delete ${lockFile(dir)}`);
      },
    );

    it.runIf(hasProc)(
      'takes over a lock naming this process (pid, start time, boot) that this process does not hold: its own leftover',
      () => {
        expectTakenOver(lockedBy({}));
      },
    );

    it.runIf(hasProc)(
      'takes over a lock naming this process id with another start time (an earlier process with the same id: a restarted container’s pid 1)',
      () => {
        expectTakenOver(lockedBy({ startTime: '1' }));
      },
    );

    it.runIf(hasProc)(
      'refuses a lock naming this process id with no start time to tell it apart (another container of the same host name may run it)',
      () => {
        expectRefused(lockedBy({ startTime: null }), `in use by process ${process.pid}`);
      },
    );
  });

  describe('from another container or machine (the holder cannot be seen from here)', () => {
    it('refuses a lock of another host name, whatever its process id, and says to delete the file if nothing runs there', () => {
      for (const pid of [deadPid(), process.pid, 1]) {
        const dir = lockedBy({ pid, hostname: 'kiosk-tool-7f3c' });
        expectRefused(
          dir,
          `in use by process ${pid} on kiosk-tool-7f3c since 2026-11-23T10:00:00.000Z (in another container or on another machine`,
          /Stop the server there first/,
          `If no server or tool runs on kiosk-tool-7f3c, delete ${lockFile(dir)}`,
        );
      }
    });

    it('refuses a bare process id (an earlier version’s lock records no host), even of a process that no longer runs', () => {
      const dir = folder();
      writeFileSync(lockFile(dir), `${deadPid()}\n`);
      expectRefused(dir, /records no host/, `delete ${lockFile(dir)}`);
    });
  });

  describe('an empty or unreadable lock file', () => {
    it('is refused while fresh (its writer may be writing it), and taken over once older than the grace', () => {
      for (const text of ['', '{"pid":', 'not a lock']) {
        const dir = folder();
        writeFileSync(lockFile(dir), text);
        expectRefused(dir, /is being locked by another process/, /Try again in a few seconds/);
        const old = (Date.now() - UNREADABLE_LOCK_GRACE_MS - 1000) / 1000;
        utimesSync(lockFile(dir), old, old);
        expectTakenOver(dir);
      }
    });
  });

  describe('without /proc (macOS, Windows): by process id alone', () => {
    const noProc = () => {
      const dir = folder();
      mkdirSync(join(dir, 'empty'));
      return { proc: join(dir, 'empty') };
    };
    const bare = (pid: number) => ({ pid, bootId: null, startTime: null });

    it('takes over a lock whose process no longer runs, or naming this process id that this process does not hold', () => {
      expectTakenOver(lockedBy(bare(deadPid())), noProc());
      expectTakenOver(lockedBy(bare(process.pid)), noProc());
    });

    it('refuses a lock whose process runs', () => {
      const dir = lockedBy(bare(process.ppid));
      expect(() => lockDataDir(dir, noProc())).toThrow(`in use by process ${process.ppid} on ${hostname()}`);
    });
  });
});
