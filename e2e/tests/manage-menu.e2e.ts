import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BACKOFFICE_TEXTS, MENU_EDIT_TEXTS, type StaffMe } from '@chain/contract';
import { api, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage } from '../support/browser';
import { DEMO_MANAGER, staffTokenOf, tabletContext } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** Курский: self-pickup round the clock; restaurant and shop menus. */
const KURSKY = 5;

/** A small photo of a dish, as a camera would give it (PNG here; the server keeps its own JPEG). */
function dishPhoto(): Buffer {
  const png = new PNG({ width: 320, height: 240 });
  for (let y = 0; y < png.height; y += 1) {
    for (let x = 0; x < png.width; x += 1) {
      const at = (png.width * y + x) * 4;
      const inside = (x - 160) ** 2 + (y - 120) ** 2 < 90 ** 2;
      png.data[at] = inside ? 236 : 246;
      png.data[at + 1] = inside ? 170 : 240;
      png.data[at + 2] = inside ? 60 : 230;
      png.data[at + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

// Issue 31, «Меню» of the back office at the staff tablet's viewport: a chain manager creates a
// category and a dish with two options, labels and a photo; a guest's menu open on a phone shows
// the dish without a reload; the dish no order names is then deleted and leaves the guest's menu.
describe('the back office’s menu on a tablet (issue 31)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('a manager adds a category and a dish with options, labels and a photo; a guest’s open menu shows it without a reload', async () => {
    const token = await staffTokenOf(baseUrl, DEMO_MANAGER);
    const me = await api<StaffMe>(baseUrl, '/api/staff/me', undefined, { authorization: `Bearer ${token}` });
    const context = await tabletContext(browser!, baseUrl);
    await context.addInitScript((session) => sessionStorage.setItem('chain-staff-session', session), JSON.stringify({ token, me }));
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    const guest = await signInByEmail(baseUrl, `e2e-manage-menu-${Date.now()}@example.ru`);
    const phone = await signedInPhonePage(browser!, baseUrl, guest);
    await phone.page.goto(`/menu/${KURSKY}/self`);
    await phone.page.getByRole('article').first().waitFor();
    let reloads = 0;
    phone.page.on('framenavigated', (frame) => {
      if (frame === phone.page.mainFrame()) reloads += 1;
    });

    await page.goto('/staff/manage');
    await page.getByRole('link', { name: /Меню/ }).tap();
    await page.getByRole('heading', { level: 1, name: 'Меню' }).waitFor();
    await page.getByRole('navigation', { name: 'Категории' }).getByRole('button').first().waitFor();
    await auditScreen(page, '/staff/manage/menu');

    const stamp = String(Date.now()).slice(-5);
    const categoryName = `Завтраки ${stamp}`;
    const dishName = `Сырники ${stamp}`;
    await page.getByLabel('Новая категория').fill(categoryName);
    await page.getByRole('button', { name: 'Добавить категорию' }).tap();
    await page.getByRole('form', { name: `Категория «${categoryName}»` }).waitFor();
    await page.getByRole('button', { name: 'Новое блюдо' }).tap();

    const form = page.getByRole('form', { name: 'Новое блюдо' });
    await form.getByLabel('Название', { exact: true }).fill(dishName);
    await form.getByLabel('Состав').fill('творог, яйцо, мука, сахар');
    await form.getByLabel('Вес').fill('220 г');
    await form.getByLabel('Цена, ₽').fill('390');
    await form.getByLabel('Вегетарианское').check();
    await form.getByLabel('Молоко').check();
    await form.getByLabel('Яйца').check();
    await form.getByRole('button', { name: 'Добавить опцию' }).tap();
    await form.getByLabel('Название опции 1').fill('Сметана');
    await form.getByRole('button', { name: 'Добавить опцию' }).tap();
    const second = form.getByRole('group', { name: 'Опция 2' });
    await second.getByLabel('Название опции 2').fill('Варенье');
    await second.getByLabel('Доплата, ₽').fill('50');
    await second.getByLabel('Количеством').check();
    await second.getByLabel('Не больше').fill('3');
    await form.getByLabel('Фото блюда').setInputFiles({ name: 'syrniki.png', mimeType: 'image/png', buffer: dishPhoto() });
    await form.getByText('Фото загружено.').waitFor();
    const preview = form.getByRole('img', { name: `Фото блюда «${dishName}»` });
    await expect.poll(() => preview.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    expect(await preview.getAttribute('src')).toMatch(/^\/media\/uploads\/[\w-]+\.jpg$/);
    await auditScreen(page, '/staff/manage/menu (a new dish)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/manage-menu-new-dish.png`, fullPage: true });

    await form.getByRole('button', { name: BACKOFFICE_TEXTS.save }).tap();
    const saved = page.getByRole('form', { name: `Блюдо «${dishName}»` });
    await saved.getByText(BACKOFFICE_TEXTS.saved).waitFor();
    const savedAt = Date.now();

    // The guest's open menu hears of the change and shows the dish, with its photo, without a reload.
    const card = phone.page.getByRole('article', { name: dishName, exact: true });
    await card.waitFor({ timeout: 5000 });
    expect(Date.now() - savedAt).toBeLessThan(5000);
    await card.getByRole('button', { name: `Добавить в корзину: ${dishName}` }).waitFor();
    expect(await card.locator('img').first().getAttribute('src')).toContain('/uploads/');
    expect(reloads).toBe(0);
    if (SHOTS) {
      await card.scrollIntoViewIfNeeded();
      await phone.page.screenshot({ path: `${SHOTS}/manage-menu-guest.png` });
      await page.screenshot({ path: `${SHOTS}/manage-menu-saved.png`, fullPage: true });
    }

    // No order names it: «Убрать из меню» deletes it, and the guest's menu drops it.
    await saved.getByRole('button', { name: 'Убрать из меню' }).tap();
    await saved.getByRole('button', { name: 'Да, убрать' }).tap();
    await page.getByRole('status').filter({ hasText: MENU_EDIT_TEXTS.deleted }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(dishName) }).count()).toBe(0);
    await card.waitFor({ state: 'detached', timeout: 5000 });
    expect(reloads).toBe(0);
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});
