import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { auditScreen } from '../support/axe';
import { launchBrowser, phoneContext, STATE_KEY } from '../support/browser';
import { captchaAnswer, captchaSrc, latestCode, uniquePhone } from '../support/sign-in';

const SHOTS = process.env['E2E_SCREENSHOTS'];
const REQUEST_FAILED = 'Ошибка запроса. Проверьте подключение к интернету или попробуйте позже.';

interface StoredUser {
  authorized: boolean;
  id: string;
  password: string;
  phone: string;
  email: string;
}

async function storedUser(page: Page): Promise<StoredUser> {
  const text = await page.evaluate((key) => localStorage.getItem(key), STATE_KEY);
  return (JSON.parse(text ?? '{}') as { state: { user: StoredUser } }).state.user;
}

/** The text of the error shown under a field (aria-describedby of the field). */
async function fieldError(page: Page, label: string): Promise<string> {
  const field = page.getByLabel(label, { exact: true });
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(' ').filter((id) => id.endsWith('-error'));
  return (await page.locator(`[id="${ids[0]}"]`).textContent()) ?? '';
}

// SPEC 2 Sign-in, 4, 5, 8, 9 on a phone: the three sign-in types of the demo chain's settings,
// with the captcha and codes read from the sandbox outbox (docs/sandbox.md) as a guest reads
// them from the picture, the e-mail and the caller's number.
describe('sign-in on a phone (/auth)', () => {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  const baseUrl = inject('baseUrl');

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(() => browser?.close());

  async function openAuth(): Promise<Page> {
    await context?.close();
    context = await phoneContext(browser!, baseUrl);
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Продолжить' }).waitFor();
    return page;
  }

  it('signs in with an e-mailed code and lands on home; sign-out ends the session on the server', async () => {
    const page = await openAuth();
    const email = `e2e-auth-${Date.now()}@example.ru`;

    await auditScreen(page, '/auth: the contact step');
    await page.getByRole('radio', { name: 'E-mail' }).check();
    await auditScreen(page, '/auth: the contact step, e-mail');
    await page.getByLabel('Электронная почта').pressSequentially(email);
    await page.getByRole('button', { name: 'Продолжить' }).click();
    const emailCaptcha = await captchaAnswer(page, baseUrl, email);
    await auditScreen(page, '/auth: the captcha step');
    await page.getByLabel('Код с картинки').pressSequentially(emailCaptcha);

    // SPEC 5: while the request runs the guest sees it, and a second tap sends nothing.
    let sends = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v2/user/sendEmailCode')) sends += 1;
    });
    await page.route('**/api/v2/user/sendEmailCode', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const send = page.getByRole('button', { name: 'Получить код' });
    await send.click();
    await page.getByText('Идет обработка запроса, подождите...').waitFor();
    expect(await send.getAttribute('aria-busy')).toBe('true');
    await send.click();
    await page.getByLabel('Код из письма').waitFor();
    expect(sends).toBe(1);
    await auditScreen(page, '/auth: the e-mailed code step');

    // SPEC 5: an e-mailed code has 6 digits.
    const code = await latestCode(baseUrl, email, 'email');
    await page.getByLabel('Код из письма').pressSequentially(code.slice(0, 5));
    await page.getByRole('button', { name: 'Войти' }).click();
    expect(await fieldError(page, 'Код из письма')).toBe('Проверьте правильность ввода кода.');

    // SPEC 8: no answer → the request-failed text.
    await page.route('**/api/v2/user/checkEmailCode', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.getByLabel('Код из письма').fill('');
    await page.getByLabel('Код из письма').pressSequentially(code);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.getByRole('alert').filter({ hasText: REQUEST_FAILED }).waitFor();

    // SPEC 4: signed in → home.
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const user = await storedUser(page);
    expect(user).toMatchObject({ authorized: true, email });
    expect(user.id).toMatch(/^\d+$/);
    expect(user.password.length).toBeGreaterThan(20);
    await auditScreen(page, '/ (home)');

    // Home's «Заберу сам» opens the self-pickup list.
    await page.getByRole('link', { name: 'Заберу сам' }).click();
    await page.waitForURL('**/self_from');
    await page.getByRole('list', { name: 'Рестораны для самовывоза' }).waitFor();
    await auditScreen(page, '/self_from');

    // Sign-out: back home, the drawer's Выход ends the session on the server and clears the user.
    await page.getByRole('button', { name: 'Назад' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await auditScreen(page, '/ (home) with the drawer open');
    const logout = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/logout'));
    await page.getByRole('button', { name: 'Выход' }).click();
    expect((await logout).status()).toBe(200);
    await page.waitForURL('**/auth');
    expect((await storedUser(page)).authorized).toBe(false);
    const again = await fetch(`${baseUrl}/api/v1/user/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: user.id, token: user.password }),
    });
    expect(again.status).toBe(401);
  });

  it('signs in with a robot call: the code is the last 4 digits of the calling number', async () => {
    const page = await openAuth();
    const phone = uniquePhone('7916');

    // The phone type is the first segment; the +7 mask forms as the guest types.
    expect(await page.getByRole('radio', { name: 'Мне позвонят' }).isChecked()).toBe(true);
    await page.getByLabel('Номер телефона').pressSequentially(phone.slice(1));
    expect(await page.getByLabel('Номер телефона').inputValue()).toBe(
      `+7 (${phone.slice(1, 4)}) ${phone.slice(4, 7)}-${phone.slice(7, 9)}-${phone.slice(9)}`,
    );
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByLabel('Код с картинки').pressSequentially(await captchaAnswer(page, baseUrl, phone));
    await page.getByRole('button', { name: 'Позвонить мне' }).click();

    const codeField = page.getByLabel('Код из звонка');
    await codeField.waitFor();
    await page.getByText('Введите последние 4 цифры номера, с которого звонят').waitFor();
    await expect.poll(() => page.locator('input:focus').getAttribute('name')).toBe('one-time-code');
    await page.getByText(/Позвонить ещё раз можно через \d:\d\d/).waitFor();
    await auditScreen(page, '/auth: the call code step');

    const code = await latestCode(baseUrl, phone, 'call');
    await codeField.pressSequentially(code.slice(0, 3));
    await page.getByRole('button', { name: 'Войти' }).click();
    expect(await fieldError(page, 'Код из звонка')).toBe('Проверьте правильность ввода кода.');

    await codeField.pressSequentially(code.slice(3));
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedUser(page)).toMatchObject({ authorized: true, phone });
  });

  it('signs in by calling the number shown (inbound), found by the 10-second poll', async () => {
    const page = await openAuth();
    const phone = uniquePhone('7925');

    await page.getByRole('radio', { name: 'Позвоню сам' }).check();
    await page.getByLabel('Номер телефона').pressSequentially(phone.slice(1));
    await page.getByRole('button', { name: 'Продолжить' }).click();
    await page.getByLabel('Код с картинки').pressSequentially(await captchaAnswer(page, baseUrl, phone));
    await page.getByRole('button', { name: 'Получить номер' }).click();

    await page.getByRole('heading', { name: 'Позвоните на этот номер' }).waitFor();
    const number = page.locator('a.inbound__number');
    expect(await number.getAttribute('href')).toMatch(/^tel:\+7800\d{7}$/);
    expect(await number.textContent()).toMatch(/^\+7 \(800\) \d{3}-\d{2}-\d{2}$/);
    await page.getByText(/Позвоните в течение 0:[0-5]\d/).waitFor();
    await page.getByRole('status').filter({ hasText: 'Ждём ваш звонок…' }).waitFor();
    // The same number as a QR, for a guest signing in on a computer who calls from a phone.
    const qr = page.getByRole('img', { name: `QR-код для звонка на номер ${await number.textContent()}`, exact: true });
    await qr.waitFor();
    expect(await qr.locator('path').getAttribute('d')).toMatch(/^M\d/);
    await page.getByText('Или отсканируйте QR-код камерой другого телефона').waitFor();
    await auditScreen(page, '/auth: the inbound call step');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/auth-inbound.png`, fullPage: true, animations: 'disabled' });

    // The guest calls; the next check_inbound (at most 10 s later) signs in.
    const called = await fetch(`${baseUrl}/sandbox/inbound-call`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone }),
    });
    expect(called.status).toBe(200);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 13_000 });
    expect(await storedUser(page)).toMatchObject({ authorized: true, phone });
  });

  it("shows every validation message of the sign-in screen (SPEC 5) and the server's own text (SPEC 2, 8)", async () => {
    const page = await openAuth();
    const phoneField = page.getByLabel('Номер телефона');
    const next = page.getByRole('button', { name: 'Продолжить' });

    // Phone: 11 digits.
    await next.click();
    expect(await fieldError(page, 'Номер телефона')).toBe('Проверьте правильность ввода телефона.');
    await phoneField.pressSequentially('916123');
    await next.click();
    expect(await fieldError(page, 'Номер телефона')).toBe('Проверьте правильность ввода телефона.');
    await auditScreen(page, '/auth: the contact step with an error');

    // E-mail: a real address.
    await page.getByRole('radio', { name: 'E-mail' }).check();
    await page.getByLabel('Электронная почта').pressSequentially('anna@example');
    await page.getByRole('button', { name: 'Продолжить' }).click();
    expect(await fieldError(page, 'Электронная почта')).toBe('Введите верный email.');

    // Captcha left empty: the alert 'Код не введен!'.
    await page.getByRole('radio', { name: 'Мне позвонят' }).check();
    const phone = uniquePhone('7903');
    await phoneField.fill('');
    await phoneField.pressSequentially(phone.slice(1));
    await next.click();
    const answer = await captchaAnswer(page, baseUrl, phone);
    await page.getByRole('button', { name: 'Позвонить мне' }).click();
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('Код не введен!');
    await auditScreen(page, '/auth: the captcha step with its alert');
    await alert.getByRole('button', { name: 'OK' }).click();
    await alert.waitFor({ state: 'detached' });

    // A wrong captcha: the server's text next to the captcha, and a new picture to read.
    const before = await captchaSrc(page);
    await page.getByLabel('Код с картинки').pressSequentially(answer === '00000' ? '11111' : '00000');
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/v1/user/sendSms'));
    await page.getByRole('button', { name: 'Позвонить мне' }).click();
    const response = await refused;
    expect(response.status()).toBe(400);
    const { message } = (await response.json()) as { message: string };
    expect(message.length).toBeGreaterThan(0);
    expect(await fieldError(page, 'Код с картинки')).toBe(message);
    await captchaAnswer(page, baseUrl, phone, before);
    expect(await page.getByLabel('Код с картинки').inputValue()).toBe('');
  });
});
