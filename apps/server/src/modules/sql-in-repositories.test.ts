import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every module keeps its SQL in its repository (docs/architecture.md): a module file other than
// `repository.ts` or one under a `repository/` folder may call repository functions and open a
// transaction, but starts no query (selectFrom, insertInto, updateTable, deleteFrom, mergeInto,
// selectNoFrom on a Kysely, a transaction or an expression builder) and uses no `sql` of
// kysely (the sql`…` template, sql.raw, sql.ref …).

const MODULES = fileURLToPath(new URL('.', import.meta.url));
const QUERY_STARTS = new Set(['selectFrom', 'insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'selectNoFrom']);

function isRepository(path: string): boolean {
  const parts = path.split(/[\\/]/);
  return parts.at(-1) === 'repository.ts' || parts.slice(0, -1).includes('repository');
}

/** Where a file starts a query or uses kysely's `sql`, as `path:line what` lines. */
function sqlUses(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  // Each local name `sql` of kysely is bound to (import { sql } / import { sql as q }).
  const sqlNames = new Set<string>();
  for (const statement of source.statements) {
    if (
      !ts.isImportDeclaration(statement) ||
      !ts.isStringLiteral(statement.moduleSpecifier) ||
      statement.moduleSpecifier.text !== 'kysely'
    )
      continue;
    const bindings = statement.importClause?.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const element of bindings.elements) {
      if (
        (element.propertyName ?? element.name).text === 'sql' &&
        !element.isTypeOnly &&
        !statement.importClause?.isTypeOnly
      )
        sqlNames.add(element.name.text);
    }
  }
  const found: string[] = [];
  const at = (node: ts.Node, what: string) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    found.push(`${path}:${line + 1} ${what}`);
  };
  const visit = (node: ts.Node): void => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      QUERY_STARTS.has(node.expression.name.text)
    ) {
      at(node, `.${node.expression.name.text}()`);
    } else if (ts.isIdentifier(node) && sqlNames.has(node.text) && !ts.isImportSpecifier(node.parent)) {
      at(node, `kysely's ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function moduleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return moduleFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('SQL lives in the repositories', () => {
  it('no module file outside a repository starts a query or uses sql', () => {
    const files = moduleFiles(MODULES)
      .map((path) => relative(MODULES, path).split(sep).join('/'))
      .filter((path) => !isRepository(path));
    expect(files.length).toBeGreaterThan(20);
    expect(files.flatMap((path) => sqlUses(path, readFileSync(join(MODULES, path), 'utf8')))).toEqual([]);
  });

  it('finds each way of writing SQL, and not what merely looks like it', () => {
    const probe = `
      import { sql as raw, type Kysely } from 'kysely';
      import type { sql as typeOnly } from 'kysely';
      export async function probe(db: Kysely<Database>, trx: Transaction<Database>) {
        await db.selectFrom('orders').selectAll().execute();
        await trx
          .insertInto('orders').values(row).execute();
        await db.updateTable('orders').set({ paid: true }).where((eb) => eb.exists(eb.selectFrom('payments').select('id'))).execute();
        await db.deleteFrom('sessions').execute();
        await raw\`select 1\`.execute(db);
        const column = raw.ref('orders.id');
        // db.selectFrom('in a comment') and 'sql\` in a string' are no SQL
        return db.transaction().execute((t) => findOrder(t, 1));
      }`;
    expect(sqlUses('orders/service.ts', probe)).toEqual([
      'orders/service.ts:5 .selectFrom()',
      'orders/service.ts:6 .insertInto()',
      'orders/service.ts:8 .updateTable()',
      'orders/service.ts:8 .selectFrom()',
      'orders/service.ts:9 .deleteFrom()',
      "orders/service.ts:10 kysely's raw",
      "orders/service.ts:11 kysely's raw",
    ]);
  });

  it('lets repository.ts and a repository/ folder hold it', () => {
    expect(isRepository('payments/repository.ts')).toBe(true);
    expect(isRepository('orders/repository/quotes.ts')).toBe(true);
    expect(isRepository('payments/closing.ts')).toBe(false);
    expect(isRepository('repository-helpers/service.ts')).toBe(false);
  });
});
