import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { formatMoney } from '@chain/domain';
import { api, placeOrder, signInByEmail } from '../support/api';
import { launchBrowser, phoneContext } from '../support/browser';

// Issue 5: the sandbox's bank pages work in a browser — the card form of the acquirer and
// the SBP bank page, each with «Оплатить» and «Отказаться» (docs/sandbox.md).
describe('the sandbox bank pages in a phone browser', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  let user: { id: number; password: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await signInByEmail(baseUrl, `e2e-pay-${Date.now()}@example.ru`);
  });
  afterAll(() => browser?.close());

  const check = (orderId: number) =>
    api<{ status: string }>(baseUrl, `/api/v1/order/payment/check/${orderId}`, undefined, {
      authorization: `Bearer ${user.password}`,
    });

  const startCard = async (orderId: number) => {
    const started = await api<{ formUrl: string | null; errorMessage: string }>(
      baseUrl,
      '/api/v1/order/payment/start',
      {
        user_id: user.id,
        token: user.password,
        order_id: orderId,
      },
    );
    expect(started.errorMessage).toBe('');
    expect(started.formUrl).toBeTruthy();
    return started.formUrl ?? '';
  };

  it('pays an order on the card form, returning the guest to /payment', async () => {
    const order = await placeOrder(baseUrl, user);
    const context = await phoneContext(browser!, baseUrl);
    const page = await context.newPage();
    await page.goto(await startCard(order.id));
    await expect(page.getByText(formatMoney(order.sum)).first().isVisible()).resolves.toBe(true);
    const back = page.waitForRequest((request) => request.url().includes(`/payment?order_id=${order.id}`));
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await back;
    await expect.poll(async () => (await check(order.id)).status, { timeout: 10_000 }).toBe('ok');
    await context.close();
  });

  it('declines on the card form, and the order can be paid again', async () => {
    const order = await placeOrder(baseUrl, user);
    const context = await phoneContext(browser!, baseUrl);
    const page = await context.newPage();
    await page.goto(await startCard(order.id));
    const back = page.waitForRequest((request) => request.url().includes('failed=1'));
    await page.getByRole('button', { name: 'Отказаться' }).click();
    await back;
    await expect.poll(async () => (await check(order.id)).status, { timeout: 10_000 }).toBe('fail');

    await page.goto(await startCard(order.id));
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect.poll(async () => (await check(order.id)).status, { timeout: 10_000 }).toBe('ok');
    await context.close();
  });

  it('pays by SBP on a bank’s page', async () => {
    const order = await placeOrder(baseUrl, user);
    const sbp = await api<{ variants: Array<{ name: string; link: string }>; errorMessage: string }>(
      baseUrl,
      '/api/v1/order/payment/sbp',
      {
        user_id: user.id,
        token: user.password,
        order_id: order.id,
      },
    );
    const bank = sbp.variants[0];
    expect(bank).toBeDefined();
    const context = await phoneContext(browser!, baseUrl);
    const page = await context.newPage();
    await page.goto(bank?.link ?? '');
    await expect(
      page
        .getByText(bank?.name ?? '?')
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await page.getByRole('button', { name: 'Оплатить' }).click();
    await expect.poll(async () => (await check(order.id)).status, { timeout: 10_000 }).toBe('ok');
    await context.close();
  });
});
