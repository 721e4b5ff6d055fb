/**
 * The migration rule that makes a rolling deploy safe (issue 32, docs/operations.md): a release's
 * migrations must work with the previous release's code, which keeps running on the new schema
 * until its last instance is replaced. So a migration only expands — new tables, new columns with a
 * default or nullable, new indexes, triggers, functions — and what removes or changes something the
 * previous release reads or writes (a contract step) waits for the release after the one that
 * stopped using it. A migration that must contract anyway carries a line `-- contract: <reason>`,
 * and that release is deployed by stopping every instance first.
 */

/** Statements that can break the previous release's code, each with what it does to it. */
const CONTRACT_PATTERNS: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  {
    pattern: /\bdrop\s+(table|view|materialized\s+view|type|function|schema|sequence)\b/,
    what: 'drops what the previous release may use',
  },
  { pattern: /\bdrop\s+column\b/, what: 'drops a column the previous release may read or write' },
  { pattern: /\brename\b/, what: 'renames what the previous release names' },
  {
    pattern: /\balter\s+column\s+\w+\s+(set\s+data\s+)?type\b/,
    what: 'changes a column type under the previous release',
  },
  {
    pattern: /\balter\s+column\s+\w+\s+set\s+not\s+null\b/,
    what: 'makes a column the previous release may leave empty required',
  },
  { pattern: /\badd\s+constraint\b/, what: 'adds a constraint the previous release’s writes may break' },
  { pattern: /\bcreate\s+unique\s+index\b/, what: 'adds a uniqueness the previous release’s writes may break' },
  { pattern: /\btruncate\b/, what: 'empties a table' },
];

const REASON = /^\s*--\s*contract:\s*(\S.*)$/gm;

/** The SQL without comments and string literals, in lower case, whitespace folded: what patterns look at. */
function statementsText(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\$\$[\s\S]*?\$\$/g, ' $$ ')
    .replace(/'(?:[^']|'')*'/g, "''")
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

/** What in a migration contracts the schema, as readable findings ('' when it only expands). */
export function contractFindings(sql: string): string[] {
  const text = statementsText(sql);
  const findings: string[] = [];
  for (const { pattern, what } of CONTRACT_PATTERNS) {
    const global = new RegExp(pattern.source, 'g');
    for (const match of text.matchAll(global)) {
      const start = text.lastIndexOf(';', match.index) + 1;
      const end = text.indexOf(';', match.index);
      findings.push(
        `${what}: ${text
          .slice(start, end === -1 ? undefined : end)
          .trim()
          .slice(0, 160)}`,
      );
    }
  }
  // Adding a required column with no default: the previous release's inserts leave it out.
  for (const match of text.matchAll(/\badd\s+column\s+(if\s+not\s+exists\s+)?[^,;]*?\bnot\s+null\b[^,;]*/g)) {
    if (!/\bdefault\b|\bgenerated\b/.test(match[0]))
      findings.push(
        `adds a required column without a default the previous release’s inserts leave out: ${match[0].trim().slice(0, 160)}`,
      );
  }
  return findings;
}

/** The written reasons (`-- contract: …`) a migration gives for contracting. */
export function contractReasons(sql: string): string[] {
  return [...sql.matchAll(REASON)].map((match) => (match[1] ?? '').trim());
}
