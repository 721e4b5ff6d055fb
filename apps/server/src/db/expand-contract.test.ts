import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractFindings, contractReasons } from './expand-contract';
import { loadMigrations } from './migrate';

// Issue 32: a release's migrations work with the previous release's code (expand, then contract),
// so a rolling deploy can run both on one schema. docs/operations.md has the rule.

const previous = JSON.parse(
  readFileSync(fileURLToPath(new URL('../../../../ops/previous-release.json', import.meta.url)), 'utf8'),
) as {
  commit: string;
  lastMigration: number;
};

describe('what contracts a schema', () => {
  it.each([
    ['alter table orders drop column comment;', 'drops a column'],
    ['drop table menu_photos;', 'drops what'],
    ['alter table menu_photos rename to uploaded_photos;', 'renames'],
    ['alter table orders rename column sum to total;', 'renames'],
    ['alter table orders alter column sum type bigint;', 'changes a column type'],
    ['alter table orders alter column comment set not null;', 'required'],
    ['alter table orders add constraint sum_positive check (sum > 0);', 'adds a constraint'],
    ['create unique index orders_key on orders (idempotency_key);', 'uniqueness'],
    ['alter table orders add column source_ref text not null;', 'without a default'],
  ])('%s', (sql, what) => {
    const findings = contractFindings(sql);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toContain(what);
  });

  it.each([
    "alter table restaurants add column img text not null default '' check (length(img) <= 200);",
    'alter table categories add column dish_order_version integer not null default 1;',
    'alter table orders add column follow_token text;',
    'create table menu_stories (id integer primary key, title text not null);',
    'create index orders_created on orders (created_at);',
    'create function f() returns trigger language plpgsql as $$ begin drop table x; return null; end; $$;',
    "-- we do not drop column anything here\ninsert into settings (key, value) values ('note', 'rename me');",
  ])('expands only: %s', (sql) => {
    expect(contractFindings(sql)).toEqual([]);
  });

  it('reads the written reasons', () => {
    expect(
      contractReasons(
        '-- contract: 041 stopped reading orders.comment (release 2026-12)\nalter table orders drop column comment;',
      ),
    ).toEqual(['041 stopped reading orders.comment (release 2026-12)']);
  });
});

describe('this release’s migrations against the previous release (ops/previous-release.json)', () => {
  it('names a commit and a migration this release has', () => {
    expect(previous.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(loadMigrations().some((migration) => migration.version === previous.lastMigration)).toBe(true);
  });

  it('each migration since the previous release only expands, or says why it cannot', () => {
    const unexplained = loadMigrations()
      .filter((migration) => migration.version > previous.lastMigration)
      .flatMap((migration) =>
        contractReasons(migration.sql).length > 0
          ? []
          : contractFindings(migration.sql).map((finding) => `${migration.name}: ${finding}`),
      );
    expect(unexplained).toEqual([]);
  });
});
