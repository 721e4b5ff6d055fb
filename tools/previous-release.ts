// Issue 32: the previous release's API tests against this release's schema. A rolling deploy runs
// the previous release's code on the schema this release migrated to, until its last instance is
// replaced; this proves that code still works there (docs/operations.md, «Migrations: expand, then
// contract»). The previous release is ops/previous-release.json; its tree comes from git (a clone
// with history), its dependencies are this checkout's when its lock file is a subset of ours.
//
//   node --import tsx tools/previous-release.ts          the guest and staff money paths (CI)
//   node --import tsx tools/previous-release.ts --all    every API test of the previous release
//   node --import tsx tools/previous-release.ts photos   the named ones (apps/server/test/{name}.test.ts)
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  unlinkSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractReasons } from '../apps/server/src/db/expand-contract';
import { loadMigrations, MIGRATIONS_DIR } from '../apps/server/src/db/migrate';
import { fail as failCheck, git, readPreviousRelease, REPO, requirePreviousCommit } from './previous-release-commit';

const CHECK = 'previous-release check';
const previous = readPreviousRelease(CHECK);

/** What CI runs: where the schema meets money, the menu and the staff's screens. */
const CORE = [
  'menu',
  'orders',
  'payments',
  'payments-exactly-once',
  'order-events',
  'kiosk',
  'staff-board',
  'manage-menu',
  'staff-restaurants',
  'photos',
].map((name) => `apps/server/test/${name}.test.ts`);
/** Tests of the previous release's own schema, which a newer schema rightly fails. */
const OWN_SCHEMA = new Set(['apps/server/test/migrations.test.ts', 'apps/server/test/db-types.test.ts']);

function fail(message: string): never {
  return failCheck(CHECK, message);
}

const newer = loadMigrations().filter((migration) => migration.version > previous.lastMigration);
if (newer.length === 0) {
  console.log(
    `previous-release check: no migration since ${previous.commit.slice(0, 7)} (last ${previous.lastMigration}): its code runs on this schema as it is`,
  );
  process.exit(0);
}
const contracting = newer.flatMap((migration) =>
  contractReasons(migration.sql).map((reason) => `${migration.name}: ${reason}`),
);
if (contracting.length > 0) {
  // Written reasons stand in for the run: this release is deployed by stopping every instance.
  console.log(
    `previous-release check: this release contracts the schema, so it is not deployed rolling:\n  ${contracting.join('\n  ')}`,
  );
  process.exit(0);
}

requirePreviousCommit(CHECK, previous.commit);

// The file's last migration must be that release's: a wrong number would check the wrong migrations.
const theirLast = Math.max(
  ...git('ls-tree', '--name-only', previous.commit, 'apps/server/src/db/migrations/')
    .split('\n')
    .map((path) => /\/(\d{3})_[\w-]+\.sql$/.exec(path)?.[1])
    .filter((version): version is string => version !== undefined)
    .map(Number),
);
if (theirLast !== previous.lastMigration)
  fail(
    `ops/previous-release.json says the last migration of ${previous.commit.slice(0, 7)} is ${previous.lastMigration}, its tree says ${theirLast}`,
  );

const tree = mkdtempSync(join(tmpdir(), 'chain-previous-release-'));
try {
  // The previous release's files, with this release's migrations in place of its own.
  const archive = join(tree, '.previous-release.tar');
  execFileSync('git', ['archive', '--output', archive, previous.commit], { cwd: REPO, stdio: 'inherit' });
  execFileSync('tar', ['-x', '-f', archive, '-C', tree], { stdio: 'inherit' });
  rmSync(archive);
  const migrations = join(tree, 'apps/server/src/db/migrations');
  for (const file of readdirSync(migrations)) if (file.endsWith('.sql')) unlinkSync(join(migrations, file));
  for (const file of readdirSync(MIGRATIONS_DIR))
    if (file.endsWith('.sql')) copyFileSync(join(MIGRATIONS_DIR, file), join(migrations, file));

  linkOrInstall(tree);

  const all = process.argv.includes('--all');
  const named = process.argv
    .slice(2)
    .filter((arg) => !arg.startsWith('--'))
    .map((name) => `apps/server/test/${name}.test.ts`);
  const files =
    named.length > 0
      ? named
      : all
        ? readdirSync(join(tree, 'apps/server/test'))
            .filter((file) => file.endsWith('.test.ts'))
            .map((file) => `apps/server/test/${file}`)
            .filter((file) => !OWN_SCHEMA.has(file))
        : CORE.filter((file) => existsSync(join(tree, file)));
  console.log(
    `previous-release check: ${previous.commit.slice(0, 7)}'s API tests (${named.length > 0 ? 'named' : all ? 'all' : 'core'}: ${files.length} files) on this release's schema (migrations ${newer.map((migration) => migration.version).join(', ')} added)`,
  );
  const run = spawnSync(
    process.execPath,
    [join(tree, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'api', ...files],
    { cwd: tree, stdio: 'inherit', env: process.env },
  );
  if (run.status !== 0)
    fail(
      `the previous release's API tests fail on this schema: make the migration expand only, or give its reason (-- contract: …)`,
    );
} finally {
  rmSync(tree, { recursive: true, force: true });
}

/**
 * The previous release's dependencies: this checkout's node_modules when every package its lock
 * file names is here at the same version (a release adds packages more often than it moves
 * them), the workspace's own packages pointing into its tree; else a clean install of its lock.
 */
function linkOrInstall(root: string): void {
  const ours = JSON.parse(readFileSync(join(REPO, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; link?: boolean }>;
  };
  const theirs = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as typeof ours;
  const moved = Object.entries(theirs.packages).filter(
    ([path, entry]) =>
      path.startsWith('node_modules/') && !entry.link && ours.packages[path]?.version !== entry.version,
  );
  if (moved.length > 0 || !existsSync(join(REPO, 'node_modules'))) {
    console.log(
      `previous-release check: ${moved.length} packages differ from this checkout's (${moved
        .slice(0, 3)
        .map(([path]) => path)
        .join(', ')}…): npm ci`,
    );
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    return;
  }
  mkdirSync(join(root, 'node_modules'));
  for (const entry of readdirSync(join(REPO, 'node_modules'))) {
    if (entry === '@chain') {
      // Relative links (../../packages/domain …): made the same, they point into the old tree.
      mkdirSync(join(root, 'node_modules/@chain'));
      for (const link of readdirSync(join(REPO, 'node_modules/@chain')))
        symlinkSync(readlinkSync(join(REPO, 'node_modules/@chain', link)), join(root, 'node_modules/@chain', link));
    } else {
      symlinkSync(join(REPO, 'node_modules', entry), join(root, 'node_modules', entry));
    }
  }
  for (const workspace of ['apps/server', 'apps/web', 'packages/domain', 'packages/contract', 'e2e']) {
    const modules = join(REPO, workspace, 'node_modules');
    if (existsSync(modules) && existsSync(join(root, workspace)) && !existsSync(join(root, workspace, 'node_modules')))
      symlinkSync(modules, join(root, workspace, 'node_modules'));
  }
}
