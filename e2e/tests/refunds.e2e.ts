import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatMoney } from '@chain/domain';
import { api, placeOrder, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage } from '../support/browser';
import { DEMO_MANAGER, staffTokenOf, tabletContext } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** Курский: self-pickup round the clock (the guests' orders of support/api.ts go there). */
const KURSKY = 5;

// Issue 31 "Cancel a paid order with its money returned" (decision 050): a guest's order paid in
// the sandbox bank; the manager, on the board at the tablet's viewport, cancels it with its money
// returned; the sandbox bank's page shows the refund once; the guest's order page, open all along,
// says the money is on its way and then that it came back, without a reload (decision 055).
describe('a paid order cancelled with its money returned (issue 31)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('the manager cancels it with a refund; the bank shows the refund once; the guest’s open page reads «Отменён, деньги возвращены» without a reload', async () => {
    // The guest orders and pays by SBP in the sandbox bank.
    const guest = await signInByEmail(baseUrl, `e2e-refund-${Date.now()}@example.ru`);
    const order = await placeOrder(baseUrl, guest);
    const sbp = await api<{ paymentUrl: string | null }>(baseUrl, '/api/v1/order/payment/sbp', {
      user_id: guest.id,
      token: guest.password,
      order_id: order.id,
    });
    const bankPage = new URL(sbp.paymentUrl ?? '');
    await api(baseUrl, `${bankPage.pathname}${bankPage.search}`, { action: 'pay' }, { accept: 'application/json' });
    await expect
      .poll(
        async () =>
          (
            await api<{ status: string }>(baseUrl, `/api/v1/order/payment/check/${order.id}`, undefined, {
              authorization: `Bearer ${guest.password}`,
            })
          ).status,
      )
      .toBe('ok');

    // The guest keeps the order's page open: it follows the order live.
    const phone = await signedInPhonePage(browser!, baseUrl, guest);
    await phone.page.goto(`/order_detail/${order.id}`);
    const guestStatus = phone.page.getByTestId('order-status');
    await guestStatus.waitFor();
    await phone.page.evaluate(() => Object.assign(globalThis, { openedOnce: true }));
    // The sandbox bank answers the refund a moment later, as a bank does.
    await api(baseUrl, '/sandbox/acquiring/faults', { method: 'refund.do', count: 1, delayMs: 2500 });

    // The manager's tablet, signed in through the API.
    const token = await staffTokenOf(baseUrl, DEMO_MANAGER);
    const me = await api<unknown>(baseUrl, '/api/staff/me', undefined, { authorization: `Bearer ${token}` });
    const context = await tabletContext(browser!, baseUrl);
    await context.addInitScript(
      (session) => sessionStorage.setItem('chain-staff-session', session),
      JSON.stringify({ token, me }),
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`/staff/r/${KURSKY}`);
    const card = page
      .getByRole('article', { name: order.number })
      .and(page.locator(`[aria-labelledby="order-${order.id}"]`));
    await card.getByRole('button', { name: 'Отменить с возвратом' }).tap();

    const dialog = page.getByRole('dialog', { name: `Возврат по заказу ${order.number}` });
    const confirm = dialog.getByRole('button', { name: `Отменить и вернуть ${formatMoney(order.sum)}` });
    await confirm.waitFor();
    // The lines can be chosen instead: the sum follows the choice.
    await dialog.getByLabel('Выбрать позиции (заказ продолжается)').check();
    await dialog
      .getByRole('button', { name: /^Больше: / })
      .first()
      .tap();
    await dialog.getByText(`К возврату: ${formatMoney(order.sum)}`).waitFor();
    await auditScreen(page, '/staff/r/{id} (refund dialog)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-refund-dialog.png` });
    await dialog.getByLabel(/^Весь заказ и отменить его/).check();
    await confirm.tap();
    // The guest's page: cancelled, the money on its way while the bank works.
    await guestStatus.filter({ hasText: `Отменён, деньги возвращаются: ${formatMoney(order.sum)}` }).waitFor();
    try {
      await dialog.getByText('Возвращено', { exact: true }).waitFor();
    } catch (error) {
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-refund-failed.png` });
      throw error;
    }
    await dialog.getByText(/Отменён, деньги возвращены/).waitFor();
    await auditScreen(page, '/staff/r/{id} (refund done)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-refund-done.png` });
    await dialog.getByRole('button', { name: 'Закрыть' }).tap();
    await card
      .getByText(`Отменён, деньги возвращены: ${formatMoney(order.sum)}`, { exact: false })
      .waitFor({ timeout: 5000 });

    // «Возвраты» in the back office: the on-call manager's list shows it, returned.
    await page.getByRole('link', { name: 'Управление' }).tap();
    await page.getByRole('link', { name: /^Возвраты/ }).tap();
    const row = page
      .getByRole('row')
      .filter({ hasText: order.number })
      .filter({ hasText: formatMoney(order.sum) });
    await row.getByText('Возвращено').first().waitFor();
    await auditScreen(page, '/staff/manage/refunds');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-refunds-area.png` });
    expect(errors).toEqual([]);

    // The sandbox bank's page: the refund, once.
    const bank = await context.newPage();
    await bank.goto(bankPage.toString());
    await bank.getByRole('heading', { name: 'Перевод выполнен' }).waitFor();
    await expect.poll(() => bank.getByRole('listitem').filter({ hasText: 'Возврат на счёт' }).count()).toBe(1);
    await expect
      .poll(() => bank.getByRole('listitem').filter({ hasText: 'Возврат на счёт' }).textContent())
      .toBe(`Возврат на счёт: ${formatMoney(order.sum)}`);
    if (SHOTS) await bank.screenshot({ path: `${SHOTS}/sandbox-bank-refund.png` });
    await context.close();

    // The guest's page, never reloaded, says the money came back.
    await guestStatus.filter({ hasText: `Отменён, деньги возвращены: ${formatMoney(order.sum)}` }).waitFor();
    expect(await phone.page.evaluate(() => (globalThis as { openedOnce?: boolean }).openedOnce)).toBe(true);
    expect(phone.errors).toEqual([]);
    if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/guest-order-refunded.png` });
    await phone.context.close();
  });
});
