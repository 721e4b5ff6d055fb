// The previous release (ops/previous-release.json) and its commit in this clone: what the
// rolling-deploy check (previous-release.ts) and the domain's mutation gate (mutation-gate.ts)
// compare this release with.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../', import.meta.url));

export interface PreviousRelease {
  commit: string;
  lastMigration: number;
}

/** `check: message` on stderr, exit 1. */
export function fail(check: string, message: string): never {
  console.error(`${check}: ${message}`);
  process.exit(1);
}

export function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: REPO, encoding: 'utf8' }).trim();
}

/** ops/previous-release.json, or exit 1 when it is not a 40-hex commit and a migration number. */
export function readPreviousRelease(check: string): PreviousRelease {
  const previous = JSON.parse(readFileSync(join(REPO, 'ops/previous-release.json'), 'utf8')) as PreviousRelease;
  if (!/^[0-9a-f]{40}$/.test(previous.commit) || !Number.isInteger(previous.lastMigration)) {
    fail(check, 'ops/previous-release.json needs a 40-hex commit and its last migration number');
  }
  return previous;
}

function hasCommit(commit: string): boolean {
  try {
    execFileSync('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: REPO, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes sure the previous release's commit is in this clone. A shallow clone (CI's, often) fetches
 * its history from where it came from; one that cannot is forgiven, loudly (`check NOT RUN`, exit
 * 0): run the check on a full clone before deploying. A full clone without the commit means a
 * wrong ops/previous-release.json: exit 1.
 */
export function requirePreviousCommit(check: string, commit: string): void {
  if (hasCommit(commit)) return;
  const shallow = git('rev-parse', '--is-shallow-repository') === 'true';
  if (shallow) {
    try {
      execFileSync('git', ['fetch', '--quiet', '--unshallow'], { cwd: REPO, stdio: 'inherit' });
    } catch {
      // Said below.
    }
  }
  if (hasCommit(commit)) return;
  const why = `commit ${commit} is not in this clone${shallow ? ', a shallow one whose history could not be fetched' : ''}`;
  if (shallow) {
    console.warn(`${check} NOT RUN: ${why}; run it on a full clone before deploying`);
    process.exit(0);
  }
  fail(check, why);
}
