import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import ts from 'typescript';

/**
 * The two descriptions of the database that must agree: the kysely interfaces written in
 * src/db/types.ts, read with the TypeScript compiler, and the schema the migrations build, read
 * from information_schema and pg_constraint. `schemaDrift` lists every way they differ.
 */

export const TYPES_FILE = fileURLToPath(new URL('../../src/db/types.ts', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.json', import.meta.url));

/** What a value of a column is in JavaScript: 'string', 'number', 'boolean', 'Date', 'bytes', 'json', or one of these + '[]'. */
type Kind = string;

/** A column as types.ts declares it. */
export interface DeclaredColumn {
  /** The kind of each of the select, insert and update types (null and undefined left out). */
  kinds: { select: Kind; insert: Kind; update: Kind };
  /** The select type holds null. */
  nullable: boolean;
  /** The insert or update type holds null. */
  writesNull: boolean;
  /** An insert may leave the column out. */
  insertOptional: boolean;
  /** The select type is a union of string literals: those, sorted. */
  literals?: string[];
}

/** A column as the migrated database has it. */
export interface SchemaColumn {
  /** information_schema's udt_name: int4, text, _text (an array of text), jsonb … */
  udt: string;
  nullable: boolean;
  /** Has a default, is an identity or a generated column: an insert may leave it out. */
  filled: boolean;
  /** The values a single-column `check (col in (…))` allows, sorted. */
  literals?: string[];
}

export type Tables<C> = Map<string, Map<string, C>>;

/** The JavaScript kind each PostgreSQL type arrives as (src/db/type-parsers.ts for int8, numeric, date). */
const KIND_OF_UDT: Record<string, Kind> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  uuid: 'string',
  date: 'string',
  int2: 'number',
  int4: 'number',
  int8: 'number',
  numeric: 'number',
  float4: 'number',
  float8: 'number',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  bytea: 'bytes',
  json: 'json',
  jsonb: 'json',
};

function kindOfUdt(udt: string): Kind | undefined {
  if (udt.startsWith('_')) {
    const element = KIND_OF_UDT[udt.slice(1)];
    return element && element !== 'json' ? `${element}[]` : undefined;
  }
  return KIND_OF_UDT[udt];
}

// --- types.ts through the compiler --------------------------------------------------------------

function kindOfType(checker: ts.TypeChecker, type: ts.Type): Kind {
  const members = (type.isUnion() ? type.types : [type]).filter(
    (t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)),
  );
  const kinds = new Set(members.map((t) => kindOfMember(checker, t)));
  if (kinds.size === 1) return [...kinds][0]!;
  // Buffer | Uint8Array, or a union of object shapes: one kind each.
  if ([...kinds].every((k) => k === 'bytes')) return 'bytes';
  return [...kinds].sort().join(' | ');
}

function kindOfMember(checker: ts.TypeChecker, type: ts.Type): Kind {
  if (type.flags & (ts.TypeFlags.String | ts.TypeFlags.StringLiteral)) return 'string';
  if (type.flags & (ts.TypeFlags.Number | ts.TypeFlags.NumberLiteral)) return 'number';
  if (type.flags & (ts.TypeFlags.Boolean | ts.TypeFlags.BooleanLiteral)) return 'boolean';
  if (type.flags & ts.TypeFlags.Unknown) return 'json';
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return `${element ? kindOfType(checker, element) : 'unknown'}[]`;
  }
  const name = type.getSymbol()?.getName();
  if (name === 'Date') return 'Date';
  if (name === 'Buffer' || name === 'Uint8Array') return 'bytes';
  if (type.flags & ts.TypeFlags.Object) return 'object';
  return checker.typeToString(type);
}

function holds(type: ts.Type, flag: ts.TypeFlags): boolean {
  return (type.isUnion() ? type.types : [type]).some((t) => (t.flags & flag) !== 0);
}

function stringLiterals(type: ts.Type): string[] | undefined {
  const members = (type.isUnion() ? type.types : [type]).filter((t) => !(t.flags & ts.TypeFlags.Null));
  if (members.length === 0 || !members.every((t) => t.isStringLiteral())) return undefined;
  return members.map((t) => t.value).sort();
}

/** The tables and columns of the `Database` interface in types.ts, as the compiler resolves them. */
export function readDeclaredTables(typesFile = TYPES_FILE): Tables<DeclaredColumn> {
  const config = ts.getParsedCommandLineOfConfigFile(
    TSCONFIG,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  );
  if (!config) throw new Error(`cannot read ${TSCONFIG}`);
  const program = ts.createProgram([typesFile], config.options);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(typesFile);
  const database = source?.statements.find(
    (s): s is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(s) && s.name.text === 'Database',
  );
  if (!database) throw new Error(`${typesFile} has no interface Database`);

  const tables: Tables<DeclaredColumn> = new Map();
  for (const table of checker.getTypeAtLocation(database).getProperties()) {
    const columns = new Map<string, DeclaredColumn>();
    for (const column of checker.getTypeOfSymbol(table).getProperties()) {
      const type = checker.getTypeOfSymbol(column);
      // kysely's ColumnType<S, I, U> is { __select__: S; __insert__: I; __update__: U }.
      const part = (name: string) => {
        const symbol = type.getProperty(name);
        return symbol ? checker.getTypeOfSymbol(symbol) : type;
      };
      const [select, insert, update] = [part('__select__'), part('__insert__'), part('__update__')];
      const literals = stringLiterals(select);
      columns.set(column.getName(), {
        kinds: {
          select: kindOfType(checker, select),
          insert: kindOfType(checker, insert),
          update: kindOfType(checker, update),
        },
        nullable: holds(select, ts.TypeFlags.Null),
        writesNull: holds(insert, ts.TypeFlags.Null) || holds(update, ts.TypeFlags.Null),
        insertOptional: holds(insert, ts.TypeFlags.Undefined) || (column.flags & ts.SymbolFlags.Optional) !== 0,
        ...(literals ? { literals } : {}),
      });
    }
    tables.set(table.getName(), columns);
  }
  return tables;
}

// --- the migrated schema ------------------------------------------------------------------------

/** The base tables of the current schema, with their columns and single-column `in (…)` checks. */
export async function readSchemaTables(db: Kysely<never>): Promise<Tables<SchemaColumn>> {
  const columns = await sql<{
    table_name: string;
    column_name: string;
    udt_name: string;
    is_nullable: 'YES' | 'NO';
    filled: boolean;
  }>`
    select c.table_name, c.column_name, c.udt_name, c.is_nullable,
           (c.column_default is not null or c.is_identity = 'YES' or c.is_generated <> 'NEVER') as filled
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
     where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
     order by c.table_name, c.ordinal_position`.execute(db);
  const checks = await sql<{ table_name: string; column_name: string; definition: string }>`
    select k.conrelid::regclass::text as table_name, a.attname as column_name,
           pg_get_constraintdef(k.oid) as definition
      from pg_constraint k
      join pg_namespace n on n.oid = k.connamespace
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
     where n.nspname = current_schema() and k.contype = 'c' and cardinality(k.conkey) = 1`.execute(db);

  const tables: Tables<SchemaColumn> = new Map();
  for (const row of columns.rows) {
    const table = tables.get(row.table_name) ?? new Map<string, SchemaColumn>();
    table.set(row.column_name, { udt: row.udt_name, nullable: row.is_nullable === 'YES', filled: row.filled });
    tables.set(row.table_name, table);
  }
  for (const check of checks.rows) {
    // PostgreSQL writes `col in ('a', 'b')` back as `CHECK ((col = ANY (ARRAY['a'::text, 'b'::text])))`.
    const listed = /= ANY \(ARRAY\[(.*)\]\)/.exec(check.definition)?.[1];
    const column = tables.get(check.table_name)?.get(check.column_name);
    if (!listed || !column) continue;
    column.literals = [...listed.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replaceAll("''", "'")).sort();
  }
  return tables;
}

// --- the comparison -----------------------------------------------------------------------------

/** Every difference between the declared and the migrated tables, one readable line each; [] when they agree. */
export function schemaDrift(declared: Tables<DeclaredColumn>, schema: Tables<SchemaColumn>): string[] {
  const drift: string[] = [];
  for (const name of schema.keys())
    if (!declared.has(name)) drift.push(`table ${name}: in the schema, not in Database`);
  for (const [name, columns] of declared) {
    const actual = schema.get(name);
    if (!actual) {
      drift.push(`table ${name}: in Database, not in the schema`);
      continue;
    }
    for (const column of actual.keys())
      if (!columns.has(column)) drift.push(`${name}.${column}: in the schema, not in types.ts`);
    for (const [column, want] of columns) {
      const have = actual.get(column);
      const at = `${name}.${column}`;
      if (!have) {
        drift.push(`${at}: in types.ts, not in the schema`);
        continue;
      }
      drift.push(...columnDrift(at, want, have));
    }
  }
  return drift;
}

function columnDrift(at: string, want: DeclaredColumn, have: SchemaColumn): string[] {
  const drift: string[] = [];
  const kind = kindOfUdt(have.udt);
  if (!kind) {
    drift.push(`${at}: the schema's type ${have.udt} has no JavaScript kind in schema-drift.ts`);
  } else if (kind !== 'json') {
    // A json column's select type is the shape the code reads and its insert type the text it writes.
    for (const side of ['select', 'insert', 'update'] as const) {
      if (want.kinds[side] !== kind)
        drift.push(`${at}: ${side} type is ${want.kinds[side]}, the schema's ${have.udt} is ${kind}`);
    }
  }
  if (want.nullable !== have.nullable) {
    drift.push(
      `${at}: types.ts ${want.nullable ? 'allows' : 'excludes'} null, the schema is ${have.nullable ? 'nullable' : 'not null'}`,
    );
  }
  if (want.writesNull && !have.nullable) drift.push(`${at}: types.ts writes null into a not null column`);
  if (want.insertOptional && !have.filled && !have.nullable) {
    drift.push(`${at}: types.ts lets an insert leave it out, the schema has no default`);
  }
  if (!want.insertOptional && have.filled)
    drift.push(`${at}: the schema has a default, types.ts demands it on insert (Generated/Defaulted)`);
  const wanted = want.literals?.join(', ');
  const allowed = have.literals?.join(', ');
  if (wanted !== allowed) {
    drift.push(
      `${at}: types.ts allows ${wanted ? `only ${wanted}` : 'any text'}, the schema's check ${allowed ? `only ${allowed}` : 'any text'}`,
    );
  }
  return drift;
}
