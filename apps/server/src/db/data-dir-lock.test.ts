import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATA_DIR_LOCK_FILE, DataDirLockedError, lockDataDir } from './data-dir-lock';

// Two processes on one PGlite folder lose changes and can corrupt it: whoever opens a folder
// takes its lock, and a second opener is refused while the first lives.

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
const lock = (dir: string) => {
  const release = lockDataDir(dir);
  releases.push(release);
  return release;
};
/** The id of a process that has run and exited. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

describe('the data folder lock (PGlite)', () => {
  it('holds the folder with this process id while open, and gives it back on release', () => {
    const dir = folder();
    const release = lock(dir);
    expect(readFileSync(join(dir, DATA_DIR_LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
    release();
    expect(existsSync(join(dir, DATA_DIR_LOCK_FILE))).toBe(false);
    release();
    lock(dir);
  });

  it('refuses a second open while another live process holds the folder, with «stop the server first» and the file to delete', () => {
    const dir = folder();
    const holder = process.ppid;
    writeFileSync(join(dir, DATA_DIR_LOCK_FILE), `${holder}\n`);
    const second = () => lockDataDir(dir);
    expect(second).toThrow(DataDirLockedError);
    expect(second).toThrow(`in use by process ${holder}`);
    expect(second).toThrow(/Stop the server first/);
    expect(second).toThrow(join(dir, DATA_DIR_LOCK_FILE));
    // The holder's lock is left as it was.
    expect(readFileSync(join(dir, DATA_DIR_LOCK_FILE), 'utf8')).toBe(`${holder}\n`);
  });

  it('refuses a second open of a folder this process holds', () => {
    const dir = folder();
    lock(dir);
    expect(() => lockDataDir(join(dir, '.'))).toThrow(/in use by this process already/);
  });

  it('takes over a stale lock: of a process that no longer runs, or of this process id it does not hold (a restarted container)', () => {
    for (const stale of [deadPid(), process.pid]) {
      const dir = folder();
      writeFileSync(join(dir, DATA_DIR_LOCK_FILE), `${stale}\n`);
      const release = lock(dir);
      expect(readFileSync(join(dir, DATA_DIR_LOCK_FILE), 'utf8')).toBe(`${process.pid}\n`);
      release();
    }
  });

  it('refuses a lock file it cannot read as a process id, rather than guess', () => {
    const dir = folder();
    writeFileSync(join(dir, DATA_DIR_LOCK_FILE), '');
    expect(() => lockDataDir(dir)).toThrow(/its lock file is unreadable/);
  });

  it('leaves a lock that is no longer its own when released', () => {
    const dir = folder();
    const release = lock(dir);
    writeFileSync(join(dir, DATA_DIR_LOCK_FILE), `${process.ppid}\n`);
    release();
    expect(readFileSync(join(dir, DATA_DIR_LOCK_FILE), 'utf8')).toBe(`${process.ppid}\n`);
  });
});
