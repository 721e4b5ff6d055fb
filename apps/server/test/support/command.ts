import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { createPglite, openDatabase, type DatabaseHandle } from '../../src/db/client';
import type { DatabaseKind } from './build';
import { admin, databaseUrl, dropDatabase } from './postgres';

// The operator's commands (`npm run kiosk-code`, `chain-page`, `catalogue`) as on call runs them:
// the real command in a process of its own, on a database the test prepared and then let go.

export const REPO = fileURLToPath(new URL('../../../../', import.meta.url));

export interface CommandRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry of the repository (a path from its root) with tsx in a cold Node. */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<CommandRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(REPO, script), ...args], {
      cwd: REPO,
      env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', HOST: '127.0.0.1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${script} did not finish within ${timeoutMs} ms: ${stdout}${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

export interface CommandDatabase {
  /** The variables that point the command at it. */
  env: Record<string, string>;
  /** Opens it here (close it again before the command runs: a PGlite folder is one process's). */
  open: () => Promise<DatabaseHandle>;
  dispose: () => Promise<void>;
}

/** A migrated, seeded database for a command: prepared here, then opened by the command alone. */
export async function commandDatabase(kind: DatabaseKind): Promise<CommandDatabase> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(join(tmpdir(), 'chain-command-'));
    await (
      await openDatabase({
        kind: 'pglite',
        instance: await createPglite(dataDir, new Blob([readFileSync(inject('pgliteTemplate'))])),
      })
    ).close();
    return {
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ kind: 'pglite', dataDir }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `chain_t_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database "${name}" template "${inject('postgresTemplate') ?? ''}"`));
  const url = databaseUrl(name);
  return {
    env: { DATABASE_URL: url },
    open: () => openDatabase({ kind: 'postgres', url, poolSize: 2 }),
    dispose: () => dropDatabase(name),
  };
}
