import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { EXTRAS_TEXTS, type MenuResponse, publicMenuPath, STAFF_TEXTS, type StaffExtras } from '@chain/contract';
import { DISH_FILTER_NAMES, dishFitsFilters, hiddenDishesText } from '@chain/domain';
import { api, restaurantById, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage } from '../support/browser';
import { DEMO_KITCHEN, DEMO_MANAGER, staffTokenOf, tabletContext } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** «Жар-печь на Патриарших». */
const PATRIKI = 1;
/** «Овощная с песто»: the demo seed labels it vegetarian, with gluten, milk and pine nuts. */
const PESTO_PIZZA = 'Овощная с песто';

// Issue 31. A guest on a phone filters the menu «Без орехов»: the dishes with nuts go, the menu
// says how many it hid, and «Сбросить» brings them back; the product card names a dish's labels.
// A chain manager on a tablet adds a cutlery item with its free count in the back office and the
// guests' carts offer it at once, then archives it; a kitchen account is refused.
describe('dish labels on the guest menu and the back office’s cutlery (issue 31)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('hides the dishes with nuts on a phone and says how many; clearing brings them back; the product card names the labels', async () => {
    const menu = await api<MenuResponse>(
      baseUrl,
      publicMenuPath((await restaurantById(baseUrl, PATRIKI)).fs_uid, 'self', 0),
    );
    const pizza = menu.dishes.find((dish) => dish.name === PESTO_PIZZA)!;
    expect(pizza.labels).toContain('nuts');
    const hidden = menu.dishes.filter((dish) => !dishFitsFilters(dish.labels, ['nuts'])).length;

    const guest = await signInByEmail(baseUrl, `e2e-labels-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, guest);
    await page.goto(`/menu/${PATRIKI}/self`);
    // Sections out of sight are drawn when near (content-visibility): the card is there, maybe not painted.
    const pizzaCard = page.getByRole('heading', { level: 3, name: PESTO_PIZZA });
    await pizzaCard.waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Фильтры' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Фильтры' });
    await sheet.getByRole('checkbox', { name: DISH_FILTER_NAMES.nuts }).check();
    await auditScreen(page, '/menu/{id}/self (the filter sheet)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/menu-filter-sheet.png` });
    await sheet.getByRole('button', { name: /^Показать \d+ блюд/ }).tap();
    await sheet.waitFor({ state: 'detached' });

    await page
      .getByRole('status')
      .filter({ hasText: hiddenDishesText(hidden) })
      .waitFor();
    await page.getByRole('button', { name: 'Фильтры: 1' }).waitFor();
    expect(await pizzaCard.count()).toBe(0);
    await auditScreen(page, '/menu/{id}/self (filtered)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/menu-filtered.png` });

    // Kept while the guest browses: the product screen and back, the filter still on.
    // «Маргарита» fits «Без орехов»: vegetarian, with gluten and milk (the seed).
    await page.getByRole('link', { name: 'Маргарита', exact: true }).tap();
    await page.getByRole('list', { name: 'О блюде' }).getByText('Вегетарианское').waitFor();
    await page.getByText('Содержит: глютен, молоко', { exact: true }).waitFor();
    await auditScreen(page, '/product/{id} (labels)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/product-labels.png` });
    await page.goBack();
    await page
      .getByRole('status')
      .filter({ hasText: hiddenDishesText(hidden) })
      .waitFor();

    await page.getByRole('button', { name: 'Сбросить' }).tap();
    await pizzaCard.waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Фильтры', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('lets a chain manager add a cutlery item with its free count on a tablet — the cart offers it at once — and archive it; a kitchen account is refused', async () => {
    const token = await staffTokenOf(baseUrl, DEMO_MANAGER);
    const me = await api<unknown>(baseUrl, '/api/staff/me', undefined, { authorization: `Bearer ${token}` });
    const context = await tabletContext(browser!, baseUrl);
    await context.addInitScript(
      ({ session }) => sessionStorage.setItem('chain-staff-session', JSON.stringify(session)),
      { session: { token, me } },
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/staff/manage');
    await page.getByRole('link', { name: new RegExp(EXTRAS_TEXTS.title) }).tap();
    await page.getByRole('heading', { level: 1, name: EXTRAS_TEXTS.title }).waitFor();
    await page.getByRole('table').first().getByText('Палочки для суши').waitFor();

    const name = `Бамбуковая вилка ${Date.now() % 100_000}`;
    await page.getByRole('button', { name: 'Добавить прибор' }).tap();
    const form = page.getByRole('form', { name: 'Новый прибор' });
    await form.getByLabel('Название').fill(name);
    await form.getByLabel('Цена за штуку сверх бесплатных').fill('12,50');
    await form.getByLabel('Бесплатно, штук').fill('2');
    await form.getByLabel('Не больше, штук').fill('6');
    await form.getByRole('checkbox', { name: 'Заказ в заведении' }).check();
    await auditScreen(page, '/staff/manage/extras (a new cutlery item)');
    await form.getByRole('button', { name: 'Сохранить' }).tap();
    const saved = page.getByRole('form', { name: `Прибор «${name}»` });
    await saved.getByText('Сохранено.').waitFor();
    const row = page.getByRole('table').first().getByRole('row').filter({ hasText: name });
    await row.getByText('12,50 ₽').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-extras.png`, fullPage: true });

    const offered = async () =>
      (
        await api<{ items: Array<{ name: string; free_cnt: number; price: number }> }>(baseUrl, '/rest/', {
          action: 'cartPribors',
          fields: { order_type: 'inrest', restoran_id: PATRIKI },
        })
      ).items.find((item) => item.name === name);
    expect(await offered()).toMatchObject({ free_cnt: 2, price: 1250 });

    await saved.getByRole('checkbox', { name: /В архиве/ }).check();
    await saved.getByRole('button', { name: 'Сохранить' }).tap();
    await row.getByText(/В архиве/).waitFor();
    expect(await offered()).toBeUndefined();
    expect(errors).toEqual([]);
    await context.close();

    const kitchen = await staffTokenOf(baseUrl, DEMO_KITCHEN);
    const refused = await fetch(`${baseUrl}/api/staff/manage/extras`, {
      headers: { authorization: `Bearer ${kitchen}` },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(STAFF_TEXTS.managerOnly);
    const listed = await api<StaffExtras>(baseUrl, '/api/staff/manage/extras', undefined, {
      authorization: `Bearer ${token}`,
    });
    expect(listed.cutlery.find((item) => item.name === name)).toMatchObject({ archived: true, free_cnt: 2 });
  });
});
