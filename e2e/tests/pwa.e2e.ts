import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { OFFLINE_TITLE, UPDATE_AVAILABLE_MESSAGE, UPDATE_BUTTON } from '@chain/domain';
import { signInByEmail } from '../support/api';
import { launchBrowser, signedInPhonePage } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];
const KURSKY = 5;
/** The built service worker the product serves (apps/web/dist): a "deploy" rewrites it. */
const SW_FILE = fileURLToPath(new URL('../../apps/web/dist/sw.js', import.meta.url));

// Issue 18: installable and offline-tolerant. The service worker is served and takes the page;
// after one visit, with the network cut, the menu opens with its photos and a dish goes into the
// cart, the banner shows, and once back one tap pays; a new build deployed under an open app offers
// the update.
describe('the guest app as a PWA (service worker)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  // Evaluated in the page (this package is compiled without the DOM's types: the code is text).
  const controlled = (page: Page) =>
    page.waitForFunction('navigator.serviceWorker.controller !== null', undefined, { timeout: 15_000 });

  /** The menu's first card photo: the file the browser chose, whether it shows, whether the worker keeps it. */
  function firstCardPhoto(page: Page): Promise<{ src: string; shown: boolean; kept: boolean }> {
    return page.evaluate(async () => {
      const g = globalThis as unknown as {
        document: {
          querySelector(selector: string): { currentSrc: string; complete: boolean; naturalWidth: number } | null;
        };
        caches: { open(name: string): Promise<{ match(url: string): Promise<unknown> }> };
      };
      const img = g.document.querySelector('.menu-dish__photo');
      const src = img?.currentSrc ?? '';
      const kept = src !== '' && (await (await g.caches.open('media-v1')).match(src)) !== undefined;
      return { src, shown: Boolean(img?.complete && img.naturalWidth > 0), kept };
    });
  }

  async function addMargherita(page: Page): Promise<void> {
    await page
      .getByRole('article', { name: 'Маргарита', exact: true })
      .getByRole('link', { name: 'Маргарита' })
      .click();
    await page.waitForURL('**/product/101');
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await page.waitForURL(`**/menu/${KURSKY}/self`);
  }

  it('opens the menu offline after one visit, keeps a dish added there, and pays with one tap once back', async () => {
    const guest = await signInByEmail(baseUrl, `e2e-pwa-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, guest, { serviceWorkers: 'allow' });
    const fontsAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.woff2')) fontsAsked.push(request.url());
    });
    await page.goto(`/menu/${KURSKY}/self`);
    await page.getByRole('article', { name: 'Маргарита', exact: true }).waitFor();
    await controlled(page);
    // Decision 036: the first visit draws in the system font and asks for no font file; the worker
    // takes Inter's files with its shell, and every page it controls draws in Inter from the start.
    expect(fontsAsked).toEqual([]);
    expect(await page.evaluate('document.documentElement.getAttribute("data-font")')).toBeNull();
    // The first visit, now under the worker: the menu, a product and the cart are kept.
    await page.reload();
    await page.getByRole('article', { name: 'Маргарита', exact: true }).waitFor();
    expect(await page.evaluate('document.documentElement.getAttribute("data-font")')).toBe('inter');
    const interDrawn =
      "[...document.fonts].some((face) => face.family.replace(/[\"']/g, '') === 'Inter' && face.status === 'loaded') && getComputedStyle(document.body).fontFamily.replace(/[\"']/g, '').startsWith('Inter,')";
    await expect.poll(() => page.evaluate(interDrawn), { timeout: 10_000 }).toBe(true);
    await addMargherita(page);
    await page.getByRole('link', { name: /Ваш заказ на/ }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('button', { name: /^Оплатить/ }).waitFor();
    await page.goto(`/menu/${KURSKY}/self`);
    await page.getByRole('article', { name: 'Маргарита', exact: true }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('status').filter({ hasText: OFFLINE_TITLE }).waitFor();
    await page.getByRole('article', { name: 'Маргарита', exact: true }).waitFor();
    await addMargherita(page);
    await page.getByRole('link', { name: /Ваш заказ на/ }).click();
    await page.waitForURL('**/cart');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/pwa-offline-cart.png` });
    const pay = page.getByRole('button', { name: /^Оплатить/ });
    expect(await pay.isDisabled()).toBe(true);

    await context.setOffline(false);
    await page.getByRole('status').filter({ hasText: OFFLINE_TITLE }).waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Блюда заказа' }).getByRole('article', { name: 'Маргарита' }).waitFor();
    await expect.poll(() => pay.isDisabled()).toBe(false);
    await pay.click();
    await page.waitForURL('**/payment');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('starts offline from the installed shell alone, as after an update not yet opened online: Home, the menu, a dish into the cart', async () => {
    const guest = await signInByEmail(baseUrl, `e2e-pwa-shell-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, guest, { serviceWorkers: 'allow' });
    await page.goto('/');
    await controlled(page);
    // The menu's answer is kept once asked under the worker; then every screen kept on first use
    // and the browser's own cache are dropped, so only the precached shell answers for the code.
    await page.goto(`/menu/${KURSKY}/self`);
    await page.getByRole('article', { name: 'Маргарита', exact: true }).waitFor();
    // The first card's photo, a rendition the phone chose (decision 034), kept by the worker.
    await expect.poll(() => firstCardPhoto(page), { timeout: 10_000 }).toMatchObject({ shown: true, kept: true });
    const photo = await firstCardPhoto(page);
    expect(photo.src).toMatch(/\/photos\/\d+\/dishes\/margherita\.svg\.avif$/);
    await page.evaluate("caches.delete('assets-v1')");
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    await context.setOffline(true);
    await page.goto('/');
    await page.getByRole('status').filter({ hasText: OFFLINE_TITLE }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Как вы хотите заказать?' }).waitFor();
    await page.goto(`/menu/${KURSKY}/self`);
    // Its photo shows offline, the same rendition, from the worker alone (the browser's cache is gone).
    await expect.poll(() => firstCardPhoto(page), { timeout: 10_000 }).toEqual({ ...photo, shown: true });
    await addMargherita(page);
    await page.getByRole('link', { name: /Ваш заказ на/ }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('list', { name: 'Блюда заказа' }).getByRole('article', { name: 'Маргарита' }).waitFor();
    expect(errors).toEqual([]);
    await context.setOffline(false);
    await context.close();
  });

  it('offers a new build deployed under an open app, and takes it on «Обновить»', async () => {
    const guest = await signInByEmail(baseUrl, `e2e-pwa-update-${Date.now()}@example.ru`);
    const { context, page } = await signedInPhonePage(browser!, baseUrl, guest, { serviceWorkers: 'allow' });
    await page.goto('/');
    await controlled(page);
    const built = readFileSync(SW_FILE, 'utf8');
    try {
      // A new deploy: the worker's file changes.
      writeFileSync(SW_FILE, built.replace(/const VERSION = "([0-9a-f]+)";/, 'const VERSION = "$1-next";'));
      await page.evaluate(
        'navigator.serviceWorker.getRegistration().then((registration) => registration && registration.update())',
      );
      const prompt = page.getByRole('status').filter({ hasText: UPDATE_AVAILABLE_MESSAGE });
      await prompt.waitFor({ timeout: 15_000 });
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/pwa-update.png` });
      const reloaded = page.waitForEvent('framenavigated');
      await prompt.getByRole('button', { name: UPDATE_BUTTON }).click();
      await reloaded;
      await prompt.waitFor({ state: 'detached' });
      expect(
        await page.evaluate(
          'navigator.serviceWorker.getRegistration().then((registration) => registration.waiting === null)',
        ),
      ).toBe(true);
    } finally {
      writeFileSync(SW_FILE, built);
    }
    await context.close();
  });
});
