import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { settingsResponse } from '@chain/contract';
import { formatMoney } from '@chain/domain';
import { orderOf, payOrderBySbp, placeOrder, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];

// Tips on the phone: SPEC 3 (Order tips_id, Settings tips_volume), SPEC 4 (the tips link for
// paid orders with tips_id), SPEC 7 (a tips service link with tips_id and amount); decision 025.
describe("tips: a paid order's page offers the tips amounts, and one opens the tips page with it", () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  let user: { id: number; password: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await signInByEmail(baseUrl, `e2e-tips-${Date.now()}@example.ru`);
  });
  afterAll(() => browser?.close());

  it('shows no tips for an unpaid order, the tips_volume amounts once it is paid, and the tapped amount on the sandbox tips page, where a tip is left', async () => {
    const order = await placeOrder(baseUrl, user);
    const settings = settingsResponse.parse(await (await fetch(`${baseUrl}/settings.php`)).json());
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);

    // Unpaid: the pay button, no tips (SPEC 4).
    await page.goto(`/order_detail/${order.id}`);
    await page.getByRole('button', { name: `Оплатить ${formatMoney(order.sum)}` }).waitFor();
    expect(await page.getByRole('region', { name: 'Чаевые' }).count()).toBe(0);

    // Paid: the tips service gave the order its tips_id right after the payment.
    await payOrderBySbp(baseUrl, user, order.id);
    await expect.poll(async () => (await orderOf(baseUrl, user, order.id)).tips_id, { timeout: 10_000 }).not.toBeNull();
    const tipsId = (await orderOf(baseUrl, user, order.id)).tips_id ?? '';
    await page.reload();
    const tips = page.getByRole('region', { name: 'Чаевые' });
    await tips.waitFor();
    const links = tips.getByRole('link');
    expect((await links.allTextContents()).map((text) => text.replace(' (откроется в новой вкладке)', ''))).toEqual(
      settings.tips_volume.map((volume) => volume.text),
    );
    await tips.scrollIntoViewIfNeeded();
    await auditScreen(page, '/order_detail/{id} (paid, tips)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/tips-order.png`, fullPage: true });

    // Tapping an amount opens the tips page with it in a new tab; the order page stays.
    const volume = settings.tips_volume[1] ?? settings.tips_volume[0]!;
    const [tipsPage] = await Promise.all([context.waitForEvent('page'), links.filter({ hasText: volume.text }).tap()]);
    await tipsPage.waitForLoadState();
    const opened = new URL(tipsPage.url());
    expect(opened.pathname).toBe(`/sandbox/tips/${tipsId}`);
    expect(opened.searchParams.get('amount')).toBe(String(volume.sum / 100));
    expect(page.url()).toContain(`/order_detail/${order.id}`);
    const amount = tipsPage.getByLabel('Сумма чаевых, ₽');
    expect(await amount.inputValue()).toBe(String(volume.sum / 100));
    await tipsPage.getByRole('heading', { level: 1, name: /Чаевые команде/ }).waitFor();
    await auditScreen(tipsPage, '/sandbox/tips/{tips_id}');
    if (SHOTS) await tipsPage.screenshot({ path: `${SHOTS}/tips-page.png`, fullPage: true });

    // A person leaves the tip and sees a confirmation with the amount.
    await tipsPage.getByLabel('Комментарий, если хотите').fill('Спасибо, было вкусно!');
    await tipsPage.getByRole('button', { name: 'Оставить чаевые' }).tap();
    await tipsPage.getByRole('heading', { level: 1, name: 'Спасибо! Чаевые отправлены' }).waitFor();
    expect(await tipsPage.getByText(formatMoney(volume.sum), { exact: true }).count()).toBe(1);
    await auditScreen(tipsPage, '/sandbox/tips/{tips_id} (thanks)');
    if (SHOTS) await tipsPage.screenshot({ path: `${SHOTS}/tips-thanks.png`, fullPage: true });

    expect(errors).toEqual([]);
    await context.close();
  });
});
