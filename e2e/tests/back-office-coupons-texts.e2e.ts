import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { BACKOFFICE_TEXTS, STAFF_TEXTS } from '@chain/contract';
import { formatMoney } from '@chain/domain';
import { orderOf, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage } from '../support/browser';
import { cartPayButton } from '../support/cart';
import { payOnBankForm, placedOrderId } from '../support/payment';
import { DEMO_KITCHEN, DEMO_MANAGER, staffTokenOf, tabletContext } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];
const KURSKY = { id: 5, name: 'Жар-печь у Курского вокзала' };

/** Roubles as the screen writes them ('1 234,50 ₽') → kopecks. */
const kopecksOf = (text: string) => Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);

// Issue 31, the back office's coupons and the chain's texts, as a manager and a guest would: on a
// tablet (1024×768) the chain's manager creates a coupon of a fixed sum; a guest types it in the
// cart and the discount shows in the total; the manager edits the delivery page with its preview;
// the guest's delivery page shows the new text. A kitchen account reads that it may not.
describe('the back office: coupons and the chain’s texts (/staff/manage)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  /** A tablet with this account's staff session already on it (signed in through the API). */
  async function staffTablet(account: {
    login: string;
    password: string;
    email: string;
  }): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
    const token = await staffTokenOf(baseUrl, account);
    const me = await (await fetch(`${baseUrl}/api/staff/me`, { headers: { authorization: `Bearer ${token}` } })).json();
    const context = await tabletContext(browser!, baseUrl);
    await context.addInitScript(
      (session) => sessionStorage.setItem('chain-staff-session', session),
      JSON.stringify({ token, me }),
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { context, page, errors };
  }

  it('a coupon of 150 ₽ made on the tablet takes 150 ₽ off a guest’s cart', async () => {
    const code = `E2E${Date.now() % 1e8}`;
    const staff = await staffTablet(DEMO_MANAGER);
    await staff.page.goto('/staff/manage');
    await staff.page.getByRole('heading', { level: 1, name: 'Управление' }).waitFor();
    await auditScreen(staff.page, '/staff/manage');
    if (SHOTS) await staff.page.screenshot({ path: `${SHOTS}/back-office-areas.png`, fullPage: true });
    await staff.page.getByRole('link', { name: /Купоны/ }).click();
    await staff.page.getByRole('heading', { level: 1, name: 'Купоны' }).waitFor();
    await staff.page.getByRole('button', { name: 'Новый купон' }).click();
    const form = staff.page.getByRole('form', { name: 'Новый купон' });
    await form.getByLabel('Код').fill(code.toLowerCase());
    await form.getByLabel('Название').fill('Минус 150 ₽ для проверки');
    await form.getByLabel('Вид скидки').selectOption('amount');
    await form.getByLabel('Сумма скидки, ₽').fill('150');
    await form.getByLabel('Всего использований').fill('100');
    await form.getByRole('button', { name: BACKOFFICE_TEXTS.save }).click();
    await staff.page.getByRole('heading', { level: 2, name: `Купон ${code}` }).waitFor();
    await staff.page.getByRole('status').filter({ hasText: BACKOFFICE_TEXTS.saved }).waitFor();
    const listed = staff.page.getByRole('listitem', { name: `Купон ${code}` });
    await listed.getByText('Скидка 150,00 ₽').waitFor();
    await listed.getByText('0 из 100').waitFor();
    await auditScreen(staff.page, '/staff/manage/coupons');
    if (SHOTS) await staff.page.screenshot({ path: `${SHOTS}/back-office-coupons.png`, fullPage: true });

    const user = await signInByEmail(baseUrl, `e2e-coupon-${Date.now()}@example.ru`);
    const guest = await signedInPhonePage(browser!, baseUrl, user);
    const { page } = guest;
    await page.goto('/self_from');
    const list = page.getByRole('list', { name: 'Рестораны для самовывоза' });
    await list.getByRole('link').filter({ hasText: KURSKY.name }).first().click();
    await page.waitForURL(`**/menu/${KURSKY.id}/self`);
    await page
      .getByRole('article', { name: 'Маргарита', exact: true })
      .getByRole('link', { name: 'Маргарита' })
      .click();
    await page.waitForURL('**/product/101');
    await page.getByRole('radio', { name: /Тонкое тесто/ }).check();
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await page.waitForURL(`**/menu/${KURSKY.id}/self`);
    await page.getByRole('link', { name: /Ваш заказ на/ }).click();
    await page.waitForURL('**/cart');
    const before = kopecksOf((await cartPayButton(page)).total);
    // The guest types it as they like: the code is read without case and spaces.
    await page.getByRole('textbox', { name: 'Купон' }).fill(` ${code.toLowerCase()} `);
    await page.getByRole('term').filter({ hasText: 'Скидка 150,00 ₽' }).waitFor({ timeout: 5_000 });
    expect(await page.getByTestId('cart-discount').innerText()).toBe(`−${formatMoney(15_000)}`);
    const after = kopecksOf((await cartPayButton(page)).total);
    expect(after).toBe(before - 15_000);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/cart-fixed-coupon.png`, fullPage: true });
    // The guest pays what the cart shows: the coupon's use and the money it gave reach the manager.
    await page.getByRole('radio', { name: 'Карта' }).check();
    await page.getByRole('button', { name: `Оплатить ${formatMoney(after)}` }).click();
    await page.waitForURL('**/payment');
    const orderId = await placedOrderId(page);
    await payOnBankForm(page);
    expect(guest.errors).toEqual([]);
    await guest.context.close();

    // «Использования»: the order, its sum and discount, paid; the totals over it.
    await listed.getByRole('button', { name: 'Использования' }).click();
    const uses = staff.page.getByRole('region', { name: `Использования купона ${code}` });
    await uses
      .getByText(`Использован: 1 из 100, оплачено заказов: 1, скидка по оплаченным: ${formatMoney(15_000)}`)
      .waitFor();
    const row = uses.getByRole('row').filter({ hasText: KURSKY.name });
    // The list read again with it: its totals say the same.
    await listed.getByText('1 из 100', { exact: true }).waitFor();
    await listed.getByText(formatMoney(15_000), { exact: true }).waitFor();
    const { znumber } = await orderOf(baseUrl, user, orderId);
    expect(await row.getByRole('cell').allInnerTexts()).toEqual([
      znumber,
      KURSKY.name,
      expect.stringMatching(/\d/),
      formatMoney(after),
      formatMoney(15_000),
      'Оплачен',
    ]);
    await auditScreen(staff.page, '/staff/manage/coupons (a coupon’s uses)');
    if (SHOTS) await staff.page.screenshot({ path: `${SHOTS}/back-office-coupon-uses.png`, fullPage: true });

    // Switched off on the tablet, the coupon says so in the list.
    await listed.getByRole('button', { name: 'Выключить' }).click();
    await listed.getByText('Выключен').waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();
  });

  it('the delivery page edited with its preview is the guest’s delivery page', async () => {
    const heading = `Зоны доставки с ${new Date().toISOString().slice(11, 19)}`;
    const staff = await staffTablet(DEMO_MANAGER);
    await staff.page.goto('/staff/manage/texts');
    await staff.page.getByRole('heading', { level: 1, name: 'Тексты и настройки' }).waitFor();
    await staff.page.getByRole('button', { name: 'Условия доставки' }).click();
    const form = staff.page.getByRole('form', { name: 'Страница «Условия доставки»' });
    const text = form.getByLabel('Текст');
    const old = await text.inputValue();
    await text.fill(`## ${heading}\n\nКурьер привезёт заказ за 60 минут.\n\n${old}`);
    // The preview is the guest's own renderer: a real heading, no markup characters.
    const preview = form.getByRole('region', { name: 'Так увидят гости' });
    await preview.getByRole('heading', { level: 3, name: heading }).waitFor();
    expect(await preview.innerText()).not.toContain('## ');
    await auditScreen(staff.page, '/staff/manage/texts');
    if (SHOTS) await staff.page.screenshot({ path: `${SHOTS}/back-office-texts.png`, fullPage: true });
    await form.getByRole('button', { name: BACKOFFICE_TEXTS.save }).click();
    await form.getByRole('status').filter({ hasText: BACKOFFICE_TEXTS.saved }).waitFor();
    expect(staff.errors).toEqual([]);
    await staff.context.close();

    const guest = await signedInPhonePage(
      browser!,
      baseUrl,
      await signInByEmail(baseUrl, `e2e-texts-${Date.now()}@example.ru`),
    );
    await guest.page.goto('/about_delivery');
    await guest.page.getByRole('heading', { level: 2, name: heading }).waitFor();
    await guest.page.getByText('Курьер привезёт заказ за 60 минут.').waitFor();
    expect(guest.errors).toEqual([]);
    await guest.context.close();
  });

  it('a kitchen account reads that the back office is a manager’s', async () => {
    const kitchen = await staffTablet(DEMO_KITCHEN);
    await kitchen.page.goto('/staff/manage/coupons');
    await kitchen.page.getByRole('alert').filter({ hasText: STAFF_TEXTS.managerOnly }).waitFor();
    await auditScreen(kitchen.page, '/staff/manage/coupons (a kitchen account)');
    if (SHOTS) await kitchen.page.screenshot({ path: `${SHOTS}/back-office-kitchen.png` });
    await kitchen.context.close();
  });
});
