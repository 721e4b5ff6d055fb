import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { BACKOFFICE_TEXTS, type ManageMenu, MENU_EDIT_TEXTS, type StaffMe } from '@chain/contract';
import { api, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { dishPhoto } from '../support/photo';
import { launchBrowser, signedInPhonePage } from '../support/browser';
import { DEMO_MANAGER, staffTokenOf, tabletContext } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** Курский: self-pickup round the clock; restaurant and shop menus. */
const KURSKY = 5;

// Issue 31, «Меню» of the back office at the staff tablet's viewport: a chain manager creates a
// category and a dish with two options, labels and a photo; a guest's menu open on a phone shows
// the dish without a reload; a second dish moved above it shows above it there too; the first,
// ordered by the guest, is archived and brought back from the archive; the second, which no order
// names, is deleted and leaves the guest's menu.
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
    await context.addInitScript(
      (session) => sessionStorage.setItem('chain-staff-session', session),
      JSON.stringify({ token, me }),
    );
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
    await form
      .getByLabel('Фото блюда')
      .setInputFiles({ name: 'syrniki.png', mimeType: 'image/png', buffer: dishPhoto() });
    await form.getByText('Фото загружено.').waitFor();
    const preview = form.getByRole('img', { name: `Фото блюда «${dishName}»` });
    await expect
      .poll(() => preview.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    expect(await preview.getAttribute('src')).toMatch(/^\/media\/uploads\/[\w-]+\.jpg$/);
    await auditScreen(page, '/staff/manage/menu (a new dish)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/manage-menu-new-dish.png`, fullPage: true });

    await form.getByRole('button', { name: BACKOFFICE_TEXTS.save }).tap();
    await page
      .getByRole('form', { name: `Блюдо «${dishName}»` })
      .getByText(BACKOFFICE_TEXTS.saved)
      .waitFor();
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

    // The guest orders it: named by an order, it can only be archived from now on.
    const auth = { authorization: `Bearer ${token}` };
    const made = (await api<ManageMenu>(baseUrl, '/api/staff/manage/menu', undefined, auth)).dishes.find(
      (dish) => dish.name === dishName,
    )!;
    const sourCream = made.options.find((option) => !option.multicheck)!;
    await api(baseUrl, '/api/v2/order/create', {
      source: 'web',
      v: 3,
      user: guest,
      cart: [{ item: made.id, cnt: 2, spec: sourCream.id }],
      order: { type: 'self' },
      restoran: KURSKY,
      idempotency_key: `e2e-manage-menu-${stamp}`,
    });

    // A second dish, moved above the first: the guest's open menu shows them in that order.
    const secondName = `Блинчики ${stamp}`;
    await page.getByRole('button', { name: 'Новое блюдо' }).tap();
    const next = page.getByRole('form', { name: 'Новое блюдо' });
    await next.getByLabel('Название', { exact: true }).fill(secondName);
    await next.getByLabel('Цена, ₽').fill('250');
    await next.getByRole('button', { name: BACKOFFICE_TEXTS.save }).tap();
    await page
      .getByRole('form', { name: `Блюдо «${secondName}»` })
      .getByText(BACKOFFICE_TEXTS.saved)
      .waitFor();
    const secondCard = phone.page.getByRole('article', { name: secondName, exact: true });
    await secondCard.waitFor({ timeout: 5000 });
    const top = async (name: string) =>
      (await phone.page.getByRole('article', { name, exact: true }).boundingBox())?.y ?? Number.NaN;
    expect(await top(secondName)).toBeGreaterThan(await top(dishName));
    const order = page.getByRole('list', { name: `Блюда категории «${categoryName}» по порядку` });
    await order.getByRole('button', { name: `Выше: ${secondName}` }).tap();
    await expect
      .poll(async () => (await order.getByRole('listitem').first().textContent()) ?? '')
      .toMatch(new RegExp(`^${secondName}`));
    await expect.poll(async () => (await top(secondName)) < (await top(dishName)), { timeout: 5000 }).toBe(true);

    // Taken off the menu, the ordered dish is archived; «Вернуть из архива» brings it back last, hidden from guests.
    await order.getByRole('button', { name: new RegExp(`^${dishName}`) }).tap();
    const first = page.getByRole('form', { name: `Блюдо «${dishName}»` });
    await first.getByRole('button', { name: 'Убрать из меню' }).tap();
    await first.getByRole('button', { name: 'Да, убрать' }).tap();
    await page.getByRole('status').filter({ hasText: MENU_EDIT_TEXTS.archived }).waitFor();
    await card.waitFor({ state: 'detached', timeout: 5000 });
    const restore = page
      .getByRole('form', { name: `Блюдо «${dishName}»` })
      .getByRole('button', { name: 'Вернуть из архива' });
    if (SHOTS) {
      await restore.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/manage-menu-archived.png` });
    }
    await restore.tap();
    await page.getByRole('status').filter({ hasText: MENU_EDIT_TEXTS.restored }).waitFor();
    await expect
      .poll(async () => (await order.getByRole('listitem').last().textContent()) ?? '')
      .toMatch(new RegExp(`^${dishName}.*скрыто`));
    expect(
      await page
        .getByRole('form', { name: `Блюдо «${dishName}»` })
        .getByLabel('Показывать гостям')
        .isChecked(),
    ).toBe(false);
    await auditScreen(page, '/staff/manage/menu (a dish back from the archive)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/manage-menu-restored.png`, fullPage: true });

    // No order names the second: «Убрать из меню» deletes it, and the guest's menu drops it.
    await order.getByRole('button', { name: new RegExp(`^${secondName}`) }).tap();
    const saved = page.getByRole('form', { name: `Блюдо «${secondName}»` });
    await saved.getByRole('button', { name: 'Убрать из меню' }).tap();
    await saved.getByRole('button', { name: 'Да, убрать' }).tap();
    await page.getByRole('status').filter({ hasText: MENU_EDIT_TEXTS.deleted }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: new RegExp(secondName) }).count()).toBe(0);
    await secondCard.waitFor({ state: 'detached', timeout: 5000 });
    expect(reloads).toBe(0);
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await context.close();
  });
});
