import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  BACKOFFICE_TEXTS,
  manageRestaurant,
  manageRestaurantsCall,
  type MenuResponse,
  publicMenuPath,
  STAFF_TEXTS,
  type StaffZonesResponse,
} from '@chain/contract';
import {
  ATTENTION_TITLE,
  DISH_FILTER_NAMES,
  dishFitsFilters,
  DISH_LABEL_NAMES,
  formatMoney,
  hiddenDishesText,
  lineToken,
  weekdayName,
} from '@chain/domain';
import { api, orderOf, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { dishPhoto } from '../support/photo';
import { launchBrowser, signedInPhonePage, withGuestChoices } from '../support/browser';
import { cartPayButton } from '../support/cart';
import { payOnBankForm, placedOrderId } from '../support/payment';
import { DEMO_KITCHEN, DEMO_MANAGER, signedInTabletPage } from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];
const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

// Far from every demo zone and from the addresses other journeys use as outside every zone
// (delivery-map's is on Ленинградский проспект): the new zone changes no other journey's answer.
// Issue 31, «Done means», as one manager's day at the staff tablet's 1024×768 and two guests'
// phones at 360×740: the manager opens a restaurant (hours round the clock, courier delivery, its
// point found on the map) and draws its delivery zone on the map; adds a category and a dish with
// options, labels and a photo, which a guest's open menu shows without a reload and the allergen
// filter hides; the guest orders it for delivery into the new zone and pays by card. The manager
// changes its price while it is in another guest's cart: that guest's order is refused rather than
// charged another sum, the cart names the new price, and the guest pays the total it shows. The
// manager cancels the first guest's paid order with its money returned, and the sandbox bank shows
// the refund once. A kitchen account is refused the back office, on screen and by the API.
// The areas' own journeys (staff-restaurants, staff-zones, manage-menu, extras, refunds) try each
// screen further; this one proves they make one working restaurant together.
describe('a manager opens a restaurant from the back office, and guests order from it (issue 31)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  const stamp = String(Date.now()).slice(-5);
  const restaurantName = `Жар-печь в Лужниках ${stamp}`;
  const zoneName = `Лужники ${stamp}`;
  const dishName = `Пирог с грушей ${stamp}`;
  let manager: { page: Page; token: string; close: () => Promise<void> };
  let restaurant: { id: number; fs_uid: string };
  let home: { lat: number; lon: number };
  const contexts: BrowserContext[] = [];

  const headers = () => ({ authorization: `Bearer ${manager.token}` });
  const guestAt = (id: number) => ({ id: String(id), name: restaurantName, nameShort: `Лужники ${stamp}` });
  const address = () => ({
    id: null,
    full: 'Москва, улица Лужники, 14',
    short: 'улица Лужники, 14',
    long: 'Москва, улица Лужники, 14, кв. 4',
    lat: home.lat,
    lon: home.lon,
    podjezd: '',
    domofon: '',
    etaz: '',
    room: '4',
    comment: '',
  });
  const menuDish = async () => {
    const menu = await api<MenuResponse>(baseUrl, publicMenuPath(restaurant.fs_uid, 'delivery', 0));
    return menu.dishes.find((dish) => dish.name === dishName);
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    manager = await signedInTabletPage(browser, baseUrl, DEMO_MANAGER);
  });
  // One day's story: a step that failed leaves the next ones nothing to stand on.
  let failed = false;
  afterEach((context) => {
    if (context.task.result?.state === 'fail') failed = true;
  });
  beforeEach((context) => {
    if (failed) context.skip('an earlier step of the journey failed');
  });
  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close()));
    await manager?.close();
    await browser?.close();
  });

  it('opens a restaurant: round the clock, courier delivery, its point found on the map', async () => {
    const { page } = manager;
    await page.goto('/staff/manage/restaurants');
    await page.getByRole('link', { name: 'Новый ресторан' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Новый ресторан' }).waitFor();
    await page.getByLabel('Название', { exact: true }).fill(restaurantName);
    await page.getByLabel('Короткое название').fill(`Лужники ${stamp}`);
    await page.getByLabel('Телефон').fill('+7 495 765-43-21');
    await page.getByLabel('Найти адрес').fill('улица Лужники, 12');
    await page.getByRole('button', { name: 'Найти', exact: true }).tap();
    await page.getByRole('list', { name: 'Найденные адреса' }).getByRole('button').first().tap();
    await page.locator('.restaurant-point__map[data-map-state="ready"]').waitFor();
    // Round the clock: every day from 06:00 to 06:00 of the next morning (the business day).
    for (const day of WEEK) {
      await page.getByLabel(`${weekdayName(day)}: открытие`).fill('06:00');
      await page.getByLabel(`${weekdayName(day)}: закрытие`).fill('06:00');
    }
    await page.getByLabel('Доставка курьером').check();
    await page.getByRole('button', { name: BACKOFFICE_TEXTS.save }).tap();
    await page.getByRole('heading', { level: 1, name: restaurantName }).waitFor();

    const id = Number(new URL(page.url()).searchParams.get('r'));
    const saved = manageRestaurant.parse(
      await (await fetch(`${baseUrl}${manageRestaurantsCall.path}/${id}`, { headers: headers() })).json(),
    );
    expect(saved).toMatchObject({ name: restaurantName, delivery_courier: true, active: true });
    expect(saved.hours).toEqual(WEEK.map((day) => ({ day, from: '06:00', to: '06:00' })));
    restaurant = { id, fs_uid: saved.fs_uid };
  });

  it('draws the restaurant’s delivery zone on the map with a finger and saves it', async () => {
    const { page } = manager;
    await page.goto('/staff/manage/zones');
    await page.getByLabel('Зоны ресторана').selectOption(String(restaurant.id));
    await page.locator('.zones-map[data-map-state="ready"]').waitFor();
    await page.getByRole('button', { name: 'Новая зона' }).tap();
    await page.getByLabel('Название').fill(zoneName);
    const canvas = page.locator('.zones-map__canvas');
    const corners = [
      [60, 60],
      [260, 60],
      [260, 220],
      [60, 220],
    ] as const;
    for (const [index, [dx, dy]] of corners.entries()) {
      const box = (await canvas.boundingBox())!;
      await page.touchscreen.tap(box.x + dx, box.y + dy);
      await page.locator(`.zones-map[data-points="${index + 1}"]`).waitFor();
    }
    await auditScreen(page, '/staff/manage/zones (the new restaurant’s zone)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/journey-zone.png` });
    await page.getByRole('button', { name: BACKOFFICE_TEXTS.save }).tap();
    await page.getByRole('status').filter({ hasText: BACKOFFICE_TEXTS.saved }).waitFor();

    const zones = (await (
      await fetch(`${baseUrl}/api/staff/restaurants/${restaurant.id}/zones`, { headers: headers() })
    ).json()) as StaffZonesResponse;
    const ring = zones.zones.find((zone) => zone.name === zoneName)!.polygon[0]!.slice(0, 4);
    // The guest lives in the middle of it.
    home = {
      lon: ring.reduce((sum, point) => sum + point[0], 0) / 4,
      lat: ring.reduce((sum, point) => sum + point[1], 0) / 4,
    };
  });

  let guestA: { id: number; password: string };
  let phoneA: Page;
  let bankFormUrl: string;
  let orderA: number;

  it('adds a category and a dish with options, labels and a photo; a guest’s open menu shows it without a reload and «Без орехов» hides it', async () => {
    // The guest's menu of the new restaurant is open before the dish exists.
    guestA = await signInByEmail(baseUrl, `e2e-journey-a-${Date.now()}@example.ru`);
    const phone = await signedInPhonePage(browser!, baseUrl, guestA);
    contexts.push(phone.context);
    phoneA = phone.page;
    await withGuestChoices(phone.context, {
      orderType: 'delivery',
      restaurant: guestAt(restaurant.id),
      address: address(),
    });
    await phoneA.goto(`/menu/${restaurant.id}/delivery`);
    await phoneA.getByRole('heading', { level: 1 }).waitFor();
    let reloads = 0;
    phoneA.on('framenavigated', (frame) => {
      if (frame === phoneA.mainFrame()) reloads += 1;
    });

    const { page } = manager;
    await page.goto('/staff/manage/menu');
    await page.getByRole('heading', { level: 1, name: 'Меню' }).waitFor();
    const category = `Пироги ${stamp}`;
    await page.getByLabel('Новая категория').fill(category);
    await page.getByRole('button', { name: 'Добавить категорию' }).tap();
    await page.getByRole('form', { name: `Категория «${category}»` }).waitFor();
    await page.getByRole('button', { name: 'Новое блюдо' }).tap();
    const form = page.getByRole('form', { name: 'Новое блюдо' });
    await form.getByLabel('Название', { exact: true }).fill(dishName);
    await form.getByLabel('Состав').fill('груша, грецкий орех, тесто, мёд');
    await form.getByLabel('Вес').fill('180 г');
    await form.getByLabel('Цена, ₽').fill('420');
    await form.getByLabel(DISH_LABEL_NAMES.vegetarian).check();
    await form.getByLabel(DISH_LABEL_NAMES.nuts).check();
    await form.getByRole('button', { name: 'Добавить опцию' }).tap();
    await form.getByLabel('Название опции 1').fill('Шарик мороженого');
    const option = form.getByRole('group', { name: 'Опция 1' });
    await option.getByLabel('Доплата, ₽').fill('90');
    await option.getByLabel('Количеством').check();
    await option.getByLabel('Не больше').fill('2');
    await form
      .getByLabel('Фото блюда')
      .setInputFiles({ name: 'pie.png', mimeType: 'image/png', buffer: dishPhoto([196, 120, 40]) });
    await form.getByText('Фото загружено.').waitFor();
    await form.getByRole('button', { name: BACKOFFICE_TEXTS.save }).tap();
    await page
      .getByRole('form', { name: `Блюдо «${dishName}»` })
      .getByText(BACKOFFICE_TEXTS.saved)
      .waitFor();

    // The guest's open menu shows it, with its photo, without a reload.
    const card = phoneA.getByRole('article', { name: dishName, exact: true });
    await card.waitFor({ timeout: 5000 });
    expect(await card.locator('img').first().getAttribute('src')).toContain('/uploads/');
    expect(reloads).toBe(0);

    // «Без орехов» hides it and says how many it hid; clearing brings it back.
    await phoneA.getByRole('button', { name: 'Фильтры' }).tap();
    const sheet = phoneA.getByRole('dialog', { name: 'Фильтры' });
    await sheet.getByRole('checkbox', { name: DISH_FILTER_NAMES.nuts }).check();
    await sheet.getByRole('button', { name: /^Показать \d+ блюд/ }).tap();
    const menu = await api<MenuResponse>(baseUrl, publicMenuPath(restaurant.fs_uid, 'delivery', 0));
    const withNuts = menu.dishes.filter((dish) => !dishFitsFilters(dish.labels, ['nuts']));
    expect(withNuts.map((dish) => dish.name)).toContain(dishName);
    await phoneA
      .getByRole('status')
      .filter({ hasText: hiddenDishesText(withNuts.length) })
      .waitFor();
    expect(await card.count()).toBe(0);
    await phoneA.getByRole('button', { name: 'Сбросить' }).tap();
    await card.waitFor();
    expect(reloads).toBe(0);
  });

  it('the guest orders it for delivery into the new zone and pays by card', async () => {
    // A dish with options is chosen on its screen: none taken, added, and back on the menu.
    await phoneA.getByRole('button', { name: `Добавить в корзину: ${dishName}` }).tap();
    await phoneA.getByText('Шарик мороженого').waitFor();
    await phoneA.getByRole('button', { name: /^Добавить в корзину/ }).tap();
    await phoneA.getByRole('link', { name: `Ваш заказ на ${formatMoney(42_000)}` }).tap();
    await phoneA.getByRole('heading', { level: 1, name: 'Доставка курьером' }).waitFor();
    const { total } = await cartPayButton(phoneA);
    expect(total).toBe('420,00 ₽');
    await auditScreen(phoneA, '/cart (delivery from the new restaurant)');
    if (SHOTS) await phoneA.screenshot({ path: `${SHOTS}/journey-cart-a.png`, fullPage: true });
    await phoneA.getByRole('radio', { name: 'Карта' }).check();
    await phoneA.getByRole('button', { name: `Оплатить ${total}` }).tap();
    await phoneA.waitForURL('**/payment');
    orderA = await placedOrderId(phoneA);
    await phoneA.waitForURL((url) => url.pathname.includes('/sandbox/'), { timeout: 10_000 });
    bankFormUrl = phoneA.url();
    await payOnBankForm(phoneA);
    const order = await orderOf(baseUrl, guestA, orderA);
    expect(order).toMatchObject({ paid: 1, sum: 42_000 });
  });

  it('a price changed under another guest’s cart: refused rather than charged another sum, the cart names the new price, and the guest pays what it shows', async () => {
    const dish = (await menuDish())!;
    const guestB = await signInByEmail(baseUrl, `e2e-journey-b-${Date.now()}@example.ru`);
    const phone = await signedInPhonePage(browser!, baseUrl, guestB);
    contexts.push(phone.context);
    await withGuestChoices(phone.context, {
      orderType: 'delivery',
      restaurant: guestAt(restaurant.id),
      cartRestaurantId: String(restaurant.id),
      cart: [
        {
          token: lineToken({ item: String(dish.id) }),
          item: String(dish.id),
          cnt: 2,
          comment: '',
          spec: null,
          specs: [],
        },
      ],
      address: address(),
    });
    // This phone's live updates are cut (a tunnel, a sleeping tab): the price reaches it only when it pays.
    await phone.context.route('**/api/v1/menu/events', (route) => route.abort());
    const phoneB = phone.page;
    await phoneB.goto('/cart');
    expect((await cartPayButton(phoneB)).total).toBe('840,00 ₽');

    // The manager changes the price.
    const { page } = manager;
    const saved = page.getByRole('form', { name: `Блюдо «${dishName}»` });
    await saved.getByLabel('Цена, ₽').fill('460');
    await saved.getByRole('button', { name: BACKOFFICE_TEXTS.save }).tap();
    await saved.getByText(BACKOFFICE_TEXTS.saved).waitFor();
    await expect.poll(async () => (await menuDish())?.price).toBe(46_000);

    // The guest pays the 840 ₽ shown: the server refuses rather than charge 920 ₽.
    await phoneB.getByRole('radio', { name: 'Карта' }).check();
    await phoneB.getByRole('button', { name: 'Оплатить 840,00 ₽' }).tap();
    const refusal = phoneB.getByRole('alertdialog').filter({ hasText: 'Сумма заказа изменилась' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(ATTENTION_TITLE);
    if (SHOTS) await phoneB.screenshot({ path: `${SHOTS}/journey-sum-changed.png` });
    await refusal.getByRole('button', { name: 'OK' }).tap();
    // The cart asked the menu again: it names the new price, and the button the new total.
    const notice = phoneB.getByRole('region', { name: 'Цены изменились' });
    await notice.getByText(`«${dishName}»: теперь 460,00 ₽ вместо 420,00 ₽`).waitFor();
    const { total } = await cartPayButton(phoneB);
    expect(total).toBe('920,00 ₽');
    await auditScreen(phoneB, '/cart (prices changed)');
    if (SHOTS) await phoneB.screenshot({ path: `${SHOTS}/journey-price-changed.png`, fullPage: true });
    await phoneB.getByRole('button', { name: `Оплатить ${total}` }).tap();
    await phoneB.waitForURL('**/payment');
    const orderB = await placedOrderId(phoneB);
    await payOnBankForm(phoneB);
    expect(await orderOf(baseUrl, guestB, orderB)).toMatchObject({ paid: 1, sum: 92_000 });
    expect(phone.errors).toEqual([]);
  });

  it('the manager cancels the first guest’s paid order with its money returned; the bank shows the refund once', async () => {
    const { page } = manager;
    const number = (await orderOf(baseUrl, guestA, orderA)).znumber;
    await page.goto(`/staff/r/${restaurant.id}`);
    const card = page.getByRole('article', { name: number }).and(page.locator(`[aria-labelledby="order-${orderA}"]`));
    await card.getByRole('button', { name: 'Отменить с возвратом' }).tap();
    const dialog = page.getByRole('dialog', { name: `Возврат по заказу ${number}` });
    await dialog.getByLabel(/^Весь заказ и отменить его/).check();
    await dialog.getByRole('button', { name: `Отменить и вернуть ${formatMoney(42_000)}` }).tap();
    await dialog.getByText('Возвращено', { exact: true }).waitFor();
    await dialog.getByRole('button', { name: 'Закрыть' }).tap();

    const bank = await manager.page.context().newPage();
    await bank.goto(bankFormUrl);
    const refunds = bank.getByRole('list', { name: 'Возвраты' }).getByRole('listitem');
    await expect.poll(() => refunds.allTextContents()).toEqual([`Возврат на карту: ${formatMoney(42_000)}`]);
    if (SHOTS) await bank.screenshot({ path: `${SHOTS}/journey-bank-refund.png` });
    await bank.close();
    await expect
      .poll(async () => (await orderOf(baseUrl, guestA, orderA)).status_text)
      .toContain(`Отменён, деньги возвращены: ${formatMoney(42_000)}`);
  });

  it('a kitchen account is refused the back office, on screen and by the API', async () => {
    const kitchen = await signedInTabletPage(browser!, baseUrl, DEMO_KITCHEN);
    await kitchen.page.goto('/staff/manage/menu');
    await kitchen.page.getByRole('alert').filter({ hasText: STAFF_TEXTS.managerOnly }).waitFor();
    const refused = await fetch(`${baseUrl}${manageRestaurantsCall.path}`, {
      headers: { authorization: `Bearer ${kitchen.token}` },
    });
    expect(refused.status).toBe(403);
    await kitchen.close();
  });
});
