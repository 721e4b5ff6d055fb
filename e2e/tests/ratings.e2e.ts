import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { RATING_PHOTO_REFUSALS, ratingPhotoRefusal } from '@chain/contract';
import { ERROR_TITLE, SOMETHING_WENT_WRONG_MESSAGE } from '@chain/domain';
import { api, orderOf, payOrderBySbp, placeOrder, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, signedInPhonePage } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];

/** CRC-32 of PNG chunks. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A camera-sized RGB PNG (stripes of colour), larger than the 1600 px the phone sends. */
function stripedPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const at = row + 1 + x * 3;
      const band = Math.floor(x / 200) % 3;
      rows[at] = band === 0 ? 200 : 40;
      rows[at + 1] = band === 1 ? 160 : 60;
      rows[at + 2] = band === 2 ? 220 : Math.floor((y / height) * 255);
    }
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A whole, valid PNG of side × side black pixels (1-bit grey) that deflates to a few KB per
 * thousand pixels of side: the decompression bomb of issue 30.6, which no phone sends itself.
 */
function pngBomb(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // grey
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** What the tests read of a picture and an element in the page (the e2e code has no DOM types). */
interface Picture {
  readonly src: string;
  readonly naturalWidth: number;
  readonly naturalHeight: number;
}
interface Named {
  getAttribute(name: string): string | null;
}

/** Taps a star as a guest does: its label (the radio inside is visually hidden), then checks it took. */
async function tapStar(group: Locator, name: string): Promise<void> {
  const radio = group.getByRole('radio', { name });
  await group.locator('label').filter({ hasText: name }).tap();
  expect(await radio.isChecked()).toBe(true);
}

/** Whether every photo in the locator's scope has loaded as a picture (not a broken link). */
async function photosLoaded(page: Page, scope: string): Promise<number[]> {
  return page
    .locator(scope)
    .locator('img')
    .evaluateAll((images) => images.map((image) => (image as unknown as Picture).naturalWidth));
}

// Issue 15 (second part): rating a paid order on its page and «Мои оценки» on the phone.
// SPEC 2 (Orders, RateList), SPEC 3 (Order rating, Item rating, Rating types), SPEC 4 (rating
// controls while paid = 1 and not rated), SPEC 5 (stars 1–5 default 5, the low-rating category,
// photos jpeg/png/gif), SPEC 7 (rate/add, rate/list, rateGetTypes), SPEC 8 (rating failure).
describe('ratings: the order page (/order_detail/{id}) and «Мои оценки» (/rate_list)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  let user: { id: number; password: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await signInByEmail(baseUrl, `e2e-ratings-${Date.now()}@example.ru`);
  });
  afterAll(() => browser?.close());

  it('rates a paid order 4 stars with a category and a photo; the rating shows on the order and in «Мои оценки»', async () => {
    const order = await placeOrder(baseUrl, user);
    await payOrderBySbp(baseUrl, user, order.id);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto(`/order_detail/${order.id}`);
    const form = page.getByRole('region', { name: 'Оцените заказ' });
    await form.waitFor();

    // Stars default to 5 (SPEC 5); no category select at 5.
    const orderStars = form.getByRole('radiogroup', { name: 'Оценка заказа' });
    expect(await orderStars.getByRole('radio', { name: '5 звёзд из 5' }).isChecked()).toBe(true);
    expect(await form.getByLabel('Что не понравилось?').count()).toBe(0);
    await auditScreen(page, '/order_detail/{id} (rating form)');

    // A type the server does not take is refused in words before any upload.
    const fileInput = form.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('не фото') });
    await form.getByText('Можно приложить только фото в формате JPEG, PNG или GIF.').waitFor();

    await tapStar(orderStars, '4 звезды из 5');
    const category = form.getByLabel('Что не понравилось?');
    await expect.poll(() => category.locator('option').count()).toBeGreaterThan(1);
    const chosen = (await category.locator('optgroup option').first().textContent()) ?? '';
    await category.selectOption({ label: chosen });
    await tapStar(form.getByRole('radiogroup', { name: 'Скорость' }).first(), '3 звезды из 5');
    await form.getByLabel('Комментарий', { exact: true }).fill('Пицца остыла, но вкусная');
    // SPEC 3 Item rating: the dish has a comment of its own.
    await form.getByLabel('Комментарий к блюду').first().fill('Тесто отличное');

    // A 2400×1800 PNG is made smaller on the phone and sent as a JPEG.
    await fileInput.setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: stripedPng(2400, 1800) });
    const chosenPhotos = form.getByRole('list', { name: 'Выбранные фото' });
    await chosenPhotos.getByRole('img', { name: 'Фото 1' }).waitFor();
    const sent = await chosenPhotos.getByRole('img', { name: 'Фото 1' }).evaluate((image) => {
      const picture = image as unknown as Picture;
      return { src: picture.src.slice(0, 23), width: picture.naturalWidth, height: picture.naturalHeight };
    });
    expect(sent).toEqual({ src: 'data:image/jpeg;base64,', width: 1600, height: 1200 });
    await auditScreen(page, '/order_detail/{id} (rating form filled)');
    if (SHOTS) await form.screenshot({ path: `${SHOTS}/rating-form.png` });

    await form.getByRole('button', { name: 'Отправить оценку' }).tap();
    const shown = page.getByRole('region', { name: 'Ваша оценка' });
    await shown.waitFor();
    expect(await page.getByRole('region', { name: 'Оцените заказ' }).count()).toBe(0);
    await expect.poll(() => shown.textContent()).toContain('Оценка заказа: 4 из 5');
    expect(await shown.textContent()).toContain(chosen);
    expect(await shown.textContent()).toContain('Пицца остыла, но вкусная');
    // The server's copy brings the photo's signed link, and it loads.
    await expect
      .poll(() => shown.getByRole('img').first().getAttribute('src'))
      .toMatch(/^\/api\/v1\/rate\/photo\/\d+\?sig=/);
    // One photo, drawn: its width is 0 until the picture has arrived (polled until then — a
    // single read right after the element appeared failed under load).
    expect(await photosLoaded(page, '[data-testid="order-rating"]')).toHaveLength(1);
    await expect
      .poll(async () => (await photosLoaded(page, '[data-testid="order-rating"]'))[0] ?? 0)
      .toBeGreaterThan(0);

    // As stored: the order rating first, then the dish's.
    const stored = await orderOf(baseUrl, user, order.id);
    expect(stored.rate).toMatchObject({
      stars: 4,
      rate_speed: 3,
      rate_taste: 5,
      comment: 'Пицца остыла, но вкусная',
      photos: [expect.any(String)],
    });
    expect(stored.rate?.type).not.toBeNull();
    expect(stored.basket[0]?.rate).toMatchObject({ taste: 5, fresh: 5, speed: 5, comment: 'Тесто отличное' });

    // Read again later: read-only, the basket line with its own rating.
    await page.reload();
    await shown.waitFor();
    await page.getByText('Ваша оценка: Вкус 5 из 5 · Свежесть 5 из 5 · Скорость 5 из 5').waitFor();
    await page.getByText('Комментарий: «Тесто отличное»').waitFor();
    await auditScreen(page, '/order_detail/{id} (rated)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rating-shown.png`, fullPage: true });

    // «Мои оценки»: the order's rating and its dish's, newest first, the photo loaded.
    await page.goto('/rate_list');
    await page.getByRole('heading', { level: 1, name: 'Мои оценки' }).waitFor();
    const orderCard = page.getByRole('article', { name: `Оценка заказа ${order.number}` });
    await orderCard.waitFor();
    expect(await orderCard.textContent()).toContain('Оценка заказа: 4 из 5');
    expect(await orderCard.textContent()).toContain(chosen);
    expect(await orderCard.getByRole('link', { name: `Заказ ${order.number}` }).getAttribute('href')).toBe(
      `/order_detail/${order.id}`,
    );
    const cards = await page
      .getByRole('article')
      .evaluateAll((nodes) => nodes.map((node) => (node as unknown as Named).getAttribute('aria-label')));
    expect(cards).toHaveLength(2);
    expect(cards[1]).toBe(`Оценка заказа ${order.number}`);
    expect(cards[0]).toMatch(new RegExp(`^Оценка блюда .+, заказ ${order.number}$`));
    expect(await page.getByRole('article').first().textContent()).toContain('Тесто отличное');
    await expect
      .poll(async () => (await photosLoaded(page, `article[aria-label="Оценка заказа ${order.number}"]`))[0] ?? 0)
      .toBeGreaterThan(0);
    await auditScreen(page, '/rate_list');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rate-list.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a failed rating reads «Ошибка» / «Что-то пошло не так» and keeps the form', async () => {
    const order = await placeOrder(baseUrl, user);
    await payOrderBySbp(baseUrl, user, order.id);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.route('**/api/v1/rate/add', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'internal', message: 'Internal Server Error' }),
      }),
    );
    await page.goto(`/order_detail/${order.id}`);
    const form = page.getByRole('region', { name: 'Оцените заказ' });
    await form.getByRole('button', { name: 'Отправить оценку' }).tap();
    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(ERROR_TITLE);
    expect(await dialog.textContent()).toContain(SOMETHING_WENT_WRONG_MESSAGE);
    // The dialog's fade-in is finished at once for the picture (no fixed wait).
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rating-failed.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'OK' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await form.getByRole('button', { name: 'Отправить оценку' }).waitFor();
    expect((await orderOf(baseUrl, user, order.id)).rate).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a photo the server refuses (issue 30.6: a PNG claiming 16 000 × 16 000) reads the server’s words in the dialog, and the form stays', async () => {
    const order = await placeOrder(baseUrl, user);
    await payOrderBySbp(baseUrl, user, order.id);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    // The phone draws every photo again, so it never sends a bomb itself; another client, or a
    // page tampered with, may. The photo chosen here is swapped for one on its way out, and the
    // real server answers it.
    const bomb = `data:image/png;base64,${pngBomb(16_000).toString('base64')}`;
    await page.route('**/api/v1/rate/add', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as { photos?: string[] };
      await route.continue({ postData: JSON.stringify({ ...body, photos: (body.photos ?? []).map(() => bomb) }) });
    });
    await page.goto(`/order_detail/${order.id}`);
    const form = page.getByRole('region', { name: 'Оцените заказ' });
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: stripedPng(800, 600) });
    await form.getByRole('list', { name: 'Выбранные фото' }).getByRole('img', { name: 'Фото 1' }).waitFor();
    await form.getByRole('button', { name: 'Отправить оценку' }).tap();

    const dialog = page.getByRole('alertdialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(ERROR_TITLE);
    const words = ratingPhotoRefusal(1, RATING_PHOTO_REFUSALS.overPixels(16_000, 16_000));
    expect(words).toMatch(/^Фото 1: изображение слишком большое/);
    await dialog.getByText(words).waitFor();
    await auditScreen(page, '/order_detail/{id} (a photo refused by the server)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rating-photo-refused.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'OK' }).tap();
    await dialog.waitFor({ state: 'detached' });
    // The form, its photo included, is still there to change and send again; nothing was kept.
    await form.getByRole('button', { name: 'Отправить оценку' }).waitFor();
    expect(await form.getByRole('list', { name: 'Выбранные фото' }).getByRole('img').count()).toBe(1);
    expect((await orderOf(baseUrl, user, order.id)).rate).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a rating cut short after the order’s own stars offers its dishes still unrated after a reload, and finishes them', async () => {
    const order = await placeOrder(baseUrl, user);
    await payOrderBySbp(baseUrl, user, order.id);
    // The order's own rating went through; its dish's did not (a lost connection, the app closed).
    await api(baseUrl, '/api/v1/rate/add', {
      order_id: order.id,
      user_id: user.id,
      token: user.password,
      stars: 5,
      comment: 'Быстро',
    });
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto(`/order_detail/${order.id}`);
    const form = page.getByRole('region', { name: 'Оцените блюда' });
    await form.waitFor();
    expect(await page.getByRole('region', { name: 'Ваша оценка' }).textContent()).toContain('Быстро');
    expect(await form.getByRole('radiogroup', { name: 'Оценка заказа' }).count()).toBe(0);
    expect(await form.getByRole('group').count()).toBe(1);
    await tapStar(form.getByRole('radiogroup', { name: 'Вкус' }), '4 звезды из 5');
    await auditScreen(page, '/order_detail/{id} (dishes left to rate)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rating-dishes-left.png`, fullPage: true });

    await form.getByRole('button', { name: 'Отправить оценку' }).tap();
    await form.waitFor({ state: 'detached' });
    await expect
      .poll(async () => (await orderOf(baseUrl, user, order.id)).basket.every((line) => line.rate !== null))
      .toBe(true);
    expect((await orderOf(baseUrl, user, order.id)).basket[0]?.rate).toMatchObject({ taste: 4 });
    await page.reload();
    await page.getByRole('region', { name: 'Ваша оценка' }).waitFor();
    expect(await page.getByRole('button', { name: 'Отправить оценку' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an unpaid order offers no rating (SPEC 4), and rate/add refuses it', async () => {
    const order = await placeOrder(baseUrl, user);
    const { context, page } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto(`/order_detail/${order.id}`);
    await page.getByRole('button', { name: /^Оплатить/ }).waitFor();
    expect(await page.getByRole('region', { name: 'Оцените заказ' }).count()).toBe(0);
    await expect(
      api(baseUrl, '/api/v1/rate/add', { order_id: order.id, user_id: user.id, token: user.password, stars: 5 }),
    ).rejects.toThrow(/409/);
    await context.close();
  });
});
