import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  BACKOFFICE_TEXTS,
  manageRestaurant,
  manageRestaurantsCall,
  STAFF_PHOTO_TEXTS,
  type StaffMe,
} from '@chain/contract';
import { auditScreen } from '../support/axe';
import { signInByEmail } from '../support/api';
import { launchBrowser, signedInPhonePage } from '../support/browser';
import { DEMO_MANAGER, staffTokenOf, tabletContext } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];

// Issue 31, «Рестораны» of the back office at the tablet's 1024×768: the chain's manager creates
// a restaurant with its week of hours (Friday past midnight, Sunday off) and its point found on
// the map, gives it a photo, closes it for now, and a guest choosing a restaurant for pickup sees
// its photo and reads «Закрыто до …».
describe('the back office’s restaurants (/staff/manage/restaurants) on a tablet', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  it('creates a restaurant with its hours and point on the map, gives it a photo, closes it for now, and a guest sees the photo and reads «Закрыто до …»', async () => {
    const token = await staffTokenOf(baseUrl, DEMO_MANAGER);
    const headers = { authorization: `Bearer ${token}` };
    const me = (await (await fetch(`${baseUrl}/api/staff/me`, { headers })).json()) as StaffMe;
    const context = await tabletContext(browser!, baseUrl);
    // Signed in through the API: the staff app keeps its session in sessionStorage.
    await context.addInitScript(
      (session) => sessionStorage.setItem('chain-staff-session', session),
      JSON.stringify({ token, me }),
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/staff/manage/restaurants');
    await page.getByRole('heading', { level: 1, name: 'Рестораны' }).waitFor();
    await page
      .getByRole('link', { name: /Жар-печь/ })
      .first()
      .waitFor();
    await auditScreen(page, '/staff/manage/restaurants');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/restaurants-list.png` });

    await page.getByRole('link', { name: 'Новый ресторан' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Новый ресторан' }).waitFor();
    const name = `Жар-печь на Бронной ${Date.now() % 100_000}`;
    await page.getByLabel('Название', { exact: true }).fill(name);
    await page.getByLabel('Короткое название').fill('На Бронной');
    await page.getByLabel('Телефон').fill('+7 495 123-45-67');
    // The point: found by the geocoder, then the map shows it.
    await page.getByLabel('Найти адрес').fill('Малая Бронная, 24');
    await page.getByRole('button', { name: 'Найти', exact: true }).tap();
    await page
      .getByRole('list', { name: 'Найденные адреса' })
      .getByRole('button', { name: /Малая Бронная улица, 24/ })
      .first()
      .tap();
    await expect
      .poll(() => page.getByLabel('Адрес', { exact: true }).inputValue())
      .toContain('Малая Бронная улица, 24');
    await page.locator('.restaurant-point__map[data-map-state="ready"]').waitFor();
    const point = await page.getByTestId('restaurant-point').textContent();
    expect(point).toMatch(/Точка: 55\.76\d+, 37\.59\d+/);
    // Friday until 02:00 (past midnight), Sunday a day off.
    await page.getByLabel('пятница: закрытие').fill('02:00');
    await page.getByLabel('воскресенье: работает').uncheck();
    await page
      .getByRole('row', { name: /пятница/ })
      .getByText('после полуночи')
      .waitFor();
    await auditScreen(page, '/staff/manage/restaurants?r=new');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/restaurants-new.png`, fullPage: true });
    await page.getByRole('button', { name: 'Сохранить' }).tap();

    await page.getByRole('heading', { level: 1, name }).waitFor();
    const id = Number(new URL(page.url()).searchParams.get('r'));
    const saved = manageRestaurant.parse(
      await (await fetch(`${baseUrl}${manageRestaurantsCall.path}/${id}`, { headers })).json(),
    );
    expect(saved).toMatchObject({ name, version: 1 });
    expect(saved.address).toContain('Малая Бронная улица, 24');
    expect(saved.hours.find((entry) => entry.day === 5)).toEqual({ day: 5, from: '10:00', to: '02:00' });
    expect(saved.hours.some((entry) => entry.day === 7)).toBe(false);

    // Its photo (decision 052): one of the demo's own pictures as a PNG, uploaded when picked and
    // set by the form's save.
    const drawing = await context.newPage();
    await drawing.goto('/media/categories/pizza.svg');
    const picture = await drawing.locator('svg').first().screenshot();
    await drawing.close();
    const photoPart = page.getByRole('group', { name: 'Фото для гостей' });
    await photoPart
      .getByLabel('Фото ресторана')
      .setInputFiles({ name: 'zal.png', mimeType: 'image/png', buffer: picture });
    await photoPart.getByText(STAFF_PHOTO_TEXTS.uploaded).waitFor();
    const preview = photoPart.getByRole('img', { name: `Фото ресторана «${name}»` });
    await expect
      .poll(() => preview.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth))
      .toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Сохранить' }).tap();
    await page.getByText(BACKOFFICE_TEXTS.saved).waitFor();
    await auditScreen(page, `/staff/manage/restaurants?r=${id} (its photo)`);
    if (SHOTS) await photoPart.screenshot({ path: `${SHOTS}/restaurants-photo.png` });
    const img = (await preview.getAttribute('src')) ?? '';
    expect(img).toMatch(/^\/media\/uploads\/[\w-]+\.jpg$/);
    expect(
      manageRestaurant.parse(await (await fetch(`${baseUrl}${manageRestaurantsCall.path}/${id}`, { headers })).json()),
    ).toMatchObject({ img, version: 2 });

    // Closed for now, until the time the form offers (two hours ahead, on the hour).
    const close = page.getByRole('region', { name: 'Закрыть на время' });
    const until = await close.getByLabel('Закрыто до').inputValue();
    await close.getByRole('button', { name: 'Закрыть до этого времени' }).tap();
    const shown = `Закрыто до ${until.slice(11, 16)}`;
    await close
      .getByRole('status')
      .filter({ hasText: `Гости видят: «${shown}»` })
      .waitFor();
    await auditScreen(page, `/staff/manage/restaurants?r=${id}`);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/restaurants-closed.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    // A guest choosing a restaurant for pickup reads it.
    const user = await signInByEmail(baseUrl, `e2e-restaurants-${Date.now()}@example.ru`);
    const { context: guest, page: phone } = await signedInPhonePage(browser!, baseUrl, user);
    await phone.goto('/self_from');
    const row = phone
      .getByRole('list', { name: 'Рестораны для самовывоза' })
      .getByRole('listitem')
      .filter({ hasText: name });
    await phone.getByRole('list', { name: 'Рестораны для самовывоза' }).waitFor();
    if (SHOTS) await phone.screenshot({ path: `${SHOTS}/restaurants-guest-closed.png`, fullPage: true });
    await row.getByText(shown).waitFor();
    // Its photo tops its card, as a rendition, in a box held before it arrives.
    await row.scrollIntoViewIfNeeded();
    const photo = row.locator('img.restaurant-card__photo');
    expect(await photo.getAttribute('src')).toBe(img);
    expect([
      await photo.getAttribute('width'),
      await photo.getAttribute('height'),
      await photo.getAttribute('alt'),
    ]).toEqual(['640', '256', '']);
    // The first guest to ask a rendition waits while it is made (decision 034).
    await expect
      .poll(() => photo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0);
    expect(await photo.evaluate((image) => (image as unknown as { currentSrc: string }).currentSrc)).toMatch(
      /\/photos\/\d+\/uploads\/[\w-]+\.jpg\.(avif|webp)$/,
    );
    if (SHOTS) await row.screenshot({ path: `${SHOTS}/restaurants-guest-photo.png` });
    await guest.close();
  });
});
