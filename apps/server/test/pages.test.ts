import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainPageResponse, errorResponse } from '@chain/contract';
import { parsePageText } from '@chain/domain';
import { upsertPage } from '../src/modules/pages/repository';
import { buildTestApp, databaseKinds, type TestApp } from './support/build';
import { commandDatabase, runCommand } from './support/command';

// SPEC 2 «О компании»: «Условия доставки» and «Оферта» as embedded pages, «О сети» above the
// restaurant card; decision 024: the chain's texts live in the database (chain_pages), are read
// by GET /api/v1/pages/{slug} and changed without code by `npm run chain-page` (docs/content.md).

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const rub = (kopecks: number) => `${kopecks / 100} ₽`;

describe.each(databaseKinds())('GET /api/v1/pages/{slug} on %s (SPEC 2, decision 024)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it("serves the demo chain's «О сети», «Условия доставки» and «Оферта» in the page format, never HTML", async () => {
    for (const [slug, title] of [
      ['about', 'О сети'],
      ['delivery', 'Условия доставки'],
      ['offer', 'Оферта'],
    ] as const) {
      const res = await get(t, `/api/v1/pages/${slug}`);
      expect(res.statusCode, slug).toBe(200);
      const page = chainPageResponse.parse(res.json());
      expect(page).toMatchObject({ slug, title });
      expect(Number.isNaN(Date.parse(page.updated_at))).toBe(false);
      expect(page.body).not.toMatch(/<[a-z/]/i);
      expect(parsePageText(page.body).length).toBeGreaterThan(3);
    }
  });

  it('states in the delivery terms the minimum sums, price and free-delivery sum of every zone guests can order to, as the database has them', async () => {
    const body = chainPageResponse.parse((await get(t, '/api/v1/pages/delivery')).json()).body;
    const served = await t.database.db
      .selectFrom('delivery_zones')
      .innerJoin('restaurants', 'restaurants.id', 'delivery_zones.restaurant_id')
      .select([
        'delivery_zones.name',
        'min_order_sum_rest',
        'min_order_sum_shop',
        'delivery_price',
        'free_delivery_from',
        'restaurants.name as restaurant',
      ])
      .where('delivery_zones.active', '=', true)
      .where('restaurants.active', '=', true)
      .where('restaurants.delivery_courier', '=', true)
      .execute();
    expect(served.length).toBeGreaterThan(0);
    for (const zone of served) {
      const line = parsePageText(body)
        .flatMap((block) => (block.kind === 'list' ? block.items : []))
        .find((item) => item.startsWith(`«${zone.name}»`));
      expect(line, zone.name).toBeDefined();
      expect(line).toContain(`из ресторана «${zone.restaurant}»`);
      expect(line).toContain(`Минимальная сумма заказа ${rub(zone.min_order_sum_rest)}`);
      if (zone.min_order_sum_shop !== zone.min_order_sum_rest)
        expect(line).toContain(`с товарами магазина — ${rub(zone.min_order_sum_shop)}`);
      expect(line).toContain(`Доставка ${rub(zone.delivery_price)}`);
      expect(line).toContain(
        zone.free_delivery_from === null ? 'при любой сумме заказа' : `от ${rub(zone.free_delivery_from)} — бесплатно`,
      );
    }
  });

  it('sends an ETag and no-cache, answers 304 while the text is unchanged, and the new text at once after an edit', async () => {
    const first = await get(t, '/api/v1/pages/about');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get(t, '/api/v1/pages/about', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const before = chainPageResponse.parse(first.json());
    await upsertPage(t.database.db, { slug: 'about', title: null, body: `${before.body}\n\nНовый абзац.` });
    const edited = await get(t, '/api/v1/pages/about', { 'if-none-match': etag });
    expect(edited.statusCode).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
    const page = chainPageResponse.parse(edited.json());
    expect(page.title).toBe('О сети');
    expect(page.body.endsWith('Новый абзац.')).toBe(true);
    expect(Date.parse(page.updated_at)).toBeGreaterThanOrEqual(Date.parse(before.updated_at));
  });

  it('answers an unknown page with 404 «Страница не найдена»', async () => {
    const res = await get(t, '/api/v1/pages/nothing_here');
    expect(res.statusCode).toBe(404);
    expect(errorResponse.parse(res.json())).toMatchObject({ error: 'page_not_found', message: 'Страница не найдена' });
  });

  it('answers a slug that is not lowercase Latin letters or «_», or longer than 40, with a readable 400', async () => {
    for (const slug of [
      'Offer',
      'offer1',
      'of-fer',
      '%D0%BE%D1%84%D0%B5%D1%80%D1%82%D0%B0',
      'x'.repeat(41),
      '%20',
      'offer%00',
    ]) {
      const res = await get(t, `/api/v1/pages/${slug}`);
      expect(res.statusCode, slug).toBe(400);
      expect(errorResponse.parse(res.json()).message, slug).toMatch(/[а-я]/i);
    }
    expect((await get(t, `/api/v1/pages/${'x'.repeat(40)}`)).statusCode).toBe(404);
  });
});

// `npm run chain-page` as a manager runs it: the real command in a process of its own.
const run = (args: string[], env: Record<string, string>) =>
  runCommand('apps/server/src/modules/pages/cli.ts', args, env);

// Each test starts the command a few times, each a cold Node with tsx: seconds apiece, many more on a busy two-core machine.
describe.each(databaseKinds())(
  'npm run chain-page on %s (decision 024, docs/content.md)',
  { timeout: 120_000 },
  (kind) => {
    let database: Awaited<ReturnType<typeof commandDatabase>>;
    let folder: string;
    beforeAll(async () => {
      database = await commandDatabase(kind);
      folder = mkdtempSync(join(tmpdir(), 'chain-page-texts-'));
    });
    afterAll(async () => {
      await database.dispose();
      rmSync(folder, { recursive: true, force: true });
    });

    const file = (name: string, text: string) => {
      const path = join(folder, name);
      writeFileSync(path, text);
      return path;
    };
    const page = async (slug: string) => {
      const handle = await database.open();
      try {
        return await handle.db.selectFrom('chain_pages').selectAll().where('slug', '=', slug).executeTakeFirst();
      } finally {
        await handle.close();
      }
    };

    it("replaces a page's text from a file and keeps its title; adds a new page only with --title", async () => {
      const saved = await run(['delivery', file('delivery.md', '## Зоны\r\n\r\n- Центр: от 1000 ₽\r\n')], database.env);
      expect(saved, saved.stderr).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('Page "delivery" («Условия доставки») saved') as string,
      });
      expect(await page('delivery')).toMatchObject({
        title: 'Условия доставки',
        body: '## Зоны\n\n- Центр: от 1000 ₽',
      });

      const untitled = await run(['bonus', file('bonus.md', 'Бонусы')], database.env);
      expect(untitled).toMatchObject({ code: 1, stderr: expect.stringContaining('--title') as string });
      expect(await page('bonus')).toBeUndefined();
      const titled = await run(['bonus', file('bonus.md', 'Бонусы'), '--title', 'Бонусная программа'], database.env);
      expect(titled.code, titled.stderr).toBe(0);
      expect(await page('bonus')).toMatchObject({ title: 'Бонусная программа', body: 'Бонусы' });
    });

    it.runIf(kind === 'pglite')('refuses a bad slug, HTML, an empty or missing file, and changes nothing', async () => {
      const before = await page('offer');
      expect(await run(['offer'], database.env)).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('Usage:') as string,
      });
      expect((await run(['Оферта', file('a.md', 'Текст')], database.env)).code).toBe(1);
      expect(await run(['offer', file('b.md', '<p>Текст</p>')], database.env)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('HTML') as string,
      });
      expect(await run(['offer', file('c.md', '  \n')], database.env)).toMatchObject({
        code: 1,
        stderr: 'The file is empty.\n',
      });
      expect(await run(['offer', join(folder, 'missing.md')], database.env)).toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Cannot read') as string,
      });
      expect(await page('offer')).toEqual(before);
    });
  },
);
