import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  OFFLINE_KEPT_MESSAGE,
  OFFLINE_PAY_WAITS_MESSAGE,
  OFFLINE_SIGN_IN_WAITS_MESSAGE,
  OFFLINE_TITLE,
} from '@chain/domain';
import { api, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, phoneContext, signedInPhonePage } from '../support/browser';
import { cartPayButton } from '../support/cart';

const SHOTS = process.env['E2E_SCREENSHOTS'];
const KURSKY = 5;

// Issue 18 (first part): with the network gone the guest reads «Нет соединения», the cart stays,
// paying says why it waits and nothing is sent by itself; on reconnect one tap pays.
describe('offline on a phone', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('shows the banner, keeps the cart, holds the pay button with its reason, and pays with one tap once back', async () => {
    const guest = await signInByEmail(baseUrl, `e2e-offline-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, guest);
    await page.goto(`/menu/${KURSKY}/self`);
    await page
      .getByRole('article', { name: 'Маргарита', exact: true })
      .getByRole('link', { name: 'Маргарита' })
      .click();
    await page.waitForURL('**/product/101');
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await page.waitForURL(`**/menu/${KURSKY}/self`);
    await page.getByRole('link', { name: /Ваш заказ на/ }).click();
    await page.waitForURL('**/cart');
    const { total } = await cartPayButton(page);

    await context.setOffline(true);
    const banner = page.getByRole('status').filter({ hasText: OFFLINE_TITLE });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(OFFLINE_KEPT_MESSAGE);
    const pay = page.getByRole('button', { name: `Оплатить ${total}` });
    expect(await pay.isDisabled()).toBe(true);
    await page.getByText(OFFLINE_PAY_WAITS_MESSAGE).waitFor();
    await page.getByRole('list', { name: 'Блюда заказа' }).getByRole('article', { name: 'Маргарита' }).waitFor();
    await auditScreen(page, '/cart (offline)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/offline-cart.png` });

    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    // Nothing was sent by itself: no order yet.
    const orders = () =>
      api<{ items: unknown[] }>(baseUrl, `/api/v1/order/listUser/${guest.id}`, {
        user_id: guest.id,
        user_token: guest.password,
        offset: 0,
      });
    const before = await orders();
    expect(before.items).toEqual([]);
    await pay.click();
    await page.waitForURL('**/payment');
    const after = await orders();
    expect(after.items).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells a guest signing in why the form waits while offline', async () => {
    const context = await phoneContext(browser!, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Продолжить' }).waitFor();
    await context.setOffline(true);
    await page.getByText(OFFLINE_SIGN_IN_WAITS_MESSAGE).waitFor();
    await context.setOffline(false);
    await page.getByText(OFFLINE_SIGN_IN_WAITS_MESSAGE).waitFor({ state: 'detached' });
    await context.close();
  });

  it('serves the install manifest the page links, named and coloured from the chain’s settings', async () => {
    const context = await phoneContext(browser!, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await page.request.get(href ?? '')).json()) as {
      name: string;
      theme_color: string;
      icons: Array<{ sizes: string }>;
    };
    const settings = await api<{ app_name: string; brand_color: string }>(baseUrl, '/settings.php');
    expect(manifest).toMatchObject({ name: settings.app_name, theme_color: settings.brand_color });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    await context.close();
  });
});
