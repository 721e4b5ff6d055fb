import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DELIVERY_TIME_REQUIRED_MESSAGE, NO_DELIVERY_TIME_TODAY_MESSAGE } from '@chain/domain';
import { api, restaurantById, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, phoneContext, signedInPhonePage, STATE_KEY, STATE_VERSION } from '../support/browser';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/**
 * Жар-печь на Патриарших (deliveryDaysTrue 3) and its zone «Пресня и Хамовники»: two-hour
 * periods 11–13 … 19–21 every day (21–23 on Friday and Saturday), time_limit 60 minutes.
 */
const PATRIARSHIE = { id: 1, zone: 'Пресня и Хамовники' };
const PRESNYA = {
  id: null,
  full: 'Москва, Красная Пресня',
  short: 'Красная Пресня',
  long: 'Москва, Красная Пресня, кв. 5',
  lat: 55.765,
  lon: 37.555,
  podjezd: '',
  domofon: '',
  etaz: '',
  room: '5',
  comment: '',
};
/** Wednesday 25 November 2026 at this Moscow time. */
const wednesday = (time: string) => new Date(`2026-11-25T${time}:00+03:00`);

// SPEC 2 Delivery time (issue 13) on a phone at a fixed clock: the dates of deliveryDaysTrue in
// Russian, a period closed by time_limit, «Просьба выбрать время доставки», a day with no time
// left, and Apply opening the delivery menu.
describe('delivery time (/delivery_time)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  let user: { id: number; password: string };
  let restaurant: { name: string; nameShort: string };

  beforeAll(async () => {
    browser = await launchBrowser();
    user = await signInByEmail(baseUrl, `e2e-delivery-time-${Date.now()}@example.ru`);
    restaurant = await restaurantById(baseUrl, PATRIARSHIE.id);
  });
  afterAll(() => browser?.close());

  /** A phone page whose kept state delivers to Пресня from Патриаршие, with the clock at `now`. */
  async function deliveryPage(now: Date) {
    const context = await phoneContext(browser!, baseUrl);
    await context.clock.setFixedTime(now);
    await context.addInitScript(
      ({ key, state, version }) => {
        if (localStorage.getItem(key) === null) localStorage.setItem(key, JSON.stringify({ state, version }));
      },
      {
        key: STATE_KEY,
        version: STATE_VERSION,
        state: {
          user: { authorized: true, id: String(user.id), password: user.password },
          orderType: 'delivery',
          restaurant: { id: String(PATRIARSHIE.id), name: restaurant.name, nameShort: restaurant.nameShort },
          address: PRESNYA,
        },
      },
    );
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/delivery_time');
    await page.getByRole('heading', { level: 1, name: 'Время доставки' }).waitFor();
    await page.getByRole('button', { name: 'Применить' }).waitFor();
    return { context, page, errors };
  }
  const period = (page: Page, label: string) => page.getByRole('radio', { name: label, exact: true });
  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };

  it('offers the days in Russian, closes a period by time_limit, asks for a time, and applies one', async () => {
    const { context, page, errors } = await deliveryPage(wednesday('12:30'));
    try {
      const labels = await page.getByRole('group', { name: 'Дата' }).locator('label').allTextContents();
      expect(labels).toEqual(['Сегодня', 'Четверг, 26 ноября', 'Пятница, 27 ноября', 'Суббота, 28 ноября']);
      // 11–13 has begun; 13–15 starts in 30 minutes, within time_limit (60): closed as well.
      await expect(period(page, '11:00–13:00').isDisabled()).resolves.toBe(true);
      await expect(period(page, '13:00–15:00').isDisabled()).resolves.toBe(true);
      await expect(period(page, '15:00–17:00').isDisabled()).resolves.toBe(false);
      await shot(page, 'delivery-time');
      await auditScreen(page, 'Время доставки');

      await page.getByRole('button', { name: 'Применить' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toBe(DELIVERY_TIME_REQUIRED_MESSAGE);
      await shot(page, 'delivery-time-required');

      // Friday has the evening period 21–23 too.
      await page.getByText('Пятница, 27 ноября').click();
      await period(page, '21:00–23:00').waitFor();
      await expect(period(page, '13:00–15:00').isDisabled()).resolves.toBe(false);
      await period(page, '21:00–23:00').check();
      await page.getByRole('button', { name: 'Применить' }).click();
      await page.waitForURL(`**/menu/${PATRIARSHIE.id}/delivery`);
      const kept = await page.evaluate(
        (key) =>
          JSON.parse(localStorage.getItem(key) ?? '{}') as { state: { checkout: { deliveryDateTime: unknown } } },
        STATE_KEY,
      );
      expect(kept.state.checkout.deliveryDateTime).toEqual({
        deliveryDate: '27.11.2026',
        deliveryTime: '21:00-23:00',
        isTimePeriods: true,
      });
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('is reached from Home → Доставка through a saved address, with the warning, and «Новый адрес» leads to the map', async () => {
    const guest = await signInByEmail(baseUrl, `e2e-home-delivery-${Date.now()}@example.ru`);
    const address = {
      city: { name: 'Москва' },
      street: { name: 'Красная Пресня' },
      house: '1',
      room: '5',
      lat: PRESNYA.lat,
      lon: PRESNYA.lon,
    };
    await api(baseUrl, '/api/v2/user/address/save', { address, user_id: guest.id, user_token: guest.password });
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, guest);
    await context.clock.setFixedTime(wednesday('12:30'));
    try {
      await page.goto('/');
      await page.getByRole('button', { name: 'Доставка' }).click();
      const sheet = page.getByRole('dialog', { name: 'Куда доставить?' });
      await sheet.getByText('При смене адреса доставки корзина очистится.').waitFor();
      await expect(sheet.getByRole('link', { name: 'Новый адрес' }).getAttribute('href')).resolves.toBe('/delivery_to');
      await shot(page, 'home-delivery-addresses');
      await auditScreen(page, 'Главная, сохранённые адреса');
      await sheet.getByRole('button', { name: /Красная Пресня, 1/ }).click();
      await page.waitForURL('**/delivery_time');
      await period(page, '15:00–17:00').waitFor();
      const kept = await page.evaluate(
        (key) =>
          JSON.parse(localStorage.getItem(key) ?? '{}') as { state: { orderType: string; restaurant: { id: string } } },
        STATE_KEY,
      );
      expect(kept.state.orderType).toBe('delivery');
      expect(kept.state.restaurant.id).toBe(String(PATRIARSHIE.id));
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('says there is no delivery time left today when the last period has closed', async () => {
    // 19–21 closes at 18:00; Wednesday has no 21–23.
    const { context, page, errors } = await deliveryPage(wednesday('18:10'));
    try {
      const notice = page.getByRole('status').filter({ hasText: NO_DELIVERY_TIME_TODAY_MESSAGE });
      await notice.waitFor();
      await expect(period(page, '19:00–21:00').isDisabled()).resolves.toBe(true);
      await shot(page, 'delivery-time-none-today');
      await auditScreen(page, 'Время доставки, на сегодня нет времени');
      await page.getByRole('button', { name: 'Применить' }).click();
      await page.getByRole('alert').filter({ hasText: NO_DELIVERY_TIME_TODAY_MESSAGE }).waitFor();
      expect(page.url()).toContain('/delivery_time');
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
