import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFileText, type CatalogueFile } from '@chain/contract';
import { databaseKinds } from './support/build';
import { commandDatabase, runCommand, type CommandDatabase } from './support/command';

// `npm run catalogue -w @chain/server` (issue 31, decision 051) as an operator runs it: export,
// a dry run that changes nothing, applying, and a refused file with its places and exit 1. The
// command is the same code as the back office's call (catalogue.test.ts covers both databases);
// here on the last database of the run, PostgreSQL when there is one.
const kind = databaseKinds().at(-1) ?? 'pglite';

describe(`npm run catalogue on ${kind} (issue 31)`, { timeout: 120_000 }, () => {
  let database: CommandDatabase;
  let folder: string;
  beforeAll(async () => {
    database = await commandDatabase(kind);
    folder = mkdtempSync(join(tmpdir(), 'chain-catalogue-'));
  });
  afterAll(async () => {
    await database.dispose();
    rmSync(folder, { recursive: true, force: true });
  });
  const catalogue = (...args: string[]) => runCommand('apps/server/src/modules/catalogue/cli.ts', args, database.env);
  const priceOf = async (id: number) => {
    const handle = await database.open();
    try {
      return (await handle.db.selectFrom('dishes').select('price').where('id', '=', id).executeTakeFirstOrThrow())
        .price;
    } finally {
      await handle.close();
    }
  };

  it('exports, checks without changing, applies, and refuses a broken file naming its places', async () => {
    const path = join(folder, 'catalogue.json');
    const exported = await catalogue('export', path);
    expect(exported, exported.stderr).toMatchObject({ code: 0 });
    const file = JSON.parse(readFileSync(path, 'utf8')) as CatalogueFile;
    expect(catalogueFileText(file)).toBe(readFileSync(path, 'utf8'));
    expect((await catalogue('import', path, '--dry-run')).stdout).toContain('Dry run: nothing changed.');

    const dish = file.dishes[0]!;
    writeFileSync(
      path,
      catalogueFileText({
        ...file,
        dishes: file.dishes.map((row) => (row.id === dish.id ? { ...row, price: row.price + 100 } : row)),
      }),
    );
    const dry = await catalogue('import', path, '--dry-run');
    expect(dry, dry.stderr).toMatchObject({ code: 0 });
    expect(dry.stdout).toContain('Блюда: added 0, changed 1, archived 0');
    expect(await priceOf(dish.id)).toBe(dish.price);
    expect((await catalogue('import', path)).stdout).toContain('Applied.');
    expect(await priceOf(dish.id)).toBe(dish.price + 100);

    writeFileSync(path, JSON.stringify({ ...file, dishes: [{ ...dish, price: 'дорого' }] }));
    const refused = await catalogue('import', path);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('dishes[0].price: ');
    expect(refused.stderr).toContain('nothing changed');
    expect(await priceOf(dish.id)).toBe(dish.price + 100);
    expect((await catalogue('import')).code).toBe(2);
  });
});
