/**
 * `npm run catalogue -w @chain/server -- export FILE` writes the chain's catalogue (FILE ending in
 * .csv: the dish prices); `-- import FILE [--dry-run]` checks a catalogue file (or a prices .csv)
 * and, without --dry-run, applies it in one transaction (issue 31, decision 051,
 * docs/back-office.md). Prints the difference per kind and every problem with its place; a file
 * with a problem changes nothing and exits 1. Uses the server's configuration (DATABASE_URL, or
 * the PGlite folder: stop the server first, db/data-dir-lock.ts).
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { CATALOGUE_KIND_NAMES, CATALOGUE_KINDS, CATALOGUE_LIMITS, type CatalogueDifference } from '@chain/contract';
import { ConfigError, parseDatabaseConfig } from '../../config';
import { openToolDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { exportCatalogue, importCatalogue } from './service';

const USAGE =
  'Usage: npm run catalogue -w @chain/server -- export FILE[.json|.csv] | import FILE[.json|.csv] [--dry-run]';

/** The difference in lines a person reads: one per kind, then the examples. */
function differenceLines(difference: CatalogueDifference): string[] {
  return [
    ...CATALOGUE_KINDS.map(
      (kind) =>
        `${CATALOGUE_KIND_NAMES[kind]}: added ${difference[kind].added}, changed ${difference[kind].changed}, archived ${difference[kind].archived}`,
    ),
    ...difference.examples.map((example) => `  ${example.change} ${example.kind} ${example.id}: ${example.name}`),
  ];
}

async function main(args: readonly string[]): Promise<number> {
  const [command, file, ...rest] = args;
  const dryRun = rest.includes('--dry-run');
  if (
    (command !== 'export' && command !== 'import') ||
    !file ||
    rest.some((arg) => arg !== '--dry-run') ||
    (command === 'export' && dryRun)
  ) {
    console.error(USAGE);
    return 2;
  }
  const csv = file.toLowerCase().endsWith('.csv');
  let content = '';
  if (command === 'import') {
    const size = (await stat(file).catch(() => null))?.size;
    if (size === undefined) {
      console.error(`Cannot read ${file}.`);
      return 1;
    }
    if (size > CATALOGUE_LIMITS.textLength * 2) {
      console.error(`The file is too large: at most ${CATALOGUE_LIMITS.textLength} characters.`);
      return 1;
    }
    content = await readFile(file, 'utf8');
  }
  const database = await openToolDatabase(parseDatabaseConfig(process.env));
  try {
    if (command === 'export') {
      const exported = await exportCatalogue(database.db);
      await writeFile(file, csv ? exported.csv : exported.json);
      console.log(`Catalogue written to ${file} (${csv ? 'dish prices' : `fingerprint ${exported.fingerprint}`}).`);
      return 0;
    }
    const outcome = await importCatalogue(database.db, { format: csv ? 'csv' : 'json', content }, { dryRun });
    for (const problem of outcome.problems) console.error(`${problem.place}: ${problem.message}`);
    if (outcome.problems.length > 0) {
      console.error(
        `The file is refused (${outcome.problems.length} problem${outcome.problems.length === 1 ? '' : 's'}); nothing changed.`,
      );
      return 1;
    }
    if (outcome.difference) for (const line of differenceLines(outcome.difference)) console.log(line);
    console.log(outcome.applied ? 'Applied.' : dryRun ? 'Dry run: nothing changed.' : 'No change.');
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const plain = error instanceof ConfigError || error instanceof DataDirLockedError;
    console.error(
      plain ? error.message : `catalogue failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
