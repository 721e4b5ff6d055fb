import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { STAFF_SESSION_CALLS, STAFF_TEXTS } from '@chain/contract';
import type { BookingView } from '@chain/contract';
import { dayHeading, DEFAULT_TIME_ZONE, formatClock, orderStatusText, wallClockAt } from '@chain/domain';
import { api, payOrderBySbp, placeOrder, signInByEmail } from '../support/api';
import { auditScreen } from '../support/axe';
import { launchBrowser, phoneContext, signedInPhonePage, STATE_KEY, STATE_VERSION } from '../support/browser';
import {
  DEMO_KITCHEN,
  DEMO_MANAGER,
  lastStaffCode,
  staffCaptchaAnswer,
  staffTokenOf,
  tabletContext,
} from '../support/staff';

const SHOTS = process.env['E2E_SCREENSHOTS'];
/** Курский: self-pickup round the clock (the guests' orders of support/api.ts go there). */
const KURSKY = 5;
/** «Жар-печь на Тверской»: tables booked round the clock. */
const TVERSKAYA = 10;

// Issue 17: the restaurant's side. A staff member signs in on a tablet, sees a guest's new
// order arrive and get paid on the board live, moves it to ready, and the guest's open order
// page follows without a reload; a dish stopped on the staff screen goes unavailable on a
// guest's open menu within 2 s; a kitchen account is refused another restaurant in words; a
// guest's token is refused on every staff call.
describe('the staff app (/staff) on a tablet', () => {
  let browser: Browser | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function signInOnTablet(account: {
    login: string;
    password: string;
    email: string;
  }): Promise<{ page: Page; close: () => Promise<void>; errors: string[] }> {
    const context = await tabletContext(browser!, baseUrl);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/staff');
    await page.getByRole('heading', { level: 1, name: 'Вход для сотрудников' }).waitFor();
    await auditScreen(page, '/staff (sign-in)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-sign-in.png` });
    await page.getByLabel('Логин').fill(account.login);
    await page.getByLabel('Пароль').fill('not-the-password');
    await page.getByRole('button', { name: 'Далее' }).tap();
    await page.getByRole('alert').filter({ hasText: STAFF_TEXTS.wrongCredentials }).waitFor();
    await page.getByLabel('Пароль').fill(account.password);
    await page.getByRole('button', { name: 'Далее' }).tap();
    await page.getByLabel('Код из письма').waitFor();
    await page.getByLabel('Код из письма').fill(await lastStaffCode(baseUrl, account.email));
    await page.getByRole('button', { name: 'Войти' }).tap();
    await page.getByRole('navigation', { name: 'Разделы' }).waitFor();
    return { page, errors, close: () => context.close() };
  }

  it('shows a guest’s new order arrive and get paid live; staff move it to ready and the guest’s open page follows without a reload', async () => {
    const staff = await signInOnTablet(DEMO_MANAGER);
    const { page } = staff;
    await page.goto(`/staff/r/${KURSKY}`);
    await page.getByRole('heading', { level: 2, name: /^Новые/ }).waitFor();
    await auditScreen(page, '/staff/r/{id} (board)');

    const guest = await signInByEmail(baseUrl, `e2e-staff-${Date.now()}@example.ru`);
    const order = await placeOrder(baseUrl, guest);
    // Order numbers start again each business day (06:00): a run across it can find an earlier
    // order of the same number still on the board, so the card is this order's by its id too.
    const cardIn = (scope: Page | Locator) =>
      scope.getByRole('article', { name: order.number }).and(page.locator(`[aria-labelledby="order-${order.id}"]`));
    const card = cardIn(page);
    // Placed a moment ago: on the board without a reload, awaiting payment.
    await card.getByText('Не оплачен', { exact: false }).waitFor({ timeout: 5000 });

    const phone = await signedInPhonePage(browser!, baseUrl, guest);
    await phone.page.goto(`/order_detail/${order.id}`);
    const status = phone.page.getByTestId('order-status');
    await expect.poll(() => status.textContent()).toContain(orderStatusText(10, 'self', false));
    let reloads = 0;
    phone.page.on('framenavigated', (frame) => {
      if (frame === phone.page.mainFrame()) reloads += 1;
    });

    await payOrderBySbp(baseUrl, guest, order.id);
    await card.getByText('Оплачен', { exact: false }).first().waitFor({ timeout: 5000 });
    await expect.poll(() => status.textContent(), { timeout: 5000 }).toContain(orderStatusText(20, 'self', true));
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-board.png` });

    await card.getByRole('button', { name: 'Готовить' }).tap();
    await cardIn(page.getByRole('region', { name: /^Готовятся/ })).waitFor();
    await expect.poll(() => status.textContent(), { timeout: 2000 }).toContain(orderStatusText(30, 'self', true));
    await card.getByRole('button', { name: 'Готов' }).tap();
    await cardIn(page.getByRole('region', { name: /^Готовы/ })).waitFor();
    await expect.poll(() => status.textContent(), { timeout: 2000 }).toContain(orderStatusText(40, 'self', true));
    expect(reloads).toBe(0);
    if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/staff-guest-ready.png` });

    // The move is in the audit log, with who did it.
    await page.getByRole('link', { name: 'Журнал' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Журнал действий' }).waitFor();
    await page
      .getByRole('cell', { name: new RegExp(`заказ ${order.number}`) })
      .first()
      .waitFor();
    await auditScreen(page, '/staff/audit');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-audit.png` });
    // A tablet held upright (768×1024): the board in two columns, still without a sideways scroll.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto(`/staff/r/${KURSKY}`);
    await card.waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await auditScreen(page, '/staff/r/{id} (768×1024)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-board-portrait.png`, fullPage: true });
    expect(staff.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await staff.close();
  });

  it('stops a dish on the staff screen: it goes unavailable on a guest’s open menu within 2 s, and comes back', async () => {
    const staff = await signInOnTablet(DEMO_MANAGER);
    const { page } = staff;
    const guest = await signInByEmail(baseUrl, `e2e-staff-menu-${Date.now()}@example.ru`);
    const phone = await signedInPhonePage(browser!, baseUrl, guest);
    await phone.page.goto(`/menu/${KURSKY}/self`);
    const dish = phone.page.getByRole('article', { name: 'Маргарита' });
    await dish.getByRole('button', { name: 'Добавить в корзину: Маргарита' }).waitFor();

    await page.goto(`/staff/r/${KURSKY}/menu`);
    await page.getByRole('heading', { level: 1, name: 'Стоп-лист' }).waitFor();
    await auditScreen(page, '/staff/r/{id}/menu');
    const toggle = page.getByRole('switch', { name: 'Маргарита: на стопе' });
    try {
      await toggle.tap();
      await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
      const stoppedAt = Date.now();
      await dish.getByText('Временно нет в наличии', { exact: false }).waitFor({ timeout: 2000 });
      expect(Date.now() - stoppedAt).toBeLessThan(2000);
      expect(await dish.getByRole('button', { name: 'Добавить в корзину: Маргарита' }).count()).toBe(0);
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/staff-stop-list.png` });
        await phone.page.screenshot({ path: `${SHOTS}/staff-guest-menu-stopped.png` });
      }
    } finally {
      if ((await toggle.getAttribute('aria-checked')) === 'true') await toggle.tap();
    }
    await dish.getByRole('button', { name: 'Добавить в корзину: Маргарита' }).waitFor({ timeout: 2000 });

    // The other screens of a manager: load, bookings, printable tables, guests.
    for (const [path, heading] of [
      [`/staff/r/${KURSKY}/load`, 'Загрузка'],
      [`/staff/r/${KURSKY}/bookings`, /^Брони$/],
      ['/staff/r/1/tables', 'QR-коды столов'],
      ['/staff/guests', 'Гости'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      if (path.endsWith('/tables')) await page.locator('svg.qr-code').first().waitFor();
      await auditScreen(page, path);
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-${path.split('/').at(-1)}.png`, fullPage: true });
    }
    expect(staff.errors).toEqual([]);
    await phone.context.close();
    await staff.close();
  });

  it('shows a guest’s booking on the bookings board under the calendar day it starts on, at its time on the restaurant’s clock, and seats the guests (issue 30)', async (ctx) => {
    const guest = await signInByEmail(baseUrl, `e2e-staff-booking-${Date.now()}@example.ru`);
    const rest = <T>(action: string, fields: Record<string, unknown>) =>
      api<T>(baseUrl, '/rest/', { user_id: String(guest.id), token: guest.password, action, fields });
    type Periods = {
      dates: Array<{ date: number }>;
      periods: Array<{ periodfrom: string; timefrom: number; timeto: number }>;
    };
    // The first free hour round the clock: at night the night's, at 05:57 the morning's (the next business day).
    let chosen: { date: number; period: Periods['periods'][number] } | undefined;
    for (const { date } of (await rest<Periods>('bookingPeriods', { restoranid: TVERSKAYA })).dates) {
      const period = (await rest<Periods>('bookingPeriods', { restoranid: TVERSKAYA, date })).periods[0];
      if (period) {
        chosen = { date, period };
        break;
      }
    }
    if (!chosen) {
      if (wallClockAt(Date.now(), DEFAULT_TIME_ZONE).weekday === 7)
        ctx.skip('late on Sunday: the week of SPEC 9 ends at midnight and no period is left in it');
      throw new Error('no free period at Тверская this week');
    }
    const { booking } = await rest<{ booking: BookingView }>('bookingSave', {
      restoran: TVERSKAYA,
      cntpersons: 2,
      cntminutes: 60,
      periodfrom: chosen.period.periodfrom,
      date: chosen.date,
    });

    const staff = await signInOnTablet(DEMO_MANAGER);
    const { page } = staff;
    await page.goto(`/staff/r/${TVERSKAYA}/bookings`);
    await page.getByRole('heading', { level: 1, name: /^Брони/ }).waitFor();
    const start = wallClockAt(booking.timefrom * 1000, DEFAULT_TIME_ZONE);
    const day = page.getByRole('region', {
      name: dayHeading(start.date, wallClockAt(Date.now(), DEFAULT_TIME_ZONE).date),
      exact: true,
    });
    const line = day.getByRole('listitem').filter({ hasText: booking.booking_num });
    await line
      .getByText(
        `${formatClock(start.minuteOfDay)}–${formatClock(wallClockAt(booking.timeto * 1000, DEFAULT_TIME_ZONE).minuteOfDay)}`,
      )
      .waitFor();
    await auditScreen(page, '/staff/r/{id}/bookings (a booking)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-bookings-day.png`, fullPage: true });
    await line.getByRole('button', { name: 'Гости пришли' }).tap();
    await day
      .getByRole('listitem')
      .filter({ hasText: booking.booking_num })
      .getByText('Гости за столом', { exact: false })
      .waitFor();
    expect(staff.errors).toEqual([]);
    await staff.close();
  });

  it('prints table QR codes whose link opens the guest app at that table', async () => {
    const token = await staffTokenOf(baseUrl, DEMO_MANAGER);
    const tables = (await (
      await fetch(`${baseUrl}/api/staff/restaurants/10/tables`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      tables: Array<{ num: string; code: string; link: string }>;
    };
    // «Жар-печь на Тверской» takes table orders round the clock (the seed).
    const first = tables.tables[0]!;
    expect(first.link).toMatch(/\/\?table=T-/);
    const guest = await signInByEmail(baseUrl, `e2e-staff-table-${Date.now()}@example.ru`);
    const link = new URL(first.link);
    // A guest who scans it before signing in: the sign-in comes first, then the table's menu.
    const context = await phoneContext(browser!, baseUrl.replace('127.0.0.1', 'localhost'));
    const page = await context.newPage();
    await page.goto(`${link.pathname}${link.search}`);
    await page.waitForURL(/\/auth$/);
    await page.evaluate(
      ({ key, version, user }) => localStorage.setItem(key, JSON.stringify({ state: { user }, version })),
      {
        key: STATE_KEY,
        version: STATE_VERSION,
        user: { authorized: true, id: String(guest.id), password: guest.password, email: 'guest@example.ru' },
      },
    );
    await page.goto('/');
    await page.waitForURL(/\/menu\/10\/inrest$/);
    await context.close();

    // A signed-in guest goes straight to it.
    const phone = await signedInPhonePage(browser!, baseUrl, guest);
    await phone.page.goto(`${link.pathname}${link.search}`);
    await phone.page.waitForURL(/\/menu\/10\/inrest$/);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
  });

  it('refuses a kitchen account another restaurant in words (403), and a guest’s token on every staff call (401)', async () => {
    const staff = await signInOnTablet(DEMO_KITCHEN);
    await staff.page.goto(`/staff/r/${KURSKY}`);
    await staff.page.getByRole('alert').filter({ hasText: STAFF_TEXTS.otherRestaurant }).waitFor();
    await staff.close();

    const token = await staffTokenOf(baseUrl, DEMO_KITCHEN);
    const refused = await fetch(`${baseUrl}/api/staff/orders/1/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ to: 30 }),
    });
    expect([403, 404]).toContain(refused.status);
    const board = await fetch(`${baseUrl}/api/staff/restaurants/${KURSKY}/orders`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(board.status).toBe(403);
    expect(await board.json()).toMatchObject({ error: 'other_restaurant', message: STAFF_TEXTS.otherRestaurant });

    const guest = await signInByEmail(baseUrl, `e2e-staff-guest-${Date.now()}@example.ru`);
    for (const call of STAFF_SESSION_CALLS) {
      const answer = await fetch(`${baseUrl}${call.path.replace(/:\w+/g, '1')}`, {
        method: call.method,
        headers: {
          authorization: `Bearer ${guest.password}`,
          ...(call.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(call.method === 'POST' ? { body: '{}' } : {}),
      });
      expect(answer.status, call.name).toBe(401);
      expect(await answer.json()).toMatchObject({ message: STAFF_TEXTS.signInAgain });
    }
  });

  // Issue 30.3: five wrong passwords from anywhere used to lock a login for 15 minutes. Kept last:
  // it leaves the demo kitchen's login behind a captcha for new devices (staffTokenOf reads it).
  it('keeps a stranger’s wrong passwords from locking the kitchen out: its tablet goes straight to the code, a new tablet reads a captcha first', async () => {
    const tablet = await signInOnTablet(DEMO_KITCHEN);
    const { page } = tablet;
    await page.getByRole('button', { name: 'Выйти' }).tap();
    await page.getByRole('heading', { level: 1, name: 'Вход для сотрудников' }).waitFor();

    // A stranger guesses from many addresses.
    for (let index = 0; index < 8; index++) {
      const answer = await fetch(`${baseUrl}/api/staff/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.252.0.${index + 1}` },
        body: JSON.stringify({ login: DEMO_KITCHEN.login, password: `guess-${index}` }),
      });
      expect([401, 400]).toContain(answer.status);
    }

    // The kitchen's own tablet: no captcha, no wait.
    await page.getByLabel('Логин').fill(DEMO_KITCHEN.login);
    await page.getByLabel('Пароль').fill(DEMO_KITCHEN.password);
    await page.getByRole('button', { name: 'Далее' }).tap();
    await page.getByText('Мы отправили код на', { exact: false }).waitFor();
    const code = await lastStaffCode(baseUrl, DEMO_KITCHEN.email);
    // Back and again: no second mail, the first code stands (issue 30.3, the mail flood).
    await page.getByRole('button', { name: 'Другой логин' }).tap();
    await page.getByLabel('Пароль').fill(DEMO_KITCHEN.password);
    await page.getByRole('button', { name: 'Далее' }).tap();
    await page.getByText(/^Код уже отправлен на k\*\*\*@staff\.demo в \d\d:\d\d/).waitFor();
    await auditScreen(page, '/staff (sign-in, the code already sent)');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/staff-sign-in-code-sent.png` });
    expect(await lastStaffCode(baseUrl, DEMO_KITCHEN.email)).toBe(code);
    await page.getByLabel('Код из письма').fill(code);
    await page.getByRole('button', { name: 'Войти' }).tap();
    await page.getByRole('navigation', { name: 'Разделы' }).waitFor();
    expect(await page.getByRole('img', { name: 'Картинка с кодом из цифр' }).count()).toBe(0);
    expect(tablet.errors).toEqual([]);
    await tablet.close();

    // A tablet the kitchen never signed in on: the captcha first, then the code.
    const context = await tabletContext(browser!, baseUrl);
    const fresh = await context.newPage();
    const errors: string[] = [];
    fresh.on('pageerror', (error) => errors.push(error.message));
    await fresh.goto('/staff');
    await fresh.getByLabel('Логин').fill(DEMO_KITCHEN.login);
    await fresh.getByLabel('Пароль').fill(DEMO_KITCHEN.password);
    await fresh.getByRole('button', { name: 'Далее' }).tap();
    await fresh.getByRole('alert').filter({ hasText: STAFF_TEXTS.captchaRequired }).waitFor();
    const picture = fresh.getByRole('img', { name: 'Картинка с кодом из цифр' });
    await picture.waitFor();
    // The picture itself loaded (the staff app's CSP and the image call), not only its frame.
    await expect
      .poll(() =>
        picture.evaluate((image) => {
          const loaded = image as unknown as { complete: boolean; naturalWidth: number };
          return loaded.complete && loaded.naturalWidth > 0;
        }),
      )
      .toBe(true);
    await auditScreen(fresh, '/staff (sign-in, captcha)');
    if (SHOTS) await fresh.screenshot({ path: `${SHOTS}/staff-sign-in-captcha.png` });
    const id = (await picture.getAttribute('src'))?.split('/').at(-1) ?? '';
    await fresh.getByLabel('Код с картинки').fill(await staffCaptchaAnswer(baseUrl, id));
    await fresh.getByRole('button', { name: 'Далее' }).tap();
    await fresh.getByLabel('Код из письма').waitFor();
    if (SHOTS) await fresh.screenshot({ path: `${SHOTS}/staff-sign-in-code.png` });
    await fresh.getByLabel('Код из письма').fill(await lastStaffCode(baseUrl, DEMO_KITCHEN.email));
    await fresh.getByRole('button', { name: 'Войти' }).tap();
    await fresh.getByRole('navigation', { name: 'Разделы' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // The API's own sign-in reads the captcha too, as a person would.
    expect(await staffTokenOf(baseUrl, DEMO_KITCHEN)).toMatch(/.{16,}/);
  });
});
