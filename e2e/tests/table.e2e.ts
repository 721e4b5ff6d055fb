import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { formatMoney, tableOrderBlock } from '@chain/domain';
import { api, listRestaurants, orderOf, restaurantById, signInByEmail } from '../support/api';
import type { RestaurantWire } from '@chain/contract';
import { auditScreen } from '../support/axe';
import { launchBrowser, type PhoneContextOptions, signedInPhonePage } from '../support/browser';
import { cartPayButton } from '../support/cart';
import { payOnBankForm, placedOrderId } from '../support/payment';
import { writeFakeCamera } from '../support/fake-camera';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** Table 1 of «Жар-печь на Тверской», open round the clock (apps/server seed): the code printed under its QR. */
const TABLE = { code: 'T-K7WQ-01', num: '1', restaurantId: 10 };
/** Restaurant 1's first table: open by day only, so either its menu or SPEC 8's closed dialog. */
const DAYTIME_TABLE = { code: 'T-JQBB-01', num: '1', restaurantId: 1 };

// SPEC 2 Home 'Ресторан' → the table's code (read by the camera from the table's QR, or typed)
// → SPEC 8's table dialogs, or the table's menu and an order paid by card. The journeys use the
// round-the-clock restaurant, so they take the same path at any hour; restaurant 1 (open by day)
// shows whichever of its menu or the closed dialog the domain expects now.
describe('an order at a table (Home → Номер стола → /menu/{id}/inrest → /cart)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  let user: { id: number; password: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await signInByEmail(baseUrl, `e2e-table-${Date.now()}@example.ru`);
  });
  afterAll(() => browser?.close());

  const signedInPage = () => signedInPhonePage(browser!, baseUrl, user);

  /** The table's restaurant takes table orders at this hour (SPEC 5), as the journeys need. */
  async function openTableRestaurant(): Promise<RestaurantWire> {
    const restaurant = await restaurantById(baseUrl, TABLE.restaurantId);
    expect(tableOrderBlock(restaurant, Date.now(), restaurant.time_zone)).toBeNull();
    return restaurant;
  }

  async function atTableMenu(page: Page, table: { num: string; restaurantId: number } = TABLE): Promise<void> {
    await page.waitForURL(`**/menu/${table.restaurantId}/inrest`);
    await page.getByRole('heading', { level: 1, name: new RegExp(`, стол №${table.num}$`) }).waitFor();
  }

  /**
   * Keeps every camera stream the page opens, to check later that each was released. (The e2e
   * layer compiles without the DOM library: the browser's types are named here as far as used.)
   */
  async function watchCameraStreams(context: BrowserContext): Promise<void> {
    await context.addInitScript(() => {
      interface Media {
        getUserMedia(constraints: unknown): Promise<Stream>;
      }
      interface Stream {
        getTracks(): Array<{ readyState: string }>;
      }
      const page = globalThis as unknown as { navigator: { mediaDevices?: Media }; cameraStreams: Stream[] };
      const media = page.navigator.mediaDevices;
      if (!media) return;
      const streams: Stream[] = [];
      page.cameraStreams = streams;
      const original = media.getUserMedia.bind(media);
      media.getUserMedia = async (constraints) => {
        const stream = await original(constraints);
        streams.push(stream);
        return stream;
      };
    });
  }

  /** [opened, still live] camera streams of the page. */
  function cameraStreams(page: Page): Promise<[number, number]> {
    return page.evaluate(() => {
      const streams =
        (globalThis as unknown as { cameraStreams?: Array<{ getTracks(): Array<{ readyState: string }> }> })
          .cameraStreams ?? [];
      const live = streams.filter((stream) => stream.getTracks().some((track) => track.readyState === 'live'));
      return [streams.length, live.length] as [number, number];
    });
  }

  /** The sheet's camera picture once it plays. */
  async function livePicture(sheet: Locator): Promise<Locator> {
    const hint = sheet.getByRole('status').filter({ hasText: 'Наведите камеру на QR-код на столе' });
    await hint.waitFor({ timeout: 15_000 });
    return sheet.locator('video[aria-label="Камера: наведите на QR-код на столе"]');
  }

  /** A signed-in phone page of a browser with a camera, its permission granted. */
  async function cameraPage(cameraBrowser: Browser, options: PhoneContextOptions = {}) {
    const opened = await signedInPhonePage(cameraBrowser, baseUrl, user, options);
    await opened.context.grantPermissions(['camera']);
    await watchCameraStreams(opened.context);
    return opened;
  }

  /** From the table restaurant's menu: a Маргарита into the cart, and the cart opened. */
  async function margheritaToCart(page: Page): Promise<void> {
    await page
      .getByRole('article', { name: 'Маргарита', exact: true })
      .getByRole('link', { name: 'Маргарита' })
      .click();
    await page.waitForURL('**/product/101');
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await page.waitForURL(`**/menu/${TABLE.restaurantId}/inrest`);
    await page.getByRole('link', { name: /Ваш заказ на/ }).click();
    await page.waitForURL('**/cart');
  }

  async function openTableSheet(page: Page) {
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Как вы хотите заказать?' }).waitFor();
    await page.getByRole('button', { name: 'Ресторан', exact: true }).click();
    // The demo chain takes pre-orders (allow_predzakaz): scan later or now.
    await page.getByRole('button', { name: 'Отсканировать сейчас' }).click();
    const sheet = page.getByRole('dialog', { name: 'Номер стола' });
    await sheet.waitFor();
    return sheet;
  }

  async function acknowledge(page: Page, title: string, message: string): Promise<void> {
    const alert = page.getByRole('alertdialog').filter({ hasText: message });
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toContain(title);
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'detached' });
  }

  it('refuses a wrong code, then opens the table typed and pays its order by card', async () => {
    const restaurant = await openTableRestaurant();
    const table = await api<{ num: string; fs_uid: string }>(baseUrl, `/api/v1/restoran/table/${TABLE.code}`);
    expect(table).toEqual({ num: TABLE.num, fs_uid: restaurant.fs_uid });

    const { context, page, errors } = await signedInPage();
    const sheet = await openTableSheet(page);
    await sheet.getByRole('textbox', { name: 'Код стола' }).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/table-code.png`, animations: 'disabled' });

    // SPEC 8: an unknown code.
    await sheet.getByRole('textbox', { name: 'Код стола' }).fill('T-NOPE-00');
    await sheet.getByRole('button', { name: 'Продолжить' }).click();
    await acknowledge(page, 'Ошибка', 'Неверный номер стола!');

    // The right code, typed as a guest may type it.
    await sheet.getByRole('textbox', { name: 'Код стола' }).fill(TABLE.code.toLowerCase());
    await sheet.getByRole('button', { name: 'Продолжить' }).click();
    await atTableMenu(page);
    await margheritaToCart(page);
    await page.getByRole('heading', { level: 1, name: 'Заказ в заведении' }).waitFor();
    await page.getByRole('button', { name: `Стол №${TABLE.num} — сменить` }).waitFor();
    expect(await page.getByRole('heading', { name: 'Время самовывоза' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Карта' }).check();
    const { total, button } = await cartPayButton(page);
    await button.click();
    await page.waitForURL('**/payment');
    const orderId = await placedOrderId(page);
    await payOnBankForm(page);

    const order = await orderOf(baseUrl, user, orderId);
    expect(order.paid).toBe(1);
    expect(formatMoney(order.sum)).toBe(total);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("reads the table's QR with the camera and goes the typed code's way (scan again after a refusal)", async () => {
    await openTableRestaurant();
    const camera = writeFakeCamera(TABLE.code);
    const cameraBrowser = await launchBrowser({ fakeCameraFile: camera.file });
    try {
      // The viewfinder as the guest sees it, audited (axe needs bypassCSP). Until the decoder's
      // worker chunk is let through the camera plays but reads nothing, so the live state holds
      // (Debian's Chromium has no native BarcodeDetector: qr-scanner decodes in its worker).
      {
        const { context, page, errors } = await cameraPage(cameraBrowser);
        let letWorkerThrough: () => void = () => undefined;
        const gate = new Promise<void>((resolve) => (letWorkerThrough = resolve));
        await page.route('**/assets/qr-scanner-worker*.js', async (route) => {
          await gate;
          // The page may be gone by then.
          await route.continue().catch(() => undefined);
        });
        const sheet = await openTableSheet(page);
        expect(await page.evaluate(() => 'BarcodeDetector' in globalThis)).toBe(false);
        const video = await livePicture(sheet);
        const playing = await video.evaluate((element) => {
          const picture = element as unknown as { videoWidth: number; paused: boolean };
          return picture.videoWidth > 0 && !picture.paused;
        });
        expect(playing).toBe(true);
        await sheet.getByRole('textbox', { name: 'Код стола' }).waitFor();
        await auditScreen(page, '/ (home): the table sheet with the camera viewfinder');
        if (SHOTS) await page.screenshot({ path: `${SHOTS}/table-scan.png`, animations: 'disabled' });
        expect(await cameraStreams(page)).toEqual([1, 1]);

        // Closing the sheet releases the camera.
        await sheet.getByRole('button', { name: 'Закрыть' }).click();
        await sheet.waitFor({ state: 'hidden' });
        await expect.poll(() => cameraStreams(page)).toEqual([1, 0]);
        letWorkerThrough();
        expect(errors).toEqual([]);
        await context.close();
      }

      // As served, under the product's CSP (the worker starts from a blob: URL): the camera reads
      // the code; the first lookup is refused (SPEC 8), the guest scans again.
      const { context, page, errors } = await cameraPage(cameraBrowser, { bypassCSP: false });
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const lookups: string[] = [];
      page.on('request', (request) => {
        const path = new URL(request.url()).pathname;
        if (path.startsWith('/api/v1/restoran/table/')) lookups.push(decodeURIComponent(path.split('/').pop() ?? ''));
      });
      // The first lookup answers «no such table».
      await page.route(
        '**/api/v1/restoran/table/**',
        (route) => route.fulfill({ status: 404, json: { success: false, message: 'not found' } }),
        { times: 1 },
      );
      const sheet = await openTableSheet(page);
      await acknowledge(page, 'Ошибка', 'Неверный номер стола!');
      expect(lookups).toEqual([TABLE.code]);
      // The camera is off, the code read is in the field, and the guest may scan again.
      await expect.poll(() => cameraStreams(page)).toEqual([1, 0]);
      expect(await sheet.getByRole('textbox', { name: 'Код стола' }).inputValue()).toBe(TABLE.code);
      await sheet.getByText(`Считан код ${TABLE.code}. Отсканируйте снова или введите код ниже.`).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/table-scan-again.png`, animations: 'disabled' });

      await sheet.getByRole('button', { name: 'Сканировать снова' }).click();
      await atTableMenu(page);
      expect(lookups).toEqual([TABLE.code, TABLE.code]);
      await expect.poll(() => cameraStreams(page)).toEqual([2, 0]);
      expect(violations).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await cameraBrowser.close();
      camera.remove();
    }
  });

  it('without a camera the sheet says so, and the typed code still leads to the table', async () => {
    await openTableRestaurant();
    // This browser has no camera device, and the context no camera permission.
    const { context, page, errors } = await signedInPage();
    const sheet = await openTableSheet(page);
    await sheet
      .getByRole('status')
      .filter({ hasText: 'Камера недоступна — введите код вручную' })
      .waitFor({ timeout: 15_000 });
    expect(await sheet.locator('video').count()).toBe(0);
    await auditScreen(page, '/ (home): the table sheet without a camera');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/table-code-no-camera.png`, animations: 'disabled' });

    await sheet.getByRole('textbox', { name: 'Код стола' }).fill(TABLE.code);
    await sheet.getByRole('button', { name: 'Продолжить' }).click();
    await atTableMenu(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("restaurant 1's table (open by day): its menu in opening hours, else SPEC 8's 'Ресторан сейчас закрыт'", async () => {
    const restaurant = await restaurantById(baseUrl, DAYTIME_TABLE.restaurantId);
    const { context, page, errors } = await signedInPage();
    const sheet = await openTableSheet(page);
    await sheet.getByRole('textbox', { name: 'Код стола' }).fill(DAYTIME_TABLE.code);
    const block = tableOrderBlock(restaurant, Date.now(), restaurant.time_zone);
    await sheet.getByRole('button', { name: 'Продолжить' }).click();
    if (block) {
      // Closed now: SPEC 8's dialog, and the guest stays home.
      await acknowledge(page, block.title, block.message);
      expect(block.message).toBe('Ресторан сейчас закрыт');
      expect(new URL(page.url()).pathname).toBe('/');
    } else {
      await atTableMenu(page, DAYTIME_TABLE);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it("'Отсканировать позже' lists the restaurants taking table orders; the cart is a pre-order until the table is given", async () => {
    const restaurants = await listRestaurants(baseUrl);
    const expected = restaurants.filter((entry) => entry.active === '1' && entry.deliveryRest === '1');
    const { context, page, errors } = await signedInPage();
    await page.goto('/');
    await page.getByRole('button', { name: 'Ресторан', exact: true }).click();
    await page.getByRole('button', { name: 'Отсканировать позже' }).click();
    await page.waitForURL('**/self_from');
    const list = page.getByRole('list', { name: 'Рестораны для заказа к столу' });
    await list.waitFor();
    expect(await list.getByRole('listitem').count()).toBe(expected.length);
    const restaurant = await openTableRestaurant();
    await list.getByRole('link').filter({ hasText: restaurant.name }).first().click();
    await page.waitForURL(`**/menu/${TABLE.restaurantId}/inrest`);

    // Ordered ahead, without a table: a pre-order (SPEC 2 Cart title); the table is given in the cart.
    await margheritaToCart(page);
    await page.getByRole('heading', { level: 1, name: 'Предзаказ в заведении' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Укажите номер стола, чтобы оплатить заказ' }).waitFor();
    await page.getByRole('button', { name: 'Указать номер стола' }).click();
    const sheet = page.getByRole('dialog', { name: 'Номер стола' });
    await sheet.getByRole('textbox', { name: 'Код стола' }).fill(TABLE.code);
    await sheet.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByRole('heading', { level: 1, name: 'Заказ в заведении' }).waitFor();
    await page.getByRole('button', { name: `Стол №${TABLE.num} — сменить` }).waitFor();
    await cartPayButton(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
