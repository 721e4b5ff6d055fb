import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { CATALOGUE_TEXTS, STAFF_TEXTS } from '@chain/contract';
import { auditScreen } from '../support/axe';
import { restaurantById } from '../support/api';
import { launchBrowser } from '../support/browser';
import { DEMO_KITCHEN, DEMO_MANAGER, signedInTabletPage } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];

// Issue 31 «Import and export», as a chain manager does it on the staff tablet: download the
// prices, change one in the spreadsheet, upload it — the check shows one dish changed — apply, and
// the guests' menu has the new price. A kitchen account is refused the back office in words.
describe('the back office’s catalogue on a tablet (issue 31)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a price changed in the CSV is checked, applied, and the guest’s menu shows it', async () => {
    const staff = await signedInTabletPage(browser!, baseUrl, DEMO_MANAGER);
    const { page } = staff;
    await page.goto('/staff/manage');
    await page.getByRole('heading', { level: 1, name: 'Управление' }).waitFor();
    await page.getByRole('link', { name: /Каталог/ }).tap();
    await page.getByRole('heading', { level: 1, name: 'Каталог' }).waitFor();
    await auditScreen(page, '/staff/manage/catalogue');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Скачать цены (CSV)' }).tap();
    const csv = (await (await download).createReadStream()).toArray();
    const text = Buffer.concat(await csv)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\n');
    // A dish of the restaurants' menu no other journey orders: the last on sale, by id.
    const catalogue = (await (
      await fetch(`${baseUrl}/api/staff/catalogue`, { headers: { authorization: `Bearer ${staff.token}` } })
    ).json()) as { json: string };
    const file = JSON.parse(catalogue.json) as {
      categories: Array<{ id: number; menu_kind: string }>;
      dishes: Array<{ id: number; category_id: number; active: boolean; price: number }>;
    };
    const restaurantMenu = new Set(
      file.categories.filter((row) => row.menu_kind === 'restaurant').map((row) => row.id),
    );
    const dish = file.dishes.filter((row) => row.active && restaurantMenu.has(row.category_id)).at(-1)!;
    const line = lines.find((candidate) => candidate.startsWith(`${dish.id};`))!;
    const [id, category, name] = line.split(';');
    const edited = lines
      .map((candidate) => (candidate === line ? `${id};${category};${name};612,00` : candidate))
      .join('\n');

    await page
      .getByLabel('Файл каталога (.json) или цен (.csv)')
      .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(edited) });
    await page.getByRole('row', { name: /^Блюда 0 1 0$/ }).waitFor();
    await page.getByText(`Блюда, изменено: ${name}`).waitFor();
    await auditScreen(page, '/staff/manage/catalogue (checked)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/back-office-catalogue.png`, fullPage: true });
    await page.getByRole('button', { name: 'Применить' }).tap();
    await page.getByRole('status').filter({ hasText: CATALOGUE_TEXTS.applied }).waitFor();

    const menu = await fetch(`${baseUrl}/api/v2/restoran/menu`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ver: 4,
        order_type: 'inrest',
        fs_uid: (await restaurantById(baseUrl, 1)).fs_uid,
        is_shop: 0,
      }),
    });
    const dishes = ((await menu.json()) as { dishes: Array<{ id: number; price: number }> }).dishes;
    expect(dishes.find((row) => row.id === dish.id)?.price).toBe(61_200);

    // The demo's price back, for the journeys that follow.
    const restored = await fetch(`${baseUrl}/api/staff/catalogue/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${staff.token}` },
      body: JSON.stringify({ format: 'csv', content: text, dry_run: false }),
    });
    expect(((await restored.json()) as { applied: boolean }).applied).toBe(true);
    await staff.close();
  });

  it('a kitchen account reads that only a manager may', async () => {
    const staff = await signedInTabletPage(browser!, baseUrl, DEMO_KITCHEN);
    await staff.page.goto('/staff/manage/catalogue');
    await staff.page.getByRole('alert').filter({ hasText: STAFF_TEXTS.managerOnly }).waitFor();
    expect(await staff.page.getByRole('link', { name: 'Управление' }).count()).toBe(0);
    await staff.close();
  });
});
