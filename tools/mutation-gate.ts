// Issue 33, decision 063: the domain's mutation testing in `npm test`. A full Stryker run of
// packages/domain takes longer than `npm test` can give it, so CI mutates what this release changed:
// the domain's source files changed since the previous release (ops/previous-release.json), and the
// source files that a changed or added domain test tests (a weakened test is caught too). The
// threshold is the full run's (packages/domain/stryker.config.json, break 85).
//
//   node --import tsx tools/mutation-gate.ts            the gate (npm run test:mutation:changed)
//   node --import tsx tools/mutation-gate.ts --list     the files it would mutate, nothing run
//
// The full run stays `npm run test:mutation` (before a release, and after a change to the domain's
// shared rules: wall-clock, time, schedule are imported by most of it).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, normalize, relative } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { git, readPreviousRelease, REPO, requirePreviousCommit } from './previous-release-commit';

const CHECK = 'domain mutation gate';
const DOMAIN = 'packages/domain';

const previous = readPreviousRelease(CHECK);
requirePreviousCommit(CHECK, previous.commit);

/** Both texts as the formatter writes them: a file whose change is only its layout changes no rule. */
async function sameOnceFormatted(path: string, before: string, now: string): Promise<boolean> {
  const options = { ...(await resolveConfig(join(REPO, path))), filepath: join(REPO, path) };
  try {
    return (await format(before, options)) === (await format(now, options));
  } catch {
    return false;
  }
}

/** What a file was at the previous release; null for a file it did not have. */
function atPreviousRelease(path: string): string | null {
  const shown = spawnSync('git', ['show', `${previous.commit}:${path}`], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  return shown.status === 0 ? shown.stdout : null;
}

/**
 * Changed since the previous release: committed, staged or in the work tree, and new files —
 * except those whose only change is the formatter's (the tree was formatted once, issue 33).
 */
const touched = [
  ...git('diff', '--name-only', previous.commit, '--', `${DOMAIN}/src`, `${DOMAIN}/tests`).split('\n'),
  ...git('ls-files', '--others', '--exclude-standard', '--', `${DOMAIN}/src`, `${DOMAIN}/tests`).split('\n'),
].filter((path) => path !== '' && existsSync(join(REPO, path)));
const changed: string[] = [];
for (const path of touched) {
  const before = atPreviousRelease(path);
  if (before === null || !(await sameOnceFormatted(path, before, readFileSync(join(REPO, path), 'utf8'))))
    changed.push(path);
}

/**
 * What a changed test tests: its namesake (tests/cart.test.ts → src/cart.ts), else the domain
 * files it imports (`../src/x`). Not every import: most tests import wall-clock or time to set up,
 * and mutating those for every test touched would cost the gate most of a full run.
 */
function sourcesOf(test: string): string[] {
  const namesake = `${DOMAIN}/src/${basename(test, '.test.ts')}.ts`;
  if (existsSync(join(REPO, namesake))) return [namesake];
  const text = readFileSync(join(REPO, test), 'utf8');
  return [...text.matchAll(/from '(\.\.\/src(?:\/[\w-]+)?)'/g)].map((match) => {
    const target = normalize(join(dirname(test), match[1] ?? ''));
    return existsSync(join(REPO, `${target}.ts`)) ? `${target}.ts` : `${target}/index.ts`;
  });
}

const isSource = (path: string) => path.startsWith(`${DOMAIN}/src/`) && path.endsWith('.ts');
const isTest = (path: string) => path.startsWith(`${DOMAIN}/tests/`) && path.endsWith('.test.ts');
const mutate = [...new Set([...changed.filter(isSource), ...changed.filter(isTest).flatMap(sourcesOf)])]
  .filter((path) => existsSync(join(REPO, path)))
  .map((path) => relative(DOMAIN, path))
  .sort();

const since = previous.commit.slice(0, 7);
if (mutate.length === 0) {
  console.log(`${CHECK}: no domain source or test changed since ${since}: nothing to mutate`);
  process.exit(0);
}
console.log(
  `${CHECK}: ${mutate.length} domain files changed since ${since} (or tested by a changed test): ${mutate.join(', ')}`,
);
if (process.argv.includes('--list')) process.exit(0);

const stryker = join(REPO, DOMAIN, 'node_modules/@stryker-mutator/core/bin/stryker.js');
const run = spawnSync(process.execPath, [stryker, 'run', '--mutate', mutate.join(',')], {
  cwd: join(REPO, DOMAIN),
  stdio: 'inherit',
});
if (run.status !== 0) {
  console.error(
    `${CHECK}: Stryker failed (exit ${run.status ?? run.signal}): below the break threshold of ${DOMAIN}/stryker.config.json, or a test failed`,
  );
  process.exit(1);
}
