import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = fileURLToPath(new URL('../apps/web/scripts/check-budget.mjs', import.meta.url));
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A made-up build: an entry script and a preloaded chunk of this many characters of random base64 (about 0.76 of it left by gzip), and a lazy chunk. */
function build(entryBytes: number, preloadBytes: number): string {
  const dist = mkdtempSync(join(tmpdir(), 'chain-budget-'));
  folders.push(dist);
  mkdirSync(join(dist, 'assets'));
  const script = (bytes: number) => `export const x = "${randomBytes(bytes).toString('base64').slice(0, bytes)}";`;
  writeFileSync(join(dist, 'assets', 'main-a.js'), script(entryBytes));
  writeFileSync(join(dist, 'assets', 'react-b.js'), script(preloadBytes));
  writeFileSync(join(dist, 'assets', 'lazy-c.js'), script(200_000));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/main-a.js"></script><link rel="modulepreload" crossorigin href="/assets/react-b.js"></head><body></body></html>',
  );
  return dist;
}

const run = (dist: string) =>
  spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, BUDGET_DIST: dist }, encoding: 'utf8' });

// docs/architecture.md / issue 18: the entry route's JavaScript, gzipped as served: hard cap 120 kB, aim 90 kB.
describe('the entry route budget (npm run build)', () => {
  it('passes under the aim, counting the entry script and its preloads but not lazy chunks', () => {
    const result = run(build(30_000, 40_000));
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/entry route JavaScript: \d+\.\d kB gzip \(budget 120 kB, aim 90 kB\)/);
    expect(result.stderr).not.toContain('aim');
  });

  it('passes between the aim and the cap, saying it is above the aim', () => {
    const result = run(build(40_000, 95_000));
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('under the cap, but above the 90 kB aim');
  });

  it('fails the build above the cap', () => {
    const result = run(build(80_000, 100_000));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/entry route JavaScript \d+\.\d kB is over the 120 kB budget/);
  });
});
