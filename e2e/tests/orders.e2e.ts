import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney, ORDER_LIST_PAGE_SIZE, PAID_TEXT } from '@chain/domain';
import { api, orderOf, payOrderBySbp, placeOrder, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];

// Issue 15 (first part): «Мои заказы» and the order's page with its progress bar moving live.
// SPEC 2 (Orders), SPEC 3 (Order), SPEC 4 (Paid flag, Progress bar), SPEC 8, SPEC 9 (20 a page).
describe('after the order: «Мои заказы» (/order_list) and the order (/order_detail/{id})', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  let user: { id: number; password: string };
  let orders: Array<{ id: number; sum: number; number: string }>;

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await signInByEmail(baseUrl, `e2e-orders-${Date.now()}@example.ru`);
    // 25 orders: the list shows them in two pages of 20 (SPEC 9).
    orders = [];
    for (let i = 0; i < 25; i += 1) orders.push(await placeOrder(baseUrl, user));
  });
  afterAll(() => browser?.close());

  const card = (page: Page, number: string) => page.getByRole('link', { name: new RegExp(`Заказ ${number}`) });

  it('lists 25 orders in two pages, newest first, each with its number, sum and status', async () => {
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto('/order_list');
    await page.getByRole('heading', { level: 1, name: 'Мои заказы' }).waitFor();
    const newest = orders.at(-1)!;
    await card(page, newest.number).waitFor();
    await expect.poll(() => page.getByRole('link', { name: /^Заказ / }).count()).toBe(ORDER_LIST_PAGE_SIZE);
    expect(await card(page, newest.number).textContent()).toContain(formatMoney(newest.sum));
    await auditScreen(page, '/order_list');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/orders-list.png` });

    // Scrolling to the end loads the second page (offset = the number loaded), and then stops.
    await page
      .getByRole('link', { name: /^Заказ / })
      .last()
      .scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByRole('link', { name: /^Заказ / }).count(), { timeout: 10_000 }).toBe(25);
    await card(page, orders[0]!.number).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a paid order «Оплачен» in the list, and on its page the progress moving as the kitchen moves it, without a reload', async () => {
    const order = orders.at(-1)!;
    await payOrderBySbp(baseUrl, user, order.id);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);

    // Мои заказы: the paid order's card says «Оплачен» with its status (SPEC 4 paid flag, SPEC 9 colour).
    await page.goto('/order_list');
    const paidCard = card(page, order.number);
    await paidCard.waitFor();
    const cardText = await paidCard.textContent();
    expect(cardText).toContain('Принят');
    expect(cardText).toContain(PAID_TEXT);
    expect(await paidCard.getAttribute('aria-label')).toContain(`Принят, ${PAID_TEXT.toLowerCase()}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/orders-list-paid.png` });

    await paidCard.tap();
    await page.waitForURL(`**/order_detail/${order.id}`);
    await page.getByRole('heading', { level: 1, name: new RegExp(order.number) }).waitFor();
    const status = page.getByTestId('order-status');
    const currentStep = page.getByRole('region', { name: 'Ход заказа' }).locator('[aria-current="step"]');
    await expect.poll(() => status.textContent()).toContain('Принят');
    expect(await currentStep.textContent()).toBe('Готовим: сейчас');
    expect(await page.getByRole('button', { name: /^Оплатить/ }).count()).toBe(0);
    await auditScreen(page, '/order_detail/{id} (paid)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-detail-paid.png`, fullPage: true });

    // The sandbox kitchen takes the order into cooking, then makes it ready: the screen follows by itself.
    let reloads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads += 1;
    });
    await api(baseUrl, `/sandbox/kitchen/orders/${order.id}/next`, {});
    await expect.poll(() => status.textContent(), { timeout: 5_000 }).toContain('Готовится');
    expect(await currentStep.textContent()).toBe('Готовим: сейчас');
    expect((await orderOf(baseUrl, user, order.id)).status).toBe(30);
    await api(baseUrl, `/sandbox/kitchen/orders/${order.id}/next`, {});
    await expect.poll(() => status.textContent(), { timeout: 5_000 }).toContain('Готов к выдаче');
    // The bar's current step has moved on from the kitchen to the pickup.
    await expect.poll(() => currentStep.textContent(), { timeout: 5_000 }).toBe('Выдача: сейчас');
    expect(await page.getByRole('region', { name: 'Ход заказа' }).getByText('Готовим: пройдено').count()).toBe(1);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/order-detail-ready.png` });
    expect(reloads).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('pays an unpaid order later from its page', async () => {
    const order = orders[0]!;
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto(`/order_detail/${order.id}`);
    const pay = page.getByRole('button', { name: `Оплатить ${formatMoney(order.sum)}` });
    await pay.waitFor();
    await auditScreen(page, '/order_detail/{id} (unpaid)');
    await pay.tap();
    await page.waitForURL('**/payment');
    await page.getByRole('radio', { name: 'Карта' }).check();
    await page.getByRole('button', { name: /^Оплатить/ }).tap();
    await page.waitForURL((url) => url.pathname.includes('/sandbox/'), { timeout: 10_000 });
    await page.getByRole('button', { name: 'Оплатить' }).tap();
    await page.waitForURL('**/thanks', { timeout: 15_000 });
    expect((await orderOf(baseUrl, user, order.id)).paid).toBe(1);
    // SPEC 2 Thanks links to the order it thanks for: its page, now paid.
    await page.getByRole('link', { name: 'Открыть заказ' }).tap();
    await page.waitForURL(`**/order_detail/${order.id}`);
    await page.getByText('Оплачен', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: /^Оплатить/ }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("refuses another guest's order in words", async () => {
    const stranger = await signInByEmail(baseUrl, `e2e-orders-stranger-${Date.now()}@example.ru`);
    const { context, page } = await signedInPhonePage(browser!, baseUrl, stranger);
    await page.goto(`/order_detail/${orders[1]!.id}`);
    await page.getByText('Заказ не найден.').first().waitFor();
    await auditScreen(page, "/order_detail/{id} (another guest's order)");
    await context.close();
  });
});
