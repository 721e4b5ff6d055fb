/**
 * `npm run chain-page -w @chain/server -- <slug> <file> [--title "…"]`: stores the text of one of
 * the chain's pages (decision 024, docs/content.md): offer, delivery, about, or a new slug. The
 * file is plain UTF-8 text in the page format (parsePageText of packages/domain: '## ' headings,
 * '- ' list items, blank lines between paragraphs). A known page keeps its title unless --title
 * is given; a new one needs --title. Uses the same configuration as the server (DATABASE_URL, or
 * the PGlite folder), on a database the server has migrated; on PGlite stop the server first
 * (db/data-dir-lock.ts). The app shows the new text on its next request.
 */
import { readFile, stat } from 'node:fs/promises';
import { MAX_PAGE_BODY_LENGTH } from '@chain/contract';
import { ConfigError, parseDatabaseConfig } from '../../config';
import { openToolDatabase } from '../../db/client';
import { DataDirLockedError } from '../../db/data-dir-lock';
import { upsertPage } from './repository';
import { checkPageInput } from './text';

const USAGE = 'Usage: npm run chain-page -w @chain/server -- <slug> <file> [--title "Page title"]';

/** The arguments: slug, file and an optional --title, in any order after the slug and file. */
function parseArgs(args: readonly string[]): { slug: string; file: string; title: string | null } | null {
  const positional: string[] = [];
  let title: string | null = null;
  const rest = [...args];
  for (let arg = rest.shift(); arg !== undefined; arg = rest.shift()) {
    if (arg === '--title' || arg.startsWith('--title=')) {
      const value = arg === '--title' ? rest.shift() : arg.slice('--title='.length);
      if (title !== null || value === undefined) return null;
      title = value;
    } else if (arg.startsWith('--')) {
      return null;
    } else {
      positional.push(arg);
    }
  }
  const [slug, file] = positional;
  if (positional.length !== 2 || slug === undefined || file === undefined) return null;
  return { slug, file, title };
}

async function main(args: readonly string[]): Promise<number> {
  const parsed = parseArgs(args);
  if (!parsed) {
    console.error(USAGE);
    return 2;
  }
  // Read at most a little more than a page may hold: a wrong file is refused, not loaded whole.
  const size = (await stat(parsed.file).catch(() => null))?.size;
  if (size === undefined) {
    console.error(`Cannot read ${parsed.file}.`);
    return 1;
  }
  if (size > MAX_PAGE_BODY_LENGTH * 4) {
    console.error(`The file is too large: a page holds at most ${MAX_PAGE_BODY_LENGTH} characters.`);
    return 1;
  }
  const input = checkPageInput(parsed.slug, parsed.title, await readFile(parsed.file, 'utf8'));
  if (!input.ok) {
    console.error(input.message);
    return 1;
  }
  const database = await openToolDatabase(parseDatabaseConfig(process.env));
  try {
    const row = await upsertPage(database.db, input);
    if (!row) {
      console.error(`There is no page "${input.slug}" yet: give its title with --title "…".`);
      return 1;
    }
    console.log(
      `Page "${row.slug}" («${row.title}») saved: ${row.body.length} characters, ${row.updated_at.toISOString()}.`,
    );
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
      plain ? error.message : `chain-page failed: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
