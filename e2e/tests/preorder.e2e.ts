import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, restaurantById, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, phoneContext, signedInPhonePage, STATE_KEY, STATE_VERSION } from '../support/browser';
import { cartPayButton } from '../support/cart';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** «Жар-печь на Тверской»: table orders round the clock; table 1's code (apps/server seed). */
const TVERSKAYA = { id: 10, name: 'Жар-печь на Тверской', table: { code: 'T-K7WQ-01', num: '1' } };
/** «Жар-печь у Курского вокзала»: pickup round the clock. */
const KURSKY = { id: 5, name: 'Жар-печь у Курского вокзала' };
/** «Жар-печь на Патриарших»: a hall and pickup, so a delayed order there is offered both ways. */
const PATRIKI = { id: 1, name: 'Жар-печь на Патриарших' };
const PEPPERONI = 102;

type TileSettings = Record<'allow_predzakaz' | 'allow_delayed' | 'show_zagruzka' | 'show_restmap', 0 | 1>;

/** The service tiles of Home in their order (SPEC 2 Home), each shown by its setting or the guest's flag. */
const TILES = [
  'Предзаказ',
  'Отложенный заказ',
  'Забронировать стол',
  'Загруженность ресторанов',
  'Карта ресторанов',
  'Стоп-лист',
] as const;

// SPEC 2 Home tiles, Предзаказ and Отложенный заказ; SPEC 4 a delayed order resumed with the
// warning about unavailable dishes; SPEC 5 the pre-order's cart.
describe('services: Home tiles, pre-order and delayed order (SPEC 2, 4)', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');
  let initial: TileSettings;

  const setSettings = (patch: Partial<TileSettings>) => api<TileSettings>(baseUrl, '/sandbox/settings', patch);

  beforeAll(async () => {
    browser = await launchBrowser();
    initial = await setSettings({});
  });
  afterAll(async () => {
    await setSettings(initial);
    for (const restaurant of [KURSKY, PATRIKI])
      await api(baseUrl, '/sandbox/stop-list', { restaurant: restaurant.id, dish: PEPPERONI, stopped: false });
    await browser?.close();
  });

  /** Home of a signed-in guest with these user flags (the app keeps them from the sign-in answer). */
  async function homeWith(user: { id: number; password: string }, flags: { booking: boolean; stoplist: boolean }) {
    const context = await phoneContext(browser!, baseUrl.replace('127.0.0.1', 'localhost'));
    await context.addInitScript(
      ({ key, state, version }) => localStorage.setItem(key, JSON.stringify({ state, version })),
      {
        key: STATE_KEY,
        version: STATE_VERSION,
        state: { user: { authorized: true, id: String(user.id), password: user.password, ...flags } },
      },
    );
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Как вы хотите заказать?' }).waitFor();
    await page
      .getByText('Позвонить:')
      .or(page.getByRole('navigation', { name: 'Сервисы' }))
      .first()
      .waitFor();
    return { context, page };
  }

  const tileNames = async (page: Page) => {
    const nav = page.getByRole('navigation', { name: 'Сервисы' });
    return (await nav.count()) === 0 ? [] : (await nav.getByRole('link').allTextContents()).map((text) => text.trim());
  };

  it('shows each service tile by its setting or the guest’s flag (SPEC 2 Home)', async () => {
    const email = `e2e-tiles-${Date.now()}@example.ru`;
    const user = await signInByEmail(baseUrl, email);
    // A new sandbox guest has the booking and stop-list flags on (docs/sandbox.md); asked without a change.
    expect(await api(baseUrl, '/sandbox/user-flags', { contact: email })).toEqual({
      id: user.id,
      booking: true,
      stoplist: true,
    });

    await setSettings({ allow_predzakaz: 0, allow_delayed: 0, show_zagruzka: 0, show_restmap: 0 });
    let home = await homeWith(user, { booking: false, stoplist: false });
    expect(await tileNames(home.page)).toEqual([]);
    await home.context.close();

    const all = { allow_predzakaz: 1, allow_delayed: 1, show_zagruzka: 1, show_restmap: 1 } as const;
    await setSettings(all);
    home = await homeWith(user, { booking: true, stoplist: true });
    expect(await tileNames(home.page)).toEqual([...TILES]);
    await auditScreen(home.page, 'Home with the service tiles');
    if (SHOTS) await home.page.screenshot({ path: `${SHOTS}/preorder-home-tiles.png`, fullPage: true });
    await home.context.close();

    // Each one off on its own hides its tile only.
    const cases: Array<[Partial<TileSettings>, { booking: boolean; stoplist: boolean }, string]> = [
      [{ allow_predzakaz: 0 }, { booking: true, stoplist: true }, 'Предзаказ'],
      [{ allow_delayed: 0 }, { booking: true, stoplist: true }, 'Отложенный заказ'],
      [{}, { booking: false, stoplist: true }, 'Забронировать стол'],
      [{ show_zagruzka: 0 }, { booking: true, stoplist: true }, 'Загруженность ресторанов'],
      [{ show_restmap: 0 }, { booking: true, stoplist: true }, 'Карта ресторанов'],
      [{}, { booking: true, stoplist: false }, 'Стоп-лист'],
    ];
    for (const [settings, userFlags, hidden] of cases) {
      await setSettings({ ...all, ...settings });
      home = await homeWith(user, userFlags);
      expect(await tileNames(home.page), `without «${hidden}»`).toEqual(TILES.filter((name) => name !== hidden));
      await home.context.close();
    }
    await setSettings(initial);
  });

  it('places a pre-order for a chosen time: Предзаказ → the menu in inrest mode → the cart, no table needed → payment (SPEC 2, decision 028)', async () => {
    await setSettings({ allow_predzakaz: 1 });
    const user = await signInByEmail(baseUrl, `e2e-preorder-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);
    await page.goto('/predzakaz');
    await page.getByRole('heading', { level: 1, name: 'Предзаказ' }).waitFor();
    await page.getByRole('group', { name: 'Ресторан' }).waitFor();
    await auditScreen(page, 'Предзаказ');
    await page.getByRole('radio', { name: new RegExp(TVERSKAYA.name) }).check();
    const times = page.getByRole('group', { name: 'Время' }).getByRole('radio');
    await times.first().waitFor();
    // A later time than the first, so the order is plainly for later.
    const time = (await times.nth(Math.min(3, (await times.count()) - 1)).getAttribute('value')) ?? '';
    await page.getByRole('radio', { name: time, exact: true }).check();
    const date = await page
      .getByRole('group', { name: 'Дата' })
      .getByRole('radio', { checked: true })
      .getAttribute('value');
    await auditScreen(page, 'Предзаказ with a restaurant and a time');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preorder-page.png`, fullPage: true });

    await page.getByRole('button', { name: `Выбрать блюда к ${time}` }).click();
    await page.waitForURL(`**/menu/${TVERSKAYA.id}/inrest`);
    await page
      .getByRole('article', { name: 'Маргарита', exact: true })
      .getByRole('link', { name: 'Маргарита' })
      .click();
    await page.waitForURL('**/product/101');
    await page.getByRole('button', { name: 'Добавить в корзину' }).click();
    await page.waitForURL(`**/menu/${TVERSKAYA.id}/inrest`);
    await page.getByRole('link', { name: /Ваш заказ на/ }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { level: 1, name: 'Предзаказ в заведении' }).waitFor();
    // A pre-order for a time may go without a table (decision 028): the guest is not there yet.
    await page.getByText('Стол можно не указывать: назовите номер заказа, когда придёте в ресторан.').waitFor();
    await page.getByRole('region', { name: 'Ко времени' }).getByText(`${date}, ${time}`).waitFor();
    const { button } = await cartPayButton(page);
    await auditScreen(page, 'the pre-order cart');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preorder-cart.png`, fullPage: true });
    const created = page.waitForRequest((request) => request.url().endsWith('/api/v2/order/create'));
    await button.click();
    const body = (await created).postDataJSON() as {
      order: { type: string; table: string };
      deliveryDateTimeProps: { deliveryDate: string; deliveryTime: string };
    };
    expect(body.order.type).toBe('inrest');
    expect(body.order.table ?? null).toBeNull();
    expect(body.deliveryDateTimeProps).toEqual({ deliveryDate: date, deliveryTime: time });
    await page.waitForURL('**/payment');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('saves a delayed order and resumes it later with a dish gone from the menu, saying so (SPEC 2, 4)', async () => {
    await setSettings({ allow_delayed: 1 });
    const user = await signInByEmail(baseUrl, `e2e-delayed-${Date.now()}@example.ru`);
    const { context, page, errors } = await signedInPhonePage(browser!, baseUrl, user);

    const choosePatriki = async () => {
      await page.goto('/delayedzakaz');
      await page.getByRole('heading', { level: 1, name: 'Отложенный заказ' }).waitFor();
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/delayed-start.png`, fullPage: true });
      await page.getByRole('group', { name: 'Ресторан' }).waitFor();
      await page.getByRole('radio', { name: new RegExp(PATRIKI.name) }).check();
      await page.getByRole('group', { name: 'Время' }).getByRole('radio').first().waitFor();
      // SPEC 2: after a delayed order the menu opens in inrest mode; at a table is chosen first.
      const ways = page.getByRole('group', { name: 'Как получить заказ' });
      expect(
        await ways
          .getByRole('radio')
          .evaluateAll((radios) => radios.map((radio) => (radio as unknown as { checked: boolean }).checked)),
      ).toEqual([true, false]);
      expect(await ways.getByRole('radio', { name: 'В ресторане' }).isChecked()).toBe(true);
    };

    await choosePatriki();
    await auditScreen(page, 'Отложенный заказ');
    // The day's last time: Патриаршие closes at 23:00, so late in the evening today may offer one time only.
    const time =
      (await page.getByRole('group', { name: 'Время' }).getByRole('radio').last().getAttribute('value')) ?? '';
    await page.getByRole('radio', { name: time, exact: true }).check();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delayed-page.png`, fullPage: true });
    // The menu is asked for that time: the call carries the chosen delivery_datetime_props (SPEC 7).
    const menuAsked = page.waitForRequest(
      (request) => request.url().endsWith('/api/v2/restoran/menu') && request.method() === 'POST',
    );
    await page.getByRole('button', { name: `Выбрать блюда к ${time}` }).click();
    await page.waitForURL(`**/menu/${PATRIKI.id}/inrest`);
    expect((await menuAsked).postDataJSON()).toMatchObject({
      order_type: 'inrest',
      delivery_datetime_props: { deliveryTime: time },
    });
    for (const [id, name] of [
      [101, 'Маргарита'],
      [PEPPERONI, 'Пепперони'],
    ] as const) {
      await page.getByRole('article', { name, exact: true }).getByRole('link', { name }).click();
      await page.waitForURL(`**/product/${id}`);
      await page.getByRole('button', { name: 'Добавить в корзину' }).click();
      await page.waitForURL(`**/menu/${PATRIKI.id}/inrest`);
    }
    await page.getByRole('link', { name: /Ваш заказ на/ }).click();
    await page.waitForURL('**/cart');
    const save = page.getByRole('button', { name: /^Отложить заказ на / });
    await expect.poll(() => save.getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();
    await auditScreen(page, 'the delayed order cart');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delayed-cart.png`, fullPage: true });
    await save.click();
    const saved = page.getByRole('alertdialog').filter({ hasText: 'Отложенный заказ' });
    await saved.waitFor();
    await saved.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // Later the Пепперони is on the stop list: resuming keeps the Маргарита and says so.
    await api(baseUrl, '/sandbox/stop-list', { restaurant: PATRIKI.id, dish: PEPPERONI, stopped: true });
    await choosePatriki();
    const found = page.getByRole('region', { name: /^Ваш отложенный заказ / });
    await found.waitFor();
    await auditScreen(page, 'Отложенный заказ with the guest’s delayed order');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delayed-found.png`, fullPage: true });
    await found.getByRole('button', { name: 'Продолжить этот заказ' }).click();
    const warning = page
      .getByRole('alertdialog')
      .filter({ hasText: 'Некоторые блюда недоступны и не попадут в заказ' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('Пепперони');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delayed-warning.png` });
    await warning.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL('**/cart');
    const lines = page.getByRole('list', { name: 'Блюда заказа' });
    await lines.getByText('Маргарита').waitFor();
    expect(await lines.getByText('Пепперони').count()).toBe(0);
    const { total, button } = await cartPayButton(page);
    expect(total).toMatch(/₽/);
    await auditScreen(page, 'the resumed cart');

    // Paying the resumed cart makes the order and closes the delayed one with it: checkDelayed
    // no longer offers it (nor can it be paid again).
    const created = page.waitForResponse((response) => response.url().endsWith('/api/v2/order/create'));
    await button.click();
    expect((await created).status()).toBe(200);
    await page.waitForURL('**/payment');
    const { fs_uid } = await restaurantById(baseUrl, PATRIKI.id);
    const left = await api<{ order: unknown }>(baseUrl, '/rest/', {
      user_id: String(user.id),
      token: user.password,
      action: 'checkDelayed',
      fields: { fs_uid, order_type: 'inrest' },
    });
    expect(left.order).toBeNull();
    await api(baseUrl, '/sandbox/stop-list', { restaurant: PATRIKI.id, dish: PEPPERONI, stopped: false });
    expect(errors).toEqual([]);
    await context.close();
  });
});
